"""Fill the generated parts of pages (the glossary table, the attn reference, the home page's
list of lessons).

A page asks for generated content with an HTML comment such as ``<!-- generated: glossary -->``,
which reads as nothing in the raw Markdown; an unknown name fails the build.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from coursesite import source_name
from coursesite.content.glossary import glossary_markdown
from coursesite.content.lessons import lessons_markdown
from coursesite.content.reference import reference_markdown
from coursesite.languages import language

MARKER = re.compile(r"<!-- generated: ([\w-]+) -->")


def generators(config: MkDocsConfig) -> dict[str, Callable[[str], str]]:
    """Return what each marker's name makes, in a language, for the site ``config`` builds
    (whose nav the lessons are listed from)."""
    docs, name = Path(config.docs_dir).parent, Path(config.config_file_path).name
    return {
        "glossary": glossary_markdown,
        "attn-reference": lambda _locale: reference_markdown(),
        "lessons": lambda locale: lessons_markdown(locale, config.nav, docs, name),
    }


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace each generation marker with what it names, in the page's language (its raw twin
    is filled by the same function, ``coursesite.agents.twins``)."""
    locale = language(config)
    return with_generated_parts(markdown, locale, source_name(page, config), generators(config))


def with_generated_parts(
    markdown: str,
    locale: str,
    name: str,
    generators: Mapping[str, Callable[[str], str]],
) -> str:
    r"""Return ``markdown`` with each generation marker filled in ``locale`` by ``generators``,
    as the pages, their twins and ``originals.zip`` are.

    >>> two_lines = {"two-lines": lambda locale: f"1 {locale}\n2\n"}
    >>> with_generated_parts("a\n<!-- generated: two-lines --> !\nb", "en", "p.md", two_lines)
    'a\n1 en\n2\n !\nb'
    """

    def filled(marker: re.Match[str]) -> str:
        if marker[1] not in generators:
            raise PluginError(f"{name}: unknown generated content {marker[1]!r}")
        return generators[marker[1]](locale)

    return MARKER.sub(filled, markdown)
