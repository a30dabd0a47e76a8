"""``_headers`` (Cloudflare Pages / Netlify syntax, which GitHub Pages ignores): what the host
sends with each file of the built site.

Static hosts send ``.md`` as ``text/markdown`` with no charset, and browsers then read Chinese
as windows-1252: the table below says what each raw-text suffix is. Then the security headers
with the pages' policy (``policy.py``), and each page's ``Link`` to its twin
(``link_headers.py``). ``mkdocs serve``'s preview sends none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlsplit

from coursesite.agents.link_headers import language_folders, link_rules, pages_with_twins
from coursesite.agents.policy import security_rules, site_policy

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


def write_headers(site: Path, site_url: str | None) -> None:
    """Once the whole site is built, write ``_headers`` at its root: the content types, the
    security headers with the pages' policy (``policy.py``), then each page's ``Link`` to its
    twin and its ``llms.txt`` (``link_headers.py``)."""
    root = urlsplit(site_url or "").path.rstrip("/") + "/"
    links = link_rules(pages_with_twins(site), language_folders(site), root)
    security = security_rules(site_policy(site))
    (site / HEADERS_FILE).write_text(headers_text() + security + links, encoding="utf-8")
