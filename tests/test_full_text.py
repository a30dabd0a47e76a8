"""The readable full-text view (可读全文) of every page: NAME.md.html beside NAME.md."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Browser, expect

from tests.browser import Tab, watched_page
from tests.constants import PREFIXES
from tests.docs_pages import DOCS, SEED, address, page_names, twin
from tests.markdown_parts import FENCE, IDS, body
from tests.site import ParsedPages


def anchor_line(view: BeautifulSoup, anchor: str) -> str:
    """Return the source line the view's anchor ``anchor`` stands on."""
    found = view.select_one("pre#source").find(id=anchor)
    assert found is not None, f"the view has no anchor {anchor}"
    return "".join(str(s) for s in found.next_siblings if isinstance(s, str)).split("\n")[0]


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
@pytest.mark.parametrize("name", page_names())
def test_view_is_the_published_markdown_in_html_of_its_language_with_its_anchors_and_links(
    site: Path, parsed: ParsedPages, locale: str, prefix: str, name: str
) -> None:
    page = site / f"{prefix}{name}.md.html"
    assert page.read_bytes().startswith(b"<!doctype html>")
    view = parsed.soup(page)
    assert view.find("meta", charset="utf-8")
    assert view.html["lang"] == locale
    published = (site / f"{prefix}{name}.md").read_bytes()
    assert view.select_one("pre#source").get_text().encode("utf-8") == published
    hrefs = [a["href"] for a in view.select("header a[href]")]
    assert f"{name}.md" in hrefs
    assert (address(name) or "./") in hrefs
    assert any(h.endswith("originals.zip") for h in hrefs)
    for href in hrefs:
        target = page.parent / (href + ("index.html" if href.endswith("/") else ""))
        assert target.resolve().is_file(), f"{page.name} links {href}"
    # What an id in the page's own Markdown (not in its code) points at, the view points at too.
    text = FENCE.sub("", body(twin(name, locale).read_text(encoding="utf-8")))
    for anchor in {a or b for a, b in IDS.findall(text)}:
        assert anchor in anchor_line(view, anchor), f"{name}.{locale}.md: {anchor}"


def test_chinese_view_opens_with_the_seeds_lines_verbatim(site: Path, parsed: ParsedPages) -> None:
    seed = [line for line in SEED.read_text(encoding="utf-8").splitlines() if line][:2]
    view = parsed.soup(site / "R36.md.html")
    assert view.select_one("h1").get_text() == seed[0]  # R36.md · 可读全文
    assert view.select_one("header p").get_text() == seed[1]


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_copy_button_copies_exactly_the_file(
    tab: Tab, base_url: str, site: Path, prefix: str
) -> None:
    page, traffic = tab.fresh()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    page.goto(f"{base_url}{prefix}R36.md.html")
    page.get_by_role("button").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == (site / f"{prefix}R36.md").read_text(encoding="utf-8")
    assert traffic.problems() == []


def test_view_reads_without_javascript_and_anchors_scroll(browser: Browser, base_url: str) -> None:
    page, _ = watched_page(
        browser, java_script_enabled=False, viewport={"width": 390, "height": 800}
    )
    page.goto(f"{base_url}R36.md.html#r36-b3")
    expect(page.locator("pre#source")).to_be_visible()
    expect(page.locator("#r36-b3")).to_be_in_viewport()
    expect(page.get_by_role("button")).to_be_hidden()  # copying needs the script
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the view must wrap on a phone, not scroll sideways"
    page.context.close()


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_the_lab_has_a_view_of_its_python_source(
    site: Path, parsed: ParsedPages, locale: str, prefix: str
) -> None:
    view = parsed.soup(site / f"{prefix}lab/LAB-02.py.html")
    source = (DOCS / locale / "lab" / "LAB-02.py").read_bytes()
    assert view.select_one("pre#source").get_text().encode("utf-8") == source
    links = {a.get_text(): a["href"] for a in view.select("header a[href]")}
    assert links[".py"] == "LAB-02.py"
    assert ".md" not in links, "a notebook has no .md twin to link"
    action = parsed.soup(site / f"{prefix}lab/LAB-02/index.html").select_one(".md-twin a")
    assert action["href"] == "../LAB-02.py.html"
