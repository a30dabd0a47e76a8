r"""Benchmark: the build and test budgets, each goal measured and given PASS or FAIL.

* **real site** - the whole site as ``make build`` builds it, ``python -m coursesite build``
  (both languages' MkDocs builds, strict, in one process, then the whole site's files), of a
  private copy of the project (``synthetic_course.private_copy``: the project's own ``.cache/``
  is never read or evicted). *Cold*: the copy's ``.cache/`` is removed before each run, so the
  lab notebook's kernels run in both languages (mkdocs-jupyter's cache, one per language).
  *Warm*: what the cold runs left in it is kept. Median of ``--runs`` each.
  Goals (issue 31): cold <= 6 s, warm <= 2.5 s.
* **growth** - synthetic courses of ``--sizes`` lessons x 2 languages
  (``synthetic_course.make_course``: lessons made from R36 in ``docs/zh/`` and ``docs/en/``,
  listed in ``mkdocs.yml``'s nav, the lab dropped), one whole-site build each: the
  least-squares slope of build seconds over page-languages. Goal: <= 40 ms.
* **edit loop** - ``mkdocs serve --strict`` of the private copy's ``mkdocs.yml`` (the Chinese
  pages, as ``make serve`` previews them) on a free port of 127.0.0.1: seconds from appending a
  line to ``docs/zh/R36.md`` until ``R36/`` is served with it (the server holds requests
  while it rebuilds). Median of ``--edits``. Goal: <= 1.5 s.
* **test command** (``--with-tests``) - wall seconds of ``make test``, the README's command, on
  its first run in a fresh clone of the project's HEAD (no ``.cache/``, no tool caches, no
  compiled modules), after that clone's installation (``make install`` and the npm tools,
  not timed). Goal: <= 75 s.

A speed probe (one core's time for a fixed loop) is printed before each phase: this machine's
speed drifts by a third within minutes, and every figure of a phase moves with it. The exit
code is 0 whatever the verdicts, as for the other benchmarks; it is 1 only when a phase could
not measure (a build failed). Its latest figures, and where a build's time goes, are in
``benchmarks/NOTES.md``.

Nothing under the project is written except by ``make test``. Run from the project root::

    .venv/bin/python benchmarks/build_budget.py [--sizes 10 50 200] [--runs 3] [--edits 3]
                                                [--with-tests]

About two minutes on two cores with the defaults; ``--with-tests`` adds the clone's
installation (about two minutes) and the suite.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import portpicker

sys.path.insert(0, str(Path(__file__).resolve().parent))

from synthetic_course import (
    ENV,
    PYTHON,
    ROOT,
    make_course,
    page_languages,
    private_copy,
    site_build,
)

from coursesite.git import git, git_answer

#: Each goal: an upper bound and its unit.
GOALS = {
    "real site cold build": (6.0, "s"),
    "real site warm build": (2.5, "s"),
    "growth per page-language": (40.0, "ms"),
    "edit loop": (1.5, "s"),
    "make test": (75.0, "s"),
}


def verdict(name: str, value: float) -> str:
    """Return the report line of goal ``name`` for ``value`` (NaN: not measured).

    >>> verdict("real site warm build", 1.5)
    'PASS  real site warm build: 1.50 s (goal <= 2.5 s)'
    """
    goal, unit = GOALS[name]
    bound = f"(goal <= {goal:g} {unit})"
    if math.isnan(value):
        return f"ERROR {name}: not measured {bound}"
    return f"{'PASS' if value <= goal else 'FAIL'}  {name}: {value:.2f} {unit} {bound}"


def speed_probe() -> str:
    """Return how long one core takes for a fixed loop now (lower is faster)."""
    start = time.perf_counter()
    sum(range(30_000_000))
    return f"speed probe {time.perf_counter() - start:.2f} s (sum(range(3e7)); lower is faster)"


def machine() -> str:
    """Return the cores and the load average: other work on the machine skews the times."""
    load = " ".join(Path("/proc/loadavg").read_text(encoding="utf-8").split()[:3])
    return f"{os.cpu_count()} cores; load average {load}"


def runs_text(values: Sequence[float]) -> str:
    """Return the runs as a short list of seconds.

    >>> runs_text([1.234, 2.0])
    '1.23 2.00'
    """
    return " ".join(f"{v:.2f}" for v in values)


def slope(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Return the least-squares slope of ``ys`` over ``xs``.

    >>> slope([1, 2, 3], [2, 4, 6])
    2.0
    """
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


# --- the phases ---------------------------------------------------------------------------------


def real_site(project: Path, runs: int) -> dict[str, float]:
    """Build the copy at ``project`` ``runs`` times cold, then ``runs`` times warm; return the
    medians."""
    config = project / "mkdocs.yml"
    cold = []
    for i in range(runs):
        shutil.rmtree(project / ".cache", ignore_errors=True)
        cold.append(site_build(config, project / f"site-cold-{i}"))
    warm = [site_build(config, project / f"site-warm-{i}") for i in range(runs)]
    print("Real site (python -m coursesite build, both languages, private copy of the project)")
    print(f"  cold  median {statistics.median(cold):6.2f} s  runs: {runs_text(cold)}")
    print(f"  warm  median {statistics.median(warm):6.2f} s  runs: {runs_text(warm)}")
    return {
        "real site cold build": statistics.median(cold),
        "real site warm build": statistics.median(warm),
    }


def growth(work: Path, sizes: Sequence[int]) -> dict[str, float]:
    """Build a synthetic course of each size; return the slope of build seconds over
    page-languages, in ms."""
    print("Synthetic courses (lessons from R36, lab dropped; one build each)")
    print("  lessons  page-langs  build s  ms/page-lang")
    pages, seconds = [], []
    for n in sizes:
        folder = work / f"course-{n}"
        seconds.append(site_build(make_course(folder, n), folder / "site"))
        pages.append(page_languages(folder / "docs"))
        print(
            f"  {n:7d}  {pages[-1]:10d}  {seconds[-1]:7.2f}  {1000 * seconds[-1] / pages[-1]:12.1f}"
        )
    ms = 1000 * slope(pages, seconds)
    print(f"  least-squares slope: {ms:.1f} ms per page-language")
    return {"growth per page-language": ms}


def fetch(url: str) -> str | None:
    """Return the page at ``url``, or None while the server cannot answer it."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def wait_until(condition: Callable[[], bool], timeout: float, step: float = 0.02) -> None:
    """Poll ``condition`` until it holds; raise TimeoutError after ``timeout`` seconds."""
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > timeout:
            raise TimeoutError(f"still waiting after {timeout} s")
        time.sleep(step)


@contextlib.contextmanager
def serving(project: Path, log: Path) -> Iterator[str]:
    """Run ``mkdocs serve --strict`` of the copy's ``mkdocs.yml`` (the Chinese pages, as
    ``make serve`` does) for the copy at ``project``; yield its base URL."""
    port = portpicker.pick_unused_port()
    config = str(project / "mkdocs.yml")
    command = [PYTHON, "-m", "mkdocs", "serve", "--strict", "-a", f"127.0.0.1:{port}", "-f", config]
    with log.open("w", encoding="utf-8") as out:
        # A session of its own, so that stopping it stops the builds it started too.
        server = subprocess.Popen(
            command, cwd=project, env=ENV, stdout=out, stderr=out, start_new_session=True
        )
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until(lambda: fetch(url + "R36/") is not None, timeout=120, step=0.2)
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def edit_loop(project: Path, edits: int) -> dict[str, float]:
    """Time ``edits`` edits of ``docs/zh/R36.md`` in the copy at ``project`` under serve;
    return the median."""
    log, source = project / "serve.log", project / "docs" / "zh" / "R36.md"
    seconds = []
    with serving(project, log) as url:
        for i in range(edits):
            time.sleep(1.0)  # let the file watcher settle after the last build
            token = f"benchmark-edit-{i}-{time.time_ns()}"
            start = time.perf_counter()
            with source.open("a", encoding="utf-8") as page:
                page.write(f"\n{token}\n")
            try:
                wait_until(lambda t=token: t in (fetch(url + "R36/") or ""), timeout=60)
            except TimeoutError as error:
                raise TimeoutError(
                    f"{error}; the server's log ends:\n{log.read_text()[-3000:]}"
                ) from None
            seconds.append(time.perf_counter() - start)
    median = statistics.median(seconds)
    print("Edit loop (mkdocs serve --strict of mkdocs.yml; a line appended to docs/zh/R36.md)")
    print(f"  saved -> R36/ served with it: median {median:.2f} s  runs: {runs_text(seconds)}")
    return {"edit loop": median}


#: Prints the Makefile's target that installs the npm tools (a file name, ``NODE_STAMP``): a
#: recipe is expanded once the Makefile is read, a prerequisite given by ``--eval`` before.
NODE_STAMP = ["make", "--no-print-directory", "--eval", "node-stamp: ; @echo $(NODE_STAMP)"]


def make(clone: Path, command: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run ``command`` in ``clone`` with the builds' environment; return its wall seconds and
    the process."""
    start = time.perf_counter()
    run = subprocess.run(command, cwd=clone, env=ENV, capture_output=True, text=True, check=False)
    return time.perf_counter() - start, run


def test_command(work: Path) -> dict[str, float]:
    """Time the README's test command, ``make test``, on its first run in a fresh clone of the
    project's HEAD in ``work``, once the clone is installed (not timed)."""
    clone = work / "clone"
    git(ROOT, "clone", "--quiet", str(ROOT), str(clone))
    head = git_answer(clone, "rev-parse", "--short", "HEAD")
    # What make test needs installed first: the Python packages and the npm tools.
    node = make(clone, [*NODE_STAMP, "node-stamp"])[1].stdout.strip()
    seconds, run = make(clone, ["make", "install", node])
    if run.returncode:
        raise RuntimeError(f"the clone's installation failed:\n{(run.stdout + run.stderr)[-3000:]}")
    print(f"Fresh clone of {head}: installed in {seconds:.0f} s (not counted)")
    seconds, run = make(clone, ["make", "test"])
    lines = (run.stdout + run.stderr).strip().splitlines()
    print(f"make test: {seconds:.1f} s, exit {run.returncode} ({lines[-1] if lines else ''})")
    return {"make test": seconds}


# --- main ---------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Return the command line's options."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--runs", type=int, default=3, help="builds per real-site median")
    parser.add_argument("--edits", type=int, default=3, help="edits for the edit-loop median")
    parser.add_argument("--with-tests", action="store_true", help="also time `make test`")
    args = parser.parse_args(argv)
    if len(set(args.sizes)) < 2:
        parser.error("--sizes needs two sizes or more for a slope")
    args.sizes = sorted(set(args.sizes))
    return args


def run_phase(phase: Callable[[], dict[str, float]]) -> dict[str, float]:
    """Run one phase after a speed probe; if it cannot measure (a build fails), say why and
    return nothing, so that the other phases still run."""
    print()
    print(speed_probe())
    try:
        return phase()
    except Exception:
        traceback.print_exc(limit=1, file=sys.stdout)
        return {}


def main(argv: Sequence[str] | None = None) -> int:
    """Run every phase, print each goal's verdict; return 1 if a goal could not be measured."""
    args = parse_args(argv)
    print(f"Python {sys.version.split()[0]}; {machine()}")
    measured: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="build-budget-") as tmp:
        work = Path(tmp)
        project = work / "project"
        private_copy(project)
        measured |= run_phase(lambda: real_site(project, args.runs))
        measured |= run_phase(lambda: growth(work, args.sizes))
        measured |= run_phase(lambda: edit_loop(project, args.edits))
        if args.with_tests:
            measured |= run_phase(lambda: test_command(work))
    print()
    print(f"At the end: {machine()}; {speed_probe()}")
    print("Goals")
    names = [name for name in GOALS if args.with_tests or name != "make test"]
    for name in names:
        print(f"  {verdict(name, measured.get(name, math.nan))}")
    return 0 if all(name in measured for name in names) else 1


if __name__ == "__main__":
    sys.exit(main())
