"""Fixtures shared by the site tests: one strict build of the whole site per test session."""

from __future__ import annotations

import fcntl
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser import CHROMIUM, CHROMIUM_ARGS, Tab, serving, watched_page
from tests.site import build, host_content_types

#: Where a failed strict build leaves MkDocs' warning and error lines, beside ``site.built``:
#: the other xdist workers fail at once with them instead of building again.
FAILED = "site.failed"


def worker() -> bool:
    """Return whether this process is one of pytest-xdist's workers."""
    return "PYTEST_XDIST_WORKER" in os.environ


def shared_folder(base: Path) -> Path:
    """Return the folder that the run's processes share, from this process's basetemp.

    xdist's workers each have a basetemp of their own in one parent, the controller's; without
    xdist (``-p no:xdist``, when one test is run by hand) the run's own basetemp is the place.
    """
    return base.parent if worker() else base


def said_by_mkdocs(stderr: str) -> list[str]:
    """Return MkDocs' warning and error lines, each once, in order; if it printed none (it
    crashed), the end of what it printed."""
    said = list(dict.fromkeys(re.findall(r"^(?:WARNING|ERROR) .*$", stderr, re.MULTILINE)))
    return said or stderr.strip().splitlines()[-20:]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once (strict) for the whole run, in whichever process asks first while
    the others wait (two builds at once would share two cores); return its folder. Tests only
    read it. A failed build fails every test that reads the site with MkDocs' own lines."""
    shared = shared_folder(tmp_path_factory.getbasetemp())
    with (shared / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        failed, built = shared / FAILED, shared / "site.built"
        if not built.exists() and not failed.exists():
            result = build(shared / "site")
            if result.returncode != 0:
                failed.write_text("\n".join(said_by_mkdocs(result.stderr)), encoding="utf-8")
            else:
                built.touch()
        if failed.exists():
            pytest.fail(f"the strict build failed (`make build`):\n{failed.read_text('utf-8')}")
    return shared / "site"


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    """Serve the built site on localhost, with the headers its ``_headers`` file gives."""
    with serving(site, host_content_types(site)) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Start headless Chromium once for the session."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no browser at {CHROMIUM}: run `make test` as root, or set CHROMIUM")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def tab(browser: Browser) -> Iterator[Tab]:
    """One tab for a module's tests that only load pages and read them (see ``Tab``)."""
    page, traffic = watched_page(browser)
    yield Tab(page, traffic)
    page.context.close()


@pytest.fixture
def page(tab: Tab) -> Page:
    """The module's tab, blank, its storage cleared (for tests that do not inspect its
    traffic; a test that needs a context of its own, e.g. the dark palette from the start or
    no JavaScript, opens one with ``watched_page``)."""
    page, _ = tab.fresh()
    return page


@pytest.fixture(autouse=True)
def no_policy_violation(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a browser test whose pages broke the site's Content-Security-Policy (``_headers``,
    which the tests' server sends), naming each page and what was refused: whatever else the
    test asserts, a refused script is a feature that does not work for a reader."""
    yield
    tabs = [v for v in getattr(request.node, "funcargs", {}).values() if isinstance(v, Tab)]
    refused = [v for tab in tabs for v in tab.traffic.violations]
    assert not refused, "\n".join(refused)
