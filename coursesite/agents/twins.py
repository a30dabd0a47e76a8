"""Raw Markdown is a product: each page's own source is published beside it, for agents.

- ``NAME.md`` beside the page's folder ``NAME/`` (``en/NAME.md`` beside ``en/NAME/``; a
  notebook's own ``NAME.py``) is the page's source, byte for byte; a page with generated parts
  gets them filled in, so it holds the reference itself.
- Every page shows a "view Markdown" line under its title: the readable full-text view
  ``NAME.md.html`` (``full_text.py``) and the twin itself, the page's ``rel="alternate"
  type="text/markdown"`` link (in the article: in the head, Material's language selector would
  fetch a sitemap beside it).
- The twins are listed in ``llms.txt`` and held in ``llms-full.txt`` (``llms.py``): each
  language's build writes its own, and the whole site's once every language is built.
"""

from __future__ import annotations

import html
import re
from pathlib import Path, PurePosixPath

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from coursesite.agents.archive import ARCHIVE
from coursesite.agents.full_text import full_text_html, view_uri
from coursesite.agents.llms import (
    WHOLE_SITE,
    Entry,
    Language,
    Listing,
    twin_uri,
    write_llms_files,
)
from coursesite.content.generated import site_generators, with_generated_parts
from coursesite.languages import language, languages
from coursesite.words import Words

ATTR_LIST = re.compile(r"\s*\{[^{}]*\}\s*$")


def with_twin_action(
    content: str,
    href: str,
    label: str,
    action_href: str | None = None,
    media_type: str = "text/markdown",
) -> str:
    """Return a page's content (its own HTML, before the theme's) with a visible action under
    its title, leading a person to ``action_href`` (the readable full-text view) when given,
    with the raw file one click away beside it.

    >>> print(with_twin_action("<h1>T</h1><p>", "R36.md", "View Markdown"))
    <h1>T</h1><p class="md-twin"><a href="R36.md" rel="alternate" type="text/markdown">View Markdown</a></p><p>
    >>> with_twin_action("<h2>T</h2>", "R36.md", "View Markdown")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: no title (</h1>) to put 'View Markdown' under: does the page lack its # title?
    """
    target = html.escape(action_href or href)
    # The raw twin's link is the page's alternate for agents (rel, type) in its body: a <link>
    # in the head would make Material's language selector fetch a sitemap beside it.
    kind = "" if action_href else f' rel="alternate" type="{media_type}"'
    # A plain link under the title, not one of Material's floating page-action icons: those are
    # drawn in a faint grey that is too pale for text (axe's colour-contrast rule).
    # Beside the readable view, the raw file itself: one click for an agent's user too.
    raw = (
        f' · <a href="{html.escape(href)}" rel="alternate" type="{media_type}">{html.escape(raw_label(href))}</a>'
        if action_href
        else ""
    )
    action = f'<p class="md-twin"><a href="{target}"{kind}>{html.escape(label)}</a>{raw}</p>'
    title_end = content.find("</h1>")
    if title_end < 0:
        raise PluginError(
            f"no title (</h1>) to put {label!r} under: does the page lack its # title?"
        )
    at = title_end + len("</h1>")
    return content[:at] + action + content[at:]


def raw_label(href: str) -> str:
    """Return the raw file's link text: its suffix, as the reader will receive it.

    >>> raw_label("../R36.md"), raw_label("LAB-02.py")
    ('.md', '.py')
    """
    return PurePosixPath(href).suffix


def language_name(config: MkDocsConfig, locale: str) -> str:
    """Return the name the language selector shows for ``locale``."""
    for entry in languages(config):
        if entry["lang"] == locale and entry.get("name"):
            return str(entry["name"])
    return locale


def page_title(page: Page) -> str:
    """Return the page's own H1 (more telling than a short nav title), else its title."""
    for item in page.toc or []:
        if item.level == 1:
            # Without the attr_list extension a heading's `{ #id }` would stay in its text.
            return ATTR_LIST.sub("", html.unescape(item.title))
    return str(page.title or page.file.name)


class Agents:
    """What a language's build publishes for agents: the twins as they are written, and the
    listing written at the end."""

    def __init__(self) -> None:
        self.listing = Listing()
        self.twins: dict[str, bytes] = {}

    def on_pre_build(self, config: MkDocsConfig) -> None:
        """Name the build's language in its listing (what ``llms.txt`` heads its section with)."""
        locale = language(config)
        self.listing.site_url = config.site_url
        self.listing.languages[locale] = Language(
            locale, language_name(config, locale), config.site_name, config.site_description or ""
        )

    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        """Note the navigation's order: ``llms.txt`` lists pages in it."""
        self.listing.nav_order += [page.file.src_uri for page in nav.pages]
        return nav

    def on_page_markdown(
        self, markdown: str, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        """Keep the page's twin: its source bytes, generated parts filled in."""
        if page.file.src_uri.endswith(".md"):
            # MkDocs has cut the front matter from the markdown handed to this event, so the
            # twin starts again from the file's own bytes.
            source = page.file.content_bytes.decode("utf-8")
            locale, made = language(config), site_generators(config)
            filled = with_generated_parts(source, locale, page.file.src_uri, made)
            self.twins[page.file.src_uri] = filled.encode("utf-8")
        return markdown

    def published_as(self, page: Page) -> tuple[str | None, bool]:
        """Return where the page's raw twin goes (None for a page without one) and whether it
        is a notebook's own ``.py`` source (mkdocs-jupyter publishes it) rather than a ``.md``."""
        if page.file.src_uri in self.twins:
            return twin_uri(page.file.src_uri), False
        if page.file.src_uri.endswith(".py"):
            return page.file.src_uri, True
        return None, False

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Link the page's full-text view and its raw twin under the page's title."""
        uri, notebook = self.published_as(page)
        if uri is None:
            return html
        here = page.file.dest_uri
        return with_twin_action(
            html,
            get_relative_url(uri, here),
            Words(language(config), "twin")["notebook" if notebook else "markdown"],
            action_href=get_relative_url(view_uri(uri), here),
            # As the host serves it (``headers.CONTENT_TYPES``).
            media_type="text/plain" if notebook else "text/markdown",
        )

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """Write the page's twin and its full-text view beside it, and list it for
        ``llms.txt``."""
        uri, notebook = self.published_as(page)
        if uri is None:
            return output
        locale, title = language(config), page_title(page)
        words = Words(locale, "twin")
        extras: tuple[tuple[str, str, str], ...] = ()
        if notebook:
            twin = page.file.content_bytes
            note = words["notebook_note"]
            ipynb = PurePosixPath(uri).with_suffix(".ipynb").as_posix()
            extras = ((ipynb, f"{title} (.ipynb)", words["ipynb_note"]),)
        else:
            twin = self.twins[page.file.src_uri]
            note = str(page.meta.get("description") or "")
            if not note:
                project = Path(config.config_file_path).parent
                where = Path(config.docs_dir, page.file.src_path).relative_to(project)
                raise PluginError(
                    f"{where} has no description in its front matter: llms.txt lists each page "
                    "with its own (make new writes one)"
                )
        # At its source's path: R36.md beside R36/, lab/LAB-02.py beside lab/LAB-02/.
        path = Path(config.site_dir, uri)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(twin)
        markdown = twin.decode("utf-8")
        optional = page.meta.get("llms") == "optional"
        self.listing.entries[uri] = Entry(locale, uri, title, note, markdown, optional, extras)
        view = Path(config.site_dir, view_uri(uri))
        view.parent.mkdir(parents=True, exist_ok=True)
        view.write_text(
            full_text_html(
                markdown,
                PurePosixPath(uri).name,
                locale,
                page_href=get_relative_url(page.url or "./", uri),
                package_href=get_relative_url(ARCHIVE, uri),
            ),
            encoding="utf-8",
        )
        return output

    def on_post_build(self, config: MkDocsConfig) -> None:
        """Write the language's ``llms.txt`` and ``llms-full.txt``, and, when the whole site is
        built (``coursesite.site``), its listing for the whole site's."""
        project, kept = Path(config.config_file_path).parent, bool(config.extra.get(WHOLE_SITE))
        write_llms_files(self.listing, Path(config.site_dir), project, kept)
