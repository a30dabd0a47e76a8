r"""MkDocs hook: the lab's jupytext notebooks become executed pages, one per language.

mkdocs-jupyter runs ``docs/lab/*.py`` (percent format) and renders it, but mkdocs-static-i18n,
the last plugin, re-creates every file as a plain ``File``: the notebook would be copied raw to
``lab/LAB-02.html`` and the English build would overwrite the Chinese page. After i18n's
``on_files`` this hook wraps each notebook again as mkdocs-jupyter's ``NotebookFile``, at the
place i18n gave it (``lab/LAB-02.html``, ``en/lab/LAB-02.html``). Then, for each notebook page:

- beside the page: the source, ``LAB-02.py``, and a notebook made from it, ``LAB-02.ipynb``,
  both linked under the title;
- the build fails, naming the ``.py`` file and line, when a cell raises (a wrong ``assert``)
  or writes to stderr (a warning, such as a glyph missing from the figures' fonts);
- headings take the explicit id written in the cell, ``## Title <a id="setup"></a>``, the same
  in both languages; a heading without one fails the build;
- ``$...$`` in Markdown cells is marked as arithmatex marks it, so ``formulas.py`` turns it
  into MathML as on every other page; links to ``.md``/``.py`` sources become page URLs and
  must resolve; the notebook template's MathJax and Mermaid loaders (from a CDN) are removed;
- the kernel sees ``ATTN_LAB_LOCALE``, the page's language, for the figures' labels.

mkdocs-jupyter keys its execution cache on the notebook's bytes only: the cache lives under a
folder named by a fingerprint of ``attn``'s source and the versions that shape the output, and
one folder per language, since each nested i18n build evicts the entries it did not use.

>>> text = "# %% [markdown]\n# ## Setup <a id=\"setup\"></a>\n\n# %%\nx = 1\n\nassert x\n"
>>> [(c.kind, c.line, c.source) for c in percent_cells(text)]
[('markdown', 2, '## Setup <a id="setup"></a>'), ('code', 5, 'x = 1\n\nassert x')]
"""

from __future__ import annotations

import hashlib
import html as html_lib
import os
import posixpath
import re
import shutil
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import Any

import jupytext
from languages import I18N_PLUGIN, build_locale
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.toc import AnchorLink

NOTEBOOK_PLUGIN = "mkdocs-jupyter"
LOCALE_VARIABLE = "ATTN_LAB_LOCALE"
#: What the figures are computed with, besides the notebook itself: a change to any of these
#: must not be answered from mkdocs-jupyter's cache.
OUTPUT_PACKAGES = ("numpy", "matplotlib", "ipykernel", "nbconvert", "jupytext", "mkdocs-jupyter")
DOWNLOAD_LABELS = {
    "zh": ("下载 Jupyter 笔记本（.ipynb）", "查看源文件（.py，jupytext 格式）"),
    "en": ("Download the Jupyter notebook (.ipynb)", "View the source (.py, jupytext format)"),
}
PERMALINK_TITLE = "Permanent link"

CELL_MARKER = re.compile(r"^# %%(?P<options>.*)$")
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
KERNEL_FRAME = re.compile(r"Cell In\[(\d+)\], line (\d+)")
HEADING = re.compile(r"<h(?P<level>[1-6])\b[^>]*>(?P<inner>.*?)</h(?P=level)>", re.DOTALL)
EXPLICIT_ID = re.compile(r'\s*<a id="(?P<id>[^"]+)"\s*(?:/>|></a>)')
JUPYTER_ANCHOR = re.compile(r'<a class="anchor-link" href="#[^"]*">¶</a>')
TAG = re.compile(r"<[^>]+>")
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


# --- pure helpers -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One cell of a percent-format notebook; ``line`` is where its source starts (1-based)."""

    kind: str
    line: int
    source: str


def percent_cells(text: str) -> list[Cell]:
    r"""Return the cells of a jupytext percent-format notebook, in order.

    A code cell's source is its lines as written; a Markdown cell's is uncommented. Blank
    lines around a cell are not part of it, and ``line`` counts from its first source line, so
    a traceback line in a cell maps to the file as ``cell.line + line - 1``.

    >>> cells = percent_cells("# ---\n# jupyter: {}\n# ---\n\n# %%\n\nimport os\n\n")
    >>> cells
    [Cell(kind='code', line=7, source='import os')]
    >>> percent_cells("# %% [markdown]\n# A *note*\n#\n# more\n")[0].source
    'A *note*\n\nmore'
    """
    cells: list[Cell] = []
    kind: str | None = None
    body: list[tuple[int, str]] = []

    def close() -> None:
        while body and not body[-1][1].strip():
            body.pop()
        while body and not body[0][1].strip():
            body.pop(0)
        if kind and body:
            cells.append(Cell(kind, body[0][0], "\n".join(line for _, line in body)))

    for number, line in enumerate(text.splitlines(), start=1):
        marker = CELL_MARKER.match(line)
        if marker:
            close()
            kind = "markdown" if "[markdown]" in marker["options"] else "code"
            body = []
        elif kind == "markdown":
            body.append((number, re.sub(r"^# ?", "", line)))
        elif kind == "code":
            body.append((number, line))
    close()
    return cells


def failing_line(traceback: str, cells: Sequence[Cell]) -> int | None:
    r"""Return the line of the ``.py`` notebook where the kernel's ``traceback`` failed.

    The kernel runs the code cells in order, so ``Cell In[n]`` is the n-th code cell; the
    innermost such frame is where the failure happened.

    >>> cells = [Cell("code", 10, "x = 1"), Cell("markdown", 13, "Hi"), Cell("code", 16, "y\nz")]
    >>> failing_line("Cell In[2], line 2\n----> 2 z\nNameError: name 'z' is not defined", cells)
    17
    >>> failing_line("KeyboardInterrupt", cells) is None
    True
    """
    code = [cell for cell in cells if cell.kind == "code"]
    frames = KERNEL_FRAME.findall(ANSI.sub("", traceback))
    if not frames:
        return None
    count, line = (int(n) for n in frames[-1])
    if not 1 <= count <= len(code):
        return None
    return code[count - 1].line + line - 1


def fingerprint(files: Iterable[Path], versions: Iterable[str]) -> str:
    """Return a short hash of the files' bytes and the version strings, in a stable order.

    >>> fingerprint([], ["numpy 2.4.6"]) == fingerprint([], ["numpy 2.4.6"])
    True
    >>> fingerprint([], ["numpy 2.4.6"]) == fingerprint([], ["numpy 2.5.0"])
    False
    """
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for version in versions:
        digest.update(version.encode() + b"\0")
    return digest.hexdigest()[:16]


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


def stderr_outputs(html: str) -> list[str]:
    """Return the text of every stderr output in a rendered notebook.

    >>> stderr_outputs('<div data-mime-type="application/vnd.jupyter.stderr"><pre>W &lt;1&gt;</pre></div>')
    ['W <1>']
    """
    return [html_lib.unescape(TAG.sub("", m["text"])).strip() for m in STDERR.finditer(html)]


def anchor_links(items: Iterable[AnchorLink]) -> Iterator[AnchorLink]:
    """Yield the table of contents' entries in document order."""
    for item in items:
        yield item
        yield from anchor_links(item.children)


def notebook_json(source: Path) -> str:
    """Return the jupytext notebook at ``source`` as ``.ipynb`` JSON, without jupytext's pairing."""
    notebook = jupytext.read(source)
    notebook.metadata.pop("jupytext", None)
    notebook.metadata.setdefault("language_info", {"name": "python"})
    return jupytext.writes(notebook, fmt="ipynb")


# --- reading the build --------------------------------------------------------------------------


def notebook_plugin(config: Any) -> Any:
    """Return the mkdocs-jupyter plugin of this site, or fail: the hook exists for it."""
    plugin = config.plugins.get(NOTEBOOK_PLUGIN)
    if plugin is None:
        raise PluginError(f"hooks/notebooks.py needs the {NOTEBOOK_PLUGIN} plugin in mkdocs.yml")
    return plugin


def is_notebook(file: Any) -> bool:
    """Whether ``file`` is a notebook page (mkdocs-jupyter's type)."""
    from mkdocs_jupyter.plugin import NotebookFile

    return isinstance(file, NotebookFile)


def source_path(page: Any, config: Any) -> Path:
    """Return the notebook's path as the repository names it (``docs/lab/LAB-02.zh.py``)."""
    source = Path(page.file.abs_src_path)
    root = Path(config.config_file_path).parent
    return source.relative_to(root) if source.is_relative_to(root) else source


def output_fingerprint() -> str:
    """Return the fingerprint of what, besides the notebook, decides its outputs."""
    import attn

    package = Path(attn.__file__).parent
    versions = []
    for name in OUTPUT_PACKAGES:
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} -")
    return fingerprint(package.glob("*.py"), versions)


# --- MkDocs events ------------------------------------------------------------------------------


@dataclass
class _State:
    """What one whole-site build (the outer build and the language builds nested in it) keeps."""

    depth: int = 0
    cache_base: Path | None = None


_state = _State()


def on_pre_build(config: Any) -> None:
    """Count nested builds: i18n builds each further language inside the first one."""
    _state.depth += 1


def on_build_error(error: Exception) -> None:
    """A failed build ends every nested one too: the next build starts afresh."""
    _state.depth = 0


# After i18n's on_config, which sets the language of the build about to run.
@event_priority(-150)
def on_config(config: Any) -> Any:
    """Key the execution cache on ``attn`` and the output's packages, one folder per language."""
    plugin = notebook_plugin(config)
    if not plugin.config["cache"]:
        return config
    if _state.depth == 0:
        _state.cache_base = Path(plugin.config["cache_dir"])
    base = _state.cache_base or Path(plugin.config["cache_dir"])
    current = output_fingerprint()
    if _state.depth == 0 and base.is_dir():
        for stale in base.iterdir():
            if stale.name != current:
                if stale.is_dir():
                    shutil.rmtree(stale)
                else:
                    stale.unlink()
    plugin.config["cache_dir"] = str(base / current / build_locale(config))
    return config


# After i18n's on_files, which re-creates every file as a plain File.
@event_priority(-200)
def on_files(files: Files, config: Any) -> Files:
    """Make each notebook a page again, at i18n's place for it, with its downloads beside it."""
    from mkdocs_jupyter.plugin import NotebookFile

    plugin = notebook_plugin(config)
    i18n = config.plugins.get(I18N_PLUGIN)
    locale = build_locale(config)
    for file in list(files):
        if is_notebook(file) or not plugin.should_include(file):
            continue
        files.remove(file)
        page = NotebookFile(
            file, use_directory_urls=config.use_directory_urls, site_dir=config.site_dir
        )
        page.dest_uri = PurePosixPath(file.dest_uri).with_suffix(".html").as_posix()
        page.abs_dest_path = os.path.normpath(os.path.join(config.site_dir, page.dest_uri))
        page.url = page._get_url(config.use_directory_urls)
        page.name = PurePosixPath(page.dest_uri).stem
        if i18n is not None:
            page.alternates = alternates(page, file, locale, i18n, config)
            # i18n's sitemap lists the pages it saw in its own on_files, this one not yet.
            sitemap = getattr(i18n, "i18n_files_per_language", {}).get(locale)
            if isinstance(sitemap, list):
                sitemap.append(page)
        files.append(page)
        source = Path(file.abs_src_path)
        stem = PurePosixPath(page.dest_uri).with_suffix("")
        files.append(File.generated(config, f"{stem}.py", content=source.read_bytes()))
        files.append(File.generated(config, f"{stem}.ipynb", content=notebook_json(source)))
    return files


def alternates(page: Any, file: Any, locale: str, i18n: Any, config: Any) -> dict[str, Any]:
    """Return the notebook page in every built language, for Material's language selector.

    i18n finds a page's other languages only for Markdown pages; a notebook is an asset to it.
    """
    found: dict[str, Any] = {locale: page}
    localized = f".{locale}{PurePosixPath(file.src_uri).suffix}"
    if not file.src_uri.endswith(localized):
        return found
    stem = file.src_uri[: -len(localized)]
    prefix = f"{locale}/" if locale != i18n.default_language else ""
    plain = page.dest_uri.removeprefix(prefix)
    for other in i18n.build_languages:
        src_uri = f"{stem}.{other}{PurePosixPath(file.src_uri).suffix}"
        if other == locale or not Path(config.docs_dir, src_uri).is_file():
            continue
        dest_uri = plain if other == i18n.default_language else f"{other}/{plain}"
        found[other] = File(
            src_uri, config.docs_dir, config.site_dir, config.use_directory_urls, dest_uri=dest_uri
        )
    return found


# After mkdocs-jupyter's on_pre_page, which replaces the page's render method.
@event_priority(-50)
def on_pre_page(page: Any, config: Any, files: Files) -> Any:
    """Run the notebook in the page's language, and name the file and line of a failing cell."""
    if not is_notebook(page.file):
        return page
    from nbclient.exceptions import CellExecutionError

    render = page.render
    source = Path(page.file.abs_src_path)
    shown = source_path(page, config)
    locale = build_locale(config)

    def checked_render(config: Any, files: Files) -> None:
        # Built in this process first: a kernel that takes over 5 s to build matplotlib's font
        # cache (a fresh machine) says so on stderr, which would fail the page.
        import matplotlib.font_manager  # noqa: F401

        before = os.environ.get(LOCALE_VARIABLE)
        os.environ[LOCALE_VARIABLE] = locale
        try:
            render(config, files)
        except CellExecutionError as error:
            line = failing_line(str(error), percent_cells(source.read_text(encoding="utf-8")))
            at = f"{shown}:{line}" if line else str(shown)
            what = f"{error.ename}: {error.evalue}" if error.evalue else error.ename
            raise PluginError(f"{at}: {what}\n{ANSI.sub('', str(error))}") from None
        finally:
            if before is None:
                os.environ.pop(LOCALE_VARIABLE, None)
            else:
                os.environ[LOCALE_VARIABLE] = before

    page.render = checked_render
    return page


# Before formulas.py's on_page_content, which turns the marked formulas into MathML.
@event_priority(10)
def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    """Check the outputs, and make the notebook read like the site's other pages."""
    if not is_notebook(page.file):
        return html
    where = source_path(page, config)
    warnings = stderr_outputs(html)
    if warnings:
        raise PluginError(f"{where}: a cell wrote to stderr: {warnings[0]}")
    html = CDN_LOADERS.sub("", html)
    if REMOTE_SCRIPT.search(html):
        raise PluginError(f"{where}: the rendered notebook loads a script from another host")
    try:
        html, headings = explicit_heading_ids(html)
        html = resolved_links(html, lambda path: page_url(path, page, files))
    except ValueError as error:
        raise PluginError(f"{where}: {error}") from error
    entries = list(anchor_links(page.toc))
    if len(entries) != len(headings):
        raise PluginError(f"{where}: {len(headings)} headings but {len(entries)} toc entries")
    for entry, heading in zip(entries, headings, strict=True):
        entry.id, entry.title = heading.id, heading.title
    html = marked_formulas(html)
    stem = PurePosixPath(page.file.dest_uri).stem
    notebook, source = DOWNLOAD_LABELS.get(build_locale(config), DOWNLOAD_LABELS["en"])
    return with_downloads(html, [(f"{stem}.ipynb", notebook, True), (f"{stem}.py", source, False)])


def page_url(path: str, page: Any, files: Files) -> str | None:
    """Return the URL, relative to ``page``, of the page built from the source at ``path``."""
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), path))
    found = files.get_file_from_path(target)
    return None if found is None else found.url_relative_to(page.file)


# After i18n's on_post_build, inside which the nested builds run and end.
@event_priority(-200)
def on_post_build(config: Any) -> None:
    """Close this build's count."""
    _state.depth = max(_state.depth - 1, 0)
