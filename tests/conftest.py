"""Fixtures shared by the site tests: one strict build of the whole site per test session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser import CHROMIUM, CHROMIUM_ARGS, serving, watched_page
from tests.site import build, host_content_types


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once (strict) and return the folder it was built into."""
    destination = tmp_path_factory.mktemp("site")
    result = build(destination)
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stderr}"
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
