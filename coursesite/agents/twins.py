"""Raw Markdown is a product: each page's own source is published beside it, for agents.

- ``NAME.md`` beside ``NAME.html`` (``en/NAME.md`` beside ``en/NAME.html``) is the page's source,
  byte for byte; a page with generated parts gets them filled in, so it holds the reference itself.
- Every page links its twin in the head (``rel="alternate" type="text/markdown"``) and shows
  readers a "view Markdown" link under its title, to the readable full-text view
  ``NAME.md.html`` (``full_text.py``).
- The twins are listed in ``llms.txt`` and held in ``llms-full.txt`` (``llms.py``); Material's
  sitemap requests are answered (``sitemaps.py``) once the whole site is built.
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
    Entry,
    Language,
    Listing,
    first_paragraph,
    shortened,
    twin_uri,
    write_llms_files,
)
from coursesite.agents.sitemaps import answer_sitemaps
from coursesite.content.generated import site_generators, with_generated_parts
from coursesite.i18n import build_locale, outer_build, page_locale, site_alternates
from coursesite.words import Words

MARKDOWN_ICON = ".icons/material/language-markdown-outline.svg"
ATTR_LIST = re.compile(r"\s*\{[^{}]*\}\s*$")
ARTICLE = '<article class="md-content__inner md-typeset">'


def with_twin_links(
    page_html: str,
    href: str,
    label: str,
    icon: str = "",
    action_href: str | None = None,
    media_type: str = "text/markdown",
) -> str:
    """Return the page with its twin linked in the head and a visible action under its title.

    The action leads a person to ``action_href`` (the readable full-text view) when given,
    with the raw file one click away beside it.

    >>> page = '<head></head><article class="md-content__inner md-typeset"><h1>T</h1><p>'
    >>> print(with_twin_links(page, "R36.md", "View Markdown"))  # doctest: +NORMALIZE_WHITESPACE
    <head><link rel="alternate" type="text/markdown" href="R36.md"></head><article
    class="md-content__inner md-typeset"><h1>T</h1><p class="md-twin"><a href="R36.md"
    type="text/markdown"><span class="twemoji"></span> View Markdown</a></p><p>
    >>> with_twin_links(page.replace("md-typeset", "md-content"), "R36.md", "View Markdown")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: no title (</h1>) in an article <article class="md-content__inner md-typeset"> to put 'View Markdown' under: has mkdocs-material changed its article's markup (ARTICLE in coursesite/agents/twins.py), or does the page lack its # title?
    """
    link = f'<link rel="alternate" type="{media_type}" href="{html.escape(href)}">'
    target = html.escape(action_href or href)
    kind = "" if action_href else f' type="{media_type}"'
    # A plain link under the title, not one of Material's floating page-action icons: those are
    # drawn in a faint grey that is too pale for text (axe's colour-contrast rule).
    # Beside the readable view, the raw file itself: one click for an agent's user too.
    raw = (
        f' · <a href="{html.escape(href)}" type="{media_type}">{html.escape(raw_label(href))}</a>'
        if action_href
        else ""
    )
    action = (
        f'<p class="md-twin"><a href="{target}"{kind}>'
        f'<span class="twemoji">{icon}</span> {html.escape(label)}</a>{raw}</p>'
    )
    page_html = page_html.replace("</head>", f"{link}</head>", 1)
    article = page_html.find(ARTICLE)
    title_end = page_html.find("</h1>", article) if article >= 0 else -1
    if title_end < 0:
        # Material's article markup is matched as written: a release that changes it would
        # otherwise drop the link from every page, silently.
        raise PluginError(
            f"no title (</h1>) in an article {ARTICLE} to put {label!r} under: "
            "has mkdocs-material changed its article's markup (ARTICLE in "
            "coursesite/agents/twins.py), or does the page lack its # title?"
        )
    at = title_end + len("</h1>")
    return page_html[:at] + action + page_html[at:]


def raw_label(href: str) -> str:
    """Return the raw file's link text: its suffix, as the reader will receive it.

    >>> raw_label("../R36.md"), raw_label("LAB-02.py")
    ('.md', '.py')
    """
    return PurePosixPath(href).suffix


def language_name(config: MkDocsConfig, locale: str) -> str:
    """Return the name the language selector shows for ``locale`` (i18n fills it in)."""
    for alternate in site_alternates(config):
        if alternate.get("lang") == locale and alternate.get("name"):
            return str(alternate["name"])
    return locale


def page_title(page: Page) -> str:
    """Return the page's own H1 (more telling than a short nav title), else its title."""
    for item in page.toc or []:
        if item.level == 1:
            # Without the attr_list extension a heading's `{ #id }` would stay in its text.
            return ATTR_LIST.sub("", html.unescape(item.title))
    return str(page.title or page.file.name)


def theme_icon(config: MkDocsConfig, name: str = MARKDOWN_ICON) -> str:
    """Return an icon from the theme's own set, hidden from screen readers, or ``""``."""
    for folder in config.theme.dirs:
        path = Path(folder, name)
        if path.is_file():
            return path.read_text(encoding="utf-8").replace("<svg ", '<svg aria-hidden="true" ', 1)
    return ""


class Agents:
    """What the whole site's builds (the outer one and the languages nested in it) publish for
    agents: the twins as they are written, and the listing written at the end."""

    def __init__(self) -> None:
        self.listing = Listing()
        self.twins: dict[str, bytes] = {}

    def on_pre_build(self, config: MkDocsConfig) -> None:
        """Start afresh when the whole site's build starts; note the language of every build."""
        if outer_build(config):
            self.listing, self.twins = Listing(site_url=config.site_url), {}
        locale = build_locale(config)
        self.listing.languages.setdefault(
            locale,
            Language(
                locale,
                language_name(config, locale),
                config.site_name,
                config.site_description or "",
            ),
        )

    def on_nav(self, nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
        """Note the navigation's order: ``llms.txt`` lists pages in it."""
        self.listing.nav_order += [page.file.dest_uri for page in nav.pages]
        return nav

    def on_page_markdown(
        self, markdown: str, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        """Keep the page's twin: its source bytes, generated parts filled in."""
        if page.file.src_uri.endswith(".md"):
            # i18n rewrites the markdown handed to this event line by line (and MkDocs has cut
            # its front matter), so the twin starts again from the file's own bytes.
            source = page.file.content_bytes.decode("utf-8")
            locale, made = page_locale(page, config), site_generators(config)
            filled, _ = with_generated_parts(source, locale, page.file.src_uri, made)
            self.twins[page.file.dest_uri] = filled.encode("utf-8")
        return markdown

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig) -> str:
        """Write the page's twin beside it, list it for ``llms.txt`` and link it from the page.

        A notebook page's twin is its own ``.py`` source, which mkdocs-jupyter publishes
        (``include_source``).
        """
        locale, title = page_locale(page, config), page_title(page)
        words = Words(locale, "twin")
        twin = self.twins.get(page.file.dest_uri)
        notebook = twin is None and page.file.src_uri.endswith(".py")
        extras: tuple[tuple[str, str, str], ...] = ()
        if notebook:
            twin = page.file.content_bytes
            uri = PurePosixPath(page.file.dest_uri).with_suffix(".py").as_posix()
            note = words["notebook_note"]
            ipynb = PurePosixPath(uri).with_suffix(".ipynb").as_posix()
            extras = ((ipynb, f"{title} (.ipynb)", words["ipynb_note"]),)
        elif twin is not None:
            uri = twin_uri(page.file.dest_uri)
            path = Path(config.site_dir, uri)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(twin)
            # The page's own summary, else its first sentences.
            described = page.meta.get("description")
            note = str(described) if described else first_paragraph(twin.decode("utf-8"))
            note = shortened(note)
        else:
            return output
        markdown = twin.decode("utf-8")
        optional = page.meta.get("llms") == "optional"
        entry = Entry(locale, uri, title, note, markdown, optional, extras)
        self.listing.entries[uri] = entry
        label = words["notebook" if notebook else "markdown"]
        view = view_uri(uri)
        Path(config.site_dir, view).write_text(
            full_text_html(
                markdown,
                PurePosixPath(uri).name,
                locale,
                page_href=PurePosixPath(page.file.dest_uri).name,
                package_href=get_relative_url(ARCHIVE, uri),
            ),
            encoding="utf-8",
        )
        return with_twin_links(
            output,
            get_relative_url(uri, page.file.dest_uri),
            label,
            theme_icon(config),
            action_href=get_relative_url(view, page.file.dest_uri),
            media_type="text/x-python" if notebook else "text/markdown",
        )

    def on_post_build(self, config: MkDocsConfig) -> None:
        """When the whole site is built, write the files that speak for all of it."""
        if not outer_build(config):
            return
        site_dir = Path(config.site_dir)
        write_llms_files(self.listing, site_dir, Path(config.config_file_path).parent)
        answer_sitemaps(site_dir, self.listing.site_url)
