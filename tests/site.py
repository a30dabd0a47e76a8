"""Building the site for tests (the same strict build as `make build`, into a folder) and reading
what it built: its pages parsed once, its 404 pages, its search index, its llms.txt."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin, urlsplit

from bs4 import BeautifulSoup

from coursesite.site import CONFIGS
from tests.docs_pages import ROOT


def build(
    destination: Path, config: Path = ROOT / "mkdocs.yml", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Build every language of the project whose ``config`` is given (``make build``'s
    ``python -m coursesite build``) into ``destination``, with ``env`` added to the
    environment; return the process."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "coursesite", "build", str(destination)],
        capture_output=True,
        text=True,
        env=env,
        cwd=config.parent,
        check=False,
    )


def copy_of_the_project(folder: Path, own_cache: bool = False) -> Path:
    """Copy what the build reads into ``folder`` (outside git); return its mkdocs.yml. The copy
    shares the project's build cache (``.cache/``: the executed notebooks, the compiled
    templates), or with ``own_cache`` starts from a copy of it that the project never sees."""
    for part in ("docs", "hooks", "overrides", "attn"):
        shutil.copytree(ROOT / part, folder / part, symlinks=True)
    (folder / "node_modules").symlink_to(ROOT / "node_modules")  # the pinned Pagefind
    for name in (*CONFIGS, "pyproject.toml", "LICENSE"):  # what originals.zip ships too
        shutil.copy(ROOT / name, folder)
    (ROOT / ".cache").mkdir(exist_ok=True)
    if own_cache:
        shutil.copytree(ROOT / ".cache", folder / ".cache", symlinks=True)
    else:
        (folder / ".cache").symlink_to(ROOT / ".cache", target_is_directory=True)
    return folder / "mkdocs.yml"


class ParsedPages:
    """The built pages one test process has read, each parsed once (the ``parsed`` fixture):
    many tests read the same pages, R36's above all, and parsing is most of what reading one
    costs. The tests only read what it returns; one that changed a page would change it for the
    tests after."""

    def __init__(self) -> None:
        self.parsed: dict[Path, BeautifulSoup] = {}

    def soup(self, path: Path) -> BeautifulSoup:
        """Return the built page at ``path`` parsed as HTML."""
        if path not in self.parsed:
            self.parsed[path] = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        return self.parsed[path]


def title_text(page: BeautifulSoup) -> str:
    """Return a built page's H1 as a reader sees it: its text without the permalink sign."""
    h1 = page.select_one("article h1")
    assert h1 is not None, "the page has no title"
    text = h1.find_all(string=True)
    return "".join(t for t in text if not t.find_parent(class_="headerlink")).strip()


def selector(page: BeautifulSoup) -> dict[str, str]:
    """Return the page's links to itself in its other languages, ``{language: href}``."""
    return {str(a["hreflang"]): str(a["href"]) for a in page.select(".site-tools a[hreflang]")}


def page_links(parsed: ParsedPages, page: Path, served_at: str) -> list[str]:
    """Return the URL of everything on the site's own host that ``page`` links or loads (not
    its own fragments), as a browser resolves it with the page served at ``served_at``."""
    host = urlsplit(served_at).netloc
    found = []
    for tag in parsed.soup(page).select("a[href], link[href], script[src], img[src]"):
        url = urljoin(served_at, str(tag.get("href") or tag.get("src")))
        if urlsplit(url).netloc == host and urldefrag(url).url != served_at:
            found.append(urldefrag(url).url)
    return found


#: An address no file of a site answers: a page's name, in no folder.
MISSING_PAGE = "/no-such-page"
#: Each language's 404 page, in its folder (``en/404.html``).
NOT_FOUND = "404.html"
#: A missing address deep in a language's folder, where a host serves that folder's 404 page.
MISSING = "lab/no/such/page.html"


def a_file_of_each_kind(site: Path) -> dict[str, str]:
    """Return ``{suffix: address}``: the address of one file of the built site for each suffix
    its files have (``.html`` too: the host may redirect from it)."""
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    return {Path(f).suffix: f"/{f}" for f in files if Path(f).suffix}


def search_fragments(site: Path) -> dict[str, dict[str, Any]]:
    """Return what the site's search index holds of each page (``bundle_fragments``)."""
    return bundle_fragments(site / "pagefind")


def bundle_fragments(bundle: Path) -> dict[str, dict[str, Any]]:
    """Return what a Pagefind bundle holds of each page, by its URL: ``content`` (the text as
    indexed, U+200B taken out), ``meta`` and ``language`` (the index it is in)."""
    fragments = {}
    for path in sorted((bundle / "fragment").glob("*.pf_fragment")):
        data = gzip.decompress(path.read_bytes()).removeprefix(b"pagefind_dcd")
        fragment = json.loads(data)
        fragment["content"] = fragment["content"].replace("\u200b", "")
        fragment["language"] = path.name.split("_")[0]
        fragments[fragment["url"]] = fragment
    return fragments


#: One ``llms.txt`` list item: title, URL, note.
ITEM = re.compile(r"- \[(?P<title>.+)\]\((?P<url>[^)\s]+)\): (?P<note>\S.*)")


def sections(llms: str) -> dict[str, list[str]]:
    """Return each ``## `` section of an llms.txt with its list items."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in llms.splitlines():
        if line.startswith("## "):
            current = found.setdefault(line[3:], [])
        elif current is not None and line.startswith("- "):
            current.append(line)
    return found


def sitemap_requests(parsed: ParsedPages, site: Path, address: str = "http://host/") -> set[Path]:
    """Return every ``sitemap.xml`` that Material's script fetches from some built page of the
    site served at ``address``: one beside the target of each ``<link rel="alternate">``
    (relative, or absolute on the site's own origin) of a page that loads it."""
    base = urlsplit(address)
    wanted: set[Path] = set()
    for page in site.rglob("*.html"):
        url, html = address + page.relative_to(site).as_posix(), parsed.soup(page)
        if not html.select('script[src*="assets/javascripts/bundle."]'):
            continue  # not the theme's page (a full-text view)
        for link in html.select('link[rel~="alternate"][href]'):
            sitemap = urlsplit(urljoin(urljoin(url, link["href"]), "sitemap.xml"))
            if sitemap.netloc == base.netloc and sitemap.path.startswith(base.path):
                wanted.add(site / sitemap.path[len(base.path) :])
    return wanted
