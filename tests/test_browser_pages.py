"""Every page in headless Chromium: it loads with no console error, no 4xx and no request to
another host, and on a page of each kind axe-core finds no accessibility violation (one page
load serves both)."""

from __future__ import annotations

import pytest

from tests.axe import AXE_DARK_PAGES, AXE_PAGES, COLOUR_RULES, axe_violations
from tests.browser import STILL, Tab, loaded
from tests.constants import PREFIXES
from tests.docs_pages import address, notebook_names, page_names

#: Material's dark palette, as its toggle sets it: the scheme's CSS variables follow the body's
#: attribute (transitions off: ``STILL``).
TO_THE_DARK_PALETTE = """() => document.body.setAttribute("data-md-color-scheme", "slate")"""


@pytest.mark.parametrize("prefix", PREFIXES.values())
@pytest.mark.parametrize("name", page_names() + notebook_names())
def test_every_page_loads_cleanly_from_localhost_only(
    tab: Tab, base_url: str, name: str, prefix: str
) -> None:
    page, traffic = tab.fresh()
    loaded(page, traffic, f"{base_url}{prefix}{address(name)}")
    assert traffic.problems() == []
    if name in AXE_PAGES.get(prefix, []):
        assert axe_violations(page) == [], "light palette"
    if name in AXE_DARK_PAGES.get(prefix, []):
        # The same load in the dark palette: what the reader's toggle does (a page opened in
        # the dark palette from the start: test_search_browser.py).
        page.evaluate(STILL)
        page.evaluate(TO_THE_DARK_PALETTE)
        assert axe_violations(page, rules=COLOUR_RULES) == [], "dark palette"
