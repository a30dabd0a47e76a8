"""A plain localhost server for a built site and a headless Chromium to read it, as a reader
would (the site as its host serves it: ``tests/runtime.py``).

The browser is Debian's Chromium headless shell (``/usr/bin/chromium-headless-shell``, what
Playwright runs headless tests in) unless ``CHROMIUM`` names another:
Playwright's own browser download is never used, so nothing is fetched from outside.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, ViewportSize, expect

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
# Without the background-networking flags Chromium tries Google's hosts at every start.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}
#: Every refusal of the site's Content-Security-Policy, as a console error naming the page and
#: what was refused (an inline script's first characters: the policy asks for its sample).
VIOLATION = "CSP violation: "
REPORT_VIOLATIONS = f"""document.addEventListener("securitypolicyviolation", e => console.error(
  {VIOLATION!r} + location.href + " refused " + e.effectiveDirective + " " + e.blockedURI +
  " at " + e.sourceFile + ":" + e.lineNumber + " " + JSON.stringify(e.sample)));"""
#: Transitions off, so that axe reads the colours a page ends with: a constructed stylesheet,
#: as the site's policy refuses any ``<style>`` element the build did not emit.
STILL = """() => {
  const still = new CSSStyleSheet();
  still.replaceSync("*, *::before, *::after { transition: none !important; }");
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
}"""


class SubPathHandler(SimpleHTTPRequestHandler):
    """Serves the site under a sub-path only (``/course/``), as a host serving it there would;
    any other path is not found. None of the host's headers (``_headers``): the site as
    Cloudflare Pages serves it is the runtime's (``tests/runtime.py``, the ``base_url`` fixture).
    """

    sub_path = "/"

    def log_message(self, format: str, *args: object) -> None:
        pass  # not every request in the test output

    def translate_path(self, path: str) -> str:
        if not path.startswith(self.sub_path):
            return str(Path(self.directory) / "no such file")
        return super().translate_path("/" + path.removeprefix(self.sub_path))


@contextmanager
def serving(root: Path, sub_path: str = "/", port: int = 0) -> Iterator[str]:
    """Serve ``root`` at ``sub_path`` on localhost (``port``, or a free one), as a plain static
    server; yield the site's base URL."""
    handler = type("Handler", (SubPathHandler,), {"sub_path": sub_path})
    server = ThreadingHTTPServer(("127.0.0.1", port), partial(handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{sub_path}"
    finally:
        server.shutdown()
        server.server_close()


@dataclass
class Traffic:
    """What a page did: console errors, refusals of the site's policy, failed responses,
    requests to other hosts."""

    console_errors: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    in_flight: int = 0
    last_change: float = field(default_factory=time.monotonic)

    def started(self) -> None:
        self.in_flight += 1
        self.last_change = time.monotonic()

    def ended(self) -> None:
        self.in_flight -= 1
        self.last_change = time.monotonic()

    def reset(self) -> None:
        """Forget what an earlier page did (a reused tab: ``Tab``)."""
        self.console_errors.clear()
        self.violations.clear()
        self.failed.clear()
        self.foreign.clear()
        self.in_flight = 0
        self.last_change = time.monotonic()

    def problems(self) -> list[str]:
        """Return everything a reader should never meet, or nothing."""
        return (
            [f"console: {m}" for m in self.console_errors]
            + self.violations
            + [f"failed: {u}" for u in self.failed]
            + [f"other host: {u}" for u in self.foreign]
        )


def watched_page(browser: Browser, **context_options: object) -> tuple[Page, Traffic]:
    """Open a page in a fresh context and record its traffic."""
    context = browser.new_context(**context_options)  # type: ignore[arg-type]
    context.add_init_script(REPORT_VIOLATIONS)
    page = context.new_page()
    traffic = Traffic()
    page.on(
        "console",
        lambda m: (
            (traffic.violations if m.text.startswith(VIOLATION) else traffic.console_errors).append(
                m.text
            )
            if m.type == "error"
            else None
        ),
    )
    page.on("pageerror", lambda e: traffic.console_errors.append(str(e)))
    page.on(
        "response",
        lambda r: traffic.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None,
    )
    page.on(
        "request",
        lambda r: (
            traffic.foreign.append(r.url)
            if urlsplit(r.url).hostname not in LOCAL_HOSTS
            and not r.url.startswith(("data:", "blob:"))
            else None
        ),
    )
    page.on("request", lambda _: traffic.started())
    page.on("requestfinished", lambda _: traffic.ended())
    page.on("requestfailed", lambda _: traffic.ended())
    return page, traffic


@dataclass
class Tab:
    """One browser tab that several tests load their pages in, one after the other.

    A new tab costs CPU before its page loads (a renderer process started, the theme's script
    compiled again); a test that only loads a page and reads it needs no tab
    of its own, nor does one that reads it at another size (``set_viewport_size``). Each
    ``fresh()`` forgets the earlier page's traffic and size.
    """

    page: Page
    traffic: Traffic
    viewport: ViewportSize | None = field(init=False)

    def __post_init__(self) -> None:
        self.viewport = self.page.viewport_size

    def fresh(self) -> tuple[Page, Traffic]:
        """Return the tab and its traffic, as if new: the earlier test's page, storage (the
        theme keeps a chosen palette there) and traffic forgotten."""
        if self.page.url.startswith("http"):
            self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            # The page itself leaves for about:blank, which then stays in the site's renderer
            # process: the browser's own navigation there swaps processes twice, on the way out
            # and on the next page's way in, CPU spent on every page.
            with self.page.expect_navigation(url="about:blank"):
                self.page.evaluate("() => { location.href = 'about:blank'; }")
        elif self.page.url != "about:blank":
            self.page.goto("about:blank")
        if self.viewport is not None and self.page.viewport_size != self.viewport:
            self.page.set_viewport_size(self.viewport)
        self.traffic.reset()
        return self.page, self.traffic


#: How long a loaded page must make no request to count as settled: Playwright's
#: ``networkidle`` waits longer on every page, and on this site the only request that starts
#: after the ``load`` event is the favicon's, at once.
QUIET_SECONDS = 0.15


def loaded(page: Page, traffic: Traffic, url: str, timeout: float = 15.0) -> None:
    """Open ``url`` and wait until the page is loaded and has settled: no request in flight
    and none started or ended for ``QUIET_SECONDS``."""
    page.goto(url, wait_until="load")
    deadline = time.monotonic() + timeout
    while traffic.in_flight > 0 or time.monotonic() - traffic.last_change < QUIET_SECONDS:
        assert time.monotonic() < deadline, f"{url}: {traffic.in_flight} requests never ended"
        page.wait_for_timeout(20)


def shown_state(page: Page) -> tuple[str, list[str]]:
    """Return the visible figure's state and the highlighted rows, as 'matrix:row' strings."""
    figure = page.locator("figure.r36-figure:visible")
    expect(figure).to_have_count(1)
    rows = figure.evaluate(
        """f => [...f.querySelectorAll('table')].flatMap(t =>
             [...t.querySelectorAll('tbody tr')].map((tr, i) =>
               tr.classList.contains('is-highlighted') ? t.dataset.matrix + ':' + i : null))
             .filter(Boolean)"""
    )
    return figure.get_attribute("data-state"), rows
