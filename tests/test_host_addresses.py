"""The site's addresses as its host serves them, read from Cloudflare Pages' own runtime
(``tests/runtime.py``)."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import Browser, Request

from tests.browser import loaded, watched_page
from tests.constants import PREFIXES
from tests.runtime import Runtime
from tests.site import ParsedPages

#: What a page links or loads from the site (the search dialog's script by the search button).
LINKED = {"a": "href", "link": "href", "script": "src", "img": "src", "button": "data-site-search"}
#: Markdown links of llms.txt.
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
KEPT = "public, max-age=31536000, immutable"
#: Where the built site is taken to be, to resolve its relative links.
SITE = "https://site.invalid"


def on_the_site(base: str, href: str) -> str | None:
    """Return ``href``, read on the page at the site's path ``base`` as a browser reads it, as
    a path from the host's root; None when it leaves the site (another host, ``data:``).
    """
    url = urlsplit(urljoin(f"{SITE}{base}", href))
    return url.path if f"{url.scheme}://{url.netloc}" == SITE else None


def served_path(site: Path, file: Path) -> str:
    """Return the address the site gives a built file: a page's folder, else the file."""
    path = "/" + file.relative_to(site).as_posix()
    return path.removesuffix("index.html") if file.name == "index.html" else path


def published_addresses(site: Path, parsed: ParsedPages) -> set[str]:
    """Return every address on the site that its pages link or load and that its sitemaps
    and ``llms.txt`` files name (the site is built without ``SITE_URL``: all relative)."""
    found: set[str] = set()
    for file in site.rglob("*.html"):
        base = "/" if file.name == "404.html" else served_path(site, file)
        html = parsed.soup(file)
        for tag, attribute in LINKED.items():
            for element in html.find_all(tag, attrs={attribute: True}):
                if path := on_the_site(base, str(element[attribute])):
                    found.add(path)
    for listing in [*site.rglob("llms.txt"), *site.rglob("sitemap.xml")]:
        base = served_path(site, listing)
        found.add(base)
        text = listing.read_text(encoding="utf-8")
        hrefs = MARKDOWN_LINK.findall(text) + re.findall(r"<loc>([^<]*)</loc>", text)
        found |= {path for href in hrefs if (path := on_the_site(base, href))}
    return found


def test_every_address_the_site_publishes_answers_without_a_redirect(
    site: Path, parsed: ParsedPages, runtime: Runtime
) -> None:
    addresses = published_addresses(site, parsed)
    assert {
        "/R36/",
        "/en/R36/",
        "/R36.md",
        "/lab/LAB-02/",
        "/lab/LAB-02.py",
        "/llms.txt",
    } <= addresses
    with ThreadPoolExecutor(8) as pool:  # a hundred addresses, each a connection of its own
        statuses = pool.map(lambda path: runtime.fetch(path).status, sorted(addresses))
    answers = dict(zip(sorted(addresses), statuses, strict=True))
    assert {path: status for path, status in answers.items() if status != 200} == {}


def test_the_old_html_addresses_arrive(site: Path, parsed: ParsedPages, runtime: Runtime) -> None:
    # The seed links sources.html#M22 and lecture.html#read-R36: each page's NAME.html is sent
    # on, once, to the page's own address.
    pages = [p.parent for p in site.glob("**/*/index.html") if not (p.parent / "404.html").exists()]
    assert len(pages) >= 12
    for folder in pages:
        name = "/" + folder.relative_to(site).as_posix()
        answers = runtime.follow(f"{name}.html")
        assert [a.status for a in answers] == [301, 200], name
        assert answers[-1].path == f"{name}/"


@pytest.mark.parametrize("prefix", PREFIXES.values())
@pytest.mark.parametrize("page", ["R36/", "lab/LAB-02/"])
def test_what_a_page_loads_is_kept_a_year_and_the_page_is_revalidated(
    site: Path, parsed: ParsedPages, runtime: Runtime, prefix: str, page: str
) -> None:
    address = f"/{prefix}{page}"
    html = parsed.soup(site / prefix / page / "index.html")
    loads = {
        on_the_site(address, str(element[attribute]))
        for tag, attribute in LINKED.items()
        if tag != "a"
        for element in html.find_all(tag, attrs={attribute: True})
    } - {None}
    assets = sorted(path for path in loads if path and "/assets/" in path)
    assert len(assets) >= 6, assets
    caching = {path: runtime.fetch(path).headers["Cache-Control"] for path in assets}
    assert {path: kept for path, kept in caching.items() if kept != KEPT} == {}
    assert "immutable" not in runtime.fetch(address).headers["Cache-Control"]


def test_a_second_page_view_asks_the_host_for_the_page_alone(
    browser: Browser, runtime: Runtime
) -> None:
    page, traffic = watched_page(browser)
    asked: list[str] = []

    def from_the_host(request: Request) -> None:
        # Chromium reports no bytes received for an answer from its cache (Playwright's body
        # size is then minus the headers'); a revalidation (304) received its headers.
        if request.sizes()["responseBodySize"] >= 0:
            asked.append(request.url)

    page.on("requestfinished", from_the_host)
    loaded(page, traffic, f"{runtime.url}R36/")
    first = len(asked)
    page.locator("a.md-footer__link--next").click()
    page.wait_for_url(f"{runtime.url}lecture/")
    page.wait_for_load_state("networkidle")
    page.context.close()
    assert f"{runtime.url}lecture/" in asked[first:]
    # Whatever the second page needs for the first time it fetches; nothing twice.
    assert [url for url in set(asked) if asked.count(url) > 1] == [], "fetched again"
    assert [url for url in asked if url.endswith("sitemap.xml")] == []
    assert traffic.problems() == []


@pytest.mark.parametrize("missing", ["/nope", "/nope/", "/en/lab/nope/", "/R36/nope.md"])
def test_a_missing_page_names_no_twin(runtime: Runtime, missing: str) -> None:
    answer = runtime.fetch(missing)
    assert answer.status == 404
    assert "Link" not in answer.headers
