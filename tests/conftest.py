"""Fixtures shared by the site tests: one strict build of the whole site per test session."""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser import CHROMIUM, CHROMIUM_ARGS, Tab, serving, watched_page
from tests.site import build, host_content_types

#: Where a failed strict build leaves MkDocs' warning and error lines, beside ``site.built``:
#: the other xdist workers skip instead of building again, and the run's report prints them.
FAILED = "site.failed"

#: The one line each test that needs the site is skipped with when the strict build failed
#: (pytest's summary folds the skips of one line into one).
SEE_THE_BUILD = (
    "the strict build failed: see its warnings first in the summary, or run `make build`"
)


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


def build_once(
    shared: Path, build_into: Callable[[Path], subprocess.CompletedProcess[str]] = build
) -> bool:
    """Build the site once (strict) into ``shared`` for every process of the run, unless it is
    built or its build failed already; return whether it is built.

    The first process to ask builds it while the others wait: on a fresh clone a build runs the
    lab's kernels, and two builds at once would share two cores. A failed build is tried once:
    its lines go to ``FAILED``.
    """
    with (shared / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (shared / FAILED).exists():
            return False
        built = shared / "site.built"
        if not built.exists():
            result = build_into(shared / "site")
            if result.returncode != 0:
                said = said_by_mkdocs(result.stderr)
                (shared / FAILED).write_text("\n".join(said) + "\n", encoding="utf-8")
                return False
            built.touch()
    return True


def built_site(
    shared: Path, build_into: Callable[[Path], subprocess.CompletedProcess[str]] = build
) -> Path:
    """Return the site built once into ``shared`` (``build_once``); when its build failed, skip
    the test that asked, pointing to the build's lines."""
    if not build_once(shared, build_into):
        pytest.skip(SEE_THE_BUILD)
    return shared / "site"


def needs_the_site(item: pytest.Item) -> bool:
    """Whether a test reads the built site (through ``site`` or a fixture that uses it)."""
    return "site" in getattr(item, "fixturenames", ())


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once (strict) for the whole run; return the folder it was built into.
    Tests only read it."""
    return built_site(shared_folder(tmp_path_factory.getbasetemp()))


def build_failure(config: pytest.Config) -> list[str] | None:
    """Return the lines of the run's failed strict build, or None if it did not fail (or did
    not run). Read in the process that reports the run: xdist's controller, or the only one."""
    # No fixture reaches a hook; this is the factory behind tmp_path_factory, whose basetemp
    # xdist gives each worker its own inside (so a worker's parent is this folder). A run that
    # built no site gets an empty folder here, which says no build failed.
    factory: pytest.TempPathFactory | None = getattr(config, "_tmp_path_factory", None)
    if factory is None:  # -p no:tmpdir: no test could have built the site
        return None
    failed = factory.getbasetemp() / FAILED
    return failed.read_text(encoding="utf-8").splitlines() if failed.exists() else None


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_terminal_summary(
    terminalreporter: pytest.TerminalReporter, config: pytest.Config
) -> Iterator[None]:
    """Print a failed strict build's lines once, before any test's failure, and count there the
    tests skipped for it: the short summary lists the run's other outcomes only (it would give
    a line to each test function that reads the site, a hundred lines saying one thing)."""
    said = None if worker() else build_failure(config)
    if not said:
        return (yield)
    stats = terminalreporter.stats
    skipped = stats.get("skipped", [])
    for_the_build = [r for r in skipped if SEE_THE_BUILD in str(r.longrepr)]
    stats["skipped"] = [r for r in skipped if r not in for_the_build]
    terminalreporter.section("the strict build failed", sep="=", red=True, bold=True)
    for line in said:
        terminalreporter.line(line)
    terminalreporter.line(
        f"Fix what these lines name (`make build` says the same in seconds). The "
        f"{len(for_the_build)} tests that read the built site were skipped; the run fails."
    )
    try:
        return (yield)
    finally:
        # Counted again in the last line's "N skipped".
        stats["skipped"] = skipped


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Fail the run when the strict build failed, though every test that needed it skipped."""
    if not worker() and session.exitstatus == pytest.ExitCode.OK and build_failure(session.config):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the pages' own examples (Sybil's, from the Markdown files) first, then the files
    whose tests do not read the built site; start building the site meanwhile.

    A slip in a page's code fails there, naming the file and line, and also fails the parity
    and stamp tests that compare the page with its twin; the report lists failures as they
    happen, so the one that names the slip comes first. On a fresh clone the site's build runs
    the lab's kernels for seconds: it starts as soon as the tests are known, in a thread (the
    build is a process of its own), while the tests that do not need it run. The rest keeps its
    order, a file's tests together (the workers take whole files).

    That is the order of a run in one process (``-n 0``). ``make test``'s workers take whole
    files in xdist's order instead, the files with most tests first; that order is kept on
    purpose: the test copies that run the lab then come after the shared build has filled the
    notebook cache (with conftest's order, a first run took 166-174 CPU-s instead of 142-158).
    """
    reading = {item.path for item in items if needs_the_site(item)}
    items.sort(key=lambda item: (item.path.suffix != ".md", item.path in reading))
    factory: pytest.TempPathFactory | None = getattr(config, "_tmp_path_factory", None)
    if reading and factory is not None:
        shared = shared_folder(factory.getbasetemp())
        threading.Thread(target=build_once, args=(shared,), daemon=True).start()


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
