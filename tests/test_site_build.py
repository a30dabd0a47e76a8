"""The built site, read as a reader and a browser would: pages, anchors, links, no other hosts."""

from __future__ import annotations

from pathlib import Path

import pytest

import attn
from coursesite.words import Words
from tests.constants import PREFIXES
from tests.docs_pages import WORDS, built_page, page_names
from tests.site import ParsedPages


def test_both_languages_share_every_heading_id(site: Path, parsed: ParsedPages) -> None:
    for name in page_names():
        zh = [
            h.get("id")
            for h in parsed.soup(site / built_page(name)).select("article :is(h1,h2,h3)")
        ]
        en = [
            h.get("id")
            for h in parsed.soup(site / "en" / built_page(name)).select("article :is(h1,h2,h3)")
        ]
        assert zh == en, name
        assert all(zh), f"{name}: a heading has no id"


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_footer_names_the_attn_version_in_the_pages_language(
    site: Path, parsed: ParsedPages, locale: str, prefix: str
) -> None:
    licence = Words(WORDS, locale, "footer")["licence"]
    for page in ("index.html", "lab/LAB-02/index.html"):
        footer = (
            parsed.soup(site / f"{prefix}{page}")
            .select_one(".md-copyright__highlight")
            .get_text(strip=True)
        )
        assert footer.startswith(f"attn {attn.__version__} · {licence}"), page


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_generated_parts_are_filled(
    site: Path, parsed: ParsedPages, locale: str, prefix: str
) -> None:
    glossary = parsed.soup(site / f"{prefix}glossary/index.html")
    cells = [td.get_text() for td in glossary.select("table td")]
    assert "归一化" in cells
    assert "normalise" in cells
    assert ("含义" if locale == "zh" else "meaning") in glossary.select_one(
        "table th:nth-of-type(3)"
    ).get_text()
    reference = parsed.soup(site / f"{prefix}reference/index.html")
    assert reference.find(id="attn-read")
    assert reference.find(id="attn-reading-scores")
    assert "mask allows no key" in reference.get_text()
    for name in page_names():
        assert "<!-- generated:" not in (site / prefix / built_page(name)).read_text(
            encoding="utf-8"
        )


def test_every_lang_and_hreflang_value_is_a_built_language(site: Path, parsed: ParsedPages) -> None:
    for html in site.rglob("*.html"):
        page = parsed.soup(html)
        langs = {page.html.get("lang")} | {t["hreflang"] for t in page.select("[hreflang]")}
        assert langs <= set(PREFIXES), f"{html.relative_to(site)}: {langs}"
        # The bilingual 404 is one page in both languages; full-text views are single files.
        if html.name != "404.html" and not html.name.endswith((".md.html", ".py.html")):
            assert page.select("[hreflang]"), (
                f"{html.relative_to(site)} names no alternate language"
            )
