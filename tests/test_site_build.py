"""The built site, read as a reader and a browser would: pages, anchors, links, no other hosts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import attn
from coursesite.words import Words
from tests.constants import PREFIXES, STATE_ANCHORS
from tests.docs_pages import built_page, page_names
from tests.site import ParsedPages


@pytest.mark.parametrize("prefix", PREFIXES.values())
@pytest.mark.parametrize("name", page_names())
def test_every_page_is_built_in_both_languages(
    site: Path, parsed: ParsedPages, name: str, prefix: str
) -> None:
    page = parsed.soup(site / prefix / built_page(name))
    assert page.find("h1"), f"{prefix}{built_page(name)} has no title"


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_pages_declare_their_language(
    site: Path, parsed: ParsedPages, locale: str, prefix: str
) -> None:
    assert parsed.soup(site / f"{prefix}R36/index.html").html["lang"] == locale


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_r36_keeps_the_state_anchors_in_lesson_order(
    site: Path, parsed: ParsedPages, prefix: str
) -> None:
    page = parsed.soup(site / f"{prefix}R36/index.html")
    ids = [tag["id"] for tag in page.find_all(id=True) if tag["id"].startswith("r36-b")]
    assert ids == STATE_ANCHORS


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_the_lessons_relative_links_resolve(site: Path, parsed: ParsedPages, prefix: str) -> None:
    page = parsed.soup(site / f"{prefix}R36/index.html")
    hrefs = {a["href"] for a in page.find_all("a", href=True)}
    assert {"../lecture/#read-R36", "../sources/#M22"} <= hrefs
    assert parsed.soup(site / f"{prefix}lecture/index.html").find(id="read-R36")
    assert parsed.soup(site / f"{prefix}sources/index.html").find(id="M22")


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


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_formulas_are_marked_for_rendering(site: Path, parsed: ParsedPages, prefix: str) -> None:
    formulas = parsed.soup(site / f"{prefix}R36/index.html").select(".arithmatex")
    assert len(formulas) >= 20
    assert any(r"\operatorname{softmax}" in f.math["alttext"] for f in formulas)


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_footer_names_the_attn_version_in_the_pages_language(
    site: Path, parsed: ParsedPages, locale: str, prefix: str
) -> None:
    licence = Words(locale, "footer")["licence"]
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


def test_no_page_loads_anything_from_another_host(site: Path, parsed: ParsedPages) -> None:
    for html in site.rglob("*.html"):
        page = parsed.soup(html)
        for tag in page.find_all(["script", "link", "img", "iframe", "source"]):
            url = tag.get("src") or (tag.get("href") if tag.name == "link" else None) or ""
            assert not re.match(r"(https?:)?//", url), f"{html.name} loads {url}"


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
