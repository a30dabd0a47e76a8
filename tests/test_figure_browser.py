"""R36's figure in a browser: the stepper walks b0 → b2 → b3 → b1 by buttons and keys, the
hash follows, and without JavaScript every state is shown, with no control that does nothing
(deep links: test_browser.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.axe import AXE_DARK_PAGES, AXE_PAGES, COLOUR_RULES, axe_violations
from tests.browser import STILL, Tab, shown_state, watched_page
from tests.constants import ONE_LANGUAGE, PREFIXES, STATE_ORDER


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
        live = stepper.locator("[aria-live=polite]").inner_text()
        assert live == page.locator(f"figure[data-state={key}] figcaption").inner_text()
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
    expect(page.locator("article :is(input, button, select)")).to_have_count(0)


def test_every_state_passes_axe_in_both_palettes(page: Page, base_url: str) -> None:
    # The first state is what R36 opens at: the whole page's axe runs check it, in both
    # palettes (test_browser_pages.py); this test checks the states after it, each with every
    # rule in the light palette and with the rules a palette can change in the dark one.
    assert "R36" in AXE_PAGES[ONE_LANGUAGE], "no test checks the first state, light palette"
    assert "R36" in AXE_DARK_PAGES[ONE_LANGUAGE], "no test checks the first state, dark palette"
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
