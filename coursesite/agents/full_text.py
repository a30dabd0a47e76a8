r"""The readable full-text view (可读全文) of a page: ``NAME.md.html`` beside ``NAME.md``.

It is the link to give a person: plain HTML with its charset declared, readable with
JavaScript off and whatever headers the host sends, holding the page's Markdown exactly as
the ``.md`` file does (the ``.md`` itself is the link to give an agent). Its opening lines are
the course's own (from the seed of R36), with working links. Every anchor the page's source
sets (an ``<span id="…"></span>`` line, a heading's ``{ #id }``) is an anchor of the view too,
on that line: ``R36.md.html#r36-b3`` opens at the line where state b3 begins.

>>> from pathlib import Path
>>> words = Words(Path("docs/words"), "en", "full_text")
>>> view = full_text_html("# T\n<span id=\"r36-b0\"></span>\n", "R36.md", words, "R36/", "originals.zip")
>>> 'id="r36-b0"' in view and "&lt;span id=&quot;r36-b0&quot;&gt;&lt;/span&gt;" in view
True
"""

from __future__ import annotations

import re
from html import escape
from pathlib import PurePosixPath

from markdown_it import MarkdownIt

from coursesite.agents.headers import MEDIA_TYPES
from coursesite.markup import elements
from coursesite.words import Words

#: A heading with an id in its attribute list: ``## State b0 { #state-b0 }``. Over one line of
#: Markdown: CommonMark's parser (markdown-it) does not read attribute lists.
HEADING_ID = re.compile(r"^#{1,6}\s.*\{[^{}]*?#([\w:.-]+)[^{}]*\}\s*$")

STYLE = """
body{margin:0 auto;max-width:52rem;padding:1rem;font:16px/1.6 system-ui,"Noto Sans CJK SC",sans-serif;color:#1f2328;background:#fff}
header p{margin:.4rem 0}a{color:#0b57d0}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:14px/1.55 ui-monospace,"Noto Sans Mono CJK SC",monospace;background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.8rem}
button{font:inherit;padding:.3rem .9rem;border:1px solid #0b57d0;border-radius:4px;background:#fff;color:#0b57d0;cursor:pointer}
:target{background:#fff3b0;outline:2px solid #9a6700}
@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}a{color:#79b8ff}pre{background:#161b22;border-color:#30363d}button{background:#0d1117;color:#79b8ff;border-color:#79b8ff}:target{background:#4d3800;outline-color:#e3b341}}
"""

# Copies the text node's content: exactly the file, no line numbers, nothing added.
SCRIPT = """
const button = document.getElementById("copy");
button.hidden = false;
button.addEventListener("click", async () => {
  await navigator.clipboard.writeText(document.getElementById("source").textContent);
  button.textContent = button.dataset.done;
});
"""


def source_lines_html(text: str) -> str:
    r"""Return ``text`` escaped for a ``<pre>``, an empty ``<span id>`` opening each line that
    sets an anchor of the page (an empty ``<span id>``, else a heading's ``{ #id }``; nothing
    inside code fences, each id once): the text content of the result is ``text`` itself.

    >>> print(source_lines_html('a<b\n<span id="r37-m1"></span>\n## Masks { #masks .wide }\n'
    ...     '````md\n# Not { #here }\n```\n````\n# Again { #masks }\n{ .r36-figure-caption }'))
    a&lt;b
    <span id="r37-m1"></span>&lt;span id=&quot;r37-m1&quot;&gt;&lt;/span&gt;
    <span id="masks"></span>## Masks { #masks .wide }
    ````md
    # Not { #here }
    ```
    ````
    # Again { #masks }
    { .r36-figure-caption }
    """
    seen = {"source", "copy"}  # the view's own ids, which the page's anchors must not take
    code = code_lines(text)
    out = []
    for number, line in enumerate(text.split("\n")):
        anchor = None
        if number not in code and (found := line_anchor(line)):
            anchor = None if found in seen else found
            seen.add(found)
        out.append((f'<span id="{escape(anchor)}"></span>' if anchor else "") + escape(line))
    return "\n".join(out)


def code_lines(text: str) -> set[int]:
    r"""Return the numbers (from 0) of the lines of ``text`` inside a code block as CommonMark
    reads the Markdown, its fences with it: what is there sets no anchor and has no link.

    >>> sorted(code_lines("a\n~~~\n[x](y.md)\n~~~\n\n    indented\nb"))
    [1, 2, 3, 5]
    """
    return {
        number
        for token in MarkdownIt("commonmark").parse(text)
        if token.type in ("fence", "code_block") and token.map
        for number in range(*token.map)
    }


def line_anchor(line: str) -> str | None:
    """Return the id a source line sets: an empty ``<span id="…">`` as authors write one (read
    with the parser), or a heading's ``{ #id }`` (attr_list reads it on headings only).

    >>> line_anchor('<span id="r36-b0"></span>'), line_anchor("## State b0 { #state-b0 }")
    ('r36-b0', 'state-b0')
    >>> print(line_anchor("Text <span id=x>with words</span>."))
    None
    """
    for span in elements(line, "span"):
        if span.attrs.get("id") and span.inner == span.close:
            return span.attrs["id"]
    heading = HEADING_ID.match(line)
    return heading[1] if heading else None


def full_text_html(text: str, name: str, words: Words, page_href: str, package_href: str) -> str:
    """Return the full-text view of ``text``, the raw file at the relative URL ``name``: a
    ``.md`` twin, or a notebook's ``.py`` source, in the language of ``words`` (its part
    ``full_text``)."""
    suffix = PurePosixPath(name).suffix
    raw = f'<a href="{escape(name)}">{suffix}</a>'
    # The intro names both kinds of raw file; the page's own is the link.
    lead = escape(words["intro"]).format(
        md=raw if suffix == ".md" else ".md",
        py=raw if suffix == ".py" else ".py",
        package=f'<a href="{escape(package_href)}">{words["package"]}</a>',
    )
    heading = escape(words["title"].format(name=name))
    return f"""<!doctype html>
<html lang="{words.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{heading}</title>
<link rel="icon" href="data:,">
<link rel="alternate" type="{MEDIA_TYPES[suffix]}" href="{escape(name)}">
<style>{STYLE}</style>
</head>
<body>
<header>
<h1>{heading}</h1>
<p>{lead}</p>
<p><a href="{escape(page_href)}">{words["page"]}</a> · <button type="button" id="copy" hidden data-done="{words["copied"]}">{words["copy"]}</button></p>
</header>
<main>
<pre id="source">{source_lines_html(text)}</pre>
</main>
<script>{SCRIPT}</script>
</body>
</html>
"""
