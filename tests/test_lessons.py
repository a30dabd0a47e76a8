"""The course names the site, and the lessons are the nav's, so that a new lesson is listed
without editing the home page."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.utils.yaml import yaml_load

from coursesite.content.lessons import LESSON, lesson_paths
from coursesite.site import CONFIGS
from tests.constants import PREFIXES
from tests.docs_pages import ROOT, address, built_page
from tests.site import ParsedPages, title_text

CONFIG = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
LESSONS = lesson_paths(CONFIG["nav"])


def site_names() -> dict[str, str]:
    """Return the site's name in each language: each language's configuration's ``site_name``."""
    names = {}
    for name in CONFIGS:
        config = yaml_load((ROOT / name).read_text(encoding="utf-8"))
        names[config.get("theme", {}).get("language") or CONFIG["theme"]["language"]] = (
            config.get("site_name") or CONFIG["site_name"]
        )
    return names


NAMES = site_names()


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_every_lessons_title_and_llms_txt_name_the_course(
    site: Path, parsed: ParsedPages, locale: str, prefix: str
) -> None:
    for lesson in LESSONS:
        page = parsed.soup(site / prefix / built_page(Path(lesson).stem))
        assert page.title.get_text().endswith(f" - {NAMES[locale]}"), lesson
        topics = [t.get_text().strip() for t in page.select(".md-header__topic")]
        assert topics[0] == NAMES[locale], "the header names the course"
    first = (site / f"{prefix}llms.txt").read_text(encoding="utf-8").splitlines()[0]
    expected = " / ".join(NAMES.values()) if prefix == "" else NAMES[locale]
    assert first == f"# {expected}"


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_the_home_page_lists_the_navs_lessons_by_their_own_titles(
    site: Path, parsed: ParsedPages, prefix: str
) -> None:
    links = parsed.soup(site / f"{prefix}index.html").select("article a[href]")
    listed = [
        (a["href"], a.get_text())
        for a in links
        if LESSON.fullmatch(Path(a["href"]).name) and a["href"].endswith("/")
    ]
    expected = [address(Path(lesson).stem) for lesson in LESSONS]
    assert [href for href, _ in listed] == expected
    for href, text in listed:
        assert text == title_text(parsed.soup(site / prefix / href / "index.html")), href
