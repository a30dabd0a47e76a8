r"""The lab's jupytext notebooks become executed pages, one per language.

Each ``docs/lab/*.py`` (percent format) is run in a Jupyter kernel and rendered with
nbconvert (``runs.py``): every notebook of the site starts running as soon as the build
begins, all at once, beside the rest of the build, and a warm build takes them from the cache
without importing Jupyter at all.

mkdocs-static-i18n, the last plugin, sees a ``.py`` file as an asset: after its ``on_files``
the lab's step makes each notebook a page again, at the place i18n gave it (``lab/LAB-02.html``,
``en/lab/LAB-02.html``). Then, for each notebook page:

- beside the page: the source, ``LAB-02.py``, and a notebook made from it, ``LAB-02.ipynb``,
  both linked under the title;
- the build fails, naming the ``.py`` file and line, when a cell raises (a wrong ``assert``)
  or writes to stderr (a warning, such as a glyph missing from the figures' fonts);
- headings take the explicit id written in the cell, ``## Title <a id="setup"></a>``, the same
  in both languages, and make the page's table of contents; a heading without one fails;
- ``$...$`` in Markdown cells is marked as arithmatex marks it, so ``coursesite.formulas`` turns it
  into MathML as on every other page; links to ``.md``/``.py`` sources become page URLs and
  must resolve; the build fails if an output loads a script from another host;
- a notebook names its own language, for its figures' labels (``attn.plot``'s ``locale``).

mkdocs-jupyter is not registered as a plugin: its plugin imports nbconvert and jupytext on
every build (0.7 s), runs the notebooks one after the other, and i18n undoes its pages anyway.

>>> from types import SimpleNamespace as NS
>>> notebooks_in(NS(src_uri=uri) for uri in ["lab/LAB-02.zh.py", "R36.zh.md", "lab/x/y.py"])
['lab/LAB-02.zh.py']
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from coursesite.cache import cache_folder
from coursesite.i18n import (
    adopt_page,
    build_locale,
    default_locale,
    in_locale,
    language_folder,
    outer_build,
    site_languages,
    source_locale,
    split_locale,
)
from coursesite.lab.notebook_html import (
    ANCHOR_ID,
    REMOTE_SCRIPT,
    explicit_heading_ids,
    marked_formulas,
    resolved_links,
    stderr_outputs,
    table_of_contents,
    with_downloads,
)
from coursesite.lab.runs import CellFailed, NotebookRuns
from coursesite.lab.stylesheet import stylesheet_uri, without_inline_styles
from coursesite.words import Words

#: The notebooks, relative to ``docs/``: percent-format jupytext files.
NOTEBOOKS = "lab/*.py"


def notebooks_in(files: Iterable[File]) -> list[str]:
    """Return the ``src_uri`` of every notebook among ``files``."""
    pattern = PurePosixPath(NOTEBOOKS)
    return [
        file.src_uri
        for file in files
        if len(PurePosixPath(file.src_uri).parts) == len(pattern.parts)
        and PurePosixPath(file.src_uri).match(NOTEBOOKS)
    ]


class NotebookPage(File):
    """A notebook source that MkDocs builds as a page (its ``render`` is the lab's)."""

    def is_documentation_page(self) -> bool:
        return True


def is_notebook(file: File) -> bool:
    """Whether ``file`` is a notebook page."""
    return isinstance(file, NotebookPage)


def source_path(page: Page, config: MkDocsConfig) -> Path:
    """Return the notebook's path as the repository names it (``docs/lab/LAB-02.zh.py``)."""
    source = Path(page.file.abs_src_path or "")
    root = Path(config.config_file_path).parent
    return source.relative_to(root) if source.is_relative_to(root) else source


class Lab:
    """The lab's pages across one whole-site build (the outer build and the languages nested in
    it): the runs started at its start, and each language's downloads."""

    def __init__(self) -> None:
        self.runs: NotebookRuns | None = None
        self.downloads: dict[str, File] = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """At the start of a whole-site build, start running every notebook in its language."""
        if not outer_build(config):
            return config
        self.close()  # what a failed build may have left
        docs = sorted(Path(config.docs_dir).glob(NOTEBOOKS))
        found = [(path, source_locale(path.name, config)) for path in docs]
        self.runs = NotebookRuns(cache_folder(config, "notebooks"))
        self.runs.start(found)
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        """Make each notebook a page again, at i18n's place for it, with its downloads beside it."""
        locale = build_locale(config)
        self.downloads = {}
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
            adopt_page(config, file, page, alternates(page, file, locale, config))
            files.append(page)
            stem = PurePosixPath(dest_uri).with_suffix("")
            source = Path(file.abs_src_path or "")
            files.append(File.generated(config, f"{stem}.py", content=source.read_bytes()))
            # Filled in when the page is rendered, from the run.
            download = File.generated(config, f"{stem}.ipynb", content="")
            self.downloads[src_uri] = download
            files.append(download)
        return files

    def on_pre_page(self, page: Page, config: MkDocsConfig, files: Files) -> Page:
        """Render a notebook page from its run (waiting for it: the kernels started with the
        build)."""
        if not is_notebook(page.file):
            return page

        def render(config: MkDocsConfig, files: Files) -> None:
            self.fill(page, config)
            self.add_figures(page, config, files)

        page.render = render  # type: ignore[method-assign]
        return page

    def fill(self, page: Page, config: MkDocsConfig) -> None:
        """Give a notebook page its content, table of contents and anchors from its run."""
        shown = source_path(page, config)
        if self.runs is None:
            raise PluginError(f"{shown}: the notebook runs were not started")
        try:
            result = self.runs.result(Path(page.file.abs_src_path or ""))
        except CellFailed as failed:
            at = f"{shown}:{failed.line}" if failed.line else str(shown)
            raise PluginError(f"{at}: {failed.what}\n{failed.traceback}") from None
        try:
            page.content, headings = explicit_heading_ids(result.html)
        except ValueError as error:
            raise PluginError(f"{shown}: {error}") from error
        page.toc = table_of_contents(headings)
        page.present_anchor_ids = set(ANCHOR_ID.findall(page.content))
        try:
            # JupyterLab's CSS, linked in the page's head (overrides/main.html), not inline.
            page.meta["stylesheets"] = [stylesheet_uri(Path(config.docs_dir))]
        except (FileNotFoundError, ValueError) as error:
            raise PluginError(f"{shown}: {error}") from None
        download = self.downloads.get(page.file.src_uri)
        if download is not None:
            download.content_string = result.ipynb

    def add_figures(self, page: Page, config: MkDocsConfig, files: Files) -> None:
        """Write the page's images beside it (the run took them out of its outputs).

        They join the site's files while pages render: MkDocs copies files after that.
        """
        if self.runs is None:
            return
        result = self.runs.result(Path(page.file.abs_src_path or ""))
        folder = PurePosixPath(page.file.dest_uri).parent
        for name, content in sorted(result.figures.items()):
            files.append(File.generated(config, (folder / name).as_posix(), content=content))

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        """Check the outputs, and make the notebook read like the site's other pages."""
        if not is_notebook(page.file):
            return html
        where = source_path(page, config)
        warnings = stderr_outputs(html)
        if warnings:
            raise PluginError(f"{where}: a cell wrote to stderr: {warnings[0]}")
        html = without_inline_styles(html)
        if REMOTE_SCRIPT.search(html):
            raise PluginError(f"{where}: the rendered notebook loads a script from another host")
        try:
            html = resolved_links(html, lambda path: page_url(path, page, files))
        except ValueError as error:
            raise PluginError(f"{where}: {error}") from error
        words = Words(build_locale(config), "lab")
        html = marked_formulas(html)
        stem = PurePosixPath(page.file.dest_uri).stem
        links = [(f"{stem}.ipynb", words["ipynb"], True), (f"{stem}.py", words["source"], False)]
        return with_downloads(html, links)

    def on_post_build(self, config: MkDocsConfig) -> None:
        """After the whole site, drop the cache entries it did not use."""
        if outer_build(config) and self.runs is not None:
            self.runs.evict_unused()
            self.close()

    def on_build_error(self, error: Exception) -> None:
        """A failed build leaves no kernel running: the next build starts afresh."""
        self.close()

    def close(self) -> None:
        """End the runs under way, if any."""
        if self.runs is not None:
            self.runs.close()
        self.runs = None


def alternates(page: File, file: File, locale: str, config: MkDocsConfig) -> dict[str, File]:
    """Return the notebook page in every built language, for Material's language selector.

    i18n finds a page's other languages only for Markdown pages; a notebook is an asset to it.
    """
    found: dict[str, File] = {locale: page}
    languages, default = site_languages(config), default_locale(config)
    plain_src, own = split_locale(file.src_uri, languages)
    if own is None:
        return found
    plain = page.dest_uri.removeprefix(language_folder(locale, default))
    for other in languages:
        src_uri = in_locale(plain_src, other)
        if other == locale or not Path(config.docs_dir, src_uri).is_file():
            continue
        dest_uri = language_folder(other, default) + plain
        found[other] = File(
            src_uri, config.docs_dir, config.site_dir, config.use_directory_urls, dest_uri=dest_uri
        )
    return found


def page_url(path: str, page: Page, files: Files) -> str | None:
    """Return the URL, relative to ``page``, of the page built from the source at ``path``."""
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page.file.src_uri), path))
    found = files.get_file_from_path(target)
    return None if found is None else found.url_relative_to(page.file)
