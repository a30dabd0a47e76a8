r"""HTML read with the standard library's parser, as MkDocs' and Material's own search read it.

``elements`` says where each element of the named tags begins and ends in the text, so that the
build reads an element, or replaces it, and leaves every other byte of the page as it was.

>>> page = '<p>x</p><div a="1>2"><div>in</div></div><script>if (a</b) {}</script><link href=s>'
>>> [(e.tag, e.attrs, page[e.start : e.end]) for e in elements(page, "div", "script", "link")]
[('div', {'a': '1>2'}, '<div a="1>2"><div>in</div></div>'), ('div', {}, '<div>in</div>'),
 ('script', {}, '<script>if (a</b) {}</script>'), ('link', {'href': 's'}, '<link href=s>')]
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from itertools import accumulate


@dataclass
class Element:
    """Where an element is in its text: its start tag at ``start:inner``, its content at
    ``inner:close``, its end tag at ``close:end``; one never closed (a void one, as ``<link>``)
    ends with its start tag. ``attrs`` holds the attributes' values unescaped."""

    tag: str
    attrs: dict[str, str | None]
    start: int
    inner: int
    close: int
    end: int


class Finder(HTMLParser):
    """Notes each element of ``tags`` that the parser meets in ``text``."""

    def __init__(self, text: str, tags: set[str]) -> None:
        super().__init__()
        self.text, self.tags = text, tags
        self.found: list[Element] = []
        self.open: dict[str, list[Element]] = {tag: [] for tag in tags}
        # The parser gives a position as its line and column: where each line starts.
        self.lines = [0, *accumulate(len(line) + 1 for line in text.split("\n"))]

    def here(self) -> int:
        """Return where the tag being parsed starts in the text."""
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.tags:
            start = self.here()
            inner = start + len(self.get_starttag_text() or "")
            self.found.append(Element(tag, dict(attrs), start, inner, inner, inner))
            self.open[tag].append(self.found[-1])

    # In HTML a start tag's "/" closes nothing: <div/> opens a div.
    handle_startendtag = handle_starttag

    def handle_endtag(self, tag: str) -> None:
        if self.open.get(tag):
            element = self.open[tag].pop()
            element.close = self.here()
            element.end = self.text.index(">", element.close) + 1


def elements(text: str, *tags: str) -> list[Element]:
    """Return the elements of ``tags`` (lower-case names) in the HTML ``text``, in the order
    they start; a script's or a style's content is text to the parser, as to a browser."""
    finder = Finder(text, set(tags))
    finder.feed(text)
    finder.close()
    return finder.found
