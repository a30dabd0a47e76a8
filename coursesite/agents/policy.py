r"""The security headers of every response, its Content-Security-Policy made from the built pages.

The policy allows the site's own files and, inline, exactly the ``<script>`` and ``<style>``
bodies the build emitted (the theme's, the lab's, the full-text views'), by their SHA-256: a
theme that changes one changes its hash with it, and an inline script nobody built is refused.
Pagefind's search is WebAssembly (``'wasm-unsafe-eval'``); Material's icons are ``data:`` SVG
images. ``'report-sample'`` puts the start of a refused script in the browser's report.

>>> page = '<script>a()</script><script type="application/json">{}</script><style>p{}</style>'
>>> inline_hashes(page) == ({digest("a()")}, {digest("p{}")})
True
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable

from coursesite.markup import elements

#: A ``<script>`` of another type (a JSON data island) is data: it never runs. Browsers read the
#: type in any case, spaces around it aside.
RUNS = {"", "module", "text/javascript", "application/javascript"}
HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # The host serves HTTPS (and redirects to it); a year, as browsers' preload lists ask.
    "Strict-Transport-Security": "max-age=31536000",
    # Copying code writes to the clipboard: that stays on.
    "Permissions-Policy": "accelerometer=(), camera=(), display-capture=(), geolocation=(), "
    "gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def digest(body: str) -> str:
    """Return the CSP source that allows an inline ``body`` (the HTML parser reads CRLF as LF)."""
    raw = hashlib.sha256(body.replace("\r\n", "\n").encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(raw).decode('ascii')}'"


def inline_hashes(*pages: str) -> tuple[set[str], set[str]]:
    """Return the CSP hashes of the inline scripts that run in ``pages`` (their HTML), and of
    their ``<style>``s."""
    scripts: set[str] = set()
    styles: set[str] = set()
    for html in pages:
        for element in elements(html, "script", "style"):
            body, attrs = digest(html[element.inner : element.close]), element.attrs
            if element.tag == "style":
                styles.add(body)
            elif "src" not in attrs and (attrs.get("type") or "").strip().lower() in RUNS:
                scripts.add(body)
    return scripts, styles


def content_security_policy(pages: Iterable[str]) -> str:
    """Return the policy that lets ``pages`` (their HTML) run as built."""
    scripts, styles = inline_hashes(*pages)
    return "; ".join(
        [
            "default-src 'none'",
            " ".join(["script-src 'self' 'wasm-unsafe-eval' 'report-sample'", *sorted(scripts)]),
            " ".join(["style-src 'self' 'report-sample'", *sorted(styles)]),
            "img-src 'self' data:",
            "font-src 'self'",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'none'",
        ]
    )
