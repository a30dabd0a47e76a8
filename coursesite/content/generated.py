"""Fill the generated parts of pages (the glossary table, the attn reference, the home page's
list of lessons).

A page asks for generated content with an HTML comment such as ``<!-- generated: glossary -->``,
which reads as nothing in the raw Markdown; an unknown name fails the build. Each source is
filled once a build (``Sources``): the page, its raw twin and ``originals.zip`` hold that text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

from coursesite import source_name
from coursesite.content.glossary import glossary_markdown
from coursesite.content.lessons import lessons_markdown
from coursesite.content.reference import reference_markdown
from coursesite.languages import language
from coursesite.words import Words, tables_folder

#: Where a page asks for a generated part: a comment in its Markdown source, read before
#: Markdown renders it (a regex over the source's text, not over HTML: the twin keeps it).
MARKER = re.compile(r"<!-- generated: ([\w-]+) -->")


def generators(config: MkDocsConfig) -> dict[str, Callable[[str], str]]:
    """Return what each marker's name makes, in a language, for the site ``config`` builds:
    from its folder's ``docs/`` (the glossary) and its nav (the lessons)."""
    docs, name = Path(config.docs_dir).parent, Path(config.config_file_path).name
    tables = tables_folder(config)
    return {
        "glossary": lambda locale: glossary_markdown(
            Words(tables, locale, "glossary"), docs / "glossary.yml"
        ),
        "attn-reference": lambda _locale: reference_markdown(),
        "lessons": lambda locale: lessons_markdown(
            Words(tables, locale, "lessons"), config.nav or [], docs, name
        ),
    }


class Sources:
    r"""The sources of a build's pages, each read once and its generated parts filled in its
    language: the page, its raw twin and ``originals.zip`` take the same text.

    >>> import tempfile
    >>> page, made = Path(tempfile.mkdtemp(), "p.md"), []
    >>> _ = page.write_text("a\n<!-- generated: n --> !\n", encoding="utf-8")
    >>> sources = Sources({"n": lambda locale: made.append(locale) or f"1 {locale}\n2"})
    >>> sources.text(page, "en", "p.md"), sources.text(page, "en", "p.md"), made
    ('a\n1 en\n2 !\n', 'a\n1 en\n2 !\n', ['en'])

    Read as MkDocs reads a page (no byte-order mark, ``\n`` for every line break):

    >>> _ = page.write_bytes(b"\xef\xbb\xbf---\r\ntitle: T\r\n---\r\n")
    >>> Sources({}).text(page, "en", "p.md")
    '---\ntitle: T\n---\n'
    """

    def __init__(self, makers: Mapping[str, Callable[[str], str]]) -> None:
        self.makers = makers
        self.texts: dict[Path, str] = {}

    def text(self, path: Path, locale: str, name: str) -> str:
        """Return the source at ``path`` (``name`` to an author), its bytes as UTF-8, a page's
        generated parts filled in ``locale``; a source that is not UTF-8 stops the build."""

        def filled(marker: re.Match[str]) -> str:
            if marker[1] not in self.makers:
                raise PluginError(f"{name}: unknown generated content {marker[1]!r}")
            return self.makers[marker[1]](locale)

        if path not in self.texts:
            try:
                text = path.read_bytes().decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise PluginError(f"{name} is not UTF-8 ({error})") from error
            text = text.replace("\r\n", "\n").replace("\r", "\n")
            self.texts[path] = MARKER.sub(filled, text) if path.suffix == ".md" else text
        return self.texts[path]

    def page_text(self, page: Page, config: MkDocsConfig) -> str:
        """Return the source of ``page`` of the build of ``config``, filled in its language."""
        path = Path(str(page.file.abs_src_path))
        return self.text(path, language(config), source_name(page, config))


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, sources: Sources) -> str:
    """Return the page's Markdown with each generation marker filled in the page's language:
    what MkDocs reads of its source as ``sources`` filled it."""
    return get_data(sources.page_text(page, config))[0] if MARKER.search(markdown) else markdown
