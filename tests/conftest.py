"""Fixtures shared by the site tests: one strict build of the whole site per test session."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser import CHROMIUM, CHROMIUM_ARGS, serving, watched_page
from tests.site import build, host_content_types


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once (strict) for the whole run; return the folder it was built into.

    With several pytest-xdist workers, the first to ask builds it while the others wait: on a
    fresh clone a build runs the lab's kernels, and two builds at once would share two cores.
    Tests only read it.
    """
    base = tmp_path_factory.getbasetemp()
    # xdist's workers each have a basetemp of their own in one parent; without xdist
    # (``-p no:xdist``, when one test is run by hand) the run's own basetemp is the place.
    shared = base.parent if "PYTEST_XDIST_WORKER" in os.environ else base
    destination = shared / "site"
    with (shared / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        built = shared / "site.built"
        if not built.exists():
            result = build(destination)
            assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stderr}"
            built.touch()
    return destination


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    """Serve the built site on localhost, with the content types its ``_headers`` file gives."""
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


@pytest.fixture
def page(browser: Browser) -> Page:
    """A fresh page in its own browser context (for tests that do not inspect its traffic)."""
    page, _ = watched_page(browser)
    return page
