"""The site's search dialog as a reader uses it: the queries the search tests type, and how
they open the dialog and read what it lists."""

from __future__ import annotations

from playwright.sync_api import Page, expect

#: A page of the test site only: it holds 归, 一, 化 and 形, 状, but each in other words.
FIXTURE_URL = "search-fixture.html"

#: (language, query, a page it must find), as a reader types them.
QUERIES = [
    ("zh", "归一化", "R36/"),
    ("zh", "形状表", "lecture/"),
    ("zh", "分数表", "R36/"),
    ("zh", '"归一化"', "R36/"),
    ("zh", "“归一化”", "R36/"),
    ("zh", "对照页", FIXTURE_URL),
    ("en", "normalise", "en/R36/"),
    ("en", "attention", "en/"),
    ("en", '"score table"', "en/R36/"),
    ("en", "d_k", "en/glossary/"),
    ("en", "归一化", "en/glossary/"),  # the glossary names each term in Chinese too
]


def found(page: Page, query: str) -> list[str]:
    """Type ``query`` into the open dialog; return the URLs of the pages it lists."""
    field = page.locator("dialog.site-search input[type=search]")
    field.fill(query)
    answered(page, query)
    return page.eval_on_selector_all(".site-search__page", "links => links.map(a => a.href)")


def answered(page: Page, query: str) -> None:
    """Wait until the dialog shows its answer to ``query`` (checked every frame: an
    ``expect`` polls ever more slowly, and waits up to a second past the answer)."""
    page.wait_for_function(
        "q => document.querySelector('dialog.site-search')?.dataset.answered === q",
        arg=query.strip(),
        timeout=10_000,
    )


def opened(page: Page) -> None:
    page.locator("[data-site-search]").click()
    expect(page.locator("dialog.site-search input[type=search]")).to_be_focused()
