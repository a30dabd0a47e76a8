"""Where a Chinese page uses a glossary term, its English twin uses the fixed translation."""

from __future__ import annotations

import re

import pytest

from hooks.glossary import load_terms
from tests.docs_pages import page_names, twin
from tests.markdown_parts import prose

TERMS = load_terms()


def test_each_term_has_one_translation() -> None:
    chinese = [t["zh"] for t in TERMS]
    assert len(chinese) == len(set(chinese)), "a Chinese term is listed twice"
    for term in TERMS:
        for key in ("en", "zh_note", "en_note"):
            assert term[key], f"{term['zh']} has no {key}"


@pytest.mark.parametrize("name", page_names())
def test_english_page_uses_the_fixed_translation(name: str) -> None:
    zh = prose(twin(name, "zh").read_text(encoding="utf-8"))
    en = prose(twin(name, "en").read_text(encoding="utf-8"))
    for term in TERMS:
        if term["zh"] in zh:
            stem = term.get("en_stem", term["en"])
            assert re.search(rf"\b{re.escape(stem)}", en, re.I), (
                f"{name}.zh.md uses {term['zh']} but {name}.en.md never says {term['en']!r}"
            )
