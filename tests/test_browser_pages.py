"""Every page in headless Chromium: it loads with no console error, no 4xx and no request to
another host, and axe-core finds no accessibility violation."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page

from tests.browser import watched_page
from tests.docs_pages import notebook_names, page_names
from tests.test_browser import AXE, PREFIXES


@pytest.mark.parametrize("prefix", PREFIXES.values())
@pytest.mark.parametrize("name", page_names() + notebook_names())
def test_every_page_loads_cleanly_from_localhost_only(
    browser: Browser, base_url: str, name: str, prefix: str
) -> None:
    page, traffic = watched_page(browser)
    page.goto(f"{base_url}{prefix}{name}.html", wait_until="networkidle")
    assert traffic.problems() == []
    page.context.close()


@pytest.mark.parametrize("prefix", PREFIXES.values())
@pytest.mark.parametrize("name", ["index", "R36", "lecture", "sources"])
def test_no_accessibility_violations(page: Page, base_url: str, prefix: str, name: str) -> None:
    page.goto(f"{base_url}{prefix}{name}.html")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    violations = [
        {"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:3]}
        for v in result["violations"]
    ]
    assert violations == [], json.dumps(violations, ensure_ascii=False, indent=1)
