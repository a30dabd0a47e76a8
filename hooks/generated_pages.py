"""MkDocs hook: fill the generated parts of pages (the glossary table, the attn reference).

A page asks for generated content with an HTML comment such as ``<!-- generated: glossary -->``,
which reads as nothing in the raw Markdown; an unknown name fails the build.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from glossary import glossary_markdown
from languages import page_locale
from reference import reference_markdown

MARKER = re.compile(r"<!-- generated: ([\w-]+) -->")

GENERATORS: dict[str, Callable[[str], str]] = {
    "glossary": glossary_markdown,
    "attn-reference": lambda _locale: reference_markdown(),
}


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace each generation marker with what it names, in the page's language."""
    locale = page_locale(page, config)

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in GENERATORS:
            raise ValueError(f"{page.file.src_uri}: unknown generated content {name!r}")
        return GENERATORS[name](locale)

    return MARKER.sub(fill, markdown)
