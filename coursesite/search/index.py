r"""The search index, one per language, made by Pagefind from the built pages.

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

Pagefind reads a copy of each page's article only (the navigation around it is most of a page's
bytes), with its command line (its Python API takes one file a call), every language in
one run (``pagefind.py``).

>>> indexed_text('<p>沿 key 轴归一化</p><code>S</code>')
'<p>沿 key 轴\u200b归\u200b一\u200b化</p><code>S</code>'
>>> indexed_text('<h2 id="b0">状态 b0<a class="headerlink" href="#b0" title="x">¶</a></h2>')
'<h2 id="b0">状\u200b态 b0</h2>'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from coursesite.search.pagefind import write_index

#: Where the index goes, under the site; ``search.js`` imports ``pagefind.js`` from there.
FOLDER = "pagefind"
#: What marks a page's body, in its language, as the part a reader should land on, and where it
#: ends (``overrides/main.html``).
BODY = re.compile(r'<div data-pagefind-body lang="(?P<lang>[^"]+)">')
END = "<!-- /pagefind-body -->"
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: Chinese characters side by side. Tags hold none but in attribute values, which Pagefind
#: does not index as words: one pass over the whole article, tags and all.
HAN_RUN = re.compile(f"[{HAN}]{{2,}}")
#: The ``¶`` that Markdown's toc puts after each heading: no word of the heading.
PERMALINK = re.compile(r'<a class="headerlink"[^>]*>[^<]*</a>')
#: The blocks whose inner markup says nothing to the index: code (Pygments' spans, one per
#: token) and formulas (MathML's elements, a dozen per formula). Without it Pagefind reads
#: half the bytes for the same text, in half the time.
BLOCK = re.compile(
    r"(?P<open><(?P<tag>pre|math)\b[^>]*>)(?P<body>.*?)(?P<close></(?P=tag)>)", re.DOTALL
)
INNER_MARKUP = {
    # Pygments writes a span with a class at most; a block with any other span stays whole.
    "pre": re.compile(r'<span(?: class="[^"<>]*")?>|</span>'),
    "math": re.compile(r"<[^<>]+>"),
}
ANY_SPAN = re.compile(r"</?span\b")


def indexed_text(html: str) -> str:
    """Return ``html`` as the index reads it: a U+200B between any two Chinese characters,
    and no heading permalinks."""
    return HAN_RUN.sub(lambda run: "\u200b".join(run[0]), PERMALINK.sub("", html))


def without_inner_markup(html: str) -> str:
    """Return ``html`` with the markup inside its code blocks and formulas taken out; a block
    that says anything to Pagefind (``data-pagefind-*``) stays whole.

    >>> without_inner_markup('<pre><span></span><code><span class="gp">&gt;&gt;&gt; </span>x</code></pre>')
    '<pre><code>&gt;&gt;&gt; x</code></pre>'
    >>> without_inner_markup('<p><math alttext="x^2"><msup><mi>x</mi><mn>2</mn></msup></math></p>')
    '<p><math alttext="x^2">x2</math></p>'
    >>> kept = '<pre><code><span class="k" data-pagefind-ignore>secret</span></code></pre>'
    >>> without_inner_markup(kept) == kept
    True
    """

    def text_only(match: re.Match[str]) -> str:
        body = match["body"]
        if "data-pagefind-" in body:
            return match[0]
        text = INNER_MARKUP[match["tag"]].sub("", body)
        if match["tag"] == "pre" and ANY_SPAN.search(text):
            return match[0]
        return match["open"] + text + match["close"]

    return BLOCK.sub(text_only, html)


def indexed_page(html: str) -> str | None:
    """Return what Pagefind reads of a built page: its language and its article's body as the
    index reads it; ``None`` for a page with no body to index.

    >>> body = f'<div data-pagefind-body lang="zh">读取</div>{END}'
    >>> indexed_page(f'<nav>导航</nav><article>{body}</article>')
    '<html lang="zh"><body><div data-pagefind-body lang="zh">读\u200b取</div></body></html>'
    >>> indexed_page('<html lang="en"><pre>no body</pre></html>') is None
    True
    """
    start = BODY.search(html)
    if start is None:
        return None
    body = html[start.start() : html.index(END, start.end())]
    lang = start["lang"]
    return f'<html lang="{lang}"><body>{indexed_text(without_inner_markup(body))}</body></html>'


def pages_to_index(site: Path) -> Iterator[tuple[str, str]]:
    """Yield ``(path, what Pagefind reads)`` for each built page with a body to index.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> (site / "R36").mkdir()
    >>> _ = (site / "R36/index.html").write_text(
    ...     f'<div data-pagefind-body lang="zh">读取</div>{END}', encoding="utf-8"
    ... )
    >>> _ = (site / "R36.md.html").write_text('<html lang="zh"><pre>读取</pre>', encoding="utf-8")
    >>> [path for path, _ in pages_to_index(site)]
    ['R36/index.html']
    """
    for path in sorted(site.rglob("*.html")):
        page = indexed_page(path.read_text(encoding="utf-8"))
        if page is not None:
            yield path.relative_to(site).as_posix(), page


def write_search_index(site: Path) -> None:
    """Index the pages of the built ``site`` into ``site/pagefind``: a rebuild (``mkdocs
    serve``) keeps the site's folder, and an index of pages gone goes too."""
    pages = list(pages_to_index(site))
    if not pages:
        raise ValueError(f"no page in {site} marks a body to index ({BODY.pattern})")
    write_index(pages, site / FOLDER)
