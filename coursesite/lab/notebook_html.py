r"""A rendered notebook made to read like the site's other pages: explicit heading ids and a
table of contents from them, formulas marked for MathML, links to sources resolved, downloads
under the title, and the template's duplicates kept out of search.
"""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mkdocs.structure.toc import AnchorLink, TableOfContents

PERMALINK_TITLE = "Permanent link"

HEADING = re.compile(r"<h(?P<level>[1-6])\b[^>]*>(?P<inner>.*?)</h(?P=level)>", re.DOTALL)
EXPLICIT_ID = re.compile(r'\s*<a id="(?P<id>[^"]+)"\s*(?:/>|></a>)')
JUPYTER_ANCHOR = re.compile(r'<a class="anchor-link" href="#[^"]*">¶</a>')
TAG = re.compile(r"<[^>]+>")
ANCHOR_ID = re.compile(r'\sid="([^"]+)"')
# Where a dollar sign is code or markup, not maths.
VERBATIM = (
    r"<(?P<tag>pre|code|script|style)\b.*?</(?P=tag)>"
    r'|<div[^>]*class="clipboard-copy-txt"[^>]*>.*?</div>'
)
FORMULA = re.compile(
    rf"(?P<verbatim>{VERBATIM})|\$\$(?P<display>.+?)\$\$|\$(?P<inline>[^$\n]+?)\$", re.DOTALL
)
SOURCE_LINK = re.compile(
    r'href="(?P<path>(?![a-z][a-z0-9+.-]*:|[#/])[^"#]+\.(?:md|py))(?P<frag>#[^"]*)?"'
)
COPY_BUTTON = re.compile(r'<clipboard-copy\b[^>]*?\sfor="(?P<cell>[^"]+)"[^>]*>')
COPIED = re.compile(r'<span class="notice" hidden(?:="")?>Copied!</span>')
SEARCH_DUPLICATES = re.compile(r'<(div|span) (class="(?:clipboard-copy-txt|notice)")')
STDERR = re.compile(
    r'<div[^>]*data-mime-type="application/vnd\.jupyter\.stderr"[^>]*>(?P<text>.*?)</div>',
    re.DOTALL,
)
# The notebook template loads MathJax and, when a diagram is present, Mermaid from cdnjs; the
# site draws formulas itself and has no diagrams, and loads nothing from another host.
CDN_LOADERS = re.compile(
    r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->"
    r'|<script type="module">(?:(?!</script>).)*?jp-Mermaid(?:(?!</script>).)*</script>'
    r"|<!-- End of mermaid configuration -->",
    re.DOTALL,
)
REMOTE_SCRIPT = re.compile(r'<script[^>]*\ssrc="(?:https?:)?//|import\(\s*["\'](?:https?:)?//')


@dataclass(frozen=True)
class Heading:
    """A heading of the rendered notebook: its level, explicit id and text."""

    level: int
    id: str
    title: str


def explicit_heading_ids(html: str) -> tuple[str, list[Heading]]:
    """Give each heading the id written in it (``<a id="...">``), with a permalink as on the
    site's other pages; return the HTML and the headings in order.

    >>> page = '<h2 id="">准备 <a id="setup"></a><a class="anchor-link" href="#">¶</a></h2>'
    >>> html, headings = explicit_heading_ids(page)
    >>> print(html)
    <h2 id="setup">准备<a class="headerlink" href="#setup" title="Permanent link">¶</a></h2>
    >>> headings
    [Heading(level=2, id='setup', title='准备')]
    >>> explicit_heading_ids("<h3>Untitled</h3>")
    Traceback (most recent call last):
    ...
    ValueError: heading 'Untitled' has no explicit id: write it as `### Untitled <a id="..."></a>`
    """
    headings: list[Heading] = []

    def replace(match: re.Match[str]) -> str:
        level, inner = int(match["level"]), JUPYTER_ANCHOR.sub("", match["inner"])
        found = EXPLICIT_ID.search(inner)
        text = html_lib.unescape(TAG.sub("", inner)).strip()
        if not found:
            raise ValueError(
                f"heading {text!r} has no explicit id: write it as "
                f'`{"#" * level} {text} <a id="..."></a>`'
            )
        anchor = found["id"]
        inner = EXPLICIT_ID.sub("", inner).strip()
        headings.append(Heading(level, anchor, text))
        permalink = f'<a class="headerlink" href="#{anchor}" title="{PERMALINK_TITLE}">¶</a>'
        return f'<h{level} id="{anchor}">{inner}{permalink}</h{level}>'

    return HEADING.sub(replace, html), headings


def marked_formulas(html: str) -> str:
    r"""Mark ``$...$`` and ``$$...$$`` outside code as ``pymdownx.arithmatex`` (generic) does.

    >>> marked_formulas("<p>So $Y=AV$.</p><pre>cost: $5 or $6</pre>")
    '<p>So <span class="arithmatex">\\(Y=AV\\)</span>.</p><pre>cost: $5 or $6</pre>'
    >>> marked_formulas("<p>$$a+b$$</p>")
    '<p><div class="arithmatex">\\[a+b\\]</div></p>'
    """

    def replace(match: re.Match[str]) -> str:
        if match["verbatim"]:
            return match[0]
        if match["display"] is not None:
            return f'<div class="arithmatex">\\[{match["display"]}\\]</div>'
        return f'<span class="arithmatex">\\({match["inline"]}\\)</span>'

    return FORMULA.sub(replace, html)


def resolved_links(html: str, resolve: Callable[[str], str | None]) -> str:
    """Replace each relative link to a source (``../R36.md#x``) with ``resolve(path)``.

    >>> resolved_links('<a href="../R36.md#r36-b3">R36</a>', {"../R36.md": "../R36.html"}.get)
    '<a href="../R36.html#r36-b3">R36</a>'
    >>> resolved_links('<a href="nowhere.md">x</a>', {}.get)
    Traceback (most recent call last):
    ...
    ValueError: link to nowhere.md: no such page
    >>> resolved_links('<a href="https://example.org/a.md">x</a>', {}.get)
    '<a href="https://example.org/a.md">x</a>'
    """

    def replace(match: re.Match[str]) -> str:
        url = resolve(html_lib.unescape(match["path"]))
        if url is None:
            raise ValueError(f"link to {match['path']}: no such page")
        return f'href="{html_lib.escape(url)}{match["frag"] or ""}"'

    return SOURCE_LINK.sub(replace, html)


def with_downloads(html: str, links: Sequence[tuple[str, str, bool]]) -> str:
    """Return ``html`` with a line of links ``(href, label, download)`` right under its title.

    >>> with_downloads("<h1>T</h1><p>x</p>", [("a.ipynb", "Notebook", True)])
    '<h1>T</h1><p class="lab-downloads"><a href="a.ipynb" download>Notebook</a></p><p>x</p>'
    """
    items = " · ".join(
        f'<a href="{html_lib.escape(href)}"{" download" if download else ""}>'
        f"{html_lib.escape(label)}</a>"
        for href, label, download in links
    )
    at = html.find("</h1>")
    if at < 0:
        raise ValueError("the notebook has no title (a `# ...` heading) to put its downloads under")
    at += len("</h1>")
    return f'{html[:at]}<p class="lab-downloads">{items}</p>{html[at:]}'


def copy_buttons(html: str, label: str, copied: str) -> str:
    """Return ``html`` with the notebook template's copy buttons valid and in the page's
    language: the template writes a stray ``,`` attribute and, in English, an ``aria-label`` on
    an element with no role (it takes ``role="button"`` only once its script runs).

    >>> copy_buttons('<clipboard-copy ,="" aria-label="Copy to Clipboard" for="cell-1">', "复制", "")
    '<clipboard-copy for="cell-1" role="button" aria-label="复制">'
    """
    button = f'role="button" aria-label="{html_lib.escape(label)}"'
    html = COPY_BUTTON.sub(lambda m: f'<clipboard-copy for="{m["cell"]}" {button}>', html)
    return COPIED.sub(f'<span class="notice" hidden>{html_lib.escape(copied)}</span>', html)


def without_duplicates_in_search(html: str) -> str:
    """Keep the template's hidden copy of each code cell (for its copy button) and the button's
    "Copied!" notice out of the search index: the cell's code is indexed once, as shown.

    >>> without_duplicates_in_search('<div class="clipboard-copy-txt" id="cell-1">x = 1</div>')
    '<div data-pagefind-ignore class="clipboard-copy-txt" id="cell-1">x = 1</div>'
    """
    return SEARCH_DUPLICATES.sub(lambda m: f"<{m[1]} data-pagefind-ignore {m[2]}", html)


def stderr_outputs(html: str) -> list[str]:
    """Return the text of every stderr output in a rendered notebook.

    >>> stderr_outputs('<div data-mime-type="application/vnd.jupyter.stderr"><pre>W &lt;1&gt;</pre></div>')
    ['W <1>']
    """
    return [html_lib.unescape(TAG.sub("", m["text"])).strip() for m in STDERR.finditer(html)]


def table_of_contents(headings: Sequence[Heading]) -> TableOfContents:
    """Return the page's table of contents: each heading under the last one above its level.

    >>> toc = table_of_contents([Heading(1, "lab", "Lab"), Heading(2, "setup", "Set-up")])
    >>> [(item.id, [child.id for child in item.children]) for item in toc]
    [('lab', ['setup'])]
    """
    top: list[AnchorLink] = []
    open_: list[AnchorLink] = []
    for heading in headings:
        entry = AnchorLink(html_lib.escape(heading.title), heading.id, heading.level)
        while open_ and open_[-1].level >= heading.level:
            open_.pop()
        (open_[-1].children if open_ else top).append(entry)
        open_.append(entry)
    return TableOfContents(top)
