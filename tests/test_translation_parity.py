"""Two languages, one truth: each English page mirrors its Chinese source and is stamped."""

from __future__ import annotations

import pytest

from coursesite.stamp import sha256
from tests.docs_pages import page_names, twin
from tests.markdown_parts import front_matter, parts

PAGES = page_names()


def test_every_page_exists_in_both_languages() -> None:
    assert PAGES, "no pages found"
    for name in PAGES:
        assert twin(name, "en").is_file(), f"{name}.zh.md has no English twin {name}.en.md"


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("part", ["ids", "code", "formulas", "links", "numbers"])
def test_english_keeps_the_chinese_pages(name: str, part: str) -> None:
    zh = parts(twin(name, "zh").read_text(encoding="utf-8"))[part]
    en = parts(twin(name, "en").read_text(encoding="utf-8"))[part]
    assert en == zh, f"{name}: the English page's {part} differ from the Chinese page's"


@pytest.mark.parametrize("name", PAGES)
def test_english_page_was_reviewed_against_the_current_chinese_page(name: str) -> None:
    meta = front_matter(twin(name, "en").read_text(encoding="utf-8"))
    assert meta.get("translated_from") == f"{name}.zh.md"
    assert meta.get("source_sha256") == sha256(twin(name, "zh")), (
        f"{name}.zh.md changed since {name}.en.md was last reviewed: update the translation, "
        f"then run `make stamp PAGE={name}`"
    )
