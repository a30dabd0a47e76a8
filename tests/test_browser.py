"""The built site in headless Chromium, used as a reader would: switching language, following
the lesson's links, copying, and the 404 page (searching: test_search_browser.py)."""

from __future__ import annotations

import code
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser import Tab, loaded, shown_state
from tests.constants import ONE_LANGUAGE, PREFIXES
from tests.site import NOT_FOUND


@pytest.mark.parametrize(
    ("start", "switch_to", "lands"),
    [
        ("R36/#r36-b3", "en", "en/R36/#r36-b3"),
        ("en/R36/#r36-b3", "zh", "R36/#r36-b3"),
    ],
)
def test_language_switch_keeps_the_section(
    page: Page, base_url: str, start: str, switch_to: str, lands: str
) -> None:
    page.goto(base_url + start)
    page.locator(f".site-tools a[hreflang={switch_to}]").click()
    page.wait_for_url(base_url + lands)
    expect(page.locator("#r36-b3")).to_be_attached()
    # The deep link opens the figure at its state, in both languages.
    assert shown_state(page)[0] == "b3"
    expect(page.locator("#state-b3")).to_have_attribute("aria-current", "step")


def test_the_lessons_links_reach_their_sections(page: Page, base_url: str) -> None:
    # The strict build fails on a link that leads nowhere, in either language.
    page.goto(f"{base_url}{ONE_LANGUAGE}R36/")
    for href, target in [("lecture/#read-R36", "read-R36"), ("sources/#M22", "M22")]:
        page.locator(f"article a[href='../{href}']").first.click()
        page.wait_for_url(f"{base_url}{ONE_LANGUAGE}{href}")
        expect(page.locator(f"[id='{target}']")).to_be_in_viewport()
        page.go_back()
        page.wait_for_url(f"{base_url}{ONE_LANGUAGE}R36/")


class Repl(code.InteractiveConsole):
    """Python's interactive console, as a paste reaches it (line by line), keeping its errors."""

    def __init__(self) -> None:
        super().__init__({})
        self.errors: list[str] = []

    def showsyntaxerror(self, *args: Any, **kwargs: Any) -> None:
        self.errors.append(repr(sys.exc_info()[1]))

    def showtraceback(self) -> None:
        self.errors.append(repr(sys.exc_info()[1]))


def test_copying_a_doctest_gives_runnable_code(tab: Tab, base_url: str) -> None:
    page, _ = tab.fresh()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page.goto(f"{base_url}{ONE_LANGUAGE}R36/")
    # The stacking's example: Q, the read, and a loop that checks each row against its own read.
    block = page.locator("article .highlight").filter(has_text="both = attn.read(Q, K, V)").first
    block.hover()
    block.locator("button[data-md-type=copy]").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines()[:3] == [
        "Q",
        "both = attn.read(Q, K, V)",
        "for i in range(len(Q)):",
    ]
    assert ">>>" not in copied
    assert "array(" not in copied
    # Pasted into Python's REPL after the page's first example, it runs, the loop included.
    repl = Repl()
    for line in ["import numpy as np, attn", "from attn.lesson import Q, K, V, q1", ""]:
        repl.push(line)
    for line in [*copied.splitlines(), ""]:
        repl.push(line)
    assert repl.errors == []
    assert repl.locals["both"].output.shape == (2, 2)
    # So does a loop written on one line, which no page holds yet.
    one_line = page.evaluate("doctestSource('>>> for i in range(2): i\\n0\\n1\\n>>> j = 3')")
    repl = Repl()
    for line in [*one_line.splitlines(), ""]:
        repl.push(line)
    assert (repl.errors, repl.locals.get("j")) == ([], 3)


@pytest.mark.parametrize("missing", ["no-such-page.html", "en/lab/no-such-page.html"])
def test_a_missing_page_gets_the_bilingual_404(
    tab: Tab, base_url: str, site: Path, missing: str
) -> None:
    # Cloudflare Pages answers with the 404.html nearest up the tree (en/404.html under en/),
    # with status 404, at the missing URL's depth.
    page, traffic = tab.fresh()
    with page.expect_response(base_url + missing) as answer:
        loaded(page, traffic, base_url + missing)
    response = answer.value
    assert response.status == 404
    assert response.headers["content-type"].startswith("text/html")
    nearest = next(f / NOT_FOUND for f in (site / missing).parents if (f / NOT_FOUND).is_file())
    assert response.text() == nearest.read_text(encoding="utf-8")
    expect(page.locator("section[lang=zh] h2")).to_have_text("找不到这个页面")
    expect(page.locator("section[lang=en] h2")).to_have_text("Page not found")
    # Its styles and scripts load from any depth: the only failure is the missing page itself.
    assert traffic.problems() == [
        "console: Failed to load resource: the server responded with a status of 404 (Not Found)",
        f"failed: 404 {base_url}{missing}",
    ]
    page.get_by_role("link", name="English home page").click()
    page.wait_for_url(f"{base_url}{PREFIXES['en']}")
