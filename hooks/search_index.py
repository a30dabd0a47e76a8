r"""MkDocs hook: the search index, one per language, made by Pagefind from the built pages.

When the whole site is built (both languages), Pagefind indexes every page that marks its body
with ``data-pagefind-body`` (``overrides/main.html``: the lesson pages, not the full-text views
nor ``404.html``) into ``pagefind/``, one index per ``<html lang>``. Nothing of it loads until a
reader opens the search dialog (``docs/assets/javascripts/search.js``).

Chinese is indexed one character a word. Pagefind's extended build segments Chinese with jieba
when it indexes, but its browser code splits a query with the browser's own segmenter, which
cuts words elsewhere (Chromium: 归|一|化, 读|取): a query then missed the pages that hold it, or
found pages that hold its characters apart. Indexed one character a word, a Chinese query is
searched as a phrase of characters (``search.js``): it finds exactly the pages that hold it,
whoever segments it. The characters are split with U+200B, the separator Pagefind itself puts
between segmented words and strips from what it shows, so excerpts read as written.

>>> indexed_text('<p>沿 key 轴归一化</p><code x="形状">S</code>')
'<p>沿 key 轴\u200b归\u200b一\u200b化</p><code x="形状">S</code>'
>>> indexed_text('<h2 id="b0">状态 b0<a class="headerlink" href="#b0" title="x">¶</a></h2>')
'<h2 id="b0">状\u200b态 b0</h2>'
"""

from __future__ import annotations

import asyncio
import re
import shutil
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from languages import whole_site_built
from mkdocs.plugins import event_priority
from pagefind.index import IndexConfig, PagefindIndex

#: Where the index goes, under the site; ``search.js`` imports ``pagefind.js`` from there.
FOLDER = "pagefind"
#: What marks a page's body as the part a reader should land on (``overrides/main.html``).
BODY = "data-pagefind-body"
#: What the search dialog uses of Pagefind's bundle: its own UIs are not shipped.
USED = re.compile(r"pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.|.*\.pf_")


HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
TAG = re.compile(r"(<[^>]*>)")
#: The ``¶`` that Markdown's toc puts after each heading: no word of the heading.
PERMALINK = re.compile(r'<a class="headerlink"[^>]*>[^<]*</a>')
BETWEEN_HAN = re.compile(rf"(?<=[{HAN}])(?=[{HAN}])")


def indexed_text(html: str) -> str:
    """Return ``html`` as the index reads it: a U+200B between any two Chinese characters of
    its text, and no heading permalinks."""
    return "".join(
        part if part.startswith("<") else BETWEEN_HAN.sub("\u200b", part)
        for part in TAG.split(PERMALINK.sub("", html))
    )


def pages_to_index(site: Path) -> Iterator[tuple[str, str]]:
    """Yield ``(url, html)`` of each built page with a body to index, in a stable order.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> _ = (site / "R36.html").write_text(f"<div {BODY}>读取</div>", encoding="utf-8")
    >>> _ = (site / "R36.md.html").write_text("<pre>读取</pre>", encoding="utf-8")
    >>> [url for url, _ in pages_to_index(site)]
    ['/R36.html']
    """
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if BODY in html:
            yield "/" + path.relative_to(site).as_posix(), html


async def _write_index(pages: list[tuple[str, str]], folder: Path) -> None:
    # URLs as the site links them (index.html kept); ``_`` kept in words, so that ``d_k`` is
    # one word as in the code. The index is written when the context ends.
    config = IndexConfig(keep_index_url=True, include_characters="_", output_path=str(folder))
    async with PagefindIndex(config=config) as index:
        for url, html in pages:
            await index.add_html_file(content=indexed_text(html), url=url)


def write_search_index(site: Path) -> int:
    """Index the pages of the built ``site`` into ``site/pagefind``; return how many."""
    pages = list(pages_to_index(site))
    if not pages:
        raise ValueError(f"no page in {site} marks a body to index ({BODY})")
    folder = site / FOLDER
    # A rebuild (mkdocs serve) keeps the site folder: an index of pages gone must go too.
    shutil.rmtree(folder, ignore_errors=True)
    # In a thread of its own: the caller's thread may run an event loop already (Playwright's
    # sync API does, in the tests), where asyncio.run cannot start another.
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, _write_index(pages, folder)).result()
    for path in folder.iterdir():
        if path.is_file() and not USED.match(path.name):
            path.unlink()
    return len(pages)


# After i18n's on_post_build, inside which the other languages are built.
@event_priority(-200)
def on_post_build(config: Any) -> None:
    """Once the whole site is built (i18n builds each language nested in the first), index it."""
    if whole_site_built(config):
        write_search_index(Path(config.site_dir))
