"""One table of content types, for the static host and for ``mkdocs serve``.

Static hosts send ``.md`` as ``text/markdown`` with no charset, and browsers then read Chinese
as windows-1252. The table below is the single place that says what each raw-text suffix is:
it is written into the built site as ``_headers`` (Cloudflare Pages / Netlify syntax, which
GitHub Pages ignores) and registered with :mod:`mimetypes`, which the preview server of
``mkdocs serve`` consults, so the preview and the host answer alike.
"""

from __future__ import annotations

import mimetypes
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer

from coursesite.agents.link_headers import language_folders, link_rules, pages_with_twins
from coursesite.agents.policy import security_rules, site_policy, with_the_policy

CONTENT_TYPES: dict[str, str] = {
    ".md": "text/markdown; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".ipynb": "application/x-ipynb+json; charset=utf-8",
}

HEADERS_FILE = "_headers"


def headers_text(types: Mapping[str, str] = CONTENT_TYPES) -> str:
    """Return a ``_headers`` file that gives each suffix its content type, on every path.

    >>> print(headers_text({".md": "text/markdown; charset=utf-8"}), end="")
    # Raw text in UTF-8: without a charset, browsers decode Chinese as windows-1252.
    /*.md
      Content-Type: text/markdown; charset=utf-8
    """
    lines = ["# Raw text in UTF-8: without a charset, browsers decode Chinese as windows-1252."]
    for suffix, content_type in types.items():
        lines += [f"/*{suffix}", f"  Content-Type: {content_type}"]
    return "\n".join(lines) + "\n"


def register_types(types: Mapping[str, str] = CONTENT_TYPES) -> None:
    """Make :func:`mimetypes.guess_type` answer with ``types`` (the preview server asks it)."""
    for suffix, content_type in types.items():
        mimetypes.add_type(content_type, suffix)


def on_startup(*, command: str, dirty: bool) -> None:
    """Register the content types before ``mkdocs serve``'s preview server answers."""
    register_types()


def on_serve(
    server: LiveReloadServer, config: MkDocsConfig, builder: Callable[..., Any]
) -> LiveReloadServer:
    """Make the preview send the security headers the host sends (``policy.py``)."""
    app = server.get_app()
    if app is not None:  # MkDocs' server sets its app when made
        server.set_app(with_the_policy(app, Path(config.site_dir)))
    return server


def write_headers(site: Path, site_url: str | None) -> None:
    """Once the whole site is built, write ``_headers`` at its root: the content types, the
    security headers with the pages' policy (``policy.py``), then each page's ``Link`` to its
    twin and its ``llms.txt`` (``link_headers.py``)."""
    root = urlsplit(site_url or "").path.rstrip("/") + "/"
    links = link_rules(pages_with_twins(site), language_folders(site), root)
    security = security_rules(site_policy(site))
    (site / HEADERS_FILE).write_text(headers_text() + security + links, encoding="utf-8")
