"""R36's figure in a browser: the stepper walks b0 → b2 → b3 → b1 by buttons and keys, the
hash follows, deep links open their state, and without JavaScript every state is shown."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser import watched_page
from tests.test_browser import AXE

ORDER = ["b0", "b2", "b3", "b1"]
PREFIXES = ["", "en/"]


def shown_state(page: Page) -> tuple[str, list[str]]:
    """Return the visible figure's state and the highlighted rows, as 'matrix:row' strings."""
    figure = page.locator("figure.r36-figure:visible")
    expect(figure).to_have_count(1)
    rows = figure.evaluate(
        """f => [...f.querySelectorAll('table')].flatMap(t =>
             [...t.querySelectorAll('tbody tr')].map((tr, i) =>
               tr.classList.contains('is-highlighted') ? t.dataset.matrix + ':' + i : null))
             .filter(Boolean)"""
    )
    return figure.get_attribute("data-state"), rows


@pytest.mark.parametrize("prefix", PREFIXES)
def test_buttons_walk_the_states_in_the_lessons_order(
    page: Page, base_url: str, prefix: str
) -> None:
    page.goto(f"{base_url}{prefix}R36.html")
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
    assert [state for state, _ in seen] == ORDER
    highlights = [rows for _, rows in seen]
    assert len({json.dumps(h) for h in highlights}) == 4, "each state must highlight differently"
    expect(stepper.locator("button[data-step='1']")).to_be_disabled()


def test_arrow_keys_walk_the_states(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}R36.html")
    page.locator(".r36-stepper button[data-step='1']").focus()
    seen = [shown_state(page)[0]]
    for _ in range(3):
        page.keyboard.press("ArrowRight")
        seen.append(shown_state(page)[0])
    page.keyboard.press("ArrowRight")  # past the end: stays on b1
    assert shown_state(page)[0] == "b1"
    page.keyboard.press("ArrowLeft")
    assert seen == ORDER
    assert shown_state(page)[0] == "b3"
    assert page.url.endswith("#r36-b3")


def test_tab_reaches_the_stepper(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}R36.html")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('.r36-stepper') !== null"):
            break
    else:
        pytest.fail("the stepper cannot be reached with the Tab key")
    page.keyboard.press("Enter")
    assert shown_state(page)[0] == "b2"


@pytest.mark.parametrize("prefix", PREFIXES)
def test_a_deep_link_opens_its_state(page: Page, base_url: str, prefix: str) -> None:
    page.goto(f"{base_url}{prefix}R36.html#r36-b3")
    assert shown_state(page)[0] == "b3"
    expect(page.locator("#state-b3")).to_have_attribute("aria-current", "step")


@pytest.mark.parametrize("prefix", PREFIXES)
def test_without_javascript_every_state_shows_its_figure(
    browser: Browser, base_url: str, prefix: str
) -> None:
    page, _ = watched_page(browser, java_script_enabled=False)
    page.goto(f"{base_url}{prefix}R36.html")
    figures = page.locator("figure.r36-figure")
    expect(figures).to_have_count(4)
    for i, key in enumerate(ORDER):
        figure = figures.nth(i)
        expect(figure).to_be_visible()
        assert figure.get_attribute("data-state") == key
        expect(figure.locator("table[data-matrix=Y]")).to_contain_text("1.267")
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_state_passes_axe(browser: Browser, base_url: str, scheme: str) -> None:
    page, traffic = watched_page(browser, color_scheme=scheme)
    page.goto(f"{base_url}R36.html")
    page.add_script_tag(path=str(AXE))
    for state in ORDER:
        assert shown_state(page)[0] == state
        result = page.evaluate(
            "axe.run(document.querySelector('.r36-stepper'), {resultTypes: ['violations']})"
        )
        found = [
            (v["id"], [n["any"][0]["message"] for n in v["nodes"]]) for v in result["violations"]
        ]
        assert found == [], f"state {state}"
        if state != ORDER[-1]:
            page.locator(".r36-stepper button[data-step='1']").click()
            page.wait_for_timeout(300)  # the theme's buttons fade their colours for 125 ms
    assert traffic.console_errors == []
    page.context.close()
