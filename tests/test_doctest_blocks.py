"""The pages' Python blocks, highlighted once per build's lexer and formatter: the same HTML."""

from __future__ import annotations

import re
from typing import Any

import markdown
import pytest
from mkdocs.config import load_config

from coursesite.content import pymdownx_highlight
from tests.docs_pages import DOCS, ROOT

PAGES = sorted(DOCS.glob("*.md"))
PLAIN_PYTHON = re.compile(r"^```python\s*$", re.MULTILINE)


def converter(with_hook: bool) -> tuple[markdown.Markdown, list[str]]:
    """Return the site's Markdown converter, with or without the hook's fence, and the list of
    the blocks the fence formats."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    formatted: list[str] = []
    if with_hook:
        pymdownx_highlight.on_config(config)
        [fence] = config.mdx_configs["pymdownx.superfences"]["custom_fences"]

        def counted(source: str, *args: Any, **kwargs: Any) -> str:
            formatted.append(source)
            return fence_format(source, *args, **kwargs)

        fence_format, fence["format"] = fence["format"], counted
    md = markdown.Markdown(
        extensions=config.markdown_extensions, extension_configs=config.mdx_configs
    )
    return md, formatted


@pytest.fixture(scope="module")
def converters() -> dict[bool, tuple[markdown.Markdown, list[str]]]:
    return {with_hook: converter(with_hook) for with_hook in (False, True)}


def html(md: markdown.Markdown, text: str) -> str:
    md.reset()
    return md.convert(text)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_a_page_is_the_same_html_with_the_fence(converters: Any, page: Any) -> None:
    text = page.read_text(encoding="utf-8")
    (plain, _), (fenced, formatted) = converters[False], converters[True]
    formatted.clear()
    assert html(fenced, text) == html(plain, text)
    assert len(formatted) == len(PLAIN_PYTHON.findall(text)), "every plain python block"


def test_a_block_with_options_is_left_to_pymdownx(converters: Any) -> None:
    fenced, formatted = converters[True]
    formatted.clear()
    out = html(fenced, '```python hl_lines="2"\n>>> x = 1\n>>> x\n1\n```\n')
    assert formatted == []
    assert '<span class="hll">' in out
