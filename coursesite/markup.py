r"""HTML read with the standard library's parser, as MkDocs' and Material's own search read it.

``elements`` says where each element of the named tags begins and ends in the text, so that the
build reads an element, or replaces it, and leaves every other byte of the page as it was.

>>> page = '<p>x</p><div a="1>2"><div>in</div></div><script>if (a</b) {}</script><link href=s>'
>>> [(e.tag, e.attrs, page[e.start : e.end]) for e in elements(page, "div", "script", "link")]
[('div', {'a': '1>2'}, '<div a="1>2"><div>in</div></div>'), ('div', {}, '<div>in</div>'),
 ('script', {}, '<script>if (a</b) {}</script>'), ('link', {'href': 's'}, '<link href=s>')]

``text_runs`` says where its text is, ``text`` gives it, and ``replaced`` edits it:

>>> page = "<p>a &amp; <code>b</code> c<!-- d --></p>"
>>> runs = text_runs(page, elements(page), skip={"code", "!--"})
>>> replaced(page, [(s, e, page[s:e].upper()) for s, e in runs]), text(page)
('<p>A &AMP; <code>b</code> C<!-- d --></p>', 'a & b c')
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from html import unescape
from html.parser import HTMLParser
from itertools import accumulate


@dataclass
class Element:
    """Where an element (or a comment, tagged ``!--``) is in its text: its start tag at
    ``start:inner``, its content at ``inner:close``, its end tag at ``close:end``; one never
    closed (a void one, as ``<link>``) ends with its start tag. ``attrs``: values unescaped."""

    tag: str
    attrs: dict[str, str | None]
    start: int
    inner: int
    close: int
    end: int


class Finder(HTMLParser):
    """Notes each element of ``tags`` (every one if none) that the parser meets in ``text``."""

    def __init__(self, text: str, tags: set[str]) -> None:
        super().__init__()
        self.text, self.tags = text, tags
        self.found: list[Element] = []
        self.open: dict[str, list[Element]] = {}
        # The parser gives a position as its line and column: where each line starts.
        self.lines = [0, *accumulate(len(line) + 1 for line in text.split("\n"))]

    def here(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.tags or not self.tags:
            start = self.here()
            inner = start + len(self.get_starttag_text() or "")
            self.found.append(Element(tag, dict(attrs), start, inner, inner, inner))
            self.open.setdefault(tag, []).append(self.found[-1])

    # In HTML a start tag's "/" closes nothing: <div/> opens a div.
    handle_startendtag = handle_starttag

    def handle_endtag(self, tag: str) -> None:
        if self.open.get(tag):
            element = self.open[tag].pop()
            element.close = self.here()
            element.end = self.text.index(">", element.close) + 1

    def handle_comment(self, data: str) -> None:
        if "!--" in self.tags or not self.tags:
            start = self.here()
            # A bogus comment (<!x>, </ x>) opens with two characters, not "<!--".
            inner = start + (4 if self.text.startswith("<!--", start) else 2)
            end = self.text.index(">", inner + len(data)) + 1
            self.found.append(Element("!--", {}, start, inner, inner + len(data), end))


def elements(text: str, *tags: str) -> list[Element]:
    """Return the elements of ``tags`` (lower-case names; all if none) in the HTML ``text``, in
    the order they start; a script's or a style's content is text to the parser, as to a browser."""
    finder = Finder(text, set(tags))
    finder.feed(text)
    finder.close()
    return finder.found


def text_runs(text: str, found: list[Element], skip: Collection[str] = ()) -> list[tuple[int, int]]:
    """Return where ``text`` is neither a tag of ``found`` nor inside one of them whose tag is
    in ``skip``: ``(start, end)``, in order."""
    spans = [(e.start, e.end if e.tag in skip else e.inner) for e in found]
    spans += [(e.close, e.end) for e in found if e.tag not in skip]
    runs, at = [], 0
    for start, end in sorted(spans):
        if start > at:
            runs.append((at, start))
        at = max(at, end)
    return [*runs, (at, len(text))] if at < len(text) else runs


def text(html: str) -> str:
    """Return the text of ``html``, without its tags and comments, unescaped."""
    return unescape("".join(html[s:e] for s, e in text_runs(html, elements(html), {"!--"})))


def replaced(text: str, edits: Iterable[tuple[int, int, str]]) -> str:
    """Return ``text`` with ``text[start:end]`` replaced by ``new`` for each ``(start, end,
    new)`` of ``edits``, which do not overlap."""
    parts, at = [], 0
    for start, end, new in sorted(edits):
        parts += [text[at:start], new]
        at = end
    return "".join([*parts, text[at:]])
