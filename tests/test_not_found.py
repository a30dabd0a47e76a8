"""The 404 pages: the default language's at the site's root, in that language; each other
language's in its folder (``en/404.html``, which Cloudflare Pages serves under ``en/``), in its
own; each names the 404 pages as its alternates, not some other page, and its links work from
the depth of any missing address. The same under a sub-path: ``test_site_url.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from mkdocs.utils.yaml import yaml_load

from tests.constants import PREFIXES
from tests.docs_pages import ROOT
from tests.site import MISSING, NOT_FOUND, ParsedPages, page_links, selector

#: Where the session's site is taken to be served (it is built without SITE_URL).
ADDRESS = "http://host/"


def site_texts(locale: str) -> dict[str, str]:
    """Return ``locale``'s site name and description as its configuration gives them (over
    the Chinese one's, which it inherits)."""
    base = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    own = (
        base
        if locale == base["theme"]["language"]
        else yaml_load((ROOT / f"mkdocs.{locale}.yml").read_text(encoding="utf-8"))
    )
    return {
        "lang": locale,
        "site name": own.get("site_name", base["site_name"]),
        "description": own.get("site_description", base["site_description"]),
    }


def language_of(page: BeautifulSoup) -> dict[str, str]:
    """Return what a page without a description of its own says of its language: ``<html
    lang>``, the site name (its title) and the site's description."""
    description = page.select_one('meta[name="description"]')
    return {
        "lang": str(page.html["lang"]) if page.html else "",
        "site name": page.title.get_text() if page.title else "",
        "description": str(description["content"]) if description else "",
    }


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_each_languages_404_page_is_in_that_language(
    site: Path, parsed: ParsedPages, locale: str, prefix: str
) -> None:
    # Each language's build writes its own, into its folder.
    page = parsed.soup(site / prefix / NOT_FOUND)
    assert language_of(page) == site_texts(locale)
    # Both languages' text, the page's own first.
    languages = [section["lang"] for section in page.select("section[lang]")]
    assert languages[0] == locale
    assert sorted(languages) == sorted(PREFIXES)


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_a_404_pages_language_links_lead_to_each_other_languages_home(
    site: Path, parsed: ParsedPages, prefix: str
) -> None:
    # Not the alternates of the last page rendered before it (the lab's, in English).
    page = parsed.soup(site / prefix / NOT_FOUND)
    assert selector(page) == {locale: f"/{p}" for locale, p in PREFIXES.items() if p != prefix}


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_a_404_pages_links_work_at_any_depth(site: Path, parsed: ParsedPages, prefix: str) -> None:
    links = page_links(parsed, site / prefix / NOT_FOUND, f"{ADDRESS}{prefix}{MISSING}")
    assert len(links) >= 20  # the theme's assets and navigation, and the page's own four
    # A directory URL (en/, R36/) is its folder's index.html.
    files = [
        site / (link.removeprefix(ADDRESS) + ("index.html" if link.endswith("/") else ""))
        for link in links
    ]
    assert [f for f in files if not f.is_file()] == []
