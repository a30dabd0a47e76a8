"""Every page's examples are collected, and every figure in its prose is computed on it."""

from __future__ import annotations

import pytest

from conftest import pages
from tests.constants import PREFIXES
from tests.docs_pages import page_names, twin
from tests.markdown_parts import code_outputs, prose_decimals

# How many examples Sybil must find on each page (the same in both languages), so that a
# block that silently stops being collected fails here.
EXPECTED_EXAMPLES = {
    "R36": 53,
    "glossary": 0,
    "index": 3,
    "lecture": 12,
    "reference": 0,
    "sources": 0,
}


def test_every_page_has_an_expected_count() -> None:
    assert sorted(EXPECTED_EXAMPLES) == page_names()


@pytest.mark.parametrize("locale", list(PREFIXES))
@pytest.mark.parametrize("name", sorted(EXPECTED_EXAMPLES))
def test_sybil_collects_the_expected_examples(name: str, locale: str) -> None:
    document = pages.parse(twin(name, locale))
    assert len(list(document)) == EXPECTED_EXAMPLES[name]


@pytest.mark.parametrize("locale", list(PREFIXES))
@pytest.mark.parametrize("name", sorted(EXPECTED_EXAMPLES))
def test_figures_in_prose_are_printed_by_the_pages_code(name: str, locale: str) -> None:
    text = twin(name, locale).read_text(encoding="utf-8")
    printed = code_outputs(text)
    unbacked = sorted(d for d in prose_decimals(text) if d not in printed)
    assert not unbacked, f"{name}.{locale}.md states {unbacked} but no example prints them"
