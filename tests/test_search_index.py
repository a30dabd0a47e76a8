"""The search index in the built site: one per language, only the pages a reader should land
on, nothing of Material's search left."""

from __future__ import annotations

from pathlib import Path

from coursesite.search.index import FOLDER, write_search_index
from tests.constants import PREFIXES
from tests.docs_pages import ROOT, address, notebook_names, page_names
from tests.site import ParsedPages, bundle_fragments, search_fragments


def test_each_language_has_its_own_index_of_its_own_pages(site: Path, parsed: ParsedPages) -> None:
    fragments = search_fragments(site)
    names = page_names() + notebook_names()
    for language, prefix in PREFIXES.items():
        urls = {url for url, f in fragments.items() if f["language"] == language}
        assert urls == {f"/{prefix}{address(name)}" for name in names}
        for url in urls:
            assert parsed.soup(site / url.lstrip("/") / "index.html").html["lang"] == language, url


def test_only_the_article_is_indexed(site: Path, parsed: ParsedPages) -> None:
    # The header, navigation and footer repeat on every page: none of it is page text.
    fragment = search_fragments(site)["/en/R36/"]
    footer = (
        parsed.soup(site / "en/R36/index.html")
        .select_one(".md-copyright")
        .get_text(" ", strip=True)
    )
    assert "attn" in footer
    assert footer not in fragment["content"]
    heading = (
        parsed.soup(site / "en/R36/index.html").select_one("article h1").get_text().rstrip("¶")
    )
    assert fragment["meta"]["title"] == heading, "the title, without its permalink"


def test_nothing_of_materials_search_is_built(site: Path) -> None:
    assert not (site / "search").exists()
    html = (site / "R36/index.html").read_text(encoding="utf-8")
    assert 'id="__search"' in html  # the theme's toggle stays, unused: nothing reads it
    assert "md-search" not in html
    assert "data-site-search" in html


def test_the_index_is_written_into_the_site_only(site: Path) -> None:
    # Pagefind writes its bundle relative to the working directory unless told where: the build
    # gives it the site's folder, and nothing lands in the project.
    assert (site / "pagefind" / "pagefind.js").exists()
    assert not (ROOT / "pagefind").exists()


def test_pagefind_takes_each_chinese_character_for_a_word(tmp_path: Path) -> None:
    # The scheme rests on Pagefind splitting words at U+200B (and search.js taking it out of
    # what it shows): 归一化 must be three words where, as written, jieba finds one; a page of
    # one character (甲) is the measure.
    for name, text in [("one", "甲"), ("three", "归一化")]:
        page = tmp_path / name / "index.html"
        page.parent.mkdir()
        body = f'<div data-pagefind-body lang="zh"><p>{text}</p></div>'
        page.write_text(body, encoding="utf-8")
    write_search_index(tmp_path, ROOT)
    fragments = bundle_fragments(tmp_path / FOLDER)
    one, three = fragments["/one/"], fragments["/three/"]
    assert three["word_count"] == one["word_count"] + 2, "Pagefind's words are not U+200B's"
    assert three["content"] == one["content"].replace("甲", "归一化"), "as written"
