"""R36's figure as built from attn's numbers, and the captions its raw Markdown carries."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Tag
from mkdocs.exceptions import PluginError

import attn
from attn.figure import lesson_figure
from attn.lesson import K, Q, V
from coursesite.figure import CAPTION_CLASS, number, render
from coursesite.words import Words
from tests.constants import PREFIXES, STATE_ORDER
from tests.docs_pages import WORDS, twin
from tests.markdown_parts import FENCE
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

#: What b1's caption says the sums are, in each language: each row of A's (over the sources),
#: and the columns' and the rows' of the table normalised along the query axis.
B1_SUMS = {
    "zh": {
        "A rows": re.compile(r"A 的每一行[^；]*?和为 ([\d.]+)"),
        "by query, columns": re.compile(r"每列和为 ([\d.]+)"),
        "by query, rows": re.compile(r"每行和为 ([\d.]+)"),
    },
    "en": {
        "A rows": re.compile(r"each row of A sums to ([\d.]+)"),
        "by query, columns": re.compile(r"columns that sum to ([\d.]+)"),
        "by query, rows": re.compile(r"rows that sum to ([\d.]+)"),
    },
}


def highlighted_in(caption: str, locale: str) -> dict[str, tuple[int, ...]]:
    """Return what ``caption`` says its figure highlights: ``{matrix: rows}``, 0-based rows,
    ``()`` for every row; ``Kᵀ`` is the figure's ``KT``."""
    match = HIGHLIGHTED[locale].search(caption)
    assert match, f"{caption!r} does not say what it highlights"
    rows = (int(match["row"]) - 1,) if match["row"] else ()
    names = MATRIX_LIST.split(match["matrices"])
    return {name.replace("Kᵀ", "KT"): rows for name in names}


def highlighted_rows(figure: Tag) -> dict[str, list[int]]:
    """Return the rows (from 0) each table of a built figure marks as highlighted."""
    return {
        table["data-matrix"]: [
            i
            for i, tr in enumerate(table.select("tbody tr"))
            if "is-highlighted" in (tr.get("class") or [])
        ]
        for table in figure.select("table")
    }


def as_said(marked: dict[str, list[int]], figure: Tag) -> dict[str, tuple[int, ...]]:
    """Return the highlighted rows of a built figure as a caption says them: only the tables
    with a highlighted row, ``()`` for a table all of whose rows are."""
    said = {}
    for name, rows in marked.items():
        count = len(figure.select(f"table[data-matrix={name}] tbody tr"))
        if rows:
            said[name] = () if len(rows) == count > 1 else tuple(rows)
    return said


def column(table: Tag, j: int, part: str = "tbody") -> list[float]:
    """Return the numbers of column ``j`` (from 0, after the row headers) of a table's part."""
    return [float(tr.select("td")[j].get_text()) for tr in table.select(f"{part} tr")]


def printed_in(row: list[float], printed: list[float]) -> bool:
    """Whether the numbers ``row`` follow one another in ``printed``."""
    return any(printed[j : j + len(row)] == row for j in range(len(printed)))


def section_code(text: str, key: str) -> str:
    """Return the code blocks of state ``key``'s section of a Markdown page."""
    section = text.split(f'<span id="r36-{key}"></span>')[1].split("<span id=")[0].split("\n## ")[1]
    return "\n".join(FENCE.findall(section))


def built_figures(site: Path, parsed: ParsedPages, locale: str) -> tuple[BeautifulSoup, list[Tag]]:
    """Return R36's built page in ``locale`` and its figures, in order."""
    page = parsed.soup(site / f"{PREFIXES[locale]}R36/index.html")
    return page, page.select("figure.r36-figure")


def caption_of(page: BeautifulSoup, figure: Tag) -> str:
    """Return the text of the paragraph a built figure is described by."""
    paragraph = page.find(id=figure["aria-describedby"])
    assert paragraph is not None, figure["aria-describedby"]
    return str(paragraph.get_text())


@pytest.mark.parametrize(
    ("name", "refusal"),
    [
        ("r36-states", r"^R37\.md asks for figure: r36-states, .*state-b0"),
        ("r37-masks", r"R37\.md: .*figure: 'r37-masks'.*r36-states"),
    ],
)
def test_a_page_asking_for_a_figure_it_cannot_have_is_refused_naming_it(
    name: str, refusal: str
) -> None:
    with pytest.raises(PluginError, match=refusal):
        render("## Other { #other }\n", {"figure": name})


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_one_figure_per_state_draws_the_products_with_their_factors(
    site: Path, parsed: ParsedPages, locale: str
) -> None:
    # S = QKᵀ and Y = AV: each result with its left and right factors, Q's rows q₁ and q₂,
    # Kᵀ's columns one key each, every number attn's; Kᵀ and V shared, said in words.
    _, figures = built_figures(site, parsed, locale)
    assert [f["data-state"] for f in figures] == STATE_ORDER
    words = Words(WORDS, locale, "figure")
    r = attn.read(Q, K, V)
    for figure in figures:
        assert figure.find_previous("h2")["id"] == f"state-{figure['data-state']}"
        assert figure.has_attr("data-pagefind-ignore")
        y = figure.select_one("table[data-matrix=Y]")
        assert numbers_in(y.select_one("tbody").get_text(" ")) == [
            1.0,
            *r.output[0].round(3),
            2.0,
            *r.output[1].round(3),
        ]  # "query 1" 1.267 1.466 "query 2" 0.733 2.534, its row headers said, not shown
        for name, values in (("S", r.scores), ("A", r.weights.round(3))):
            table = figure.select_one(f"table[data-matrix={name}]")
            assert [column(table, j) for j in range(3)] == values.T.tolist(), name
        products = [
            [t["data-matrix"] for t in product.select("table")]
            for product in figure.select(".r36-product")
        ]
        assert [p[:3] for p in products] == [["Q", "KT", "S"], ["A", "V", "Y"]]
        roles = {t["data-matrix"]: t["class"] for t in figure.select("table")}
        for left, right, result in (("Q", "KT", "S"), ("A", "V", "Y")):
            assert "r36-product__left" in roles[left]
            assert "r36-product__right" in roles[right]
            assert "r36-product__result" in roles[result]
        q, kt = (figure.select_one(f"table[data-matrix={name}]") for name in ("Q", "KT"))
        assert [th.get_text() for th in q.select("tbody th")] == ["q₁", "q₂"]
        assert [column(q, j) for j in range(2)] == Q.T.tolist()
        assert [th.get_text() for th in kt.select("thead th")] == [
            words["key"].format(n=j) for j in (1, 2, 3)
        ]
        assert [column(kt, j) for j in range(3)] == K.tolist()  # column j: key j
        for name in ("KT", "V"):
            caption = figure.select_one(f"table[data-matrix={name}] caption")
            assert words["shared"] in [badge.get_text() for badge in caption.select(".r36-badge")]
        step = figure.select_one(".r36-product__step")
        assert step.get_text() == words["softmax"]
        assert step.find_parent(class_="r36-product").select_one("table")["data-matrix"] == "A"


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_a_matrix_the_text_has_not_introduced_yet_is_marked_in_words(
    site: Path, parsed: ParsedPages, locale: str
) -> None:
    # Revealed as the text goes (b0 shows A, V and Y, which b2 introduces): marked by a frame
    # and the words "see b2", a link to that state, not by colour alone.
    page, figures = built_figures(site, parsed, locale)
    for figure in figures:
        key = figure["data-state"]
        ahead = {
            t["data-matrix"]: t.select_one("caption a") for t in figure.select(".r36-matrix--ahead")
        }
        assert sorted(ahead) == {"b0": ["A", "V", "Y"]}.get(key, []), key
        for link in ahead.values():
            assert link["href"] == "#r36-b2"
            assert link.get_text() == Words(WORDS, locale, "figure")["ahead"].format(key="b2")
        if key == "b0":
            # b0's caption says so, and b2's caption is where all three are met.
            assert "b2" in caption_of(page, figure)
            b2 = caption_of(page, page.select_one("figure[data-state=b2]"))
            assert all(re.search(rf"(?<![\w.]){name}(?![\w.])", b2) for name in ahead), b2


@pytest.mark.parametrize("locale", list(PREFIXES))
@pytest.mark.parametrize("key", STATE_ORDER)
def test_raw_markdown_prints_each_states_highlighted_numbers(locale: str, key: str) -> None:
    # In the state's own doctests, or a state's the lesson took before it: b2 carries q₁'s row
    # on from the scores b0 printed.
    text = twin("R36", locale).read_text(encoding="utf-8")
    so_far = STATE_ORDER[: STATE_ORDER.index(key) + 1]
    printed = numbers_in("\n".join(section_code(text, state) for state in so_far))
    fig = lesson_figure()
    for mark in fig.state(key).highlights:
        if mark.matrix in ("Q", "V"):
            continue  # Q and V are inputs, printed once at the top of the page
        rows = mark.rows or range(len(fig.matrices[mark.matrix]))
        for i in rows:
            row = list(fig.matrices[mark.matrix][i])
            assert printed_in(row, printed), (
                f"R36.{locale}.md state {key}: {mark.matrix} row {i + 1} {row} is not printed "
                f"by then"
            )


def test_search_indexes_the_states_text_not_their_figures(site: Path, parsed: ParsedPages) -> None:
    # The figures repeat the numbers of the text and doctests; as search text their cells
    # would run together ("0.4220.1550.422"), as code blocks' would. Their captions are indexed
    # once: as the prose paragraph each figure is described by.
    fragments = search_fragments(site)
    for locale, prefix in PREFIXES.items():
        text = fragments[f"/{prefix}R36/"]["content"]
        page, figures = built_figures(site, parsed, locale)
        for figure in figures:
            caption = caption_of(page, figure)
            assert text.count(caption) == 1, caption
            cells = "".join(td.get_text() for td in figure.select("table[data-matrix=A] td"))
            assert cells not in text
        # Words only the figures have: the step from S to A, and Kᵀ's caption.
        for word in ("softmax", "KT"):
            assert Words(WORDS, locale, "figure")[word] not in text, "the figures are indexed"
        assert "attn.scores(Q, K)" not in text, "the states' doctests are indexed"


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_the_figures_caption_is_the_twins_prose(
    site: Path, parsed: ParsedPages, locale: str
) -> None:
    # One source of truth: the caption an agent reads in the raw twin is the one caption a
    # reader sees, right under the figure, which the figure points at.
    prefix = PREFIXES[locale]
    written = dict(CAPTION_UNDER_HEADING.findall((site / f"{prefix}R36.md").read_text("utf-8")))
    assert list(written) == STATE_ORDER
    page, figures = built_figures(site, parsed, locale)
    for figure in figures:
        key = figure["data-state"]
        paragraph = page.find(id=figure["aria-describedby"])
        assert paragraph.name == "p"
        assert CAPTION_CLASS in paragraph["class"]
        assert paragraph.get_text() == written[key]
        assert paragraph.find_previous("h2")["id"] == f"state-{key}"
        assert figure.find_next_sibling() is paragraph, "the caption sits right under its figure"


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_each_caption_names_what_its_figure_highlights(
    site: Path, parsed: ParsedPages, locale: str
) -> None:
    # The words a reader reads under each figure against the rows its tables mark.
    page, figures = built_figures(site, parsed, locale)
    for figure in figures:
        caption = caption_of(page, figure)
        marked = as_said(highlighted_rows(figure), figure)
        assert highlighted_in(caption, locale) == marked, caption


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_b1s_caption_states_the_sums_its_figure_shows_and_its_doctest_prints(
    site: Path, parsed: ParsedPages, locale: str
) -> None:
    # The house rule: a number in the prose is printed by the page's code, here b1's own; and
    # it is the number the figure beside the words shows.
    page, figures = built_figures(site, parsed, locale)
    figure = next(f for f in figures if f["data-state"] == "b1")
    weights, by_query = (
        figure.select_one(f"table[data-matrix={name}]") for name in ("A", "A_by_query")
    )
    shown = {
        "A rows": column(weights, 3),
        "by query, columns": column(by_query, 0, "tfoot")
        + column(by_query, 1, "tfoot")
        + column(by_query, 2, "tfoot"),
        "by query, rows": column(by_query, 3),
    }
    caption = caption_of(page, figure)
    for what, pattern in B1_SUMS[locale].items():
        stated = pattern.findall(caption)
        assert len(stated) == 1, f"{what}: {caption}"
        assert set(shown[what]) == {float(stated[0])}, f"{what}: {stated[0]} but {shown[what]}"
    assert sorted({number(x) for values in shown.values() for x in values}) == ["1", "1.5"]
    printed = numbers_in(section_code(twin("R36", locale).read_text(encoding="utf-8"), "b1"))
    for what, values in shown.items():
        assert printed_in(values, printed), f"b1's code does not print {what}: {values}"
