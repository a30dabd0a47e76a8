"""Fill the generated parts of pages (the glossary table, the attn reference, the home page's
list of lessons).

A page asks for generated content with an HTML comment such as ``<!-- generated: glossary -->``,
which reads as nothing in the raw Markdown; an unknown name fails the build. Each source is
filled once a build (``Sources``): the page, its raw twin and ``originals.zip`` hold that text.
"""

from __future__ import annotations

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
from coursesite.markup import Element, elements, replaced
from coursesite.words import Words, tables_folder

#: How the comment that asks for a generated part begins: ``<!-- generated: NAME -->``.
MARKER = "generated:"


def markers(text: str) -> list[tuple[Element, str]]:
    """Return each comment of the Markdown ``text`` that asks for a generated part, with the
    part's name: read with the HTML parser, as Markdown holds a comment as HTML does, before
    Markdown renders the page (its twin keeps the text as filled).

    >>> [name for _, name in markers("a <!-- generated: glossary --> <!-- other -->")]
    ['glossary']
    """
    found = []
    for comment in elements(text, "!--"):
        said = text[comment.inner : comment.close].strip()
        if said.startswith(MARKER):
            found.append((comment, said.removeprefix(MARKER).strip()))
    return found


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
    >>> Sources({}).text(page, "en", "p.md")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: p.md: unknown generated content 'n'

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

        def filled(part: str) -> str:
            if part not in self.makers:
                raise PluginError(f"{name}: unknown generated content {part!r}")
            return self.makers[part](locale)

        if path not in self.texts:
            try:
                text = path.read_bytes().decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise PluginError(f"{name} is not UTF-8 ({error})") from error
            text = text.replace("\r\n", "\n").replace("\r", "\n")
            if path.suffix == ".md":
                text = replaced(text, [(c.start, c.end, filled(part)) for c, part in markers(text)])
            self.texts[path] = text
        return self.texts[path]

    def page_text(self, page: Page, config: MkDocsConfig) -> str:
        """Return the source of ``page`` of the build of ``config``, filled in its language."""
        path = Path(str(page.file.abs_src_path))
        return self.text(path, language(config), source_name(page, config))


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, sources: Sources) -> str:
    """Return the page's Markdown with each generation marker filled in the page's language:
    what MkDocs reads of its source as ``sources`` filled it."""
    return get_data(sources.page_text(page, config))[0] if markers(markdown) else markdown
