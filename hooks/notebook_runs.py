r"""Run the lab's notebooks: each in its own Jupyter kernel, all at once, and cache what they render.

A notebook runs in a fresh ``python3`` kernel (nbclient) whose environment carries
``ATTN_LAB_LOCALE``, the page's language; mkdocs-jupyter's converter then renders the executed
notebook. A build starts every run as soon as it knows its notebooks, in one process of its
own (this file run as a script), so that the kernels work while MkDocs renders the other
pages and nothing competes with the build for its interpreter; a page waits for its own run
only when it needs it (``NotebookRuns.result``).

What a run renders is cached under ``.cache/notebooks/``, one file per notebook and language,
named by a hash of the notebook's bytes, its language, ``attn``'s source and the versions of
the packages that shape the output: a warm build starts no process and imports no Jupyter.

>>> text = "# %% [markdown]\n# ## Setup <a id=\"setup\"></a>\n\n# %%\nx = 1\n\nassert x\n"
>>> [(c.kind, c.line, c.source) for c in percent_cells(text)]
[('markdown', 2, '## Setup <a id="setup"></a>'), ('code', 5, 'x = 1\n\nassert x')]
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

LOCALE_VARIABLE = "ATTN_LAB_LOCALE"
KERNEL = "python3"
#: What the figures are computed with, besides the notebook itself: a change to any of these
#: must not be answered from the cache.
OUTPUT_PACKAGES = (
    "numpy",
    "matplotlib",
    "ipykernel",
    "nbclient",
    "nbconvert",
    "jupytext",
    "mkdocs-jupyter",
)
#: mkdocs-jupyter's converter, as its plugin calls it for this site (the run has executed it).
RENDER_OPTIONS = {"execute": False, "theme": "", "no_prompt": True, "custom_mathjax_url": ""}
# For an .ipynb file the converter appends the notebook CSS once more, as a Python list's repr,
# after the page it renders from the same CSS; the page keeps the first.
APPENDED_CSS = re.compile(r"\n {8}<style>\n {8}\[.*\]\n {8}</style>\n {8}\Z", re.DOTALL)
CELL_MARKER = re.compile(r"^# %%(?P<options>.*)$")
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
KERNEL_FRAME = re.compile(r"Cell In\[(\d+)\], line (\d+)")
#: What the runs make of a notebook, beyond the packages' versions: a new value is a new cache
#: key (2: cells' ids are their places, no longer random).
RENDERING = "2"
POLL_SECONDS = 0.02
EVICTION_GRACE_SECONDS = 3600


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


def package_versions(names: Iterable[str]) -> list[str]:
    """Return each installed package's name and version (``-`` when it is not installed).

    >>> package_versions(["numpy", "no-such-package"])[1]
    'no-such-package -'
    """
    versions = []
    for name in names:
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} -")
    return versions


def output_fingerprint() -> str:
    """Return the fingerprint of what, besides the notebook, decides its outputs."""
    import attn

    package = Path(attn.__file__).parent
    return fingerprint(package.glob("*.py"), package_versions(OUTPUT_PACKAGES))


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


def read_notebook(source: Path) -> Any:
    """Return the jupytext notebook at ``source``, each cell's id its place in it.

    nbformat gives every cell a random id when it reads a notebook without ids (a ``.py``
    file): the page and the ``.ipynb`` would change at every run of an unchanged notebook.
    """
    import jupytext

    notebook = jupytext.read(source)
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


def executed(source: Path, locale: str, ready: threading.Event | None = None) -> Any:
    """Run the notebook at ``source`` in a new kernel in ``locale``; return it with its outputs.

    The kernel starts first and boots while the notebook is read; its cells run once
    ``ready`` is set. Raises ``CellFailed`` naming the line of the ``.py`` file where a cell
    raised.
    """
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError
    from nbclient.util import run_sync

    client = NotebookClient(
        nbformat.v4.new_notebook(),
        kernel_name=KERNEL,
        allow_errors=False,
        resources={"metadata": {"path": str(source.parent)}},
        # The outputs are in; a graceful shutdown can wait up to 5 s for the kernel to exit.
        shutdown_kernel="immediate",
    )
    client.km = client.create_kernel_manager()
    client.start_new_kernel(env={**os.environ, LOCALE_VARIABLE: locale})
    try:
        client.nb = notebook = read_notebook(source)
        if ready is not None:
            ready.wait()
    except BaseException:
        run_sync(client.km.shutdown_kernel)(now=True)
        raise
    try:
        client.execute()
    except CellExecutionError as error:
        told = ANSI.sub("", str(error))
        line = failing_line(told, percent_cells(source.read_text(encoding="utf-8")))
        what = f"{error.ename}: {error.evalue}" if error.evalue else error.ename
        raise CellFailed(line, what, told) from None
    return notebook


def rendered_html(notebook: Any, name: str) -> str:
    """Return an executed notebook as mkdocs-jupyter renders it for a page."""
    import nbformat
    from mkdocs_jupyter.convert import nb2html

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}.ipynb"
        nbformat.write(notebook, path)
        html = str(nb2html(str(path), **RENDER_OPTIONS))
    return APPENDED_CSS.sub("", html, count=1)


def written_atomically(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all: a reader never sees half
    of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.part")
    try:
        partial.write_bytes(data.encode() if isinstance(data, str) else data)
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)


def run_to_file(
    source: Path,
    locale: str,
    out: Path,
    turn: threading.Event | None,
    done: threading.Event,
    ready: threading.Event | None = None,
) -> None:
    """Run one notebook; write to ``out`` what its page needs, or why it failed (JSON).

    The kernels run at once, but the renders take turns, in the order the build needs them
    (and mkdocs-jupyter's converter keeps a cell counter in module globals): this one waits
    for ``turn``, the previous render, and sets ``done`` when it is through.
    """
    failure: dict[str, Any] | None = None
    try:
        notebook = executed(source, locale, ready)
        if turn is not None:
            turn.wait()
        payload: dict[str, Any] = {
            "html": rendered_html(notebook, source.stem),
            "ipynb": notebook_json(source),
        }
    except CellFailed as failed:
        failure = {"line": failed.line, "what": failed.what, "traceback": failed.traceback}
    # A kernel that dies or a notebook that does not parse: the build says so, whatever it is.
    except Exception as error:
        failure = {"line": None, "what": f"{type(error).__name__}: {error}", "traceback": ""}
        failure["traceback"] = traceback.format_exc()
    finally:
        done.set()
    if failure is not None:
        written_atomically(failed_file(out), json.dumps(failure))
    else:
        written_atomically(out, json.dumps(payload))


def failed_file(cache: Path) -> Path:
    """Return where a run that would be cached at ``cache`` reports its failure (never cached).

    >>> failed_file(Path("lab/LAB-02.zh.0123.json")).name
    'LAB-02.zh.0123.failed'
    """
    return cache.with_suffix(".failed")


def run_all(runs: Sequence[tuple[Path, str, Path]]) -> None:
    """Run every ``(source, locale, out)`` at once, each in its own kernel (the runner process);
    render them in the order given, the order the build needs them in."""
    import nbclient  # noqa: F401  (what the runs need, before they start at once)

    rendered = [threading.Event() for _ in runs]
    fonts = threading.Event()
    with ThreadPoolExecutor(max_workers=len(runs)) as pool:
        for i, (source, locale, out) in enumerate(runs):
            turn = rendered[i - 1] if i else None
            pool.submit(run_to_file, source, locale, out, turn, rendered[i], fonts)
        # While the kernels boot, before any cell runs: a kernel that takes over 5 s to build
        # matplotlib's font cache (a fresh machine) says so on stderr, which fails the page.
        import matplotlib

        if not any(Path(matplotlib.get_cachedir()).glob("fontlist-*.json")):
            import matplotlib.font_manager
        fonts.set()
        # Imported while the kernels run: it takes longer than a render.
        importlib.import_module("mkdocs_jupyter.convert")


class NotebookRuns:
    """The runs of one whole-site build: every notebook in its language, started at once.

    They run in one process of their own (this file run as a script), so that neither the
    kernels nor rendering them compete with the build for its interpreter; each run's result
    is written to its cache entry, which the build waits for when it renders the page.

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
        self._runner: subprocess.Popen[bytes] | None = None

    def cache_file(self, source: Path, locale: str, outputs: str) -> Path:
        """Return where the run of ``source`` in ``locale`` is cached."""
        key = fingerprint([source], [locale, outputs, RENDERING])
        return self.cache_folder / f"{source.stem}.{key}.json"

    def start(self, notebooks: Sequence[tuple[Path, str]]) -> None:
        """Start running each ``(source, locale)`` that the cache does not hold, all at once."""
        outputs = output_fingerprint() if notebooks else ""
        for source, locale in notebooks:
            self._caches[source] = self.cache_file(source, locale, outputs)
        missing = [
            str(part)
            for source, locale in notebooks
            if not self._caches[source].is_file()
            for part in (source, locale, self._caches[source])
        ]
        if missing:
            self._runner = subprocess.Popen([sys.executable, __file__, *missing])

    def done(self, source: Path) -> bool:
        """Whether the result of ``source`` is there to read (or it was never started)."""
        return source not in self._caches or self._caches[source].is_file()

    def result(self, source: Path) -> Rendered:
        """Wait for the run of ``source``; raise ``CellFailed`` if it failed."""
        if source not in self._caches:
            raise KeyError(f"{source} was not started")
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
        return Rendered(**json.loads(cache.read_text(encoding="utf-8")))

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


if __name__ == "__main__":
    arguments = sys.argv[1:]
    run_all([(Path(a), b, Path(c)) for a, b, c in zip(*[iter(arguments)] * 3, strict=True)])
