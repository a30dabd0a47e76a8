"""The built site in headless Chromium, used as a reader would: switching language, following
the lesson's links, copying, and the 404 page (searching: test_search_browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser import shown_state, watched_page
from tests.constants import PREFIXES
from tests.docs_pages import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.mark.parametrize(
    ("start", "switch_to", "lands"),
    [
        ("R36.html#r36-b3", "en", "en/R36.html#r36-b3"),
        ("en/R36.html#r36-b3", "zh", "R36.html#r36-b3"),
    ],
)
def test_language_switch_keeps_the_section(
    page: Page, base_url: str, start: str, switch_to: str, lands: str
) -> None:
    page.goto(base_url + start)
    page.locator(".md-header__option .md-select").first.hover()
    page.locator(f".md-select__inner a[hreflang={switch_to}]").click()
    page.wait_for_url(base_url + lands)
    expect(page.locator("#r36-b3")).to_be_attached()
    # The deep link opens the figure at its state, in both languages.
    assert shown_state(page)[0] == "b3"
    expect(page.locator("#state-b3")).to_have_attribute("aria-current", "step")


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_the_lessons_links_reach_their_sections(page: Page, base_url: str, prefix: str) -> None:
    page.goto(f"{base_url}{prefix}R36.html")
    for href, target in [("lecture.html#read-R36", "read-R36"), ("sources.html#M22", "M22")]:
        page.locator(f"article a[href='{href}']").first.click()
        page.wait_for_url(f"{base_url}{prefix}{href}")
        expect(page.locator(f"[id='{target}']")).to_be_in_viewport()
        page.go_back()
        page.wait_for_url(f"{base_url}{prefix}R36.html")


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_copying_a_doctest_gives_runnable_code(
    browser: Browser, base_url: str, prefix: str
) -> None:
    page, _ = watched_page(browser)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page.goto(f"{base_url}{prefix}R36.html")
    block = page.locator("article .highlight").nth(2)  # state b2: r = attn.read(Q, K, V) ...
    block.hover()
    block.locator("button[data-md-type=copy]").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines()[:3] == [
        "r = attn.read(Q, K, V)",
        "r.weights.round(3)",
        "r.output.round(3)",
    ]
    assert ">>>" not in copied
    assert "array(" not in copied
    page.context.close()


def test_a_missing_page_gets_the_bilingual_404(page: Page, base_url: str, site: Path) -> None:
    response = page.goto(base_url + "no-such-page.html")
    assert response is not None
    assert response.status == 404
    html = (site / "404.html").read_text(encoding="utf-8")
    assert "找不到这个页面" in html
    assert "Page not found" in html
