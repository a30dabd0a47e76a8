"""Every page in headless Chromium: it loads with no console error, no 4xx and no request to
another host, and on a page of each kind axe-core finds no accessibility violation (one page
load serves both)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser import STILL, Tab, loaded
from tests.constants import PREFIXES
from tests.docs_pages import address, notebook_names, page_names
from tests.test_browser import AXE

#: The pages axe-core checks, by language folder. In Chinese, one of each kind (home, lesson
#: with figure and formulas, prose, records, the lab's notebooks with JupyterLab's stylesheet);
#: the generated pages share their templates and styles. An English page is its Chinese twin's
#: template and markup with other words: of axe's rules, those words can break the ones on
#: names, labels and language, checked on R36, the page with the most words of the site's own,
#: and on the notebooks, each written in its language (their figures' text alternatives too).
AXE_PAGES = {
    "": ["index", "R36", "lecture", "sources", *notebook_names()],
    "en/": ["R36", *notebook_names()],
}
#: The pages axe-core checks in the dark palette too: the lesson (code, formulas, figure) and
#: the notebooks, whose cells, outputs and code follow Material's palette through
#: assets/lab/jupyterlab.css; the site's code colours are in assets/stylesheets/site.css. The
#: palette's colours are the same in both languages: Chinese only.
AXE_DARK_PAGES = {"": ["R36", *notebook_names()]}


#: The axe-core rules whose outcome a palette can change: in the other palette a page has the
#: same markup, names and structure, other colours only. A page checked with every rule in one
#: palette is checked with these in the other.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]

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


def axe_violations(
    page: Page, within: str = "html", rules: list[str] | None = None
) -> list[dict[str, object]]:
    """Run axe-core on the loaded page (or the part of it ``within`` selects), its default
    rules or ``rules`` only; return each violation's id, first three nodes and what is wrong
    with the first."""
    if not page.evaluate("() => 'axe' in window"):  # once per load: it is 0.5 MB of script
        # Evaluated by the browser's tools, as the site's policy refuses an inline script tag.
        page.evaluate(AXE.read_text(encoding="utf-8"))
    options: dict[str, object] = {"resultTypes": ["violations"]}
    if rules is not None:
        options["runOnly"] = {"type": "rule", "values": rules}
    result = page.evaluate(
        "([within, options]) => axe.run(document.querySelector(within), options)",
        [within, options],
    )
    return [
        {
            "id": v["id"],
            "nodes": [n["target"] for n in v["nodes"]][:3],
            "first": v["nodes"][0]["failureSummary"],
        }
        for v in result["violations"]
    ]
