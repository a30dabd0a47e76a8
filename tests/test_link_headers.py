"""Each page's response names its raw twin and its language's llms.txt in a ``Link`` header, as
Cloudflare Pages applies the site's ``_headers``; the full-text views, the 404 page, the raw
files and the assets get none; and the rules do not grow with the course.

``tests/host_headers.py`` applies a ``_headers`` file as Cloudflare's asset server does. The
page itself answers at its URL without ``.html`` (``/R36.html`` redirects to ``/R36``), so that
is the path a rule must match.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from coursesite.agents.link_headers import pages_with_twins
from tests.constants import PREFIXES
from tests.host_headers import cloudflare_headers, rules_of

MAX_RULES = 100  # Cloudflare Pages' limits
MAX_LINE = 2000


def test_the_emulation_follows_what_cloudflare_was_seen_to_do() -> None:
    headers = "/en/:page\n  Link: <A:/en/:page>\n/*\n  Link: <B:/:splat>\n/*.:ext\n  ! Link\n"
    assert cloudflare_headers(headers, "/en/R36") == {"link": "<A:/en/R36>, <B:/en/R36>"}
    assert cloudflare_headers(headers, "/en/R36.md") == {}
    assert cloudflare_headers(headers, "/en/lab/x") == {"link": "<B:/en/lab/x>"}


def expected_link(site: Path, folder: str, name: str, suffix: str) -> str:
    language = next(
        p for p in sorted(PREFIXES.values(), key=len, reverse=True) if folder.startswith(p)
    )
    kind = "text/markdown" if suffix == ".md" else "text/plain"
    return (
        f'</{folder}{name}{suffix}>; rel="alternate"; type="{kind}", '
        f'</{language}llms.txt>; rel="describedby"'
    )


def test_every_page_names_its_twin_and_its_llms_txt(site: Path) -> None:
    headers = (site / "_headers").read_text(encoding="utf-8")
    pages = pages_with_twins(site)
    assert len(pages) >= 14
    for folder, name, suffix in pages:
        url = f"/{folder}" if name == "index" else f"/{folder}{name}"
        assert cloudflare_headers(headers, url).get("link") == expected_link(
            site, folder, name, suffix
        ), url
        assert (site / f"{folder}{name}{suffix}").is_file()


@pytest.mark.parametrize(
    "path",
    [
        "/R36.md.html",
        "/lab/LAB-02.py.html",
        "/404",
        "/en/404",
        "/R36.md",
        "/en/lab/LAB-02.py",
        "/llms.txt",
        "/assets/stylesheets/site.css",
        "/en",
        "/lab",
        "/originals.zip",
    ],
)
def test_what_is_not_a_page_gets_no_link(site: Path, path: str) -> None:
    headers = (site / "_headers").read_text(encoding="utf-8")
    assert "link" not in cloudflare_headers(headers, path)


def test_the_rules_do_not_grow_with_the_lessons(site: Path) -> None:
    headers = (site / "_headers").read_text(encoding="utf-8")
    rules = rules_of(headers)
    assert len(rules) <= MAX_RULES
    longest = max(headers.splitlines(), key=len)
    assert len(longest) <= MAX_LINE, f"{len(longest)} characters: {longest[:80]}..."
    # A rule per folder of pages: no rule names a page.
    names = {name for _, name, _ in pages_with_twins(site) if name != "index"}
    assert not [rule for rule, _ in rules if any(name in rule for name in names)]
