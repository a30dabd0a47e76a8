"""The security headers (``coursesite/agents/policy.py``) as Cloudflare Pages' own runtime sends
them (``tests/runtime.py``), and what runs under them. (Every browser test fails on a refusal:
conftest.py.)"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path

import jupytext
import pytest
from bs4 import BeautifulSoup
from playwright.sync_api import expect

from coursesite.agents.policy import HEADERS
from tests.browser import Tab, loaded
from tests.constants import ONE_LANGUAGE, PREFIXES
from tests.docs_pages import DOCS
from tests.runtime import Runtime, observatory
from tests.search import QUERIES, found, opened
from tests.site import MISSING_PAGE, a_file_of_each_kind

#: Page kinds no other browser test loads at their own URL: the 404 page and a page's and the
#: lab's full-text views (in Chinese: ``ONE_LANGUAGE``).
OTHER_PAGES = ["404.html", "R36.md.html", "lab/LAB-02.py.html"]


def directive(policy: str, name: str) -> list[str]:
    return next(d.split()[1:] for d in policy.split("; ") if d.split()[0] == name)


def sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_policy_allows_exactly_the_inline_code_the_pages_hold(
    site: Path, runtime: Runtime
) -> None:
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
    policy = runtime.fetch("/").headers["Content-Security-Policy"]
    script_src, style_src = directive(policy, "script-src"), directive(policy, "style-src")
    assert {s for s in script_src if s.startswith("'sha256-")} == scripts
    assert {s for s in style_src if s.startswith("'sha256-")} == styles
    assert len(scripts) >= 6, "the theme's and the full-text views' scripts"
    assert "'unsafe-inline'" not in script_src + style_src
    assert "'unsafe-eval'" not in script_src
    assert directive(policy, "default-src") == ["'none'"]
    assert directive(policy, "frame-ancestors") == ["'none'"]


def test_every_response_gets_the_security_headers(site: Path, runtime: Runtime) -> None:
    # Pages, redirects, raw files, assets, the 404 page: whatever the host answers.
    folders = [f"/{p.rstrip('/')}" for p in PREFIXES.values() if p]
    paths = ["/", *a_file_of_each_kind(site).values(), *folders, MISSING_PAGE]
    answers = [answer for path in paths for answer in runtime.follow(path)]
    assert {a.status for a in answers} >= {200, 308, 404}
    for answer in answers:
        given = {name: answer.headers[name] for name in HEADERS}
        assert given == HEADERS, f"{answer.path} ({answer.status})"
        policy = answer.headers["Content-Security-Policy"]
        assert policy.startswith("default-src 'none'"), f"{answer.path} ({answer.status})"


@pytest.mark.parametrize("name", OTHER_PAGES)
def test_the_other_page_kinds_load_under_the_policy(tab: Tab, base_url: str, name: str) -> None:
    # Each English page's own inline code: the test above.
    page, traffic = tab.fresh()
    with page.expect_response(f"{base_url}{ONE_LANGUAGE}{name}") as answer:
        loaded(page, traffic, f"{base_url}{ONE_LANGUAGE}{name}")
    assert answer.value.headers["content-security-policy"].startswith("default-src 'none'")
    assert traffic.problems() == []


def test_the_palette_toggle_switches_under_the_policy(tab: Tab, base_url: str) -> None:
    page, traffic = tab.fresh()
    loaded(page, traffic, f"{base_url}{ONE_LANGUAGE}R36/")
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


def test_search_answers_under_the_policy(tab: Tab, base_url: str) -> None:
    # Pagefind's search is WebAssembly: the policy must allow it ('wasm-unsafe-eval'). The
    # search tests serve a copy with a fixture page on a plain server: here, the site itself.
    page, traffic = tab.fresh()
    language, query, _ = QUERIES[0]
    loaded(page, traffic, f"{base_url}{PREFIXES[language]}")
    opened(page)
    assert found(page, query)
    assert traffic.problems() == []


def test_the_observatory_grades_the_served_site_a_plus(runtime: Runtime) -> None:
    # Over HTTPS with a certificate the scanner trusts: HSTS counts. Its redirection test
    # passes as "no HTTP": the runtime serves HTTPS only (the host redirects HTTP to it).
    report = observatory(runtime)
    assert "scan" in report, report
    scan, tests = report["scan"], report["tests"]
    print(
        f"Observatory: {scan['grade']} ({scan['score']}), {scan['testsPassed']}/{scan['testsQuantity']} passed"
    )
    assert [f"{name}: {t['result']}" for name, t in tests.items() if not t["pass"]] == []
    assert (scan["grade"], scan["testsFailed"]) == ("A+", 0)
