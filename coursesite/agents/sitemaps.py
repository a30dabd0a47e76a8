"""Sitemaps where Material asks for them.

Material fetches ``sitemap.xml`` beside the target of every ``rel="alternate"`` link (to offer
the same page in the other language): a copy of the site's sitemap answers at each such place.
"""

from __future__ import annotations

import posixpath
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

SITEMAP = "sitemap.xml"


class _AlternateLinks(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if (
            tag == "link"
            and "alternate" in (values.get("rel") or "").split()
            and values.get("href")
        ):
            self.hrefs.append(values["href"] or "")


def alternate_hrefs(page_html: str) -> list[str]:
    """Return the ``href`` of every ``<link rel="alternate">`` in a page.

    >>> alternate_hrefs('<link rel="alternate" href="../R36.html" hreflang="zh"><link rel="icon" href="i.png">')
    ['../R36.html']
    """
    parser = _AlternateLinks()
    parser.feed(page_html)
    return parser.hrefs


def sitemap_folder(page_uri: str, href: str, site_path: str = "/", origin: str = "") -> str | None:
    """Return the folder (from the site root, ``""`` for the root) where Material will ask for
    ``sitemap.xml`` because ``page_uri`` links ``href`` as an alternate; None if off the site.

    >>> sitemap_folder("R36.html", "en/R36.html")
    'en'
    >>> sitemap_folder("en/R36.html", "../R36.html")
    ''
    >>> sitemap_folder("en/R36.html", "R36.md")
    'en'
    >>> sitemap_folder("R36.html", "/course/en/", "/course/")
    'en'
    >>> sitemap_folder("R36.html", "https://other.example/x.html") is None
    True
    >>> sitemap_folder("R36.html", "https://host/course/en/R36.html", "/course/", "https://host")
    'en'
    """
    parts = urlsplit(href)
    # An absolute alternate (SITE_URL set) counts on the site's own origin only: by its path.
    if (parts.scheme or parts.netloc) and f"{parts.scheme}://{parts.netloc}" != (origin or None):
        return None
    if parts.path.startswith("/"):
        if not parts.path.startswith(site_path):
            return None
        target = parts.path[len(site_path) :]
    else:
        target = posixpath.join(posixpath.dirname(page_uri), parts.path)
    folder = posixpath.normpath(posixpath.dirname(target) if not target.endswith("/") else target)
    if folder.startswith(".."):
        return None
    return "" if folder == "." else folder


def sitemap_folders(site_dir: Path, site_url: str | None) -> set[str]:
    """Return every folder where some built page makes Material ask for ``sitemap.xml``."""
    address = urlsplit(site_url or "")
    site_path = address.path.rstrip("/") + "/"
    origin = f"{address.scheme}://{address.netloc}" if address.netloc else ""
    folders: set[str] = set()
    for page in site_dir.rglob("*.html"):
        uri = page.relative_to(site_dir).as_posix()
        # rel="alternate" links live in <head>; reading only it keeps this scan linear in the
        # page count, since each page's body holds the whole navigation, which grows with it.
        head = page.read_text(encoding="utf-8").partition("</head>")[0]
        for href in alternate_hrefs(head):
            folder = sitemap_folder(uri, href, site_path, origin)
            if folder is not None:
                folders.add(folder)
    return folders


def answer_sitemaps(site_dir: Path, site_url: str | None) -> None:
    """Copy the site's ``sitemap.xml`` to every folder where a page makes Material ask for one."""
    sitemap = site_dir / SITEMAP
    if not sitemap.is_file():
        return
    for folder in sitemap_folders(site_dir, site_url):
        target = site_dir / folder / SITEMAP
        if folder and target.parent.is_dir() and not target.exists():
            shutil.copyfile(sitemap, target)
