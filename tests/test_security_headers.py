"""The security headers (``coursesite/agents/policy.py``): the policy allows exactly the inline
scripts and styles the built pages hold; the pages the other browser tests do not open, the
palette toggle and the lab's copy buttons work under it; a script it does not allow is refused
and named; ``mkdocs serve`` sends it too. (Every browser test fails on a refusal: conftest.py.)"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
from pathlib import Path

import jupytext
import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import Browser, expect

from coursesite.agents.policy import HEADERS
from tests.browser import Tab, loaded, serving, watched_page
from tests.constants import PREFIXES
from tests.docs_pages import DOCS
from tests.host_headers import cloudflare_headers
from tests.site import host_content_types

#: Page kinds no other browser test loads at their own URL: each language's 404 page and a
#: page's and the lab's full-text views.
OTHER_PAGES = ["404.html", "R36.md.html", "lab/LAB-02.py.html"]


def site_headers(site: Path) -> dict[str, str]:
    return cloudflare_headers((site / "_headers").read_text(encoding="utf-8"), "/R36")


def directive(policy: str, name: str) -> list[str]:
    return next(d.split()[1:] for d in policy.split("; ") if d.split()[0] == name)


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_policy_allows_exactly_the_inline_code_the_pages_hold(site: Path) -> None:
    # The pages read by an HTML parser, not the build's own pattern.
    scripts, styles = set(), set()
    for page in site.rglob("*.html"):
        for tag in BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")(
            ["script", "style"]
        ):
            if tag.name == "style":
                styles.add(sha256(tag.string or ""))
            elif not tag.get("src") and tag.get("type") in (None, "module"):
                scripts.add(sha256(tag.string or ""))
    policy = site_headers(site)["content-security-policy"]
    script_src, style_src = directive(policy, "script-src"), directive(policy, "style-src")
    assert {s for s in script_src if s.startswith("'sha256-")} == scripts
    assert {s for s in style_src if s.startswith("'sha256-")} == styles
    assert len(scripts) >= 6, "the theme's and the full-text views' scripts"
    assert "'unsafe-inline'" not in script_src + style_src
    assert "'unsafe-eval'" not in script_src
    assert directive(policy, "default-src") == ["'none'"]
    assert directive(policy, "frame-ancestors") == ["'none'"]


def test_every_response_gets_the_security_headers(site: Path) -> None:
    headers = (site / "_headers").read_text(encoding="utf-8")
    for path in ["/", "/R36", "/en/lab/LAB-02", "/R36.md", "/assets/x.css", "/nowhere"]:
        given = cloudflare_headers(headers, path)
        assert {k: given.get(k.lower()) for k in HEADERS} == HEADERS, path
        assert given["content-security-policy"].startswith("default-src 'none'"), path


@pytest.mark.parametrize("prefix", PREFIXES.values())
@pytest.mark.parametrize("name", OTHER_PAGES)
def test_the_other_page_kinds_load_under_the_policy(
    tab: Tab, base_url: str, prefix: str, name: str
) -> None:
    page, traffic = tab.fresh()
    with page.expect_response(f"{base_url}{prefix}{name}") as answer:
        loaded(page, traffic, f"{base_url}{prefix}{name}")
    assert answer.value.headers["content-security-policy"].startswith("default-src 'none'")
    assert traffic.problems() == []


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_the_palette_toggle_switches_under_the_policy(tab: Tab, base_url: str, prefix: str) -> None:
    page, traffic = tab.fresh()
    loaded(page, traffic, f"{base_url}{prefix}R36/")
    body = page.locator("body")
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    page.locator("form[data-md-component=palette] label:visible").click()
    expect(body).to_have_attribute("data-md-color-scheme", "slate")
    page.locator("form[data-md-component=palette] label:visible").click()
    expect(body).to_have_attribute("data-md-color-scheme", "default")
    assert traffic.problems() == []


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_the_labs_copy_buttons_copy_in_the_pages_language(
    tab: Tab, base_url: str, locale: str, prefix: str
) -> None:
    # A code cell is a code block as on the other pages: the theme's own copy button.
    page, traffic = tab.fresh()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url)
    loaded(page, traffic, f"{base_url}{prefix}lab/LAB-02/")
    label, notice = {"zh": ("复制", "已复制"), "en": ("Copy to clipboard", "Copied to clipboard")}[
        locale
    ]
    cell = page.locator(".jp-CodeCell").first
    cell.hover()
    cell.get_by_role("button", name=label, exact=True).click()
    expect(page.locator(".md-dialog")).to_have_text(notice)
    copied = page.evaluate("navigator.clipboard.readText()")
    source = DOCS / locale / "lab" / "LAB-02.py"
    code = [c.source for c in jupytext.read(source).cells if c.cell_type == "code"]
    assert copied == code[0]
    assert traffic.problems() == []


def test_a_script_the_policy_does_not_allow_is_refused_and_named(
    browser: Browser, site: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site, copy, copy_function=os.link)
    headers = (site / "_headers").read_text(encoding="utf-8")
    theirs = "var target=document.getElementById(location.hash.slice(1));"
    script = next(
        tag.string
        for tag in BeautifulSoup(
            (site / "R36/index.html").read_text(encoding="utf-8"), "html.parser"
        )("script")
        if (tag.string or "").startswith(theirs)
    )
    (copy / "_headers").unlink()  # a link to the built one
    (copy / "_headers").write_text(headers.replace(f" {sha256(script)}", ""), encoding="utf-8")
    page, traffic = watched_page(browser)
    with serving(copy, host_content_types(copy)) as url:
        loaded(page, traffic, f"{url}R36/")
    page.context.close()
    assert len(traffic.violations) == 1, traffic.violations
    assert f"{url}R36/ refused script-src-elem inline" in traffic.violations[0]
    assert theirs[:40] in traffic.violations[0]
