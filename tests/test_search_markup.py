"""The search plugin reads each page without the markup inside code and formulas: the same
index, far fewer tags."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from material.plugins.search.plugin import Parser

from hooks.search_markup import without_inner_markup

PAGES = ["R36.html", "en/R36.html", "lab/LAB-02.html", "en/lab/LAB-02.html", "reference.html"]
ARTICLE = re.compile(r"<article\b[^>]*>(.*)</article>", re.DOTALL)
TAG = re.compile(r"<[a-z]")


def indexed_sections(html: str) -> list[tuple[str | None, str, str]]:
    """Return what Material's search indexes of ``html``: each section's id, title and text."""
    parser = Parser()
    parser.feed(html)
    parser.close()
    return [(s.id, "".join(s.title), "".join(s.text)) for s in parser.data]


def article(site: Path, page: str) -> str:
    match = ARTICLE.search((site / page).read_text(encoding="utf-8"))
    assert match, page
    return match[1]


@pytest.mark.parametrize("page", PAGES)
def test_the_index_is_the_same_without_the_inner_markup(site: Path, page: str) -> None:
    html = article(site, page)
    assert indexed_sections(without_inner_markup(html)) == indexed_sections(html)


def test_the_search_plugin_parses_far_fewer_tags_on_a_lesson(site: Path) -> None:
    html = article(site, "R36.html")
    assert len(TAG.findall(without_inner_markup(html))) < 0.4 * len(TAG.findall(html))


@pytest.mark.parametrize("page", ["R36.html", "en/R36.html", "lab/LAB-02.html"])
def test_the_pages_keep_their_highlighting(site: Path, page: str) -> None:
    # The page handed to the search plugin is put back once it is indexed.
    html = article(site, page)
    assert '<span class="gp">&gt;&gt;&gt; </span>' in html or '<span class="k">' in html
    assert html.count("<span") > 100
