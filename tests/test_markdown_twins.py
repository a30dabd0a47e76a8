"""Raw Markdown as a product, read as an agent would."""

from __future__ import annotations

import posixpath
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from coursesite.git import git_answer
from tests.constants import PREFIXES
from tests.docs_pages import (
    DOCS,
    ROOT,
    built_page,
    notebook_names,
    page_names,
    page_of,
    published_sources,
    twin,
)
from tests.markdown_parts import body, front_matter
from tests.runtime import Runtime
from tests.site import ITEM, ParsedPages, sections, sitemap_requests, title_text

SECTIONS = {"zh": "中文", "en": "English"}
VIEW_LABELS = {"zh": "查看 Markdown", "en": "View Markdown"}


def git_head(format: str) -> str | None:
    """Return ``git log -1 --format=FORMAT`` of the project's HEAD, or None outside git."""
    return git_answer(ROOT, "log", "-1", "--no-show-signature", f"--format={format}")


# --- the pages point to them ------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
@pytest.mark.parametrize("name", page_names())
def test_every_page_links_its_twin_as_its_alternate_and_its_view_by_its_title(
    site: Path, parsed: ParsedPages, name: str, locale: str, prefix: str
) -> None:
    built = site / prefix / built_page(name)
    page = parsed.soup(built)
    links = page.select('article a[rel="alternate"][type="text/markdown"]')
    assert len(links) == 1
    assert (built.parent / links[0]["href"]).resolve() == (site / f"{prefix}{name}.md").resolve()
    actions = [
        a for a in page.select("article a[href]") if a.get_text(strip=True) == VIEW_LABELS[locale]
    ]
    assert len(actions) == 1, "no single link named for the page's language"
    # It leads a person to the readable full-text view of the twin (tests/test_full_text.py).
    target = (built.parent / actions[0]["href"]).resolve()
    assert target == (site / f"{prefix}{name}.md.html").resolve()
    assert actions[0].find_previous(["h1", "h2"]).name == "h1", "not by the title"


def test_no_page_makes_the_theme_fetch_a_sitemap(site: Path, parsed: ParsedPages) -> None:
    # Material fetches sitemap.xml beside every <link rel="alternate">: the pages name their
    # twins and their other languages in the article, and every language in the sitemap,
    # instead, so that a page view fetches none.
    assert sitemap_requests(parsed, site) == set()


# --- llms.txt and llms-full.txt ---------------------------------------------------------------


def test_llms_txt_opens_with_a_title_and_a_dated_summary_then_a_section_per_language(
    site: Path,
) -> None:
    lines = (site / "llms.txt").read_text(encoding="utf-8").splitlines()
    assert re.fullmatch(r"# \S.*", lines[0])
    assert lines[1] == ""
    assert lines[2].startswith("> ")
    assert lines[3] == "", "the summary is one paragraph"
    # One commit, one summary: seven digits of its hash, however many a user's core.abbrev asks
    # for, and its day (UTC) however long after it the site is built; outside git, "unknown" and
    # the day of the build.
    said = re.search(r"Site revision (\w+), built (\S+)\.$", lines[2])
    assert said, lines[2]
    full, committed = git_head("%H"), git_head("%ct")
    when = datetime.fromtimestamp(int(committed), UTC) if committed else datetime.now(UTC)
    assert said.groups() == (full[:7] if full else "unknown", when.date().isoformat())
    assert list(sections((site / "llms.txt").read_text(encoding="utf-8"))) == [
        *SECTIONS.values(),
        "Optional",
    ]
    for locale, prefix in PREFIXES.items():
        if prefix:
            own = (site / prefix / "llms.txt").read_text(encoding="utf-8")
            assert list(sections(own)) == [SECTIONS[locale], "Optional"]


def optional(name: str) -> bool:
    """Whether a published page is llmstxt.org's Optional (its front matter says so)."""
    stem = name.rsplit(".", 1)[0]
    path = DOCS / "zh" / f"{stem}.md"
    return (
        path.is_file() and front_matter(path.read_text(encoding="utf-8")).get("llms") == "optional"
    )


#: Where each language's pages are listed: the root llms.txt lists every language, and each
#: language but the default has its own in its folder.
LISTINGS = [("", locale, prefix) for locale, prefix in PREFIXES.items()] + [
    (prefix, locale, prefix) for locale, prefix in PREFIXES.items() if prefix
]


@pytest.mark.parametrize(("folder", "locale", "prefix"), LISTINGS)
def test_llms_txt_lists_every_page_once_with_its_title_and_its_description(
    site: Path, parsed: ParsedPages, folder: str, locale: str, prefix: str
) -> None:
    listed = sections((site / folder / "llms.txt").read_text(encoding="utf-8"))
    items = [*listed[SECTIONS[locale]], *listed["Optional"]]
    matches = [ITEM.fullmatch(item) for item in items]
    assert all(matches), items
    others = tuple(p for p in PREFIXES.values() if p and p != prefix)
    found = {
        url: m
        for m in matches
        if m
        for url in [posixpath.normpath(posixpath.join(folder, m["url"]))]
        if url.startswith(prefix) and not (others and url.startswith(others))
    }
    expected = [f"{prefix}{source}" for source in published_sources()]
    expected += [f"{prefix}{name}.ipynb" for name in notebook_names()]
    assert sorted(found) == sorted(expected)
    for url, m in found.items():
        assert (site / url).is_file()
        page = site / page_of(url)
        assert m["title"].removesuffix(" (.ipynb)") == title_text(parsed.soup(page))
        assert "\n" not in m["note"]
        assert len(m["note"]) <= 140
        source = url.removeprefix(prefix)
        in_optional = m.string in listed["Optional"]
        assert in_optional == optional(source), url
        if url.endswith(".md"):
            meta = front_matter(twin(source.removesuffix(".md"), locale).read_text("utf-8"))
            assert m["note"] == meta.get("description", m["note"]), url


#: A Markdown link's target (outside code: the pages link nothing from inside code).
LINK_TARGETS = re.compile(r"(?<=\]\()[^)\s]+(?=\))")
DOC = re.compile(
    r'^<doc title="(?P<title>[^"]+)" language="(?P<language>[^"]+)" source="(?P<source>[^"]+)">\n'
    r"(?P<body>.*?)\n</doc>$",
    re.MULTILINE | re.DOTALL,
)


def test_llms_full_txt_holds_every_page_inside_a_named_boundary(
    site: Path, parsed: ParsedPages
) -> None:
    full = (site / "llms-full.txt").read_text(encoding="utf-8")
    assert full.splitlines()[0] == (site / "llms.txt").read_text(encoding="utf-8").splitlines()[0]
    docs = list(DOC.finditer(full))
    assert sorted((d["source"], d["language"]) for d in docs) == sorted(
        (f"{prefix}{source}", locale)
        for locale, prefix in PREFIXES.items()
        for source in published_sources()
    )
    assert full.count("<doc ") == len(docs), "every document closes before the next opens"
    for doc in docs:
        twin = (site / doc["source"]).read_text(encoding="utf-8")
        assert doc["title"] == title_text(parsed.soup(site / page_of(doc["source"])))
        if doc["source"].endswith(".py"):
            assert doc["body"] == f"```python\n{twin.rstrip()}\n```", "a code file is fenced"
            continue
        assert "source_sha256:" not in doc["body"], "no front matter inside"
        # The same text but for the links, which now start from the file's root (document()'s
        # example), never from a linked file outside the site.
        assert LINK_TARGETS.sub("", doc["body"]) == LINK_TARGETS.sub("", body(twin).strip("\n"))
        assert not [t for t in LINK_TARGETS.findall(doc["body"]) if t.startswith("../")]


#: What the host must say of each kind of raw text the site publishes: UTF-8 named, or
#: browsers decode Chinese as windows-1252 (the twins, llms.txt, the lab's sources).
RAW_TYPES = {
    ".md": "text/markdown; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".ipynb": "application/x-ipynb+json; charset=utf-8",
}


@pytest.mark.parametrize("suffix", RAW_TYPES)
def test_the_host_serves_raw_text_as_utf8(site: Path, runtime: Runtime, suffix: str) -> None:
    files = sorted(site.rglob(f"*{suffix}"))
    assert files, f"the site publishes no {suffix} file"
    for file in files:
        path = "/" + file.relative_to(site).as_posix()
        answer = runtime.fetch(path)
        assert (answer.status, answer.headers["Content-Type"]) == (200, RAW_TYPES[suffix]), path
        assert answer.text() == file.read_text(encoding="utf-8"), path
