"""One canonical address: the site built with ``SITE_URL`` (the test server's own address, under
a sub-path) and ``REPO_URL``; without them (the session's site, a local preview) nothing says
None."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path
from urllib.parse import urlsplit

import portpicker
import pytest

from tests.browser import Tab, loaded, serving
from tests.constants import PREFIXES
from tests.site import (
    MISSING,
    NOT_FOUND,
    ParsedPages,
    build,
    copy_of_the_project,
    page_links,
    selector,
)

REPO_URL = "https://example.invalid/attention-course"
SUB_PATH = "/course/"
LOC = re.compile(r"<loc>([^<]*)</loc>")


@pytest.fixture(scope="module")
def addressed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A copy of the project built with its server's own address as ``SITE_URL``, served
    there by a plain static server (Cloudflare's runtime serves a site at its root only); yield
    the built folder and the address."""
    folder = tmp_path_factory.mktemp("addressed")
    config = copy_of_the_project(folder)
    port = portpicker.pick_unused_port()
    address = f"http://127.0.0.1:{port}{SUB_PATH}"
    site = folder / "out"
    result = build(site, config, env={"SITE_URL": address, "REPO_URL": REPO_URL})
    assert result.returncode == 0, result.stderr
    with serving(site, sub_path=SUB_PATH, port=port) as served:
        assert served == address
        yield site, address


def lesson_pages(site: Path) -> list[Path]:
    """Return every page a reader lands on (not the full-text views, not 404.html)."""
    return sorted(
        p
        for p in site.rglob("*.html")
        if not p.name.endswith((".md.html", ".py.html")) and p.name != "404.html"
    )


def test_every_page_names_its_canonical_address_and_links_the_repository_plainly(
    parsed: ParsedPages, addressed: tuple[Path, str]
) -> None:
    site, address = addressed
    pages = lesson_pages(site)
    assert len(pages) >= 14
    for page in pages:
        canonical = parsed.soup(page).select('link[rel="canonical"]')
        assert [link["href"] for link in canonical] == [
            address + page.relative_to(site).as_posix().removesuffix("index.html")
        ], page
        assert len(parsed.soup(page).select(f'.md-copyright a[href="{REPO_URL}"]')) == 1, page


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_the_sitemaps_name_absolute_addresses_and_language_alternates_with_an_x_default(
    addressed: tuple[Path, str], prefix: str
) -> None:
    # Each language's build has its sitemap: its own pages, each with every language's (for
    # crawlers; none in a page's head: the theme would fetch a sitemap).
    site, address = addressed
    sitemap = (site / prefix / "sitemap.xml").read_text(encoding="utf-8")
    default = next(locale for locale, p in PREFIXES.items() if p == "")
    for name in ["R36/", "lab/LAB-02/", ""]:
        [entry] = [u for u in sitemap.split("<url>") if f"<loc>{address}{prefix}{name}</loc>" in u]
        found = dict(re.findall(r'hreflang="([^"]+)" href="([^"]+)"', entry))
        expected = {locale: f"{address}{p}{name}" for locale, p in PREFIXES.items()}
        assert found == {**expected, "x-default": expected[default]}, name
    locs = LOC.findall(sitemap)
    assert len(locs) == len(lesson_pages(site)) // len(PREFIXES)
    assert all(loc.startswith(address + prefix) for loc in locs)
    hrefs = re.findall(r'href="([^"]*)"', sitemap)
    assert len(hrefs) == len(locs) * (len(PREFIXES) + 1)
    assert all(href.startswith(address) for href in hrefs)
    assert sitemap.count('hreflang="x-default"') == len(locs)


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_the_addressed_site_loads_from_its_own_host_only(
    tab: Tab, addressed: tuple[Path, str], prefix: str
) -> None:
    _, address = addressed
    page, traffic = tab.fresh()
    loaded(page, traffic, f"{address}{prefix}R36/")
    assert traffic.problems() == []


def status_of(url: str) -> int:
    """Return the HTTP status the server answers ``url`` with."""
    try:
        with urllib.request.urlopen(url) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return error.code


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_the_404_pages_link_under_the_sub_path(
    parsed: ParsedPages, addressed: tuple[Path, str], prefix: str
) -> None:
    # MkDocs roots an error page's links at SITE_URL's path, the theme's and (through `url`)
    # the page's own; root-absolute ones would leave the sub-path.
    site, address = addressed
    page = site / prefix / NOT_FOUND
    assert selector(parsed.soup(page)) == {
        locale: f"{SUB_PATH}{p}" for locale, p in PREFIXES.items() if p != prefix
    }
    links = page_links(parsed, page, f"{address}{prefix}{MISSING}")
    assert len(links) >= 20
    assert [link for link in links if not link.startswith(address)] == []
    assert [link for link in links if status_of(link) != HTTPStatus.OK] == []


def test_a_local_preview_says_none_nowhere(site: Path, parsed: ParsedPages) -> None:
    # The session's site is built without SITE_URL: relative addresses, no canonical link.
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    locs = LOC.findall(sitemap)
    assert locs
    assert not [loc for loc in locs if "None" in loc or "://" in loc]
    assert "None" not in re.sub(r"<lastmod>[^<]*</lastmod>", "", sitemap)
    assert not parsed.soup(site / "R36/index.html").select('link[rel="canonical"]')
    llms = (site / "llms.txt").read_text(encoding="utf-8")
    assert "(None" not in llms


@pytest.mark.parametrize("folder", PREFIXES.values())
def test_llmstxt_orgs_context_builder_reads_every_link(
    addressed: tuple[Path, str], folder: str
) -> None:
    from llms_txt import create_ctx, parse_llms_file

    site, address = addressed
    text = (site / folder / "llms.txt").read_text(encoding="utf-8")
    parsed = parse_llms_file(text)
    links = [link.url for section in parsed.sections.values() for link in section]
    assert len(links) >= 8
    assert "revision unknown" in text.splitlines()[2], "the copy is outside git"
    # The host's content types for these files: test_markdown_twins.py, on the runtime.
    for url in links:
        assert url.startswith(address), url
        with urllib.request.urlopen(url) as answer:
            assert answer.status == 200, url
    context = create_ctx(text, optional=True)
    # Every linked file, whole, is in the context the builder makes.
    for url in links:
        path = site / urlsplit(url).path.removeprefix(SUB_PATH)
        assert path.read_text(encoding="utf-8").strip()[:200] in context, url
    print(f"context from {folder or '/'}llms.txt: {len(context):,} characters")
