"""The lab's runner process: every notebook in a kernel of its own, all at once, each result
written to the cache entry the build waits for (``runs.NotebookRuns`` starts it).

Run as ``python -m coursesite.lab.runner SOURCE LOCALE ENTRY [SOURCE LOCALE ENTRY ...]``. In a
process of its own, neither the kernels nor rendering them compete with the build for its
interpreter. The kernels talk to it over local sockets (IPC), not TCP: no port to open, and no
warning from each kernel about unencrypted TCP.
"""

from __future__ import annotations

import base64
import importlib
import json
import os
import re
import sys
import tempfile
import threading
import traceback
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from coursesite.cache import write_atomically
from coursesite.lab.cells import ANSI, failing_line, percent_cells
from coursesite.lab.figures import FigureError, figures_taken_out
from coursesite.lab.runs import CellFailed, failed_file, notebook_json, read_notebook

if TYPE_CHECKING:
    from nbformat import NotebookNode

LOCALE_VARIABLE = "ATTN_LAB_LOCALE"
KERNEL = "python3"
#: mkdocs-jupyter's converter, as its plugin calls it for this site (the run has executed it).
RENDER_OPTIONS = {"execute": False, "theme": "", "no_prompt": True, "custom_mathjax_url": ""}
# For an .ipynb file the converter appends the notebook CSS once more, as a Python list's repr,
# after the page it renders from the same CSS; the page keeps the first.
APPENDED_CSS = re.compile(r"\n {8}<style>\n {8}\[.*\]\n {8}</style>\n {8}\Z", re.DOTALL)


def executed(
    source: Path, locale: str, sockets: Path, ready: threading.Event | None = None
) -> NotebookNode:
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
        nbformat.v4.new_notebook(),  # type: ignore[no-untyped-call]  # replaced once read
        kernel_name=KERNEL,
        allow_errors=False,
        resources={"metadata": {"path": str(source.parent)}},
        # The outputs are in; a graceful shutdown can wait up to 5 s for the kernel to exit.
        shutdown_kernel="immediate",
        # A cell's prints are one output, however the kernel's messages were timed.
        coalesce_streams=True,
    )
    client.km = client.create_kernel_manager()
    client.km.transport = "ipc"
    client.km.ip = str(sockets)  # the sockets' path prefix: one per kernel
    client.start_new_kernel(env={**os.environ, LOCALE_VARIABLE: locale})
    try:
        client.nb = notebook = read_notebook(source)
        if ready is not None:
            ready.wait()
    except BaseException:
        # nbclient's manager is the asynchronous one; its annotations say otherwise.
        run_sync(client.km.shutdown_kernel)(now=True)  # type: ignore[arg-type]
        raise
    try:
        client.execute()
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


def rendered_html(notebook: NotebookNode, name: str) -> str:
    """Return an executed notebook as mkdocs-jupyter renders it for a page."""
    import nbformat
    from mkdocs_jupyter.convert import nb2html

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}.ipynb"
        nbformat.write(notebook, path)  # type: ignore[no-untyped-call]
        html = str(nb2html(str(path), **RENDER_OPTIONS))
    return APPENDED_CSS.sub("", html, count=1)


def run_to_file(
    source: Path,
    locale: str,
    out: Path,
    sockets: Path,
    turn: threading.Event | None,
    done: threading.Event,
    ready: threading.Event | None = None,
) -> None:
    """Run one notebook; write to ``out`` what its page needs, or why it failed (JSON).

    The kernels run at once, but the renders take turns, in the order the build needs them
    (and mkdocs-jupyter's converter keeps a cell counter in module globals): this one waits
    for ``turn``, the previous render, and sets ``done`` when it is through.
    """
    failure: dict[str, str | int | None] | None = None
    try:
        notebook = executed(source, locale, sockets, ready)
        figures = figures_taken_out(notebook, page_stem(source))
        if turn is not None:
            turn.wait()
        payload: dict[str, object] = {
            "html": rendered_html(notebook, source.stem),
            "ipynb": notebook_json(source),
            "figures": {f.name: base64.b64encode(f.content).decode("ascii") for f in figures},
        }
    except CellFailed as failed:
        failure = {"line": failed.line, "what": failed.what, "traceback": failed.traceback}
    except FigureError as error:
        code = [c for c in percent_cells(source.read_text(encoding="utf-8")) if c.kind == "code"]
        line = code[error.code_cell - 1].line if error.code_cell else None
        failure = {"line": line, "what": str(error), "traceback": ""}
    # A kernel that dies or a notebook that does not parse: the build says so, whatever it is.
    except Exception as error:
        failure = {"line": None, "what": f"{type(error).__name__}: {error}", "traceback": ""}
        failure["traceback"] = traceback.format_exc()
    finally:
        done.set()
    if failure is not None:
        write_atomically(failed_file(out), json.dumps(failure))
    else:
        write_atomically(out, json.dumps(payload))


def run_all(runs: Sequence[tuple[Path, str, Path]]) -> None:
    """Run every ``(source, locale, out)`` at once, each in its own kernel (the runner process);
    render them in the order given, the order the build needs them in."""
    import nbclient  # noqa: F401  (what the runs need, before they start at once)

    rendered = [threading.Event() for _ in runs]
    fonts = threading.Event()
    with (
        tempfile.TemporaryDirectory(prefix="lab-kernels-") as sockets,
        ThreadPoolExecutor(max_workers=len(runs)) as pool,
    ):
        for i, (source, locale, out) in enumerate(runs):
            turn = rendered[i - 1] if i else None
            at = Path(sockets, f"kernel-{i}")
            pool.submit(run_to_file, source, locale, out, at, turn, rendered[i], fonts)
        # While the kernels boot, before any cell runs: a kernel that takes over 5 s to build
        # matplotlib's font cache (a fresh machine) says so on stderr, which fails the page.
        import matplotlib

        if not any(Path(matplotlib.get_cachedir()).glob("fontlist-*.json")):
            import matplotlib.font_manager
        fonts.set()
        # Imported while the kernels run: it takes longer than a render.
        importlib.import_module("mkdocs_jupyter.convert")


def main(arguments: Sequence[str]) -> None:
    """Run the ``SOURCE LOCALE ENTRY`` triples of the command line."""
    run_all([(Path(a), b, Path(c)) for a, b, c in zip(*[iter(arguments)] * 3, strict=True)])


if __name__ == "__main__":
    main(sys.argv[1:])
