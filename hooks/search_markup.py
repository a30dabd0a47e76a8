r"""MkDocs hook: Material's search reads each page without the markup inside code and formulas.

Material's search plugin parses every page's HTML with Python's ``HTMLParser`` to index it. On
a lesson page most of the tags it walks say nothing to the index: Pygments' ``<span>``\s
inside ``<pre>`` (one per token of every doctest) and MathML's elements (a dozen per formula).
The index keeps only their text, so the plugin is handed the page with that inner markup taken
out, and the page itself is put back once it is indexed: the index is the same
(``tests/test_search_markup.py``), built from a third of the tags. The parse was the largest
per-page term of the build after the Markdown itself (``benchmarks/course_scale.py``).

>>> html = '<pre><span></span><code><span class="gp">&gt;&gt;&gt; </span>x</code></pre>'
>>> without_inner_markup(html)
'<pre><code>&gt;&gt;&gt; x</code></pre>'
>>> without_inner_markup('<p><math alttext="x^2"><msup><mi>x</mi><mn>2</mn></msup></math></p>')
'<p><math alttext="x^2">x2</math></p>'
>>> odd = '<pre><code><span class="k" data-search-exclude>secret</span></code></pre>'
>>> without_inner_markup(odd) == odd  # a block the index could depend on: left alone
True
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.plugins import CombinedEvent, event_priority

SEARCH_PLUGIN = "material/search"
#: The blocks whose inner markup the index never keeps: code (Pygments' spans) and formulas
#: (MathML's elements, a dozen per formula); their text is all it takes from them.
BLOCK = re.compile(
    r"(?P<open><(?P<tag>pre|math)\b[^>]*>)(?P<body>.*?)(?P<close></(?P=tag)>)", re.DOTALL
)
INNER_MARKUP = {
    # Pygments writes a span with a class at most; a block with any other span stays whole.
    "pre": re.compile(r'<span(?: class="[^"<>]*")?>|</span>'),
    "math": re.compile(r"<[^<>]+>"),
}
ANY_SPAN = re.compile(r"</?span\b")
# What Material's search removes from every page after indexing it (its plugin.py, 9.x):
# the page put back must have lost them too.
SEARCH_ATTRIBUTE = re.compile(r"\s?data-search-\w+=\"[^\"]+\"")

_pages: dict[int, str] = {}


def without_inner_markup(html: str) -> str:
    """Return ``html`` with the markup inside its code blocks and formulas taken out.

    A block that says anything to the search plugin (``data-search-*``) stays whole.
    """

    def text_only(match: re.Match[str]) -> str:
        body = match["body"]
        if "data-search-" in body:
            return match[0]
        text = INNER_MARKUP[match["tag"]].sub("", body)
        if match["tag"] == "pre" and ANY_SPAN.search(text):
            return match[0]
        return match["open"] + text + match["close"]

    return BLOCK.sub(text_only, html)


def indexed(config: Any) -> bool:
    """Whether this build has Material's search plugin."""
    return SEARCH_PLUGIN in config.plugins


# After notebooks.py fills a lab page (100), before the search plugin indexes it (0).
@event_priority(50)
def take_out_inner_markup(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Hand the search plugin the page without the markup inside code and formulas; keep the
    page to put back."""
    if indexed(config) and page.content and ("<pre" in page.content or "<math" in page.content):
        _pages[id(page)] = page.content
        page.content = without_inner_markup(page.content)
    return context


# After the search plugin (0), before anything else reads the page.
@event_priority(-50)
def put_back(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Put the page back, without the ``data-search-*`` attributes the plugin removed."""
    original = _pages.pop(id(page), None)
    if original is not None:
        page.content = (
            SEARCH_ATTRIBUTE.sub("", original) if "data-search-" in original else original
        )
    return context


on_page_context = CombinedEvent(take_out_inner_markup, put_back)
