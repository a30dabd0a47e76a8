r"""An executed notebook as a page's HTML, made to read like the site's other pages: explicit
heading ids and a table of contents from them, formulas marked for MathML, links to sources
resolved, downloads under the title.
"""

from __future__ import annotations

import html as html_lib
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.structure.toc import AnchorLink, TableOfContents

if TYPE_CHECKING:
    from nbformat import NotebookNode

PERMALINK_TITLE = "Permanent link"
#: The page's template (it extends nbconvert's ``lab``), beside this module.
TEMPLATE = Path(__file__).parent / "template" / "notebook.html.j2"
#: nbconvert's own templates, where its wheel installs them.
NBCONVERT_TEMPLATES = Path(sys.prefix, "share", "jupyter", "nbconvert", "templates")

HEADING = re.compile(r"<h(?P<level>[1-6])\b[^>]*>(?P<inner>.*?)</h(?P=level)>", re.DOTALL)
EXPLICIT_ID = re.compile(r'\s*<a id="(?P<id>[^"]+)"\s*(?:/>|></a>)')
TAG = re.compile(r"<[^>]+>")
ANCHOR_ID = re.compile(r'\sid="([^"]+)"')
# Where a dollar sign is code or markup, not maths.
VERBATIM = r"<(?P<tag>pre|code|script|style)\b.*?</(?P=tag)>"
FORMULA = re.compile(
    rf"(?P<verbatim>{VERBATIM})|\$\$(?P<display>.+?)\$\$|\$(?P<inline>[^$\n]+?)\$", re.DOTALL
)
SOURCE_LINK = re.compile(
    r'href="(?P<path>(?![a-z][a-z0-9+.-]*:|[#/])[^"#]+\.(?:md|py))(?P<frag>#[^"]*)?"'
)
STDERR = re.compile(
    r'<div[^>]*data-mime-type="application/vnd\.jupyter\.stderr"[^>]*>(?P<text>.*?)</div>',
    re.DOTALL,
)
REMOTE_SCRIPT = re.compile(r'<script[^>]*\ssrc="(?:https?:)?//|import\(\s*["\'](?:https?:)?//')


def highlighted(source: str, language: str | None = None, metadata: object = None) -> str:
    """Return a code cell's source highlighted as Python, in ``pre > code`` as the site's other
    code blocks (Material gives them its copy button); ``palette.css`` colours the block,
    ``highlight-ipynb``, as Material colours its ``highlight``.

    >>> highlighted("x = 1").startswith('<div class="highlight-ipynb hl-python"><pre><span></span><code>')
    True
    """
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    formatter = HtmlFormatter(cssclass="highlight-ipynb hl-python", wrapcode=True)
    return str(highlight(source, PythonLexer(), formatter))


def rendered_html(notebook: NotebookNode) -> str:
    """Return an executed notebook as HTML for its page: ``TEMPLATE``, without prompts or the
    headings' anchor links (``explicit_heading_ids`` gives them the site's). Only this folder's
    and nbconvert's own templates are read, and no configuration file: nothing in ``$HOME``
    changes the page."""
    from nbconvert import HTMLExporter

    base = NBCONVERT_TEMPLATES / "base"  # what lab/base.html.j2 imports
    exporter = HTMLExporter(  # type: ignore[no-untyped-call]
        template_paths=[str(p) for p in (TEMPLATE.parent, NBCONVERT_TEMPLATES, base)],
        template_file=TEMPLATE.name,
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        exclude_anchor_links=True,
        filters={"highlight_code": highlighted},
    )
    return str(exporter.from_notebook_node(notebook)[0])


@dataclass(frozen=True)
class Heading:
    """A heading of the rendered notebook: its level, explicit id and text."""

    level: int
    id: str
    title: str


def explicit_heading_ids(html: str) -> tuple[str, list[Heading]]:
    """Give each heading the id written in it (``<a id="...">``), with a permalink as on the
    site's other pages; return the HTML and the headings in order.

    >>> page = '<h2>准备 <a id="setup"></a></h2>'
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
        level, inner = int(match["level"]), match["inner"]
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
