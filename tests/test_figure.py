"""R36's figure: a page has it because its front matter asks for it, its numbers come from
attn, each state highlights what its text names, and the raw Markdown carries each state's
numbers as doctest output and what its figure shows as a caption paragraph, the one source of
the figure's caption."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from bs4 import BeautifulSoup
from mkdocs.exceptions import PluginError

import attn
from attn.figure import lesson_figure
from attn.lesson import K, Q, V
from coursesite.figure import (
    CAPTION_CLASS,
    FIGURE_KEY,
    Caption,
    captions,
    figure_html,
    number,
    with_asked_for,
    with_figures,
)
from coursesite.words import Words
from tests.constants import PREFIXES, STATE_ANCHORS, STATE_ORDER
from tests.docs_pages import built_page, page_names, twin
from tests.markdown_parts import FENCE, front_matter
from tests.site import ParsedPages, search_fragments


def numbers_in(text: str) -> list[float]:
    """Return every number written in ``text``, in order."""
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", text)]


#: A state's caption paragraph in the Markdown, right under the state's heading.
CAPTION_UNDER_HEADING = re.compile(
    rf"^## .+ \{{ #state-(\w+) \}}\n\n(.+)\n\{{ \.{CAPTION_CLASS} \}}$", re.M
)

#: What a caption says its figure highlights, in each language: the matrices, and one row of
#: them (numbered from 1) or every row.
HIGHLIGHTED = {
    "zh": re.compile(r"高亮：(?P<matrices>.+?) 的(?:第 (?P<row>\d+) 行|全部行)。$"),
    "en": re.compile(r"Highlighted: (?:row (?P<row>\d+)|every row) of (?P<matrices>.+)\.$"),
}
MATRIX_LIST = re.compile(r"、|, | and ")


def markdown_captions(text: str) -> dict[str, str]:
    """Return ``{state: caption}`` for each caption paragraph right under a state's heading."""
    return dict(CAPTION_UNDER_HEADING.findall(text))


def highlighted_in(caption: str, locale: str) -> dict[str, tuple[int, ...]]:
    """Return what ``caption`` says its figure highlights, as ``attn.figure`` writes it:
    ``{matrix: rows}``, 0-based rows, ``()`` for every row."""
    match = HIGHLIGHTED[locale].search(caption)
    assert match, f"{caption!r} does not say what it highlights"
    rows = (int(match["row"]) - 1,) if match["row"] else ()
    return {matrix: rows for matrix in MATRIX_LIST.split(match["matrices"])}


def section_code(text: str, key: str) -> str:
    """Return the code blocks of state ``key``'s section of a Markdown page."""
    section = text.split(f'<span id="r36-{key}"></span>')[1].split("<span id=")[0].split("\n## ")[1]
    return "\n".join(FENCE.findall(section))


def a_caption(key: str) -> Caption:
    """Return a caption for ``figure_html`` in tests that look at the tables only."""
    return Caption(key, f"figure-{key}-caption", f"Figure {key}.")


def states_html() -> str:
    """Return a page's HTML with every state's heading and caption paragraph."""
    return "".join(
        f'<h2 id="state-{key}">{key}</h2><p class="{CAPTION_CLASS}">Figure {key}.</p>'
        for key in STATE_ORDER
    )


#: What the figure reads of an English build's configuration.
ENGLISH = SimpleNamespace(theme={"language": "en"})


def a_page(src_uri: str, **meta: str) -> SimpleNamespace:
    """Return what ``coursesite.figure`` reads of a page: its front matter and its file."""
    return SimpleNamespace(meta=meta, file=SimpleNamespace(src_uri=src_uri))


def declares_the_figure(name: str) -> bool:
    """Whether page ``name``'s Chinese source asks for a figure in its front matter."""
    return FIGURE_KEY in front_matter(twin(name, "zh").read_text(encoding="utf-8"))


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
    before = figure_html(lesson_figure(), "b2", "en", a_caption("b2"))
    after = figure_html(lesson_figure(V=other_v), "b2", "en", a_caption("b2"))
    assert before != after
    expected = attn.read(Q, K, other_v).output.round(3)
    assert f"{expected[0][0]:.3f}".rstrip("0") in after


def test_a_page_without_the_state_headings_is_refused() -> None:
    with pytest.raises(ValueError, match="state-b0"):
        with_figures("<h2 id='other'>x</h2>", lesson_figure(), "en")


def test_a_state_without_its_caption_paragraph_is_refused() -> None:
    html = states_html().replace(f'<p class="{CAPTION_CLASS}">Figure b3.</p>', "<p>None.</p>")
    with pytest.raises(ValueError, match="state b3 has no caption paragraph"):
        with_figures(html, lesson_figure(), "en")


def test_the_caption_is_read_from_its_own_section() -> None:
    html = (
        '<h2 id="state-b0">b0</h2><p>Text.</p><p class="r36-figure-caption">Row 1 &amp; <em>S</em>'
        '</p><h2 id="state-b2">b2</h2><p class="r36-figure-caption" id="mine">All of A.</p>'
    )
    assert captions(html, ["b0", "b2"]) == {
        "b0": Caption("b0", "figure-b0-caption", "Row 1 & S"),
        "b2": Caption("b2", "mine", "All of A."),
    }


@pytest.mark.parametrize("locale", list(PREFIXES))
@pytest.mark.parametrize("key", STATE_ORDER)
def test_each_state_highlights_what_its_text_names(locale: str, key: str) -> None:
    page = BeautifulSoup(figure_html(lesson_figure(), key, locale, a_caption(key)), "html.parser")
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


@pytest.mark.parametrize("locale", list(PREFIXES))
@pytest.mark.parametrize("key", STATE_ORDER)
def test_a_matrix_the_text_has_not_introduced_yet_is_marked_in_words(locale: str, key: str) -> None:
    # Revealed as the text goes (b0 shows A, V and Y, which b2 introduces): marked by a frame
    # and the words "see b2", a link to that state, not by colour alone.
    page = BeautifulSoup(figure_html(lesson_figure(), key, locale, a_caption(key)), "html.parser")
    ahead = {t["data-matrix"]: t.select_one("caption a") for t in page.select(".r36-matrix--ahead")}
    assert sorted(ahead) == {"b0": ["A", "V", "Y"]}.get(key, [])
    for link in ahead.values():
        assert link["href"] == "#r36-b2"
        assert link.get_text() == Words(locale, "figure")["ahead"].format(key="b2")
    if key == "b0":
        # b2 is where they are met: its figure highlights all three, and b0's caption says so.
        assert {mark.matrix for mark in lesson_figure().state("b2").highlights} == set(ahead)
        caption = markdown_captions(twin("R36", locale).read_text(encoding="utf-8"))["b0"]
        assert "b2" in caption, caption


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_built_page_has_one_complete_figure_per_state(
    site: Path, parsed: ParsedPages, prefix: str
) -> None:
    page = parsed.soup(site / f"{prefix}R36/index.html")
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
    printed = numbers_in(section_code(text, key))
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
@pytest.mark.parametrize("name", page_names())
def test_a_page_has_the_figure_exactly_when_it_asks_for_it(
    site: Path, parsed: ParsedPages, prefix: str, name: str
) -> None:
    figures = parsed.soup(site / prefix / built_page(name)).select("figure.r36-figure")
    assert bool(figures) == declares_the_figure(name), name


def test_r36_asks_for_its_figure_in_both_languages() -> None:
    for locale in PREFIXES:
        meta = front_matter(twin("R36", locale).read_text(encoding="utf-8"))
        assert meta.get(FIGURE_KEY) == "r36-states", f"R36.{locale}.md"


def test_a_page_with_the_state_headings_that_does_not_ask_gets_no_figure() -> None:
    html = states_html()
    assert with_asked_for(html, a_page("R37.md"), ENGLISH) == html
    # The same headings do get the figure once the page asks for it.
    asked = with_asked_for(html, a_page("R37.md", figure="r36-states"), ENGLISH)
    assert asked.count('<figure class="r36-figure"') == len(STATE_ORDER)


def test_a_page_asking_for_an_unknown_figure_is_refused() -> None:
    with pytest.raises(PluginError, match=r"R37\.md: .*figure: 'r37-masks'.*r36-states"):
        with_asked_for(states_html(), a_page("R37.md", figure="r37-masks"), ENGLISH)


def test_search_indexes_the_states_text_not_their_figures(site: Path, parsed: ParsedPages) -> None:
    # The figures repeat the numbers of the text and doctests; as search text their cells
    # would run together ("0.4220.1550.422"). Their captions are indexed once: as the prose
    # paragraph they are taken from.
    fragments = search_fragments(site)
    for prefix in PREFIXES.values():
        text = fragments[f"/{prefix}R36/"]["content"]
        for figure in parsed.soup(site / f"{prefix}R36/index.html").select("figure.r36-figure"):
            caption = figure.select_one("figcaption").get_text()
            assert text.count(caption) == 1, caption
            cells = "".join(td.get_text() for td in figure.select("table[data-matrix=A] td"))
            assert cells not in text
        assert "attn.scores(Q, K)" in text, "the states' doctests are indexed"


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_each_state_has_its_caption_right_under_its_heading(locale: str) -> None:
    text = twin("R36", locale).read_text(encoding="utf-8")
    assert list(markdown_captions(text)) == STATE_ORDER
    assert text.count(f"{{ .{CAPTION_CLASS} }}") == len(STATE_ORDER)


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_the_figures_caption_is_the_twins_prose(
    site: Path, parsed: ParsedPages, locale: str
) -> None:
    # One source of truth: the caption an agent reads in the raw twin is the figure's caption,
    # and the one caption a reader sees, which the figure points at.
    prefix = PREFIXES[locale]
    written = markdown_captions((site / f"{prefix}R36.md").read_text(encoding="utf-8"))
    assert list(written) == STATE_ORDER
    page = parsed.soup(site / f"{prefix}R36/index.html")
    for figure in page.select("figure.r36-figure"):
        key = figure["data-state"]
        figcaption = figure.select_one("figcaption")
        assert figcaption.get_text() == written[key]
        paragraph = page.find(id=figure["aria-describedby"])
        assert paragraph.name == "p"
        assert CAPTION_CLASS in paragraph["class"]
        assert paragraph.get_text() == written[key]
        assert paragraph.find_previous("h2")["id"] == f"state-{key}"
        assert figure.find_next_sibling() is paragraph, "the caption sits right under its figure"
        # One visible caption: the paragraph; the figcaption is the stepper's announcement.
        assert figcaption.has_attr("hidden")


@pytest.mark.parametrize("locale", list(PREFIXES))
@pytest.mark.parametrize("key", STATE_ORDER)
def test_each_caption_names_what_its_figure_highlights(locale: str, key: str) -> None:
    caption = markdown_captions(twin("R36", locale).read_text(encoding="utf-8"))[key]
    expected = {mark.matrix: mark.rows for mark in lesson_figure().state(key).highlights}
    assert highlighted_in(caption, locale) == expected, caption


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_b1s_caption_states_the_row_sums_its_doctest_prints(locale: str) -> None:
    # The house rule: a number in the prose is printed by the page's code, here b1's own.
    text = twin("R36", locale).read_text(encoding="utf-8")
    caption = markdown_captions(text)["b1"]
    fig = lesson_figure()
    sums = [number(fig.matrices[m][0][0]) for m in ("row_sums", "row_sums_by_query")]
    assert sums == ["1", "1.5"]
    stated = re.findall(
        r"和为 ([\d.]+)" if locale == "zh" else r"sums? (?:to|of) ([\d.]+)", caption
    )
    assert stated == sums, caption
    printed = numbers_in(section_code(text, "b1"))
    assert all(float(s) in printed for s in sums)
