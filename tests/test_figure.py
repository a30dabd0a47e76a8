"""R36's figure: its numbers come from attn, each state highlights what its text names, and
the raw Markdown carries each state's numbers as doctest output."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from bs4 import BeautifulSoup

import attn
from attn.figure import lesson_figure
from attn.lesson import K, Q, V
from coursesite.figure import figure_html, with_figures
from tests.constants import PREFIXES, STATE_ANCHORS, STATE_ORDER
from tests.docs_pages import twin
from tests.markdown_parts import FENCE
from tests.site import search_fragments, soup


def numbers_in(text: str) -> list[float]:
    """Return every number written in ``text``, in order."""
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", text)]


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_states_follow_the_lessons_order(locale: str) -> None:
    # STATE_ORDER is the figure's order (b0, b2, b3, b1): the lesson's text takes them so too.
    text = twin("R36", locale).read_text(encoding="utf-8")
    assert re.findall(r'<span id="(r36-[^"]+)"></span>', text) == STATE_ANCHORS


def test_figure_numbers_are_computed_by_attn() -> None:
    r = attn.read(Q, K, V)
    fig = lesson_figure()
    np.testing.assert_array_equal(fig.matrices["A"], r.weights.round(3))
    np.testing.assert_array_equal(fig.matrices["Y"], r.output.round(3))
    np.testing.assert_array_equal(fig.matrices["row_sums"], [[1.0], [1.0]])


def test_changing_the_data_changes_the_figure() -> None:
    other_v = [[5, 1], [0, 0], [3, 3]]
    before = figure_html(lesson_figure(), "b2", "en")
    after = figure_html(lesson_figure(V=other_v), "b2", "en")
    assert before != after
    expected = attn.read(Q, K, other_v).output.round(3)
    assert f"{expected[0][0]:.3f}".rstrip("0") in after


def test_a_page_without_the_state_headings_is_refused() -> None:
    with pytest.raises(ValueError, match="state-b0"):
        with_figures("<h2 id='other'>x</h2>", lesson_figure(), "en")


@pytest.mark.parametrize("locale", list(PREFIXES))
@pytest.mark.parametrize("key", STATE_ORDER)
def test_each_state_highlights_what_its_text_names(locale: str, key: str) -> None:
    page = BeautifulSoup(figure_html(lesson_figure(), key, locale), "html.parser")
    marked = {
        table["data-matrix"]: [
            int(i)
            for i, tr in enumerate(table.select("tbody tr"))
            if "is-highlighted" in (tr.get("class") or [])
        ]
        for table in page.select("table")
    }
    expected = {
        "b0": {"S": [0], "A": [], "V": [], "Y": []},
        "b2": {"S": [], "A": [0, 1], "V": [0, 1, 2], "Y": [0, 1]},
        "b3": {"S": [1], "A": [1], "Y": [1], "V": []},
        "b1": {"S": [], "A": [0, 1], "A_by_query": [], "V": [], "Y": []},
    }[key]
    assert marked == expected
    for row in page.select("tr.is-highlighted td"):
        assert row.find("strong"), "a highlighted number must be bold, not only coloured"


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_built_page_has_one_complete_figure_per_state(site: Path, prefix: str) -> None:
    page = soup(site / f"{prefix}R36.html")
    figures = page.select("figure.r36-figure")
    assert [f["data-state"] for f in figures] == STATE_ORDER
    r = attn.read(Q, K, V)
    for figure in figures:
        heading = figure.find_previous("h2")
        assert heading["id"] == f"state-{figure['data-state']}"
        y = figure.select_one("table[data-matrix=Y]")
        assert numbers_in(y.select_one("tbody").get_text(" ")) == [
            1.0,
            *r.output[0].round(3),
            2.0,
            *r.output[1].round(3),
        ]  # "query 1" 1.267 1.466 "query 2" 0.733 2.534


@pytest.mark.parametrize("locale", list(PREFIXES))
@pytest.mark.parametrize("key", STATE_ORDER)
def test_raw_markdown_prints_each_states_highlighted_numbers(locale: str, key: str) -> None:
    text = twin("R36", locale).read_text(encoding="utf-8")
    section = text.split(f'<span id="r36-{key}"></span>')[1].split("<span id=")[0].split("\n## ")[1]
    printed = numbers_in("\n".join(FENCE.findall(section)))
    fig = lesson_figure()
    for mark in fig.state(key).highlights:
        if mark.matrix == "V":
            continue  # V is the input, printed once at the top of the page
        rows = mark.rows or range(len(fig.matrices[mark.matrix]))
        for i in rows:
            row = list(fig.matrices[mark.matrix][i])
            assert any(printed[j : j + len(row)] == row for j in range(len(printed))), (
                f"R36.{locale}.md state {key}: {mark.matrix} row {i + 1} {row} is not printed"
            )


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_pages_without_the_states_get_no_figure(site: Path, prefix: str) -> None:
    for name in ("index", "lecture", "sources", "glossary", "reference"):
        assert not soup(site / f"{prefix}{name}.html").select("figure.r36-figure"), name


def test_search_indexes_the_states_text_not_their_figures(site: Path) -> None:
    # The figures repeat the numbers of the text and doctests; as search text their cells
    # would run together ("0.4220.1550.422").
    fragments = search_fragments(site)
    for prefix in PREFIXES.values():
        text = fragments[f"/{prefix}R36.html"]["content"]
        for figure in soup(site / f"{prefix}R36.html").select("figure.r36-figure"):
            caption = figure.select_one("figcaption").get_text()
            assert caption not in text, caption
        assert "attn.scores(Q, K)" in text, "the states' doctests are indexed"
