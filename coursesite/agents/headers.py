"""``_headers`` and ``_redirects`` (Cloudflare Pages / Netlify syntax, which GitHub Pages
ignores): what the host sends with each file of the built site, and where old addresses go.

Static hosts send ``.md`` as ``text/markdown`` with no charset, and browsers then read Chinese
as windows-1252: the table below says what each raw-text suffix is. Then the security headers
with the pages' policy (``policy.py``), and a year in the browser's cache for each file named
by its content (``coursesite/assets.py``'s, Material's, Pagefind's chunks); every other file,
pages among them, stays revalidated (the host's default). The pages were once ``NAME.html``:
each such address is sent on to the page's own (``NAME/``). ``mkdocs serve``'s preview sends
none.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from pathlib import Path
from urllib.parse import urlsplit

from coursesite.agents.policy import HEADERS, content_security_policy

MEDIA_TYPES = {
    ".md": "text/markdown",
    ".py": "text/plain",
    ".txt": "text/plain",
    ".ipynb": "application/x-ipynb+json",
}

#: A year, never revalidated: a file named by its content never changes under its name.
KEPT = "Cache-Control: public, max-age=31536000, immutable"
#: Where Pagefind puts its index's chunks, which it names by their content.
PAGEFIND_CHUNKS = ("pagefind/fragment", "pagefind/index")
#: A name that holds its content's hash (the build's ten hex digits, Material's eight).
CONTENT_NAMED = re.compile(r"\.[0-9a-f]{8,}\.")


def headers_text(policy: str, kept: Iterable[str]) -> str:
    r"""Return ``_headers``: each raw-text suffix's content type, then the security headers with
    ``policy`` on every path, then the paths ``kept``, named by their content, kept a year.

    >>> rules = headers_text("default-src 'none'", ["/site.0a1b2c3d4e.css"]).splitlines()
    >>> print(*rules[10:12], *rules[-2:], sep="\n")
    /*
      Content-Security-Policy: default-src 'none'
    /site.0a1b2c3d4e.css
      Cache-Control: public, max-age=31536000, immutable
    """
    lines = ["# Raw text in UTF-8: without a charset, browsers decode Chinese as windows-1252."]
    for suffix, media_type in MEDIA_TYPES.items():
        lines += [f"/*{suffix}", f"  Content-Type: {media_type}; charset=utf-8"]
    lines += ["# Every response: its policy allows what the build emitted, nothing else.", "/*"]
    security = {"Content-Security-Policy": policy, **HEADERS}
    lines += [f"  {name}: {value}" for name, value in security.items()]
    lines.append("# Named by their content: a new content is a new name, never fetched again.")
    for path in kept:
        lines += [path, f"  {KEPT}"]
    return "\n".join(lines) + "\n"


def redirects_text(pages: Collection[str], root: str = "/") -> str:
    """Return the ``_redirects`` that send each page's old ``NAME.html`` address to its own.

    >>> print(redirects_text(["index.html", "R36/index.html", "en/index.html", "en/404.html",
    ...                       "en/lab/LAB-02/index.html"]), end="")
    /R36.html /R36/ 301
    /en/lab/LAB-02.html /en/lab/LAB-02/ 301
    """
    folders = [name.removesuffix("/index.html") for name in pages if name.endswith("/index.html")]
    # A language's home (its folder holds a 404.html) was never en.html.
    return "".join(
        f"{root}{folder}.html {root}{folder}/ 301\n"
        for folder in folders
        if f"{folder}/404.html" not in pages
    )


def write_headers(site: Path, site_url: str | None) -> None:
    """Once the whole site is built, write ``_headers`` at its root (the content types, the
    security headers with the pages' policy, the files kept a year) and ``_redirects``.

    >>> import tempfile
    >>> write_headers(Path(tempfile.mkdtemp()), None)
    Traceback (most recent call last):
    ...
    RuntimeError: no pagefind/fragment in the site for _headers to keep a year
    """
    for chunks in PAGEFIND_CHUNKS:  # Pagefind's layout, which a new release may change
        if not (site / chunks).is_dir():
            raise RuntimeError(f"no {chunks} in the site for _headers to keep a year")
    root = urlsplit(site_url or "").path.rstrip("/") + "/"
    # Every page read once, by its path from the root: its policy, its old address.
    pages = {
        path.relative_to(site).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(site.rglob("*.html"))
    }
    # The theme's and the build's files, in each language's assets/, named by their content;
    # any other file is revalidated (the host's default): never kept stale.
    hashed = sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*")
        if path.is_file()
        and "assets" in path.relative_to(site).parts
        and CONTENT_NAMED.search(path.name)
    )
    kept = [*hashed, *(f"{chunks}/*" for chunks in PAGEFIND_CHUNKS)]
    policy = content_security_policy(pages.values())
    text = headers_text(policy, [root + path for path in kept])
    (site / "_headers").write_text(text, encoding="utf-8")
    (site / "_redirects").write_text(redirects_text(pages, root), encoding="utf-8")
