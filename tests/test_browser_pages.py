"""Every page in headless Chromium: it loads with no console error, no 4xx and no request to
another host, and axe-core finds no accessibility violation (one page load serves both)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.browser import loaded, watched_page
from tests.constants import PREFIXES
from tests.docs_pages import notebook_names, page_names
from tests.test_browser import AXE

#: The pages axe-core checks: one of each kind (home, lesson with figure and formulas, prose,
#: records); the lab and the generated pages share their templates and styles.
AXE_PAGES = ["index", "R36", "lecture", "sources"]


@pytest.mark.parametrize("prefix", PREFIXES.values())
@pytest.mark.parametrize("name", page_names() + notebook_names())
def test_every_page_loads_cleanly_from_localhost_only(
    browser: Browser, base_url: str, name: str, prefix: str
) -> None:
    page, traffic = watched_page(browser)
    loaded(page, traffic, f"{base_url}{prefix}{name}.html")
    assert traffic.problems() == []
    if name in AXE_PAGES:
        assert axe_violations(page) == []
    page.context.close()


def test_the_accessibility_check_covers_real_pages() -> None:
    assert set(AXE_PAGES) <= set(page_names())


def axe_violations(page: Page, within: str = "html") -> list[dict[str, object]]:
    """Run axe-core on the loaded page (or the part of it ``within`` selects); return each
    violation's id and first three nodes."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "within => axe.run(document.querySelector(within), {resultTypes: ['violations']})",
        within,
    )
    return [
        {"id": v["id"], "nodes": [n["target"] for n in v["nodes"]][:3]}
        for v in result["violations"]
    ]
