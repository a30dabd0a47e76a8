"""R36's explorable in a browser (without JavaScript: test_figure_browser.py)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from coursesite.figure import number
from coursesite.words import Words
from tests.axe import COLOUR_RULES, axe_violations
from tests.constants import ONE_LANGUAGE, PREFIXES, STATE_ORDER
from tests.docs_pages import WORDS

#: What the slider says of a setting, in each language (the issue's words).
SAID = {
    "zh": "q₁ 方向 {angle}°，长度 {length}：权重 {weights}",
    "en": "q₁ at {angle}°, length {length}: weights {weights}",
}
SEPARATOR = {"zh": "、", "en": ", "}


def island(page: Page) -> Any:
    """Return the page's data island, parsed."""
    return page.evaluate("JSON.parse(document.getElementById('r36-explore').textContent)")


def shown_weights(page: Page) -> list[str]:
    """Return the three weights the explorable shows."""
    return page.locator(".r36-explore__w").all_inner_texts()


@pytest.mark.parametrize("locale", list(PREFIXES))
def test_the_explorable_names_its_columns_and_three_arrow_presses_show_and_say_new_weights(
    page: Page, base_url: str, locale: str
) -> None:
    page.goto(f"{base_url}{PREFIXES[locale]}R36/")
    # Its columns are named as the figure names them (one load serves both checks).
    labels = Words(WORDS, locale, "matrix")
    expected = [labels["source"].format(n=j) for j in (1, 2, 3)]
    expected += [labels["dim"].format(n=j) for j in (1, 2)]
    columns = page.locator(".r36-explore thead th").all_inner_texts()
    assert columns == expected, "the explorable's columns are not named as the figure's"
    # And its rows as the text names them: the output y₁ (a minifier once ran the words together).
    rows = page.locator(".r36-explore tbody th").all_inner_texts()
    assert rows[-2:] == ["q₁", f"{Words(WORDS, locale, 'explore')['output']} y₁"]
    data = island(page)
    # It opens on length 1 and the lesson's V, each radio group saying so.
    radios = page.locator(".r36-explore input:checked").all()
    checked = [(r.get_attribute("name"), r.get_attribute("value")) for r in radios]
    lesson = [("r36-explore-length", str(data["lengths"].index(1))), ("r36-explore-values", "0")]
    assert checked == lesson
    slider = page.get_by_role("slider")
    expect(page.locator("label[for=r36-explore-angle]")).to_be_visible()
    before = shown_weights(page)
    slider.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert slider.evaluate("s => getComputedStyle(s).outlineStyle") != "none", "focus unseen"
    angles, lengths = data["angles"], data["lengths"]
    setting = data["settings"][lengths.index(1) * len(angles) + 3]
    weights = [number(w) for w in setting["weights"]]
    assert shown_weights(page) == weights
    assert weights != before
    said = SAID[locale].format(angle=angles[3], length=1, weights=SEPARATOR[locale].join(weights))
    expect(slider).to_have_attribute("aria-valuetext", said)
    live = page.locator(".r36-explore [aria-live=polite]")
    expect(live).to_contain_text(", ".join(number(y) for y in setting["outputs"][0]))
    # A longer query: the same direction, sharper weights, said in the live region too.
    page.locator(".r36-explore input[type=radio]").nth(lengths.index(4)).check()
    sharper = data["settings"][lengths.index(4) * len(angles) + 3]["weights"]
    expect(live).to_contain_text(SEPARATOR[locale].join(number(w) for w in sharper))
    assert max(sharper) > max(setting["weights"])


def test_the_other_v_spans_a_triangle_and_moves_the_output_off_the_segment(
    page: Page, base_url: str
) -> None:
    page.goto(f"{base_url}R36/")
    data = island(page)
    angles, lengths = data["angles"], data["lengths"]
    page.get_by_role("slider").focus()
    for _ in range(angles.index(45)):
        page.keyboard.press("ArrowRight")
    setting = data["settings"][lengths.index(1) * len(angles) + angles.index(45)]
    shown_y1 = page.locator(".r36-explore__y")
    # The lesson's V is the default: at 45° its y₁ is pinned at the segment's midpoint.
    assert shown_y1.all_inner_texts() == [number(y) for y in setting["outputs"][0]] == ["1", "2"]
    flat = page.locator(".r36-explore polygon").get_attribute("points")
    other = page.locator("label:has(input[name=r36-explore-values])").nth(1)
    expect(other).to_contain_text("v₃ = (3, 1)")
    other.locator("input").check()
    moved = [number(y) for y in setting["outputs"][1]]
    assert shown_y1.all_inner_texts() == moved
    assert 2 * float(moved[0]) + float(moved[1]) != 4, "y₁ is still on the segment"
    assert page.locator(".r36-explore polygon").get_attribute("points") != flat
    live = page.locator(".r36-explore [aria-live=polite]")
    expect(live).to_contain_text(", ".join(moved))
    # Back after leaving: the browser restores the controls, and they show what they say.
    page.goto(f"{base_url}glossary/")
    page.go_back()
    expect(other.locator("input")).to_be_checked()
    expect(shown_y1).to_have_text(moved)


def test_the_explorable_passes_axe_in_both_palettes(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}R36/")
    page.get_by_role("slider").press("ArrowRight")
    assert axe_violations(page, ".r36-explore") == [], "light palette"
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")  # one load
    assert axe_violations(page, ".r36-explore", COLOUR_RULES) == [], "dark palette"


def test_the_explorable_fits_a_phone(page: Page, base_url: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{base_url}en/R36/")
    box = page.locator(".r36-explore").bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    # Nothing inside reaches out of the box (the theme's layout would hide it, not scroll).
    sticking_out = page.evaluate(
        """() => {
          const box = document.querySelector('.r36-explore').getBoundingClientRect();
          return [...document.querySelectorAll('.r36-explore *')]
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.width > 1 && (r.left < box.left || r.right > box.right);
            })
            .map((el) => `${el.tagName} ${el.getAttribute('class')}`);
        }"""
    )
    assert sticking_out == []


def test_print_shows_every_states_tables_and_the_explorables_setting(
    page: Page, base_url: str
) -> None:
    page.goto(f"{base_url}{ONE_LANGUAGE}R36/")
    page.get_by_role("slider").press("ArrowRight")
    on_screen = shown_weights(page)
    page.emulate_media(media="print")
    try:
        figures = page.locator("figure.r36-figure")
        expect(figures).to_have_count(len(STATE_ORDER))
        for i in range(len(STATE_ORDER)):
            tables = figures.nth(i).locator("table")
            assert tables.count() >= 4
            for j in range(tables.count()):
                expect(tables.nth(j)).to_be_visible()
        expect(page.locator(".r36-stepper button").first).to_be_hidden()
        expect(page.locator(".r36-explore table").first).to_be_visible()
        expect(page.locator(".r36-explore svg")).to_be_visible()
        assert shown_weights(page) == on_screen
    finally:
        page.emulate_media(media="null")  # the module's tab as its next test expects it
