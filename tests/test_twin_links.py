"""Every link in every published Markdown file resolves against that file's own URL: a relative
link reaches a file the site publishes, and a fragment an id of the page it names (for a twin,
``NAME.md``, the page built from it, ``NAME.html``). External links are out of scope."""

from __future__ import annotations

import posixpath
import re
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from tests.docs_pages import page_of
from tests.markdown_parts import FENCE, INLINE_CODE

#: A Markdown link or image's target, and an HTML attribute's.
TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|\b(?:href|src)=\"([^\"]+)\"")
ID = re.compile(r'\bid="([^"]+)"')


def link_targets(markdown: str) -> list[str]:
    """Return the target of every link in ``markdown`` outside code, in order."""
    outside_code = INLINE_CODE.sub("", FENCE.sub("", markdown))
    return [m[1] or m[2] for m in TARGET.finditer(outside_code)]


@cache
def ids_of(page: Path) -> frozenset[str]:
    """Return every id of the built HTML page ``page``."""
    return frozenset(ID.findall(page.read_text(encoding="utf-8")))


def broken_links(site: Path, published: Path) -> list[str]:
    """Return each link of the published Markdown file that does not resolve, with why."""
    uri = published.relative_to(site).as_posix()
    broken = []
    for target in link_targets(published.read_text(encoding="utf-8")):
        parts = urlsplit(target)
        if parts.scheme or parts.netloc:
            continue
        path = unquote(parts.path)
        resolved = posixpath.normpath(posixpath.join(posixpath.dirname(uri), path)) if path else uri
        if resolved.startswith("../") or not (site / resolved).is_file():
            broken.append(f"{uri}: {target} -> {resolved}: no such file")
            continue
        if parts.fragment:
            page = site / (page_of(resolved) if resolved.endswith(".md") else resolved)
            if page.suffix == ".html" and parts.fragment not in ids_of(page):
                where = page.relative_to(site).as_posix()
                broken.append(f"{uri}: {target}: no id {parts.fragment!r} in {where}")
    return broken


def test_every_link_in_every_twin_resolves(site: Path) -> None:
    twins = sorted(site.rglob("*.md"))  # every page's twin
    assert len(twins) >= 12
    assert [line for twin in twins for line in broken_links(site, twin)] == []
