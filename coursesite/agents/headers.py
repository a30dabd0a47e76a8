"""``_headers`` and ``_redirects`` (Cloudflare Pages / Netlify syntax, which GitHub Pages
ignores): what the host sends with each file of the built site, and where old addresses go.

Static hosts send ``.md`` as ``text/markdown`` with no charset, and browsers then read Chinese
as windows-1252: the table below says what each raw-text suffix is. Then the security headers
with the pages' policy (``policy.py``), and a year in the browser's cache for each file a page
loads, all named by their content (``coursesite/assets.py``, Material's bundle, Pagefind's
chunks); pages stay revalidated (the host's default). The pages were once ``NAME.html``: each
such address is sent on to the page's own (``NAME/``). ``mkdocs serve``'s preview sends none.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path
from urllib.parse import urlsplit

from coursesite.agents.policy import HEADERS, content_security_policy
from coursesite.markup import elements

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
CONTENT_NAMED = re.compile(r"\.[0-9a-f]{8,}\.[^/]*$")
#: What a page loads by name, in the attribute of the tag that names it: its stylesheets,
#: scripts, icon and preloaded font, and the search dialog's script (the search button names
#: it for site.js).
LOADS = {"link": "href", "script": "src", "button": "data-site-search"}


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


def loaded_assets(site: Path, pages: Mapping[str, str]) -> list[str]:
    """Return the files under an ``assets/`` folder of ``site`` that its ``pages`` (each one's
    path from its root → its HTML) load, by their path from its root; each must be named by
    its content.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> (site / "assets").mkdir()
    >>> for name in ("a.0123456789.css", "b.css"):
    ...     _ = (site / "assets" / name).write_text("", encoding="utf-8")
    >>> loaded_assets(site, {"p.html": '<link rel="stylesheet" href="assets/a.0123456789.css">'})
    ['assets/a.0123456789.css']
    >>> loaded_assets(site, {"q/index.html": '<script src="../assets/b.css"></script>'})
    Traceback (most recent call last):
    ...
    RuntimeError: assets/b.css: a page loads it, but its name holds no hash
    """
    found = set()
    for name, html in pages.items():
        for element in elements(html, *LOADS):
            url = element.attrs.get(LOADS[element.tag]) or ""
            if {*"#?:"} & {*url}:
                continue  # not a file of the site's own: a scheme (https:, data:), a query
            path = posixpath.normpath(posixpath.join(posixpath.dirname(name), url))
            if "assets" in path.split("/") and (site / path).is_file():
                if not CONTENT_NAMED.search(path):  # browsers would keep an old one a year
                    raise RuntimeError(f"{path}: a page loads it, but its name holds no hash")
                found.add(path)
    return sorted(found)


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
    # Every page read once, by its path from the root: its policy, its assets, its old address.
    pages = {
        path.relative_to(site).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(site.rglob("*.html"))
    }
    kept = [*loaded_assets(site, pages), *(f"{chunks}/*" for chunks in PAGEFIND_CHUNKS)]
    policy = content_security_policy(pages.values())
    text = headers_text(policy, [root + path for path in kept])
    (site / "_headers").write_text(text, encoding="utf-8")
    (site / "_redirects").write_text(redirects_text(pages, root), encoding="utf-8")
