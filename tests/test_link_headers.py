"""Each page's response names its raw twin and its language's llms.txt in a ``Link`` header, as
Cloudflare Pages' own runtime serves the site with its ``_headers`` (``tests/runtime.py``); the
full-text views, the 404 pages, a missing page, the raw files, the assets and a language
folder's redirect get none; the host
takes every rule of ``_headers``, and the rules do not grow with the course.

A page is asked for at the address of its built file; the host answers there, or redirects
(``/R36.html`` to ``/R36``) to where it serves the page: the answer at the end is the page's.
"""

from __future__ import annotations

import re
from pathlib import Path

from coursesite.agents.link_headers import NOT_FOUND, VIEW_SUFFIXES, pages_with_twins
from tests.constants import PREFIXES
from tests.runtime import Runtime
from tests.site import MISSING_PAGE, a_file_of_each_kind


def expected_link(folder: str, name: str, suffix: str) -> str:
    language = next(
        p for p in sorted(PREFIXES.values(), key=len, reverse=True) if folder.startswith(p)
    )
    kind = "text/markdown" if suffix == ".md" else "text/plain"
    return (
        f'</{folder}{name}{suffix}>; rel="alternate"; type="{kind}", '
        f'</{language}llms.txt>; rel="describedby"'
    )


def test_every_page_names_its_twin_and_its_llms_txt(site: Path, runtime: Runtime) -> None:
    pages = pages_with_twins(site)
    assert len(pages) >= 14
    for folder, name, suffix in pages:
        page = runtime.follow(f"/{folder}{name}.html")[-1]
        assert page.status == 200, page.path
        assert page.headers["Link"] == expected_link(folder, name, suffix), page.path
        assert (site / f"{folder}{name}{suffix}").is_file()


def not_pages(site: Path) -> list[str]:
    """Return the address of what is not a page: each full-text view and 404 page, a file of
    each other kind (raw text, llms.txt, the archive, the assets) and a missing page."""
    views = [
        f"/{p.relative_to(site).as_posix()}"
        for p in sorted(site.rglob("*.html"))
        if p.name.endswith((*VIEW_SUFFIXES, NOT_FOUND))
    ]
    others = [a for suffix, a in a_file_of_each_kind(site).items() if suffix != ".html"]
    return [*views, *others, MISSING_PAGE]


def test_what_is_not_a_page_gets_no_link(site: Path, runtime: Runtime) -> None:
    paths = not_pages(site)
    assert len(paths) >= 20
    answers = [answer for path in paths for answer in runtime.follow(path)]
    # A language's folder without its slash: its redirect (to its home page, which has one).
    answers += [runtime.fetch(f"/{p.rstrip('/')}") for p in PREFIXES.values() if p]
    linked = [f"{a.path} ({a.status}): {a.headers['Link']}" for a in answers if "Link" in a.headers]
    assert linked == []


def rules(headers: str) -> list[str]:
    """Return the path of each rule of a ``_headers`` file (its unindented lines but comments)."""
    return [line for line in headers.splitlines() if line and line[0] not in " \t#"]


def test_the_host_takes_every_rule(site: Path, runtime: Runtime) -> None:
    # Its own parser, with its own limits (100 rules, 2,000 characters a line), says so.
    said = runtime.said()
    parsed = re.search(r"Parsed (\d+) valid header rules?", said)
    assert parsed, said
    assert int(parsed[1]) == len(rules((site / "_headers").read_text(encoding="utf-8")))
    assert "invalid header rule" not in said, said


def test_the_rules_do_not_grow_with_the_lessons(site: Path) -> None:
    # A rule per folder of pages: no rule names a page.
    written = rules((site / "_headers").read_text(encoding="utf-8"))
    names = {name for _, name, _ in pages_with_twins(site) if name != "index"}
    assert not [rule for rule in written if any(name in rule for name in names)]
