"""What the browser benchmarks share: a built site served on localhost by Python's own static
server, and Debian's Chromium headless shell, the browser the tests run (``CHROMIUM`` names
another), launched by Playwright. Playwright's own switches keep it offline (no background
networking, component updates or sync) and without a sandbox; the GPU is off, as headless it
draws nothing on one."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import Browser, Playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def launch(playwright: Playwright, executable: str = CHROMIUM) -> Browser:
    """Start ``executable`` headless, as the benchmarks measure it."""
    return playwright.chromium.launch(executable_path=executable, args=["--disable-gpu"])


class Quiet(SimpleHTTPRequestHandler):
    """Serves files without logging every request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving(root: Path) -> Iterator[str]:
    """Serve ``root`` on a free port of 127.0.0.1 while the block runs; yield its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
