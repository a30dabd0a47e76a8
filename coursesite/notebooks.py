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
"""

from __future__ import annotations

import base64
import html as html_lib
import posixpath
import re
from urllib.parse import quote, urlsplit

import jupytext
from markdown.extensions.toc import nest_toc_tokens
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents, get_toc
from mkdocs.utils import get_relative_url

from coursesite import source_name
from coursesite.agents.full_text import line_anchor
from coursesite.markup import elements, replaced, text, text_runs
from coursesite.words import words_in

WRAPPER = '<div class="jupyter-wrapper">'
#: Its copy button around each code cell, and the hidden copy of the cell it copies.
COPY_PARTS = frozenset({"zeroclipboard-container", "clipboard-copy-txt"})
STDERR = "application/vnd.jupyter.stderr"
SVG_BASE64 = "data:image/svg+xml;base64,"
NO_ALT = 'alt="No description has been provided for this image"'  # nbconvert's, for any image
#: Where a dollar sign is code or markup, not maths.
VERBATIM = frozenset({"pre", "code", "script", "style", "!--"})
# A formula in a run of text the parser found (``text_runs``), not over markup: no parser of
# HTML knows TeX's delimiters, and arithmatex, which marks them on the other pages, reads
# Markdown, not nbconvert's HTML.
FORMULA = re.compile(r"\$\$(?P<display>[^<]+?)\$\$|\$(?P<inline>[^$\n<]+?)\$")


def ipynb_uri(src_uri: str) -> str:
    """Return where the ``.ipynb`` of the notebook at ``src_uri`` goes: beside its source."""
    return posixpath.splitext(src_uri)[0] + ".ipynb"


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


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Make a notebook page read like the site's other pages (the module's docstring)."""
    if not page.file.src_uri.endswith(".py"):  # not a notebook
        return html
    # Beside the page's folder, at its source's path, as the .py is (the line under the title:
    # coursesite/agents/twins.py).
    ipynb = get_relative_url(ipynb_uri(page.file.src_uri), page.file.dest_uri)
    link = f'<a href="{ipynb}" download>{words_in(config)("lab")["ipynb"]}</a>'
    try:
        html = without_mkdocs_jupyter_extras(html)
        if STDERR in html:  # whatever markup nbconvert puts it in
            warned = [e for e in elements(html, "div") if e.attrs.get("data-mime-type") == STDERR]
            said = text(html[warned[0].inner : warned[0].close]).strip() if warned else ""
            raise ValueError(f"a cell wrote to stderr (a warning): {said or 'see the notebook'}")
        html, toc = with_explicit_ids(html, f'<p class="lab-downloads">{link}</p>')
        html = links_resolved(marked_formulas(html), page, files)
        html = with_figure_text(html)
    except ValueError as error:
        raise PluginError(f"{source_name(page, config)}: {error}") from error
    page.toc = toc
    return html


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
    """
    at = html.find(WRAPPER)
    if at < 0:
        raise ValueError(f"mkdocs-jupyter's output changed: no {WRAPPER} around the notebook")
    # What mkdocs-jupyter 0.26.3 writes before it, with comments: a new release that writes more
    # or other things stops the build here rather than reaching the page (and its CSS trimmed,
    # docs/assets/lab/jupyterlab.css, is then compared by hand: its top says how).
    head = html[:at]
    known = elements(head, "style", "script", "!--")
    found = [sum(e.tag == kind for e in known) for kind in ("style", "script")]
    rest = "".join(head[s:e] for s, e in text_runs(head, known, skip=VERBATIM)).strip()
    if rest or found != [4, 5]:
        raise ValueError(
            "mkdocs-jupyter's output changed: expected 4 <style> and 5 <script> before the "
            f"notebook, found {found[0]} and {found[1]}" + f" and {rest[:40]!r}" * bool(rest)
        )
    notebook = html[at:]
    divs = elements(notebook, "div", "pre")
    copies = [e for e in divs if e.attrs.get("class") in COPY_PARTS]
    cells = {e.inner for e in divs if (e.attrs.get("class") or "").startswith("highlight-ipynb")}
    code = [e for e in divs if e.tag == "pre" and not e.attrs and e.start in cells]  # just inside
    if len(copies) != 2 * len(code):
        raise ValueError(
            f"mkdocs-jupyter's output changed: {len(code)} code cells, {len(copies)} copy-button parts"
        )
    # A copy button goes with the white space after it.
    edits = [(e.start, len(notebook) - len(notebook[e.end :].lstrip()), "") for e in copies]
    edits += [(pre.inner, pre.inner, "<code>") for pre in code]
    edits += [(pre.close, pre.close, "</code>") for pre in code]
    # Cells' ids are jupytext's, random on each run (one commit must give one page), and no
    # link targets them.
    for e in divs:
        if (e.attrs.get("id") or "").startswith("cell-id="):
            at = notebook.index(' id="', e.start, e.inner)
            edits.append((at, notebook.index('"', at + 5) + 1, ""))
    return replaced(notebook, edits)


def with_explicit_ids(html: str, under_title: str) -> tuple[str, TableOfContents]:
    """Give each heading the id written in it (``<a id="...">``) and a permalink as on the
    site's other pages, in place of nbconvert's, and put ``under_title`` after the first
    ``<h1>``; return the HTML and its table of contents, made as MkDocs makes a page's.

    >>> html, toc = with_explicit_ids('<h1>Lab <a id="lab"></a><a class="anchor-link" href="#">¶</a></h1><h2>准备 <a id="setup"></a></h2>', "<p>")
    >>> html
    '<h1 id="lab">Lab<a class="headerlink" href="#lab" title="Permanent link">¶</a></h1><p><h2 id="setup">准备<a class="headerlink" href="#setup" title="Permanent link">¶</a></h2>'
    >>> [(item.id, [(child.id, child.title) for child in item.children]) for item in toc]
    [('lab', [('setup', '准备')])]
    """
    headings, edits = [], []
    for heading in elements(html, *(f"h{level}" for level in range(1, 7))):
        inner, level = html[heading.inner : heading.close], int(heading.tag[1])
        ids = [a for a in elements(inner, "a") if list(a.attrs) == ["id"] and a.inner == a.close]
        nbconvert = [a for a in elements(inner, "a") if a.attrs.get("class") == "anchor-link"]
        inner = replaced(inner, ((a.start, a.end, "") for a in ids + nbconvert)).strip()
        title = text(inner).strip()
        if not ids:
            raise ValueError(
                f'heading {title!r} has no explicit id: write it as `{"#" * level} {title} <a id="..."></a>`'
            )
        at = html_lib.escape(ids[0].attrs["id"] or "")
        headings.append((level, ids[0].attrs["id"] or "", html_lib.escape(title)))
        permalink = f'<a class="headerlink" href="#{at}" title="Permanent link">¶</a>'
        written = f'<h{level} id="{at}">{inner}{permalink}</h{level}>'
        if level == 1:  # the first title only
            written, under_title = written + under_title, ""
        edits.append((heading.start, heading.end, written))
    if all(level > 1 for level, _, _ in headings):
        raise ValueError("no title (a `# ...` heading)")
    toc = nest_toc_tokens([{"level": level, "id": i, "name": name} for level, i, name in headings])
    return replaced(html, edits), get_toc(toc)


def marked_formulas(html: str) -> str:
    r"""Mark ``$...$`` and ``$$...$$`` in text outside code as ``pymdownx.arithmatex``
    (generic) does, a displayed formula in a ``<span>`` too: nbconvert leaves it inside its
    paragraph, where a ``<div>`` may not be.

    >>> marked_formulas("<p>So $Y=AV$:</p><p>$$a+b$$</p><pre>cost: $5 or $6</pre>")
    '<p>So <span class="arithmatex">\\(Y=AV\\)</span>:</p><p><span class="arithmatex">\\[a+b\\]</span></p><pre>cost: $5 or $6</pre>'
    """

    def marked(match: re.Match[str]) -> str:
        if match["display"] is not None:
            return f'<span class="arithmatex">\\[{match["display"]}\\]</span>'
        return f'<span class="arithmatex">\\({match["inline"]}\\)</span>'

    runs = text_runs(html, elements(html), skip=VERBATIM)
    return replaced(html, ((s, e, FORMULA.sub(marked, html[s:e])) for s, e in runs))


def links_resolved(html: str, page: Page, files: Files) -> str:
    """Point each relative link to a source at its page, relative to ``page``; fail on one to
    no page, or to a section its source (its Markdown, not HTML) does not set as the full-text
    view finds a line's anchor (a heading's ``{ #id }``, an empty ``<span id>``), as the site's
    pages set every id a link may name, in both languages. MkDocs checks the links of Markdown
    pages, not of a notebook's HTML."""
    edits = []
    for link in elements(html, "a"):
        href = link.attrs.get("href") or ""
        path, hashed, section = href.partition("#")
        if path.startswith("/") or urlsplit(path).scheme or not path.endswith((".md", ".py")):
            continue
        source = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), path))
        found = files.get_file_from_path(source)
        anchors = {line_anchor(line) for line in found.content_string.split("\n")} if found else {}
        if found is None or (section and section not in anchors):
            raise ValueError(
                f"link to {href}: no such page or section (a page's sections are its headings' "
                "{ #id } and its lines that are an empty <span id>)"
            )
        url = found.url_relative_to(page.file)
        at = html.index(' href="', link.start, link.inner) + 7
        edits.append((at, html.index('"', at), html_lib.escape(url + hashed + section)))
    return replaced(html, edits)


def with_figure_text(html: str) -> str:
    """Give each SVG image its ``<title>`` as ``alt``, and its size (no layout shift); fail on
    an image without (nbconvert shows an SVG output as an image whose ``alt`` says nothing).

    >>> svg = '<svg width="30pt" height="15pt" role="img"><title>Two &amp; maps</title></svg>'
    >>> data = base64.b64encode(svg.encode()).decode()
    >>> with_figure_text(f'<img alt="No description" src="data:image/svg+xml;base64,{data}"/>')[:60]
    '<img alt="Two &amp; maps" width="40" height="20" src="data:i'
    """
    edits = []
    for image in elements(html, "img"):
        src = image.attrs.get("src") or ""
        if list(image.attrs) != ["alt", "src"] or not src.startswith(SVG_BASE64):
            continue  # another image, or markup this step does not know (below)
        svg = base64.b64decode(src.removeprefix(SVG_BASE64)).decode("utf-8")
        found = elements(svg, "svg", "title")
        alt = next((svg[e.inner : e.close].strip() for e in found if e.tag == "title"), "")
        size = [(found[0].attrs.get(side) or "") if found else "" for side in ("width", "height")]
        if not alt or not all(side.endswith("pt") for side in size):
            raise ValueError(
                "a figure has no text alternative: an SVG output needs a <title> "
                "(attn.plot's heatmaps have one)"
            )
        width, height = (round(float(side[:-2]) * 4 / 3) for side in size)  # pt to CSS px
        # Without the white space from a tag's ">" to the next "<" (matplotlib's indentation),
        # as text in the URL, not base64: gzip sends it in half the bytes.
        *pieces, last = svg.split("<")
        svg = "<".join([*(p.rstrip() if p.rstrip().endswith(">") else p for p in pieces), last])
        src = "data:image/svg+xml," + quote(svg.replace("\n", " "), safe="=:/;,.-_()")
        alt = html_lib.escape(html_lib.unescape(alt))
        written = f'<img alt="{alt}" width="{width}" height="{height}" src="{src}">'
        edits.append((image.start, image.inner, written))
    html = replaced(html, edits)
    if SVG_BASE64 in html:
        raise ValueError("an SVG output in markup this step does not know (nbconvert's changed?)")
    if NO_ALT in html:  # another image: nbconvert takes its alt from the output's metadata
        raise ValueError("a figure has no text alternative: give its output an 'alt' metadata")
    return html
