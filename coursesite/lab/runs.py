"""The lab's runs as the build sees them: which are cached, starting the rest, waiting for one.

A notebook runs in a fresh ``python3`` kernel whose environment carries ``ATTN_LAB_LOCALE``, the
page's language, and mkdocs-jupyter's converter renders it (``runner.py``, a process of its
own). A build starts every run it lacks as soon as it knows its notebooks, so that the kernels
work while MkDocs renders the other pages; a page waits for its own run when it is rendered.

What a run renders is cached (``coursesite.cache``), one entry per notebook and language, keyed
by the notebook's bytes, its language and everything else that shapes its output
(``output_fingerprint``): a warm build starts no process and imports no Jupyter.
"""

from __future__ import annotations

import base64
import json
import platform
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from coursesite.cache import fingerprint, package_versions, read_entry

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
    "mkdocs-jupyter",
    "pygments",
)
#: The code of this folder that makes a run's cache entry (the pages are made from it later).
RUN_CODE = ("cells.py", "figures.py", "runner.py", "runs.py")
RUNNER = "coursesite.lab.runner"
POLL_SECONDS = 0.02
EVICTION_GRACE_SECONDS = 3600


class CellFailed(Exception):
    """A cell of a notebook raised; ``line`` is where, in the ``.py`` file, if it is known."""

    def __init__(self, line: int | None, what: str, traceback: str) -> None:
        super().__init__(what)
        self.line, self.what, self.traceback = line, what, traceback


@dataclass(frozen=True)
class Rendered:
    """What the page of one notebook in one language is made from."""

    html: str  # the executed notebook, as mkdocs-jupyter renders it
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


def failed_file(cache: Path) -> Path:
    """Return where a run that would be cached at ``cache`` reports its failure (never cached).

    >>> failed_file(Path("lab/LAB-02.zh.0123.json")).name
    'LAB-02.zh.0123.failed'
    """
    return cache.with_suffix(".failed")


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
        self._runner: subprocess.Popen[bytes] | None = None

    def cache_file(self, source: Path, locale: str, outputs: str) -> Path:
        """Return where the run of ``source`` in ``locale`` is cached."""
        key = fingerprint([source], [locale, outputs])
        return self.cache_folder / f"{source.stem}.{key}.json"

    def start(self, notebooks: Sequence[tuple[Path, str]]) -> None:
        """Start running each ``(source, locale)`` that the cache does not hold, all at once."""
        outputs = output_fingerprint() if notebooks else ""
        missing: list[str] = []
        for source, locale in notebooks:
            cache = self._caches[source] = self.cache_file(source, locale, outputs)
            cached = self.cached(cache)
            if cached is None:
                missing += [str(source), locale, str(cache)]
            else:
                self._cached[source] = cached
        if missing:
            self._runner = subprocess.Popen([sys.executable, "-m", RUNNER, *missing])

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
        if source in self._cached:
            return self._cached[source]
        cache = self._caches[source]
        failed = failed_file(cache)
        while not cache.is_file():
            if failed.is_file():
                failure = json.loads(failed.read_text(encoding="utf-8"))
                failed.unlink(missing_ok=True)
                raise CellFailed(**failure)
            if self._runner is None or self._runner.poll() is not None:
                if cache.is_file() or failed.is_file():
                    continue
                code = None if self._runner is None else self._runner.returncode
                raise CellFailed(None, f"the notebook runner stopped (exit code {code})", "")
            time.sleep(POLL_SECONDS)
        rendered = self.cached(cache)
        if rendered is None:
            raise CellFailed(None, f"the notebook runner wrote an unreadable {cache.name}", "")
        self._cached[source] = rendered
        return rendered

    def evict_unused(self) -> None:
        """Remove the cache's entries that this build did not use (after a whole-site build)
        and that no other build wrote lately: builds may share the cache (the tests' copies)."""
        if self.cache_folder.is_dir():
            recent = time.time() - EVICTION_GRACE_SECONDS
            for entry in self.cache_folder.glob("*.json"):
                if entry not in self._caches.values() and entry.stat().st_mtime < recent:
                    entry.unlink(missing_ok=True)

    def close(self) -> None:
        """End the runner (its kernels end with it) and forget the runs."""
        if self._runner is not None and self._runner.poll() is None:
            self._runner.terminate()
        if self._runner is not None:
            self._runner.wait()
        self._runner = None
        self._caches.clear()
        self._cached.clear()
