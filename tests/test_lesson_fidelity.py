"""The Chinese R36 page carries the seed lesson verbatim, from "# R36" on."""

from __future__ import annotations

import re

from tests.docs_pages import SEED, twin
from tests.markdown_parts import body

# The seed's relative links point at the built site; the page links the Markdown sources.
RELATIVE_HTML_LINK = re.compile(r"\]\((?!https?:)([\w-]+)\.html(#[\w-]+)?\)")
# The one other change the site makes to the seed's links (the sources page says so): the
# utm_* tracking parameters go, which tell a reader nothing.
TRACKING = re.compile(r"[?&]utm_\w+=[^&)\s]*")


def without_tracking(link: str) -> str:
    """Return a link's URL without its ``utm_*`` parameters.

    >>> without_tracking("https://x.org/a?utm_source=o&id=2&utm_term=t")
    'https://x.org/a?id=2'
    """
    kept = TRACKING.sub("", link)
    return kept if "?" in kept or "&" not in kept else kept.replace("&", "?", 1)


def seed_sentences() -> list[str]:
    """Return the sentences of the seed's lesson body, its links written as MkDocs needs."""
    text = SEED.read_text(encoding="utf-8")
    lesson = text[text.index("# R36") :]
    lesson = RELATIVE_HTML_LINK.sub(lambda m: f"]({m.group(1)}.md{m.group(2) or ''})", lesson)
    lesson = re.sub(r"\]\((https?:[^)\s]+)\)", lambda m: f"]({without_tracking(m[1])})", lesson)
    sentences = []
    for line in lesson.splitlines():
        line = line.strip().lstrip("#").strip()
        sentences += [s.strip() for s in re.split(r"(?<=[。；])", line) if s.strip()]
    return sentences


def test_every_sentence_of_the_seed_is_on_the_chinese_page() -> None:
    # The seed cut as the check cuts it: a sentence of b1, whole (a split lost would pass).
    assert "两行各自在三个key列间归一化。" in seed_sentences()
    page = twin("R36", "zh").read_text(encoding="utf-8")
    missing = [s for s in seed_sentences() if s not in page]
    assert not missing, (
        f"docs/zh/R36.md lacks {len(missing)} seed sentence(s), first: {missing[0]!r}"
    )


def test_the_full_text_view_lines_are_not_on_the_page() -> None:
    page = body(twin("R36", "zh").read_text(encoding="utf-8"))
    assert "可读全文" not in page
    # After the front matter (the page's description), the lesson's own title comes first.
    assert page.lstrip().startswith("# R36 · 很多次读取，可以并列成一次矩阵运算")


def test_the_page_links_carry_no_tracking_parameters() -> None:
    for locale in ("zh", "en"):
        page = twin("R36", locale).read_text(encoding="utf-8")
        assert "utm_" not in page, f"R36.{locale}.md keeps a utm_* parameter"
    assert "utm_" in SEED.read_text(encoding="utf-8"), "the seed's link had them to strip"
