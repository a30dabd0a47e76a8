"""Fill the generated parts of pages (the glossary table, the attn reference, the home page's
list of lessons).

A page asks for generated content with an HTML comment such as ``<!-- generated: glossary -->``,
which reads as nothing in the raw Markdown; an unknown name fails the build.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from coursesite.content.glossary import glossary_markdown
from coursesite.content.lessons import CONFIG, lessons_markdown
from coursesite.content.reference import reference_markdown
from coursesite.i18n import page_locale

MARKER = re.compile(r"<!-- generated: ([\w-]+) -->")


def generators(config_file: Path = CONFIG) -> dict[str, Callable[[str], str]]:
    """Return what each marker's name makes, in a language, for the site of ``config_file``
    (whose nav the lessons are listed from).

    >>> sorted(generators())
    ['attn-reference', 'glossary', 'lessons']
    """
    return {
        "glossary": glossary_markdown,
        "attn-reference": lambda _locale: reference_markdown(),
        "lessons": partial(lessons_markdown, config=config_file),
    }


#: The generators of this project's own site (``originals.zip`` fills its sources with them).
GENERATORS = generators()


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace each generation marker with what it names, in the page's language."""
    return with_generated_parts(markdown, page, config)


def with_generated_parts(markdown: str, page: Page, config: MkDocsConfig) -> str:
    """Return ``markdown`` with each generation marker replaced by what it names (the page and
    its raw twin are filled by this one function)."""
    locale = page_locale(page, config)
    # The build's own mkdocs.yml: a copy of the project lists the lessons of its own nav.
    made = generators(Path(config.config_file_path)) if config.config_file_path else GENERATORS

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in made:
            raise ValueError(f"{page.file.src_uri}: unknown generated content {name!r}")
        return made[name](locale)

    return MARKER.sub(fill, markdown)
