r"""MkDocs hook: the lab's jupytext notebooks become executed pages, one per language.

Each ``docs/lab/*.py`` (percent format) is run in a Jupyter kernel in its page's language and
rendered with mkdocs-jupyter's converter by ``notebook_runs.py``: every notebook of the site
starts running as soon as the build begins, all at once, beside the rest of the build, and
a warm build takes them from ``.cache/notebooks/`` without importing Jupyter at all.

mkdocs-static-i18n, the last plugin, sees a ``.py`` file as an asset: after its ``on_files``
this hook makes each notebook a page again, at the place i18n gave it (``lab/LAB-02.html``,
``en/lab/LAB-02.html``). Then, for each notebook page:

- beside the page: the source, ``LAB-02.py``, and a notebook made from it, ``LAB-02.ipynb``,
  both linked under the title;
- the build fails, naming the ``.py`` file and line, when a cell raises (a wrong ``assert``)
  or writes to stderr (a warning, such as a glyph missing from the figures' fonts);
- headings take the explicit id written in the cell, ``## Title <a id="setup"></a>``, the same
  in both languages, and make the page's table of contents; a heading without one fails;
- ``$...$`` in Markdown cells is marked as arithmatex marks it, so ``formulas.py`` turns it
  into MathML as on every other page; links to ``.md``/``.py`` sources become page URLs and
  must resolve; the notebook template's MathJax and Mermaid loaders (from a CDN) are removed;
- the kernel sees ``ATTN_LAB_LOCALE``, the page's language, for the figures' labels.

mkdocs-jupyter is used as a library, not registered as a plugin: its plugin imports nbconvert
and jupytext on every build (0.7 s), runs the notebooks one after the other, and i18n undoes
its pages anyway.

>>> from types import SimpleNamespace as NS
>>> notebooks_in(NS(src_uri=uri) for uri in ["lab/LAB-02.zh.py", "R36.zh.md", "lab/x/y.py"])
['lab/LAB-02.zh.py']
"""

from __future__ import annotations

import html as html_lib
import posixpath
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from cache_folders import cache_folder
from languages import I18N_PLUGIN, build_locale
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.toc import AnchorLink, TableOfContents
from notebook_runs import CellFailed, NotebookRuns

#: The notebooks, relative to ``docs/``: percent-format jupytext files.
NOTEBOOKS = "lab/*.py"
DOWNLOAD_LABELS = {
    "zh": ("下载 Jupyter 笔记本（.ipynb）", "查看源文件（.py，jupytext 格式）"),
    "en": ("Download the Jupyter notebook (.ipynb)", "View the source (.py, jupytext format)"),
}
PERMALINK_TITLE = "Permanent link"
#: What mkdocs-static-i18n writes on each file and reads again on its pages.
I18N_FILE_FACTS = ("locale", "locale_alternate_of", "localization", "norm_src_uri")

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


# --- pure helpers -------------------------------------------------------------------------------


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


def notebooks_in(files: Iterable[Any]) -> list[str]:
    """Return the ``src_uri`` of every notebook among ``files``."""
    pattern = PurePosixPath(NOTEBOOKS)
    return [
        file.src_uri
        for file in files
        if len(PurePosixPath(file.src_uri).parts) == len(pattern.parts)
        and PurePosixPath(file.src_uri).match(NOTEBOOKS)
    ]


def notebook_locale(src_uri: str, default: str) -> str:
    """Return the language of ``lab/LAB-02.en.py`` (``en``); ``default`` without a suffix.

    >>> notebook_locale("lab/LAB-02.en.py", "zh"), notebook_locale("lab/LAB-02.py", "zh")
    ('en', 'zh')
    """
    suffixes = PurePosixPath(src_uri).suffixes
    return suffixes[-2].lstrip(".") if len(suffixes) > 1 else default


# --- reading the build --------------------------------------------------------------------------


class NotebookPage(File):
    """A notebook source that MkDocs builds as a page (its ``render`` is this hook's)."""

    def is_documentation_page(self) -> bool:
        return True


def is_notebook(file: Any) -> bool:
    """Whether ``file`` is a notebook page."""
    return isinstance(file, NotebookPage)


def source_path(page: Any, config: Any) -> Path:
    """Return the notebook's path as the repository names it (``docs/lab/LAB-02.zh.py``)."""
    source = Path(page.file.abs_src_path)
    root = Path(config.config_file_path).parent
    return source.relative_to(root) if source.is_relative_to(root) else source


# --- MkDocs events ------------------------------------------------------------------------------


@dataclass
class _State:
    """What one whole-site build (the outer build and the language builds nested in it) keeps."""

    depth: int = 0
    runs: NotebookRuns | None = None
    downloads: dict[str, File] | None = None
    files: Files | None = None
    pending: set[str] = field(default_factory=set)  # pages rendered empty, to fill in


_state = _State()


# After i18n's on_config, which sets up the languages.
@event_priority(-150)
def on_config(config: Any) -> Any:
    """At the start of a whole-site build, start running every notebook in its language."""
    if _state.depth > 0:
        return config
    docs = Path(config.docs_dir)
    i18n = config.plugins.get(I18N_PLUGIN)
    default = i18n.default_language if i18n is not None else build_locale(config)
    found = [(path, notebook_locale(path.name, default)) for path in docs.glob(NOTEBOOKS)]
    # The build renders the default language's pages first: their runs go first.
    found.sort(key=lambda run: (run[1] != default, str(run[0])))
    _state.runs = NotebookRuns(cache_folder(config, "notebooks"))
    _state.runs.start(found)
    return config


def on_pre_build(config: Any) -> None:
    """Count nested builds: i18n builds each further language inside the first one."""
    _state.depth += 1


def on_build_error(error: Exception) -> None:
    """A failed build ends every nested one too: the next build starts afresh."""
    if _state.runs is not None:
        _state.runs.close()
    _state.depth, _state.runs = 0, None
    _state.pending.clear()


# After i18n's on_files, which re-creates every file as a plain File.
@event_priority(-200)
def on_files(files: Files, config: Any) -> Files:
    """Make each notebook a page again, at i18n's place for it, with its downloads beside it."""
    i18n = config.plugins.get(I18N_PLUGIN)
    locale = build_locale(config)
    _state.downloads = {}
    for src_uri in notebooks_in(files):
        file = files.get_file_from_path(src_uri)
        if file is None or is_notebook(file):
            continue
        files.remove(file)
        dest_uri = PurePosixPath(file.dest_uri).with_suffix(".html").as_posix()
        page = NotebookPage(
            file.src_uri,
            config.docs_dir,
            # Not file.dest_dir: i18n's re-created file holds its source's path there.
            config.site_dir,
            config.use_directory_urls,
            dest_uri=dest_uri,
            inclusion=file.inclusion,
        )
        for name in I18N_FILE_FACTS:
            if hasattr(file, name):
                setattr(page, name, getattr(file, name))
        if i18n is not None:
            page.alternates = alternates(page, file, locale, i18n, config)  # type: ignore[attr-defined]
            # i18n's sitemap lists the pages it saw in its own on_files, this one not yet.
            sitemap = getattr(i18n, "i18n_files_per_language", {}).get(locale)
            if isinstance(sitemap, list):
                sitemap.append(page)
        files.append(page)
        stem = PurePosixPath(dest_uri).with_suffix("")
        source = Path(file.abs_src_path)
        files.append(File.generated(config, f"{stem}.py", content=source.read_bytes()))
        # Filled in when the page is rendered: the run makes it, beside the kernel's work.
        download = File.generated(config, f"{stem}.ipynb", content="")
        _state.downloads[src_uri] = download
        files.append(download)
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


def on_pre_page(page: Any, config: Any, files: Files) -> Any:
    """Render a notebook page from its run, or, while its kernel still works, later.

    MkDocs renders every page's content before it builds any page: waiting here would leave
    the build idle while the kernel runs. A page whose run is not done yet is rendered
    empty and filled in ``on_page_context``, when its turn to be built comes.
    """
    if not is_notebook(page.file):
        return page
    _state.files = files

    def render(config: Any, files: Files) -> None:
        if _state.runs is None:
            raise PluginError(f"{source_path(page, config)}: the notebook runs were not started")
        if _state.runs.done(Path(page.file.abs_src_path)):
            fill(page, config)
        else:
            page.content, page.toc, page.present_anchor_ids = "", TableOfContents([]), None
            _state.pending.add(page.file.src_uri)

    page.render = render
    return page


def fill(page: Any, config: Any) -> None:
    """Give a notebook page its content, table of contents and anchors from its run."""
    assert _state.runs is not None
    shown = source_path(page, config)
    try:
        result = _state.runs.result(Path(page.file.abs_src_path))
    except CellFailed as failed:
        at = f"{shown}:{failed.line}" if failed.line else str(shown)
        raise PluginError(f"{at}: {failed.what}\n{failed.traceback}") from None
    try:
        page.content, headings = explicit_heading_ids(result.html)
    except ValueError as error:
        raise PluginError(f"{shown}: {error}") from error
    page.toc = table_of_contents(headings)
    page.present_anchor_ids = set(ANCHOR_ID.findall(page.content))
    download = (_state.downloads or {}).get(page.file.src_uri)
    if download is not None and download.abs_dest_path is not None:
        download.content_string = result.ipynb
        # A page filled in late is filled after MkDocs copied the files: write it as well.
        destination = Path(download.abs_dest_path)
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_text(result.ipynb, encoding="utf-8")


# Before search and i18n read the page for their index and language selector.
@event_priority(100)
def on_page_context(context: Any, page: Any, config: Any, nav: Any) -> Any:
    """Fill in a notebook page rendered empty, and run the content events it skipped."""
    if page.file.src_uri not in _state.pending:
        return context
    _state.pending.discard(page.file.src_uri)
    fill(page, config)
    page.content = config.plugins.on_page_content(
        page.content, page=page, config=config, files=_state.files
    )
    return context


# Before formulas.py's on_page_content, which turns the marked formulas into MathML.
@event_priority(10)
def on_page_content(html: str, page: Any, config: Any, files: Files) -> str:
    """Check the outputs, and make the notebook read like the site's other pages."""
    if not is_notebook(page.file) or page.file.src_uri in _state.pending:
        return html
    where = source_path(page, config)
    warnings = stderr_outputs(html)
    if warnings:
        raise PluginError(f"{where}: a cell wrote to stderr: {warnings[0]}")
    html = CDN_LOADERS.sub("", html)
    if REMOTE_SCRIPT.search(html):
        raise PluginError(f"{where}: the rendered notebook loads a script from another host")
    try:
        html = resolved_links(html, lambda path: page_url(path, page, files))
    except ValueError as error:
        raise PluginError(f"{where}: {error}") from error
    html = without_duplicates_in_search(marked_formulas(html))
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
    """Close this build's count; after the whole site, drop the cache entries it did not use."""
    _state.depth = max(_state.depth - 1, 0)
    if _state.depth == 0 and _state.runs is not None:
        _state.runs.evict_unused()
        _state.runs.close()
        _state.runs = None
