"""How the build runs the lab's notebooks: a cached run is read without running anything, a
failure is reported and never cached, a kernel that dies fails the page, and no kernel outlives
its run. (Real runs, both languages at once, each from its own notebook, and the cache's
eviction: test_markdown_twins.py's rebuild test; a failing cell named by its line in a build:
test_lab.py.)"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

from attn import plot
from coursesite.cache import warning_log
from coursesite.lab import runs as lab_runs
from coursesite.lab.runs import (
    CellFailed,
    NotebookRuns,
    Rendered,
    executed,
    output_files,
    output_fingerprint,
    run,
)
from tests.docs_pages import FIXTURES

T = TypeVar("T")
#: A notebook whose last cell fails (line 10), after one that prints.
NOTEBOOK = (FIXTURES / "failing_lab.py").read_text(encoding="utf-8")


def unstarted_runs(folder: Path) -> tuple[NotebookRuns, Path, Path]:
    """Return runs not started yet of a notebook written in ``folder``, the notebook and where
    its run is cached (the cache's folder made, the entry not written)."""
    source = folder / "LAB-09.zh.py"
    source.write_text(NOTEBOOK, encoding="utf-8")
    runs = NotebookRuns(folder / "cache")
    cache = runs.cache_file(source, "zh", output_fingerprint())
    cache.parent.mkdir()
    return runs, source, cache


def test_a_cached_run_is_read_without_running_anything(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs, source, cache = unstarted_runs(tmp_path)
    payload = {"html": "<p>ran</p>", "ipynb": "{}", "figures": {"LAB-09-1.svg": "PHN2Zy8+"}}
    cache.write_text(json.dumps(payload), encoding="utf-8")

    def no_run(*args: Any) -> None:
        raise AssertionError("a notebook was run")

    monkeypatch.setattr(lab_runs, "run", no_run)
    runs.start([(source, "zh")])
    assert runs.result(source).html == "<p>ran</p>"
    assert runs.result(source).figures == {"LAB-09-1.svg": b"<svg/>"}
    runs.close()


class Told(logging.Handler):
    """The lines a logger writes, kept."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.mark.parametrize(
    "entry",
    [b'{"html": "<p>cut sh', b"\xff\xfe not UTF-8", b'["another", "format"]', b'{"html": "<p>"}'],
)
def test_an_unreadable_cache_entry_is_run_again_with_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, entry: bytes
) -> None:
    runs, source, cache = unstarted_runs(tmp_path)
    cache.write_bytes(entry)
    ran: list[tuple[Path, Path]] = []

    def recorded(source: Path, cache: Path) -> Rendered:
        ran.append((source, cache))
        return Rendered("<p>ran again</p>", "{}", {})

    monkeypatch.setattr(lab_runs, "run", recorded)
    told = Told()
    monkeypatch.setattr(warning_log(), "handlers", [told])
    runs.start([(source, "zh")])
    assert runs.result(source).html == "<p>ran again</p>"
    assert ran == [(source, cache)]
    assert not cache.exists()
    [line] = told.lines
    assert line.startswith(f"cache entry {cache.name} is unreadable (")
    assert line.endswith("): made again")
    runs.close()


def test_the_cache_key_changes_with_the_notebook_and_the_language(tmp_path: Path) -> None:
    source = tmp_path / "LAB-09.zh.py"
    source.write_text(NOTEBOOK, encoding="utf-8")
    runs = NotebookRuns(tmp_path)
    first = runs.cache_file(source, "zh", "outputs")
    assert runs.cache_file(source, "en", "outputs") != first
    assert runs.cache_file(source, "zh", "other packages") != first
    source.write_text(NOTEBOOK + "\n", encoding="utf-8")
    assert runs.cache_file(source, "zh", "outputs") != first


def test_the_cache_key_covers_the_fonts_the_run_code_and_the_plotting_librarys_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A font installed, or a new matplotlib, must never leave a stale figure behind.
    assert plot.LABEL_FONT in output_files()
    here = Path(lab_runs.__file__).parent
    assert {here / "notebook_html.py", here / "template" / "notebook.html.j2"} <= set(
        output_files()
    )
    first = output_fingerprint()
    versions = lab_runs.package_versions
    monkeypatch.setattr(
        lab_runs,
        "package_versions",
        lambda names: [v + ".1" if v.startswith("matplotlib ") else v for v in versions(names)],
    )
    assert output_fingerprint() != first


def in_a_thread(function: Callable[..., T], *arguments: Any) -> T:
    """Return ``function(*arguments)`` called in a thread of its own, as ``NotebookRuns`` runs
    a notebook: no event loop runs there (the browser tests' may, in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(function, *arguments).result()


def test_a_cells_prints_are_one_output_however_they_arrive(tmp_path: Path) -> None:
    # Flushed apart, the kernel sends two stream messages: one output or two, by their timing.
    source = tmp_path / "LAB-09.en.py"
    cell = "import time\nprint('shape', flush=True)\ntime.sleep(0.3)\nprint('(2, 3)')\n"
    source.write_text(f"# %%\n{cell}", encoding="utf-8")
    notebook = in_a_thread(executed, source)
    assert [(o.output_type, o.text) for o in notebook.cells[0].outputs] == [
        ("stream", "shape\n(2, 3)\n")
    ]


def kernels_started_here() -> list[int]:
    """Return the pids of the Jupyter kernels this process started and that still run."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if parent == os.getpid() and b"ipykernel" in command:
            found.append(int(stat.parent.name))
    return found


def test_a_failing_cell_is_named_by_its_line_never_cached_and_its_kernel_ended(
    tmp_path: Path,
) -> None:
    runs, source, cache = unstarted_runs(tmp_path)
    runs.start([(source, "zh")])
    with pytest.raises(CellFailed) as raised:
        runs.result(source)
    assert (raised.value.line, raised.value.what) == (10, "AssertionError: arithmetic")
    assert not cache.exists(), "a failure is never cached"
    assert kernels_started_here() == []
    runs.close()


def test_a_kernel_that_dies_fails_the_page_instead_of_hanging(tmp_path: Path) -> None:
    source = tmp_path / "LAB-09.zh.py"
    source.write_text("# %%\nimport os\n\nos._exit(3)\n", encoding="utf-8")
    with pytest.raises(CellFailed, match=r"^DeadKernelError: ") as raised:
        in_a_thread(run, source, tmp_path / "LAB-09.zh.0123.json")
    assert raised.value.line is None
    assert not (tmp_path / "LAB-09.zh.0123.json").exists()
    assert kernels_started_here() == []


def test_a_notebook_that_cannot_be_read_is_reported(tmp_path: Path) -> None:
    with pytest.raises(CellFailed, match=r"^FileNotFoundError: "):
        run(tmp_path / "LAB-09.zh.py", tmp_path / "LAB-09.zh.0123.json")
    assert kernels_started_here() == []


def test_an_image_without_alt_text_names_the_cell_that_showed_it() -> None:
    import nbformat

    from coursesite.lab.figures import FigureError, figures_taken_out

    quiet, drawn = nbformat.v4.new_code_cell("x = 1"), nbformat.v4.new_code_cell("fig")
    svg = '<svg width="10pt" height="10pt"></svg>'
    shown = {"image/svg+xml": svg, "text/plain": "<Figure size 640x480 with 1 Axes>"}
    drawn.outputs = [nbformat.v4.new_output("display_data", shown)]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# T"), quiet, drawn])
    with pytest.raises(FigureError, match="no alt text") as raised:
        figures_taken_out(notebook, "LAB-09")
    assert raised.value.code_cell == 2


def test_the_rendered_page_ignores_the_users_jupyter_config_and_templates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nbformat

    from coursesite.lab.notebook_html import rendered_html

    cell = nbformat.v4.new_code_cell("x = 1", id="cell-1")
    cell.outputs = [nbformat.v4.new_output("stream", text="1\n")]
    notebook = nbformat.v4.new_notebook(cells=[cell])
    shown = rendered_html(notebook)
    # What a reader's ~/.jupyter and ~/.local/share/jupyter may hold for their own nbconvert.
    home = tmp_path / "home"
    (home / ".jupyter").mkdir(parents=True)
    config = "c.TemplateExporter.exclude_input = True\nc.HTMLExporter.exclude_output = True\n"
    (home / ".jupyter" / "jupyter_nbconvert_config.py").write_text(config, encoding="utf-8")
    theirs = home / ".local" / "share" / "jupyter" / "nbconvert" / "templates" / "lab"
    theirs.mkdir(parents=True)
    (theirs / "base.html.j2").write_text("THEIR TEMPLATE", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("JUPYTER_PREFER_ENV_PATH", "0")  # theirs before the environment's
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_PATH", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    assert '<span class="n">x</span>' in shown, "the input"
    assert "<pre>1\n</pre>" in shown, "the output"
    assert rendered_html(notebook) == shown
