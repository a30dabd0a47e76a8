"""Search in headless Chromium, as a reader uses it: each language searches its own pages,
Chinese finds what it holds and nothing that holds its characters apart, nothing loads before
the dialog opens, the keyboard works, axe finds nothing, the dialog as shown is valid HTML, and
the site works under a sub-path."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from coursesite.search.index import write_search_index
from tests.axe import COLOUR_RULES, axe_violations
from tests.browser import Tab, serving, watched_page
from tests.constants import PREFIXES
from tests.docs_pages import ROOT
from tests.search import FIXTURE_URL, QUERIES, answered, found, opened
from tests.validator import validate_markup

#: The page at FIXTURE_URL (tests/search.py).
FIXTURE = """<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>对照页</title></head>
<body><article><div data-pagefind-body lang="zh"><h1>检索对照页</h1>
<p>回归的模型，统一的标准，变化很大；形式多样，状态良好。</p></div>
</article></body></html>"""

#: Words of the Chinese pages (R36's title) that no English page holds.
OTHER_LANGUAGE_ONLY = "很多次"


@pytest.fixture(scope="session")
def search_site(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site with the fixture page, indexed again as the build indexes it."""
    copy = tmp_path_factory.mktemp("search") / "site"
    shutil.copytree(site, copy, copy_function=os.link)  # the index is written anew, not in place
    (copy / FIXTURE_URL).write_text(FIXTURE, encoding="utf-8")
    write_search_index(copy, ROOT)
    return copy


@pytest.fixture(scope="module")
def dark_tab(browser: Browser) -> Iterator[Tab]:
    """One tab opened in the dark palette, as a reader whose system asks for it (``Tab``)."""
    page, traffic = watched_page(browser, color_scheme="dark")
    yield Tab(page, traffic)
    page.context.close()


@pytest.fixture(scope="session")
def search_url(search_site: Path) -> Iterator[str]:
    """The copy with the fixture page, on a plain static server (search under the host's own
    headers, its policy among them: test_security_headers.py)."""
    with serving(search_site) as url:
        yield url


@pytest.mark.parametrize("language", PREFIXES)
def test_each_language_searches_its_own_pages_and_loads_nothing_before(
    tab: Tab, search_url: str, language: str
) -> None:
    page, traffic = tab.fresh()
    requests: list[str] = []

    def record(request: Request) -> None:
        requests.append(request.url)

    page.on("request", record)
    page.goto(f"{search_url}{PREFIXES[language]}", wait_until="load")
    page.wait_for_timeout(100)
    assert not [url for url in requests if "/pagefind/" in url], "nothing before search opens"
    opened(page)
    for query_language, query, finds in QUERIES:
        if query_language != language:
            continue
        urls = found(page, query)
        assert search_url + finds in urls, (query, urls)
        in_english = [url.startswith(search_url + PREFIXES["en"]) for url in urls]
        assert all(in_english) if language == "en" else not any(in_english), (query, urls)
    assert found(page, "qwzx") == [], "a word no page holds: Pagefind would answer its q"
    assert [url for url in requests if "/pagefind/" in url]
    assert not [url for url in requests if "search_index.json" in url or "workers/search" in url]
    assert traffic.problems() == []
    # The page around it passes axe in test_browser_pages.py: the dialog is what is new. The
    # dark palette: the keyboard and the other-language tests.
    assert axe_violations(page, "dialog.site-search") == [], "light palette"
    if language == "zh":
        characters_held_apart_are_no_hit(page, search_url)
    page.remove_listener("request", record)


def characters_held_apart_are_no_hit(page: Page, search_url: str) -> None:
    """The fixture page holds 归, 一, 化 and 形, 状 in other words: no query for them finds it."""
    assert search_url + FIXTURE_URL in found(page, "统一"), "the fixture page is indexed"
    for query in ["归一化", "形状表", '"归一化"', "形状"]:
        urls = found(page, query)
        assert urls, query
        assert search_url + FIXTURE_URL not in urls, query
    assert "形状" in page.locator("dialog mark").all_inner_texts(), "one mark over the word"


def test_the_keyboard_opens_moves_through_and_closes_search(dark_tab: Tab, search_url: str) -> None:
    # On a home page, lighter to load than R36: what the keyboard does is the dialog's own.
    page, _ = dark_tab.fresh()
    page.goto(search_url + "en/")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    dialog = page.locator("dialog.site-search")
    field = dialog.locator("input[type=search]")
    links = dialog.locator(".site-search__results a")
    typed = ""
    for key in ["/", "s", "f"]:
        page.keyboard.press(key)
        expect(field, f"{key} opens search").to_be_focused()
        expect(field).to_have_value(typed)  # the key opened search, it was not typed
        typed = "normalise"  # and the dialog keeps the last query for the next time
        assert found(page, typed)
        if key == "/":  # every rule, light palette: test_each_language_searches_its_own_...
            assert axe_violations(page, "dialog.site-search", COLOUR_RULES) == [], "dark palette"
        page.keyboard.press("ArrowDown")
        expect(links.nth(0)).to_be_focused()
        page.keyboard.press("ArrowDown")
        expect(links.nth(1)).to_be_focused()
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowUp")
        expect(field).to_be_focused()
        for _ in range(len(links.all()) + 3):
            page.keyboard.press("Tab")
            where = page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
            assert page.evaluate(
                "document.querySelector('dialog').contains(document.activeElement)"
            ), (key, where)
        if key == "/":  # three shown: asked for more, the keyboard goes on from the fourth
            dialog.locator(".site-search__more").press("Enter")
            expect(dialog.locator(".site-search__page").nth(3)).to_be_focused()
        page.keyboard.press("Escape")
        expect(dialog).not_to_be_visible()


def test_a_query_with_no_hit_offers_the_other_language(
    dark_tab: Tab, search_url: str, tmp_path: Path
) -> None:
    page, _ = dark_tab.fresh()
    page.goto(search_url + "en/R36/")  # the offer leads to the same page in the other language
    opened(page)
    assert found(page, OTHER_LANGUAGE_ONLY) == []
    shown = {"no-hit.html": dialog_document(page)}
    page.locator("a.site-search__elsewhere[hreflang=zh]").click()
    page.wait_for_url(f"{search_url}R36/?q=*")
    answered(page, OTHER_LANGUAGE_ONLY)
    urls = page.eval_on_selector_all(".site-search__page", "links => links.map(a => a.href)")
    assert search_url + "R36/" in urls
    shown["results.html"] = dialog_document(page)
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    assert axe_violations(page, "dialog.site-search") == [], "dark palette, Chinese"
    # The built pages are valid HTML (test_html_valid.py), but the dialog is not in them:
    # search.js writes it. Checked as shown, with no hit (and the offer) and with results; it
    # is the site's own markup, so none of the theme's known errors is allowed in it.
    problems = "\n".join(str(p) for p in validate_markup(shown, tmp_path))
    assert not problems, f"html-validate on the search dialog:\n{problems}"


def dialog_document(page: Page) -> str:
    """The search dialog as the browser shows it (its outerHTML), in a document of its own
    in the page's language."""
    language, dialog = page.evaluate(
        "[document.documentElement.lang, document.querySelector('dialog.site-search').outerHTML]"
    )
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        f"<title>search</title></head><body>{dialog}</body></html>"
    )


def test_results_are_right_under_a_sub_path(tab: Tab, search_site: Path) -> None:
    with serving(search_site, sub_path="/course/") as base:
        assert base.endswith("/course/")
        page, traffic = tab.fresh()
        page.goto(base)
        opened(page)
        urls = found(page, "归一化")
        assert base + "R36/" in urls
        page.locator(".site-search__page[href='/course/R36/']").click()
        page.wait_for_url(base + "R36/*")
        assert traffic.problems() == []
