"""R36's exercises as a reader meets them: each answer hidden until its reader opens it (with
the keyboard too), and every answer shown on paper."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser import watched_page
from tests.constants import PREFIXES

#: Whether an element is drawn: a closed <details>' content still reports boxes, so
#: getClientRects() cannot tell a hidden answer from a shown one.
SHOWN = "element => element.checkVisibility()"


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_each_answer_opens_from_the_keyboard(page: Page, base_url: str, prefix: str) -> None:
    page.goto(f"{base_url}{prefix}R36/")
    answers = page.locator("article details")
    assert answers.count() >= 4
    for i in range(answers.count()):
        answer = answers.nth(i)
        code = answer.locator("pre").first
        assert not code.evaluate(SHOWN), f"answer {i + 1} is shown before it is asked for"
        answer.locator("summary").focus()
        page.keyboard.press("Enter")
        expect(answer).to_have_attribute("open", "")
        assert code.evaluate(SHOWN), f"answer {i + 1} stays hidden once opened"


def test_every_answer_prints_without_javascript(browser: Browser, base_url: str) -> None:
    # Material opens every <details> as printing starts; without JavaScript the site's own
    # print style must show the answers.
    page, _ = watched_page(browser, java_script_enabled=False)
    page.emulate_media(media="print")
    page.goto(f"{base_url}{PREFIXES['zh']}R36/")
    answers = page.locator("article details pre")
    assert answers.count() >= 4
    for i in range(answers.count()):
        assert answers.nth(i).evaluate(SHOWN), f"answer {i + 1} is not printed"
    page.context.close()
