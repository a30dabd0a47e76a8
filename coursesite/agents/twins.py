"""Raw Markdown is a product: each page's own source is published beside it, for agents.

- ``NAME.md`` beside the page's folder ``NAME/`` (``en/NAME.md`` beside ``en/NAME/``; a
  notebook's own ``NAME.py``) is the page's source, byte for byte; a page with generated parts
  gets them filled in, so it holds the reference itself.
- Every page shows a "view Markdown" line under its title (``with_twin_action``): the readable
  full-text view ``NAME.md.html`` (``full_text.py``) and the twin itself.
- The twins are listed in ``llms.txt`` and held in ``llms-full.txt`` (``llms.py``): each
  language's build writes its own, and the whole site's once every language is built.
"""

from __future__ import annotations

import os
from html import escape, unescape
from pathlib import Path, PurePosixPath

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url, write_file

from coursesite import source_name
from coursesite.agents.archive import ARCHIVE
from coursesite.agents.full_text import full_text_html
from coursesite.agents.headers import MEDIA_TYPES
from coursesite.agents.llms import WHOLE_SITE, Entry, Language, Listing, write_llms_files
from coursesite.content.generated import Sources
from coursesite.content.lessons import nav_paths
from coursesite.languages import language, languages
from coursesite.markup import elements
from coursesite.words import words_in


def with_twin_action(content: str, view: str, raw: str, label: str) -> str:
    """Return a page's content (its own HTML, before the theme's) with a line under its title:
    the readable full-text view at ``view``, and the raw file at ``raw`` beside it, the page's
    ``rel="alternate"`` for agents, of the type the host serves it with (in its body: a
    ``<link>`` in the head would make Material fetch a sitemap beside it).
    A plain line, not Material's page-action icons, whose faint grey is too pale for text
    (axe's colour-contrast rule).

    >>> print(with_twin_action("<h1>T</h1><p>", "R36.md.html", "R36.md", "View"))
    <h1>T</h1><p class="md-twin"><a href="R36.md.html">View</a> · <a href="R36.md" rel="alternate" type="text/markdown">.md</a></p><p>
    """
    suffix = PurePosixPath(raw).suffix
    action = (
        f'<p class="md-twin"><a href="{escape(view)}">{escape(label)}</a> · '
        f'<a href="{escape(raw)}" rel="alternate" type="{MEDIA_TYPES[suffix]}">{suffix}</a></p>'
    )
    titles = elements(content, "h1")
    if not titles:
        raise ValueError(f"no title (<h1>) to put {label!r} under: does the page lack its # title?")
    return content[: titles[0].end] + action + content[titles[0].end :]


class Agents:
    """What a language's build publishes for agents: each page's twin and full-text view as
    the page is written, and the listing written at the end."""

    def __init__(self) -> None:
        self.listing = Listing()

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Link the page's full-text view and its raw twin under the page's title."""
        uri, here = page.file.src_uri, page.file.dest_uri
        words = words_in(config)("twin")
        label = words["notebook" if uri.endswith(".py") else "markdown"]
        view, raw = get_relative_url(uri + ".html", here), get_relative_url(uri, here)
        try:
            return with_twin_action(html, view, raw, label)
        except ValueError as error:
            raise PluginError(f"{source_name(page, config)}: {error}") from None

    def on_post_page(self, output: str, page: Page, config: MkDocsConfig, sources: Sources) -> str:
        """Write the page's twin (its source, as ``sources`` filled it) at its source's path
        (``R36.md`` beside ``R36/``, ``lab/LAB-02.py`` beside ``lab/LAB-02/``), its full-text
        view beside it, and list it for ``llms.txt``."""
        uri, words = page.file.src_uri, words_in(config)
        markdown = sources.page_text(page, config)
        note, ipynb_note = str(page.meta.get("description") or ""), None
        if uri.endswith(".py"):  # a notebook is listed with the lab's words, its .ipynb after it
            note, ipynb_note = words("twin")["notebook_note"], words("twin")["ipynb_note"]
        elif not note:
            raise PluginError(
                f"{source_name(page, config)} has no description in its front matter: "
                "llms.txt lists each page with its own (make new writes one)"
            )
        write_file(markdown.encode("utf-8"), os.path.join(config.site_dir, uri))
        page_href = get_relative_url(page.url or "./", uri)
        view = full_text_html(
            markdown,
            PurePosixPath(uri).name,
            words("full_text"),
            page_href,
            get_relative_url(ARCHIVE, uri),
        )
        write_file(view.encode("utf-8"), os.path.join(config.site_dir, uri + ".html"))
        optional = page.meta.get("llms") == "optional"
        # The page's own H1: more telling than a short nav title (every page has one).
        title = next(unescape(item.title) for item in page.toc if item.level == 1)
        entry = Entry(language(config), uri, title, note, markdown, optional, ipynb_note)
        self.listing.entries.append(entry)
        return output

    def on_post_build(self, config: MkDocsConfig) -> None:
        """Write the language's ``llms.txt`` and ``llms-full.txt``, its section headed by its
        language, and, when the whole site is built (``coursesite.site``), its listing for the
        whole site's."""
        locale = language(config)
        name = next(entry["name"] for entry in languages(config) if entry["lang"] == locale)
        about = config.site_description or ""
        self.listing.site_url = config.site_url
        self.listing.languages[locale] = Language(name, config.site_name, about)
        # In the nav's order, as the home page lists lessons (MkDocs builds pages in its files'
        # order); a page outside it last.
        order = {path: i for i, path in enumerate(nav_paths(config.nav or []))}
        self.listing.entries.sort(key=lambda entry: (order.get(entry.uri, len(order)), entry.uri))
        project, kept = Path(config.config_file_path).parent, bool(config.extra.get(WHOLE_SITE))
        write_llms_files(self.listing, Path(config.site_dir), project, kept)
