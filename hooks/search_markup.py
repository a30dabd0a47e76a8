r"""MkDocs hook: Material's search reads each page without its code highlighting's markup.

Material's search plugin parses every page's HTML with Python's ``HTMLParser`` to index it, and
on a lesson page about half the tags it walks are Pygments' ``<span>``\s inside ``<pre>`` (one
per token of every doctest): the parse is the largest per-page term of the build after the
Markdown itself (``benchmarks/course_scale.py``). The index keeps only the text of a code block,
never its spans, so the plugin is handed the page with those spans taken out, then the page
itself is put back: the index is the same (``tests/test_search_markup.py``), built from
half the tags.

>>> html = '<pre><span></span><code><span class="gp">&gt;&gt;&gt; </span>x</code></pre>'
>>> without_code_spans(html)
'<pre><code>&gt;&gt;&gt; x</code></pre>'
>>> odd = '<pre><code><span class="k" data-search-exclude>secret</span></code></pre>'
>>> without_code_spans(odd) == odd  # a span the index could depend on: left alone
True
"""

from __future__ import annotations

import re
from typing import Any

from mkdocs.plugins import CombinedEvent, event_priority

SEARCH_PLUGIN = "material/search"
PRE = re.compile(r"(<pre\b[^>]*>)(.*?)(</pre>)", re.DOTALL)
# Pygments writes a span with a class at most; anything else is not its and stays.
SPAN_TAG = re.compile(r'<span(?: class="[^"<>]*")?>|</span>')
ANY_SPAN = re.compile(r"</?span\b")
# What Material's search removes from every page after indexing it (its plugin.py, 9.x):
# the page put back must have lost them too.
SEARCH_ATTRIBUTE = re.compile(r"\s?data-search-\w+=\"[^\"]+\"")

_pages: dict[int, str] = {}


def without_code_spans(html: str) -> str:
    """Return ``html`` with the highlighting spans inside each ``<pre>`` taken out.

    A block keeps all its spans if any of them is not a bare ``<span>`` or ``<span class>``.
    """

    def bare(match: re.Match[str]) -> str:
        body = SPAN_TAG.sub("", match[2])
        if ANY_SPAN.search(body):
            return match[0]
        return match[1] + body + match[3]

    return PRE.sub(bare, html)


def indexed(config: Any) -> bool:
    """Whether this build has Material's search plugin."""
    return SEARCH_PLUGIN in config.plugins


# After notebooks.py fills a lab page (100), before the search plugin indexes it (0).
@event_priority(50)
def take_out_code_spans(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Hand the search plugin the page without its code spans; keep the page to put back."""
    if indexed(config) and page.content and "<pre" in page.content:
        _pages[id(page)] = page.content
        page.content = without_code_spans(page.content)
    return context


# After the search plugin (0), before anything else reads the page.
@event_priority(-50)
def put_back(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Put the page back, without the ``data-search-*`` attributes the plugin removed."""
    original = _pages.pop(id(page), None)
    if original is not None:
        page.content = SEARCH_ATTRIBUTE.sub("", original)
    return context


on_page_context = CombinedEvent(take_out_code_spans, put_back)
