"""Fixtures shared by the site tests: one strict build of the whole site per test session, and
one Cloudflare Pages runtime serving it (tests/runtime.py), whichever xdist worker asks first."""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.browser import CHROMIUM, CHROMIUM_ARGS, Tab, watched_page
from tests.runtime import Certificates, Runtime
from tests.site import ParsedPages, build

#: Where a failed strict build leaves MkDocs' warning and error lines, beside ``site.built``:
#: the other xdist workers fail at once with them instead of building again.
FAILED = "site.failed"
#: Where the runtime's starter records it for the run's other processes (``Runtime.save``),
#: and where it leaves the runtime's output if it did not answer.
RUNTIME, RUNTIME_FAILED = "runtime.json", "runtime.failed"


def worker() -> bool:
    """Return whether this process is one of pytest-xdist's workers."""
    return "PYTEST_XDIST_WORKER" in os.environ


#: The folder the run's processes share (the build, the runtime, their locks), made by the
#: controller (or the only process) and handed to xdist's workers in their ``workerinput``.
SHARED = pytest.StashKey[Path]()


def pytest_configure(config: pytest.Config) -> None:
    """Make the run's shared folder, in the process that runs the others."""
    if not worker():
        config.stash[SHARED] = Path(tempfile.mkdtemp(prefix="course-tests-"))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Hand each xdist worker the shared folder (xdist's documented ``workerinput``)."""
    node.workerinput["shared_folder"] = str(node.config.stash[SHARED])


def shared_folder(config: pytest.Config) -> Path:
    """Return the folder the run's processes share."""
    if worker():
        return Path(config.workerinput["shared_folder"])  # type: ignore[attr-defined]
    return config.stash[SHARED]


@contextmanager
def exclusively(shared: Path, name: str) -> Iterator[None]:
    """Hold the run's lock ``name`` (a file in the shared folder): what one process does under
    it, the others wait for, then find done."""
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def said_by_mkdocs(stderr: str) -> list[str]:
    """Return MkDocs' warning and error lines, each once, in order; if it printed none (it
    crashed), the end of what it printed."""
    said = list(dict.fromkeys(re.findall(r"^(?:WARNING|ERROR) .*$", stderr, re.MULTILINE)))
    return said or stderr.strip().splitlines()[-20:]


@pytest.fixture(scope="session")
def site(request: pytest.FixtureRequest) -> Path:
    """Build the site once (strict) for the whole run, in whichever process asks first while
    the others wait (two builds at once would share two cores); return its folder. Tests only
    read it. A failed build fails every test that reads the site with MkDocs' own lines."""
    shared = shared_folder(request.config)
    with exclusively(shared, "site"):
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
def parsed() -> ParsedPages:
    """The built pages this process has parsed, each parsed once (``ParsedPages``)."""
    return ParsedPages()


@pytest.fixture(scope="session")
def certificates(request: pytest.FixtureRequest) -> Certificates:
    """The run's local CA and the runtime's certificate, made once for all its processes: each
    process's browser accepts the certificate of the one runtime."""
    shared = shared_folder(request.config)
    made = Certificates(shared / "certificates")
    with exclusively(shared, "certificates"):
        if not made.cert.is_file():
            made.make()
    return made


@pytest.fixture(scope="session")
def runtime(site: Path, certificates: Certificates, request: pytest.FixtureRequest) -> Runtime:
    """Cloudflare Pages' runtime serving the built site over HTTPS, started once for the run
    by the first process that asks (after the build) and used by all; the run's last process
    stops it (``pytest_sessionfinish``). If it does not answer, every test that needs it fails
    with its output."""
    shared = shared_folder(request.config)
    record, failed = shared / RUNTIME, shared / RUNTIME_FAILED
    with exclusively(shared, "runtime"):
        if not record.exists() and not failed.exists():
            try:
                Runtime.start(site, shared / "runtime", certificates).save(record)
            except RuntimeError as error:
                failed.write_text(str(error), encoding="utf-8")
    if failed.exists():
        pytest.fail(failed.read_text(encoding="utf-8"))
    return Runtime.load(record)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop the run's runtime, if one was started, once no process needs it: in xdist's
    controller, which ends after its workers, or in the only process of a run without xdist."""
    if worker():
        return
    shared = shared_folder(session.config)
    if (shared / RUNTIME).exists():
        Runtime.load(shared / RUNTIME).stop()
    shutil.rmtree(shared, ignore_errors=True)


@pytest.fixture(scope="session")
def base_url(runtime: Runtime) -> str:
    """The built site's address, as Cloudflare Pages serves it (``runtime``)."""
    return runtime.url


@pytest.fixture(scope="session")
def browser(certificates: Certificates) -> Iterator[Browser]:
    """Start headless Chromium once for the session, accepting the runtime's certificate."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no browser at {CHROMIUM}: run `make test` as root, or set CHROMIUM")
    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, certificates.chromium_flag()]
        )
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
    which the runtime sends), naming each page and what was refused: whatever else the
    test asserts, a refused script is a feature that does not work for a reader."""
    yield
    tabs = [v for v in getattr(request.node, "funcargs", {}).values() if isinstance(v, Tab)]
    refused = [v for tab in tabs for v in tab.traffic.violations]
    assert not refused, "\n".join(refused)
