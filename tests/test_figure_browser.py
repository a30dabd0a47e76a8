"""R36's figure in a browser: the products as drawn on paper, the stepper, no JavaScript (deep
links: test_browser.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.axe import COLOUR_RULES, axe_violations
from tests.browser import STILL, Tab, shown_state, watched_page
from tests.constants import ONE_LANGUAGE, PREFIXES, STATE_ORDER

#: What a reader sees of the shown figure's tables, by matrix: the table's box, each body
#: row's first number and each column's (boxes as [left, top, right, bottom]), which rows are
#: marked, whether its last column holds sums (b1), each number's weight and each row's outline.
TABLES = """f => Object.fromEntries([...f.querySelectorAll('table')].map((t) => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const rows = [...t.querySelectorAll('tbody tr')];
  const style = (el) => getComputedStyle(el);
  return [t.dataset.matrix, {
    box: box(t),
    rows: rows.map((tr) => box(tr.querySelector('td'))),
    columns: [...rows[0].querySelectorAll('td')].map(box),
    marked: rows.map((tr) => tr.classList.contains('is-highlighted')),
    sums: t.classList.contains('r36-matrix--sums'),
    weights: rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => Number(style(td).fontWeight))),
    outlines: rows.map((tr) => style(tr).outlineStyle),
  }];
}))"""
#: How far apart, in CSS pixels, two edges drawn level may be.
LEVEL = 1.0
LEFT, TOP, RIGHT, BOTTOM = range(4)


def level(a: list[list[float]], b: list[list[float]], edges: tuple[int, int]) -> bool:
    """Whether the boxes of ``a`` and ``b``, in pairs, have both ``edges`` level."""
    pairs = zip(a, b, strict=True)
    return all(abs(x[e] - y[e]) <= LEVEL for x, y in pairs for e in edges)


def out_of_drawing(tables: dict[str, Any], key: str) -> list[str]:
    """Return how the tables of state ``key`` differ from matrix products drawn on paper: each
    result with its left factor's rows level beside it, and its right factor's columns right
    above its own; b1's table normalised along the query axis with its columns under A's."""
    found = []
    for left, right, result in (("Q", "KT", "S"), ("A", "V", "Y")):
        factor, over, made = tables[left], tables[right], tables[result]
        if not (
            factor["box"][RIGHT] <= made["box"][LEFT]
            and level(factor["rows"], made["rows"], (TOP, BOTTOM))
        ):
            found.append(f"{key}: {left}'s rows are not level beside {result}'s")
        if not (
            over["box"][BOTTOM] <= made["box"][TOP]
            and level(over["columns"], made["columns"], (LEFT, RIGHT))
        ):
            found.append(f"{key}: {right}'s columns are not over {result}'s")
    if key == "b1":
        a, under = tables["A"], tables["A_by_query"]
        if not (
            a["box"][BOTTOM] <= under["box"][TOP]
            and level(a["columns"], under["columns"], (LEFT, RIGHT))
        ):
            found.append("b1: the table normalised along the query axis is not under A")
    return found


def marked_otherwise(tables: dict[str, Any], key: str) -> list[str]:
    """Return each row of state ``key`` not marked as its class says: a highlighted row's
    numbers bold and the row outlined, any other number in normal weight and its row not
    outlined, but b1's sums (the last column of a table with sums), bold."""
    found = []
    for name, table in tables.items():
        rows = zip(table["marked"], table["weights"], table["outlines"], strict=True)
        for i, (marked, weights, outline) in enumerate(rows):
            plain = weights[:-1] if table["sums"] else weights
            if marked and (min(weights) < 700 or outline != "solid"):
                found.append(f"{key}: {name} row {i + 1} is highlighted but not bold and outlined")
            if not marked and (max(plain) >= 700 or outline != "none"):
                found.append(f"{key}: {name} row {i + 1} is bold or outlined, not highlighted")
            if table["sums"] and weights[-1] < 700:
                found.append(f"{key}: {name} row {i + 1}'s sum is not bold")
    return found


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_each_state_draws_the_products_and_marks_its_rows(
    page: Page, base_url: str, prefix: str, width: int
) -> None:
    # In both languages, whose words take different widths: on a desktop the products side by
    # side, S's rows level with A's; on a phone one above the other, within the stepper.
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{base_url}{prefix}R36/")
    stepper = page.locator(".r36-stepper")
    box = stepper.bounding_box()
    assert box is not None
    for i, key in enumerate(STATE_ORDER):
        if i:
            stepper.locator("button[data-step='1']").click()
        assert shown_state(page)[0] == key
        tables = page.locator("figure.r36-figure:visible").evaluate(TABLES)
        assert out_of_drawing(tables, key) == []
        assert marked_otherwise(tables, key) == []
        s, a = tables["S"], tables["A"]
        if width > 1000:
            assert a["box"][LEFT] > s["box"][RIGHT], f"{key}: the products are not side by side"
            assert level(s["rows"], a["rows"], (TOP, BOTTOM)), f"{key}: S's rows and A's differ"
        else:
            assert a["box"][TOP] > s["box"][BOTTOM], f"{key}: the products are not stacked"
        widest = max(table["box"][RIGHT] for table in tables.values())
        assert widest <= box["x"] + box["width"], f"{key}: a table reaches out of the stepper"


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_buttons_walk_the_states_in_the_lessons_order(
    page: Page, base_url: str, prefix: str
) -> None:
    # In both languages: the page must not jump as a state's text is marked and unmarked, and
    # how far it would depends on how each language's words wrap (figure.js).
    page.goto(f"{base_url}{prefix}R36/")
    seen = [shown_state(page)]
    stepper = page.locator(".r36-stepper")
    for _ in range(3):
        stepper.locator("button[data-step='1']").scroll_into_view_if_needed()
        top = stepper.bounding_box()["y"]
        stepper.locator("button[data-step='1']").click()
        assert abs(stepper.bounding_box()["y"] - top) < 2, "the page jumped"
        seen.append(shown_state(page))
        key = seen[-1][0]
        assert page.url.endswith(f"#r36-{key}")
        expect(page.locator(f"#state-{key}")).to_have_attribute("aria-current", "step")
        # The stepper says the caption paragraph the figure is described by.
        live = stepper.locator("[aria-live=polite]").inner_text()
        caption = page.locator(f"figure[data-state={key}]").get_attribute("aria-describedby")
        assert live == page.locator(f"[id='{caption}']").inner_text()
    assert [state for state, _ in seen] == STATE_ORDER
    highlights = [rows for _, rows in seen]
    assert len({json.dumps(h) for h in highlights}) == 4, "each state must highlight differently"
    expect(stepper.locator("button[data-step='1']")).to_be_disabled()


def test_the_keyboard_reaches_the_stepper_and_walks_the_states(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}R36/")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.r36-stepper') !== null"):
            break
    else:
        pytest.fail("the stepper cannot be reached with the Tab key")
    seen = [shown_state(page)[0]]
    page.keyboard.press("Enter")  # on the first button Tab reaches: next
    seen.append(shown_state(page)[0])
    in_stepper = "document.activeElement.closest('.r36-stepper') !== null"
    assert page.evaluate(in_stepper), "the focus left the stepper when it moved"
    for _ in range(2):
        page.keyboard.press("ArrowRight")
        seen.append(shown_state(page)[0])
    page.keyboard.press("ArrowRight")  # past the end: stays on b1
    assert shown_state(page)[0] == "b1"
    page.keyboard.press("ArrowLeft")
    assert seen == STATE_ORDER
    assert shown_state(page)[0] == "b3"
    assert page.url.endswith("#r36-b3")


@pytest.fixture(scope="module")
def tab_without_javascript(browser: Browser) -> Iterator[Tab]:
    """One tab with JavaScript off (``Tab``)."""
    page, traffic = watched_page(browser, java_script_enabled=False)
    yield Tab(page, traffic)
    page.context.close()


def test_without_javascript_every_state_shows_its_figure(
    tab_without_javascript: Tab, base_url: str
) -> None:
    page, _ = tab_without_javascript.fresh()
    page.goto(f"{base_url}{ONE_LANGUAGE}R36/")
    figures = page.locator("figure.r36-figure")
    expect(figures).to_have_count(4)
    for i, key in enumerate(STATE_ORDER):
        figure = figures.nth(i)
        expect(figure).to_be_visible()
        assert figure.get_attribute("data-state") == key
        expect(figure.locator("table[data-matrix=Y]")).to_contain_text("1.267")
    # The explorable (test_explore_browser.py) is its caption paragraph alone: no dead control.
    expect(page.locator(".r36-explore-caption")).to_be_visible()
    expect(page.locator("[data-pagefind-body] :is(input, button, select)")).to_have_count(0)


def test_every_state_passes_axe_in_both_palettes(page: Page, base_url: str) -> None:
    # The first state is what R36 opens at: the whole page's axe runs check it, in both
    # palettes (test_browser_pages.py); this test checks the states after it, each with every
    # rule in the light palette and with the rules a palette can change in the dark one.
    page.goto(f"{base_url}{ONE_LANGUAGE}R36/")
    # The theme's buttons fade their colours (125 ms): axe must see the colours they end with.
    page.evaluate(STILL)
    assert shown_state(page)[0] == STATE_ORDER[0]
    for state in STATE_ORDER[1:]:
        page.locator(".r36-stepper button[data-step='1']").click()
        assert shown_state(page)[0] == state
        assert axe_violations(page, ".r36-stepper") == [], f"state {state}, light palette"
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
        found = axe_violations(page, ".r36-stepper", COLOUR_RULES)
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
        assert found == [], f"state {state}, dark palette"
