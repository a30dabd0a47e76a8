"""The Chinese R36 page carries the seed lesson verbatim, from "# R36" on."""

from __future__ import annotations

from tests.docs_pages import twin
from tests.seed_text import seed_sentences


def test_every_sentence_of_the_seed_is_on_the_chinese_page() -> None:
    # The seed cut as the check cuts it: a sentence of b1, whole (a split lost would pass).
    assert "两行各自在三个key列间归一化。" in seed_sentences()
    page = twin("R36", "zh").read_text(encoding="utf-8")
    missing = [s for s in seed_sentences() if s not in page]
    assert not missing, (
        f"docs/zh/R36.md lacks {len(missing)} seed sentence(s), first: {missing[0]!r}"
    )


def test_the_page_links_carry_no_tracking_parameters() -> None:
    for locale in ("zh", "en"):
        page = twin("R36", locale).read_text(encoding="utf-8")
        assert "utm_" not in page, f"R36.{locale}.md keeps a utm_* parameter"
