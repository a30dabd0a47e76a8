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
from collections.abc import Iterable, Mapping
from pathlib import Path
from urllib.parse import urlsplit

from coursesite.agents.policy import security_rules, site_policy
from coursesite.markup import elements

CONTENT_TYPES: dict[str, str] = {
    ".md": "text/markdown; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".ipynb": "application/x-ipynb+json; charset=utf-8",
}

HEADERS_FILE = "_headers"
REDIRECTS_FILE = "_redirects"
#: A year, never revalidated: a file named by its content never changes under its name.
KEPT = "Cache-Control: public, max-age=31536000, immutable"
#: Where Pagefind puts its index's chunks, which it names by their content.
PAGEFIND_CHUNKS = ("pagefind/fragment", "pagefind/index")
#: A name that holds its content's hash (the build's ten hex digits, Material's eight).
CONTENT_NAMED = re.compile(r"\.[0-9a-f]{8,}\.[^/]*$")
#: What a page loads by name, in the attribute of the tag that names it: its stylesheets,
#: scripts, icon and preloaded font, and the search dialog's script (the header's button names
#: it for site.js).
LOADS = {"link": "href", "script": "src", "button": "data-site-search"}


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


def loaded_assets(site: Path) -> list[str]:
    """Return the files under an ``assets/`` folder that the built pages of ``site`` load, by
    their path from its root; each must be named by its content.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> (site / "assets").mkdir()
    >>> for name in ("a.0123456789.css", "b.css"):
    ...     _ = (site / "assets" / name).write_text("", encoding="utf-8")
    >>> _ = (site / "p.html").write_text('<link rel="stylesheet" href="assets/a.0123456789.css">')
    >>> loaded_assets(site)
    ['assets/a.0123456789.css']
    >>> _ = (site / "q.html").write_text('<script src="assets/b.css"></script>')
    >>> loaded_assets(site)
    Traceback (most recent call last):
    ...
    RuntimeError: assets/b.css: a page loads it, but its name holds no hash
    """
    found = set()
    for page in site.rglob("*.html"):
        here = page.parent.relative_to(site).as_posix()
        for element in elements(page.read_text(encoding="utf-8"), *LOADS):
            url = element.attrs.get(LOADS[element.tag]) or ""
            if not url or {*"#?:"} & {*url}:
                continue  # not a file of the site's own: a scheme (https:, data:), a query
            path = posixpath.normpath(posixpath.join(here, url))
            if "assets" in path.split("/") and (site / path).is_file():
                if not CONTENT_NAMED.search(path):  # browsers would keep an old one a year
                    raise RuntimeError(f"{path}: a page loads it, but its name holds no hash")
                found.add(path)
    return sorted(found)


def caching_rules(paths: Iterable[str], root: str = "/") -> str:
    """Return the ``_headers`` rules that let browsers keep ``paths`` (named by their content).

    >>> print(caching_rules(["assets/site.0a1b2c3d4e.css"]), end="")
    # Named by their content: a new content is a new name, never fetched again.
    /assets/site.0a1b2c3d4e.css
      Cache-Control: public, max-age=31536000, immutable
    """
    lines = ["# Named by their content: a new content is a new name, never fetched again."]
    for path in paths:
        lines += [root + path, f"  {KEPT}"]
    return "\n".join(lines) + "\n"


def redirects_text(site: Path, root: str = "/") -> str:
    """Return the ``_redirects`` that send each page's old ``NAME.html`` address to its own.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> for page in ("index.html", "R36/index.html", "en/index.html", "en/404.html",
    ...              "en/lab/LAB-02/index.html"):
    ...     (site / page).parent.mkdir(parents=True, exist_ok=True)
    ...     _ = (site / page).write_text("", encoding="utf-8")
    >>> print(redirects_text(site), end="")
    /R36.html /R36/ 301
    /en/lab/LAB-02.html /en/lab/LAB-02/ 301
    """
    lines = []
    for page in sorted(site.glob("**/*/index.html")):
        folder = page.parent.relative_to(site).as_posix()
        if not (page.parent / "404.html").is_file():  # a language's home was never en.html
            lines.append(f"{root}{folder}.html {root}{folder}/ 301\n")
    return "".join(lines)


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
    security = security_rules(site_policy(site))
    kept = caching_rules([*loaded_assets(site), *(f"{c}/*" for c in PAGEFIND_CHUNKS)], root)
    (site / HEADERS_FILE).write_text(headers_text() + security + kept, encoding="utf-8")
    (site / REDIRECTS_FILE).write_text(redirects_text(site, root), encoding="utf-8")
