"""The lab's runs as the build sees them: which are cached, starting the rest, waiting for one.

A notebook runs in a fresh ``python3`` kernel with nbclient, in a thread of the build's own
process, and is rendered to HTML (``notebook_html.rendered_html``). A build starts every run
it lacks as soon as it knows its notebooks, so that the kernels work while MkDocs renders the
other pages; a page waits for its own run when it is rendered. A notebook says its language
itself (its code passes it to ``attn.plot``): a kernel's environment decides nothing.

What a run renders is cached (``coursesite.cache``), one entry per notebook and language, keyed
by the notebook's bytes, its language and everything else that shapes its output
(``output_fingerprint``): a warm build starts no kernel and imports no Jupyter.
"""

from __future__ import annotations

import asyncio
import base64
import json
import platform
import tempfile
import time
import traceback
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from coursesite.cache import fingerprint, package_versions, read_entry, write_atomically
from coursesite.lab.cells import ANSI, failing_line, percent_cells
from coursesite.lab.figures import FigureError, figures_taken_out
from coursesite.lab.notebook_html import rendered_html

if TYPE_CHECKING:  # a warm build imports no Jupyter
    from nbformat import NotebookNode

#: What the outputs are computed and rendered with, besides the notebook itself: a change to
#: any of these must not be answered from the cache.
OUTPUT_PACKAGES = (
    "numpy",
    "matplotlib",
    "ipykernel",
    "ipython",
    "nbclient",
    "nbconvert",
    "nbformat",
    "jupytext",
    "mistune",
    "pygments",
)
#: The code of this folder that makes a run's cache entry (the pages are made from it later).
RUN_CODE = ("cells.py", "figures.py", "notebook_html.py", "runs.py", "template/notebook.html.j2")
KERNEL = "python3"
EVICTION_GRACE_SECONDS = 3600


class CellFailed(Exception):
    """A cell of a notebook raised; ``line`` is where, in the ``.py`` file, if it is known."""

    def __init__(self, line: int | None, what: str, traceback: str) -> None:
        super().__init__(what)
        self.line, self.what, self.traceback = line, what, traceback


@dataclass(frozen=True)
class Rendered:
    """What the page of one notebook in one language is made from."""

    html: str  # the executed notebook, rendered (notebook_html.rendered_html)
    ipynb: str  # the source as an .ipynb without outputs, for download
    figures: dict[str, bytes]  # its images, by file name beside the page (figures.py)


def read_notebook(source: Path) -> NotebookNode:
    """Return the jupytext notebook at ``source``, each cell's id its place in it.

    nbformat gives every cell a random id when it reads a notebook without ids (a ``.py``
    file): the page and the ``.ipynb`` would change at every run of an unchanged notebook.
    """
    import jupytext

    notebook: NotebookNode = jupytext.read(source)
    for number, cell in enumerate(notebook.cells, start=1):
        cell.id = f"cell-{number}"
    return notebook


def notebook_json(source: Path) -> str:
    """Return the jupytext notebook at ``source`` as ``.ipynb`` JSON, without jupytext's pairing."""
    import jupytext

    notebook = read_notebook(source)
    notebook.metadata.pop("jupytext", None)
    notebook.metadata.setdefault("language_info", {"name": "python"})
    return str(jupytext.writes(notebook, fmt="ipynb"))


def output_files() -> list[Path]:
    """Return the files whose bytes decide a run's outputs, besides the notebook: every file of
    ``attn`` (its code and the labels' font) and the code that runs and renders it."""
    import attn

    package = [p for p in Path(attn.__file__).parent.rglob("*") if p.is_file()]
    here = Path(__file__).parent
    return [p for p in package if "__pycache__" not in p.parts] + [here / n for n in RUN_CODE]


def output_fingerprint() -> str:
    """Return the fingerprint of what, besides the notebook, decides its outputs: the files of
    ``output_files``, Python's version and the versions of ``OUTPUT_PACKAGES``."""
    versions = [f"python {platform.python_version()}", *package_versions(OUTPUT_PACKAGES)]
    return fingerprint(output_files(), versions)


def executed(source: Path) -> NotebookNode:
    """Run the notebook at ``source`` in a new kernel; return it with its outputs. It runs in
    an event loop of its own: call it in a thread where none is running (``NotebookRuns``').

    Raises ``CellFailed`` naming the line of the ``.py`` file where a cell raised.
    """
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    from traitlets.config import Config

    notebook = read_notebook(source)
    with tempfile.TemporaryDirectory(prefix="lab-kernel-") as sockets:
        # Local sockets, not TCP: no port to open, and no warning from the kernel about TCP.
        ipc = {"transport": "ipc", "ip": str(Path(sockets, "kernel"))}
        client = NotebookClient(
            notebook,
            config=Config({"KernelManager": ipc}),
            kernel_name=KERNEL,
            resources={"metadata": {"path": str(source.parent)}},
            # The outputs are in; a graceful shutdown can wait up to 5 s for the kernel to exit.
            shutdown_kernel="immediate",
            # A cell's prints are one output, however the kernel's messages were timed.
            coalesce_streams=True,
        )
        try:
            asyncio.run(client.async_execute())
        except CellExecutionError as error:
            told = ANSI.sub("", str(error))
            line = failing_line(told, percent_cells(source.read_text(encoding="utf-8")))
            what = f"{error.ename}: {error.evalue}" if error.evalue else error.ename
            raise CellFailed(line, what, told) from None
    return notebook


def page_stem(source: Path) -> str:
    """Return the name of the page a notebook becomes, without language or suffix.

    >>> page_stem(Path("docs/lab/LAB-02.zh.py")), page_stem(Path("lab/LAB-03.py"))
    ('LAB-02', 'LAB-03')
    """
    return source.name.split(".")[0]


def run(source: Path, cache: Path) -> Rendered:
    """Run the notebook at ``source`` and render it; cache what its page needs at ``cache``.

    Raises ``CellFailed`` for whatever stops it, naming the ``.py`` line when it is known.
    """
    try:
        notebook = executed(source)
        figures = figures_taken_out(notebook, page_stem(source))
        rendered = Rendered(rendered_html(notebook), notebook_json(source), {})
    except CellFailed:
        raise
    except FigureError as error:
        code = [c for c in percent_cells(source.read_text(encoding="utf-8")) if c.kind == "code"]
        line = code[error.code_cell - 1].line if error.code_cell else None
        raise CellFailed(line, str(error), "") from None
    # A kernel that dies or a notebook that does not parse: the build says so, whatever it is.
    except Exception as error:
        raise CellFailed(None, f"{type(error).__name__}: {error}", traceback.format_exc()) from None
    entry = {
        "html": rendered.html,
        "ipynb": rendered.ipynb,
        "figures": {f.name: base64.b64encode(f.content).decode("ascii") for f in figures},
    }
    write_atomically(cache, json.dumps(entry))
    return Rendered(rendered.html, rendered.ipynb, {f.name: f.content for f in figures})


def font_cache_built() -> None:
    """Build matplotlib's font cache here, before any kernel starts, if there is none yet:
    a kernel that takes over 5 s to build it (a fresh machine) says so on stderr, which fails
    the page."""
    import matplotlib

    if not any(Path(matplotlib.get_cachedir()).glob("fontlist-*.json")):
        import matplotlib.font_manager


class NotebookRuns:
    """The runs of one whole-site build: every notebook in its language, started at once.

    >>> import tempfile
    >>> runs = NotebookRuns(Path(tempfile.mkdtemp()))
    >>> runs.start([])
    >>> runs.result(Path("lab/none.zh.py"))
    Traceback (most recent call last):
    ...
    KeyError: 'lab/none.zh.py was not started'
    >>> runs.close()
    """

    def __init__(self, cache_folder: Path) -> None:
        self.cache_folder = cache_folder
        self._caches: dict[Path, Path] = {}
        self._cached: dict[Path, Rendered] = {}
        self._running: dict[Path, Future[Rendered]] = {}
        self._pool: ThreadPoolExecutor | None = None

    def cache_file(self, source: Path, locale: str, outputs: str) -> Path:
        """Return where the run of ``source`` in ``locale`` is cached."""
        key = fingerprint([source], [locale, outputs])
        return self.cache_folder / f"{source.stem}.{key}.json"

    def start(self, notebooks: Sequence[tuple[Path, str]]) -> None:
        """Start running each ``(source, locale)`` that the cache does not hold, all at once,
        in the order given."""
        outputs = output_fingerprint() if notebooks else ""
        missing: list[Path] = []
        for source, locale in notebooks:
            cache = self._caches[source] = self.cache_file(source, locale, outputs)
            cached = self.cached(cache)
            if cached is None:
                missing.append(source)
            else:
                self._cached[source] = cached
        if missing:
            font_cache_built()
            self._pool = ThreadPoolExecutor(len(missing), thread_name_prefix="notebook")
            for source in missing:
                self._running[source] = self._pool.submit(run, source, self._caches[source])

    @staticmethod
    def cached(cache: Path) -> Rendered | None:
        """Return the run cached at ``cache``; None if there is none, or none readable."""
        entry = read_entry(cache, ("html", "ipynb", "figures"))
        if entry is None:
            return None
        figures = entry["figures"]
        if not isinstance(figures, dict):
            return None
        return Rendered(
            html=str(entry["html"]),
            ipynb=str(entry["ipynb"]),
            figures={str(k): base64.b64decode(str(v)) for k, v in figures.items()},
        )

    def result(self, source: Path) -> Rendered:
        """Wait for the run of ``source``; raise ``CellFailed`` if it failed."""
        if source not in self._caches:
            raise KeyError(f"{source} was not started")
        if source not in self._cached:
            self._cached[source] = self._running.pop(source).result()
        return self._cached[source]

    def evict_unused(self) -> None:
        """Remove the cache's entries that this build did not use (after a whole-site build)
        and that no other build wrote lately: builds may share the cache (the tests' copies)."""
        if self.cache_folder.is_dir():
            recent = time.time() - EVICTION_GRACE_SECONDS
            for entry in self.cache_folder.glob("*.json"):
                if entry not in self._caches.values() and entry.stat().st_mtime < recent:
                    entry.unlink(missing_ok=True)

    def close(self) -> None:
        """Forget the runs; those not started are dropped, those under way finish (and are
        cached) in their threads."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None
        self._caches.clear()
        self._cached.clear()
        self._running.clear()
