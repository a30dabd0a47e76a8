r"""The lab's notebook pages as the site's other pages: mkdocs-jupyter (a plugin, ``include:
["lab/*.py"]``) executes, caches and renders each jupytext notebook; this step, for each of its
pages, and failing the build, naming the notebook, whenever the page is not what it expects:

- removes what mkdocs-jupyter writes before the notebook (JupyterLab's CSS inline, MathJax's
  and Mermaid's loaders, its copy button's script) and its copy buttons, which the W3C checker
  refuses: the page links ``assets/lab/`` CSS (``overrides/main.html``) and code cells are
  ``pre > code``, to which Material adds its own copy button as on every code block;
- gives each heading the id written in it (``## 准备 <a id="setup"></a>``, the same in both
  languages), and the page a table of contents of those ids;
- marks ``$...$`` as ``pymdownx.arithmatex`` does, for the formulas step (after this one);
  turns links to sources (``../R36.md``) into page URLs;
- takes each SVG figure's ``alt`` from its ``<title>`` (``attn.plot`` writes its alt text there,
  in the notebook's language); fails when a cell wrote to stderr (a warning).

Beside each page's folder: its source (``coursesite/agents/twins.py``) and a ``.ipynb`` made of it.

>>> page = '<h1 id="x">LAB <a id="lab"></a><a class="anchor-link" href="#x">¶</a></h1><p>$a$</p>'
>>> marked_formulas(with_explicit_ids(page)[0])
'<h1 id="lab">LAB<a class="headerlink" href="#lab" title="Permanent link">¶</a></h1><p><span class="arithmatex">\\(a\\)</span></p>'
"""

from __future__ import annotations

import base64
import html as html_lib
import posixpath
import re
from collections.abc import Callable
from urllib.parse import quote

import jupytext
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import AnchorLink, TableOfContents
from mkdocs.utils import get_relative_url

from coursesite import source_name
from coursesite.languages import language
from coursesite.words import Words

WRAPPER = '<div class="jupyter-wrapper">'
#: What mkdocs-jupyter 0.26.3 writes before the notebook, element by element: a new release
#: that writes more or other things stops the build here rather than reaching the page (and
#: docs/assets/lab/jupyterlab.css, its CSS trimmed, is then compared by hand: its top says how).
HEAD_ELEMENTS = {"style": 4, "script": 5}
# (An element's body as runs of non-"<" text: a lazy ".*?" would try each of its CSS's
# half a million characters in turn.)
HEAD_PART = re.compile(
    r"\s*(?:<(style|script)\b[^>]*>[^<]*(?:<(?!/\1>)[^<]*)*</\1>|<!--.*?-->)", re.DOTALL
)
# Its copy button around each code cell, and the hidden copy of the cell it copies.
COPY_BUTTON = re.compile(
    r'<div class="zeroclipboard-container">\s*<clipboard-copy\b.*?</clipboard-copy>\s*</div>\s*'
    r'|<div class="clipboard-copy-txt" id="cell-\d+">.*?</div>\s*',
    re.DOTALL,
)
CELL_ID = re.compile(r' id="cell-id=[^"]*"')
CODE_CELL = re.compile(r'(<div class="highlight-ipynb[^"]*"><pre>)(.*?)(</pre>)', re.DOTALL)
HEADING = re.compile(r"<h(?P<level>[1-6])\b[^>]*>(?P<inner>.*?)</h(?P=level)>", re.DOTALL)
EXPLICIT_ID = re.compile(r'\s*<a id="(?P<id>[^"]+)"></a>')
NBCONVERT_ANCHOR = re.compile(r'<a class="anchor-link" href="[^"]*">¶</a>')
TAG = re.compile(r"<[^>]+>")
NO_ALT = 'alt="No description has been provided for this image"'  # nbconvert's, for any image
# Where a dollar sign is code or markup, not maths; a formula holds no tag (`<` is `&lt;`).
FORMULA = re.compile(
    r"(?P<verbatim><(?P<tag>pre|code|script|style)\b.*?</(?P=tag)>)"
    r"|\$\$(?P<display>[^<]+?)\$\$|\$(?P<inline>[^$\n<]+?)\$",
    re.DOTALL,
)
SOURCE_LINK = re.compile(
    r'href="(?P<path>(?![a-z][a-z0-9+.-]*:|[#/])[^"#]+\.(?:md|py))(?P<frag>#[^"]*)?"'
)
SVG_IMAGE = re.compile(
    r'<img alt="(?P<alt>[^"]*)" src="data:image/svg\+xml;base64,(?P<data>[^"]+)"\s*/?>'
)
SVG_TITLE = re.compile(r"<svg\b[^>]*>\s*<title>(?P<title>.*?)</title>", re.DOTALL)
SVG_SIZE = re.compile(r'<svg\b[^>]*?\swidth="(?P<w>[\d.]+)pt"\s+height="(?P<h>[\d.]+)pt"')
STDERR = re.compile(
    r'data-mime-type="application/vnd\.jupyter\.stderr"[^>]*>\s*<pre>(.*?)</pre>', re.DOTALL
)


def ipynb_uri(src_uri: str) -> str:
    """Return where the ``.ipynb`` of the notebook at ``src_uri`` goes: beside its source.

    >>> ipynb_uri("lab/LAB-02.py")
    'lab/LAB-02.ipynb'
    """
    return posixpath.splitext(src_uri)[0] + ".ipynb"


@event_priority(-50)  # after mkdocs-jupyter's own on_files made the notebook pages
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Put a ``.ipynb`` made from each notebook beside its page, without outputs: the notebook
    text promises one under the title, to run elsewhere."""
    for file in [f for f in files.documentation_pages() if f.src_uri.endswith(".py")]:
        notebook = jupytext.read(file.abs_src_path)
        for number, cell in enumerate(notebook.cells, start=1):
            cell.id = f"cell-{number}"  # jupytext's are random: one commit, one .ipynb
        ipynb = jupytext.writes(notebook, "ipynb")
        files.append(File.generated(config, ipynb_uri(file.src_uri), content=ipynb))
    return files


@event_priority(10)  # before the formulas' step reads the $...$ it marks
def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Make a notebook page read like the site's other pages (the module's docstring)."""
    if not page.file.src_uri.endswith(".py"):  # not a notebook
        return html
    try:
        html = without_mkdocs_jupyter_extras(html)
        if "application/vnd.jupyter.stderr" in html:  # whatever markup nbconvert puts it in
            warned = STDERR.search(html)
            said = html_lib.unescape(TAG.sub("", warned[1])).strip() if warned else ""
            raise ValueError(f"a cell wrote to stderr (a warning): {said or 'see the notebook'}")
        if "</h1>" not in html:
            raise ValueError("no title (a `# ...` heading)")
        html, headings = with_explicit_ids(html)
        html = links_resolved(
            marked_formulas(html), lambda path, at: page_url(path, at, page, files)
        )
        html = with_figure_text(html)
    except ValueError as error:
        raise PluginError(f"{source_name(page, config)}: {error}") from None
    page.toc = table_of_contents(headings)
    words = Words(language(config), "lab")
    # Beside the page's folder, at its source's path, as the .py is (the line under the title:
    # coursesite/agents/twins.py).
    ipynb = get_relative_url(ipynb_uri(page.file.src_uri), page.file.dest_uri)
    link = f'<a href="{ipynb}" download>{words["ipynb"]}</a>'
    return html.replace("</h1>", f'</h1><p class="lab-downloads">{link}</p>', 1)


def without_mkdocs_jupyter_extras(html: str) -> str:
    """Return the notebook alone: without the ``<style>``s, ``<script>``s and comments before
    it, nor its copy buttons, nor cells' ids; code cells as ``pre > code``, which Material
    gives its own copy button.

    >>> head = "<style>a{}</style>" * 4 + "<script></script>" * 5 + "<!-- x -->"
    >>> cell = ('<div class="zeroclipboard-container"><clipboard-copy for="cell-1">'
    ...         '</clipboard-copy></div><div class="highlight-ipynb hl-python"><pre>x = 1</pre>'
    ...         '</div><div class="clipboard-copy-txt" id="cell-1">x = 1</div>')
    >>> without_mkdocs_jupyter_extras(f'{head}<div class="jupyter-wrapper">{cell}</div>')
    '<div class="jupyter-wrapper"><div class="highlight-ipynb hl-python"><pre><code>x = 1</code></pre></div></div>'
    >>> without_mkdocs_jupyter_extras('<style>a{}</style><div class="jupyter-wrapper"></div>')
    Traceback (most recent call last):
    ...
    ValueError: mkdocs-jupyter's output changed: expected 4 <style> and 5 <script> before the notebook, found 1 and 0
    """
    at = html.find(WRAPPER)
    if at < 0:
        raise ValueError(f"mkdocs-jupyter's output changed: no {WRAPPER} around the notebook")
    kinds = [part[1] for part in HEAD_PART.finditer(html, 0, at)]
    found = {kind: kinds.count(kind) for kind in HEAD_ELEMENTS}
    rest = HEAD_PART.sub("", html[:at]).strip()  # anything else before the notebook
    if rest or found != HEAD_ELEMENTS:
        expected = " and ".join(f"{n} <{kind}>" for kind, n in HEAD_ELEMENTS.items())
        what = f"found {found['style']} and {found['script']}" + (
            f" and {rest[:40]!r}" * bool(rest)
        )
        raise ValueError(
            f"mkdocs-jupyter's output changed: expected {expected} before the notebook, {what}"
        )
    notebook = html[at:]
    buttons = len(COPY_BUTTON.findall(notebook))
    cells = len(CODE_CELL.findall(notebook))
    if buttons != 2 * cells:
        raise ValueError(
            f"mkdocs-jupyter's output changed: {cells} code cells, {buttons} copy-button parts"
        )
    # Cells' ids are jupytext's, random on each run (one commit must give one page), and no
    # link targets them.
    notebook = CELL_ID.sub("", COPY_BUTTON.sub("", notebook))
    return CODE_CELL.sub(r"\1<code>\2</code>\3", notebook)


def with_explicit_ids(html: str) -> tuple[str, list[AnchorLink]]:
    """Give each heading the id written in it (``<a id="...">``) and a permalink as on the
    site's other pages, in place of nbconvert's; return the HTML and the headings in order.

    >>> html, headings = with_explicit_ids('<h2 id="">准备 <a id="setup"></a><a class="anchor-link" href="#">¶</a></h2>')
    >>> html, [(h.level, h.id, h.title) for h in headings]
    ('<h2 id="setup">准备<a class="headerlink" href="#setup" title="Permanent link">¶</a></h2>', [(2, 'setup', '准备')])
    >>> with_explicit_ids("<h3>Untitled</h3>")
    Traceback (most recent call last):
    ...
    ValueError: heading 'Untitled' has no explicit id: write it as `### Untitled <a id="..."></a>`
    """
    headings: list[AnchorLink] = []

    def explicit(match: re.Match[str]) -> str:
        level, inner = int(match["level"]), NBCONVERT_ANCHOR.sub("", match["inner"])
        found = EXPLICIT_ID.search(inner)
        inner = EXPLICIT_ID.sub("", inner).strip()
        text = html_lib.unescape(TAG.sub("", inner)).strip()
        if not found:
            hashes = "#" * level
            raise ValueError(
                f'heading {text!r} has no explicit id: write it as `{hashes} {text} <a id="..."></a>`'
            )
        headings.append(AnchorLink(html_lib.escape(text), found["id"], level))
        permalink = f'<a class="headerlink" href="#{found["id"]}" title="Permanent link">¶</a>'
        return f'<h{level} id="{found["id"]}">{inner}{permalink}</h{level}>'

    return HEADING.sub(explicit, html), headings


def table_of_contents(headings: list[AnchorLink]) -> TableOfContents:
    """Return the page's table of contents: each heading under the last one above its level.

    >>> toc = table_of_contents([AnchorLink("Lab", "lab", 1), AnchorLink("Set-up", "setup", 2)])
    >>> [(item.id, [child.id for child in item.children]) for item in toc]
    [('lab', ['setup'])]
    """
    top: list[AnchorLink] = []
    above: list[AnchorLink] = []  # the open headings, outermost first
    for heading in headings:
        while above and above[-1].level >= heading.level:
            above.pop()
        (above[-1].children if above else top).append(heading)
        above.append(heading)
    return TableOfContents(top)


def marked_formulas(html: str) -> str:
    r"""Mark ``$...$`` and ``$$...$$`` outside code as ``pymdownx.arithmatex`` (generic) does.

    >>> marked_formulas("<p>So $Y=AV$.</p><pre>cost: $5 or $6</pre>")
    '<p>So <span class="arithmatex">\\(Y=AV\\)</span>.</p><pre>cost: $5 or $6</pre>'
    >>> marked_formulas("<p>$$a+b$$</p>")
    '<p><div class="arithmatex">\\[a+b\\]</div></p>'
    """

    def marked(match: re.Match[str]) -> str:
        if match["verbatim"]:
            return match[0]
        if match["display"] is not None:
            return f'<div class="arithmatex">\\[{match["display"]}\\]</div>'
        return f'<span class="arithmatex">\\({match["inline"]}\\)</span>'

    return FORMULA.sub(marked, html)


def links_resolved(html: str, resolve: Callable[[str, str], str | None]) -> str:
    """Replace each relative link to a source with ``resolve(path, section)``; fail on one to
    nothing (MkDocs checks the links of Markdown pages, not of a notebook's HTML).

    >>> known = {("../R36.md", "r36-b3"): "../R36/"}
    >>> links_resolved('<a href="../R36.md#r36-b3">R36</a>', lambda *link: known.get(link))
    '<a href="../R36/#r36-b3">R36</a>'
    >>> links_resolved('<a href="https://example.org/a.md">x</a>', lambda *link: None)
    '<a href="https://example.org/a.md">x</a>'
    >>> links_resolved('<a href="../R36.md#r36-b9">x</a>', lambda *link: known.get(link))
    Traceback (most recent call last):
    ...
    ValueError: link to ../R36.md#r36-b9: no such page or section
    """

    def resolved(match: re.Match[str]) -> str:
        section = (match["frag"] or "").removeprefix("#")
        url = resolve(html_lib.unescape(match["path"]), html_lib.unescape(section))
        if url is None:
            raise ValueError(
                f"link to {match['path']}{match['frag'] or ''}: no such page or section"
            )
        return f'href="{html_lib.escape(url)}{match["frag"] or ""}"'

    return SOURCE_LINK.sub(resolved, html)


def page_url(path: str, section: str, page: Page, files: Files) -> str | None:
    """Return the URL, relative to ``page``, of the page built from the source at ``path``, if
    it has ``section`` (an id its source sets: ``{ #id }`` or ``id="id"``; the site's pages
    set every id a link may name, in both languages), or None."""
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), path))
    found = files.get_file_from_path(target)
    if found is None:
        return None
    anchor = re.compile(rf'\{{[^{{}}]*#{re.escape(section)}[\s}}]|id="{re.escape(section)}"')
    if section and not anchor.search(found.content_string):
        return None
    return found.url_relative_to(page.file)


#: Indentation between an SVG's tags (matplotlib's): no text of the figure.
BETWEEN_TAGS = re.compile(r">\s+<")


def with_figure_text(html: str) -> str:
    """Give each SVG image its ``<title>`` as ``alt``, and its size (no layout shift); fail on
    an image without (nbconvert shows an SVG output as an image whose ``alt`` says nothing).

    >>> svg = '<svg width="30pt" height="15pt" role="img"><title>Two &amp; maps</title></svg>'
    >>> data = base64.b64encode(svg.encode()).decode()
    >>> with_figure_text(f'<img alt="No description" src="data:image/svg+xml;base64,{data}"/>')[:60]
    '<img alt="Two &amp; maps" width="40" height="20" src="data:i'
    >>> with_figure_text(f'<img alt="x" src="data:image/svg+xml;base64,{base64.b64encode(b"<svg/>").decode()}"/>')
    Traceback (most recent call last):
    ...
    ValueError: a figure has no text alternative: an SVG output needs a <title> (attn.plot's heatmaps have one)
    """

    def titled(match: re.Match[str]) -> str:
        svg = base64.b64decode(match["data"]).decode("utf-8")
        title, size = SVG_TITLE.search(svg), SVG_SIZE.search(svg)
        if title is None or not title["title"].strip() or size is None:
            raise ValueError(
                "a figure has no text alternative: an SVG output needs a <title> "
                "(attn.plot's heatmaps have one)"
            )
        width, height = (round(float(size[k]) * 4 / 3) for k in "wh")  # points to CSS pixels
        alt = html_lib.escape(html_lib.unescape(title["title"].strip()))
        # The SVG as text in the URL, not base64: gzip sends it in half the bytes.
        text = quote(BETWEEN_TAGS.sub("><", svg).replace("\n", " "), safe="=:/;,.-_()")
        return (
            f'<img alt="{alt}" width="{width}" height="{height}" src="data:image/svg+xml,{text}">'
        )

    html = SVG_IMAGE.sub(titled, html)
    if "data:image/svg+xml;base64," in html:
        raise ValueError("an SVG output in markup this step does not know (nbconvert's changed?)")
    if NO_ALT in html:  # another image: nbconvert takes its alt from the output's metadata
        raise ValueError("a figure has no text alternative: give its output an 'alt' metadata")
    return html
