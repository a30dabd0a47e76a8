r"""Benchmark: build and test budgets as the course grows (issue: "Build and test budgets").

What it measures, each against a goal (PASS/FAIL is printed; the exit code is 0 whatever the
verdicts, as for the other benchmarks):

* **real site** - ``mkdocs build --strict`` of a copy of the project (``tests.site``'s
  ``copy_of_the_project``, but with a private notebook cache instead of the shared one, so
  the project's own ``.cache/`` is never read or evicted). *Cold*: the copy's ``.cache/`` is removed
  before every run, so the lab notebook's kernel runs in both languages. *Warm*: the caches
  the cold runs left (notebook runs, compiled templates) are kept. Both include Pagefind's
  index of the whole site (``hooks/search_index.py``). Median of ``--runs`` each. Goals:
  cold <= 4 s, warm <= 2.5 s.
* **synthetic course** - N lessons x 2 languages (``--sizes``, default 10 50 200) generated
  from ``docs/R36.{zh,en}.md``: ``L001.zh.md`` ... with R36's formulas, doctests, the four
  state sections (and so the four figures), a previous/next link between lessons, raw twins,
  ``llms.txt``. The site keeps the real pages (index, R36, lecture, sources, reference,
  glossary) and the real ``mkdocs.yml``'s theme, plugins, hooks and extensions; the nav gets
  units of 10 lessons. The lab notebook is dropped (``hooks/notebooks.py`` stays, matching
  nothing), so kernel time does not hide the per-page cost; ``hooks/figure.py`` draws the
  figures of every page with the state sections. Reported: build time, peak RSS (``ru_maxrss`` of the build process
  tree, from ``os.wait4``), and the least-squares slope of build time over page-languages.
  Goal: slope <= 25 ms per page-language.
* **where the time goes** - each course built once more with a timer around every plugin and
  hook event (exclusive of nested events), Markdown conversion and theme templates, no
  profiler: each part's seconds at each size and its slope per page-language.
* **navigation** - the largest course built again without Material's ``navigation.prune``
  (which ``mkdocs.yml`` turns on).
* **Sybil** - the doctests of the synthetic pages, run by pytest (one process) with a
  ``conftest.py`` that builds a Sybil from the root ``conftest.py``'s ``MARKDOWN_PARSERS``, as
  its ``pages`` Sybil does: seconds per page and the slope over pages.
* **profile** - a cProfile'd build of the second-smallest course (50 lessons by default): the
  top cumulative entries inside the project's hooks and in dependencies; and one of the largest,
  to show how each top function's time grows with the page count (exponent 1 = linear). The
  one superlinear hook found, ``markdown_twins.sitemap_folders`` (it parses every built HTML
  file whole, navigation included), is then timed without the profiler, against a scan of each
  file's ``<head>`` only (where the ``rel="alternate"`` links are); both must find the same
  folders.
* **edit loop** - ``mkdocs serve --strict`` on 127.0.0.1 (a free port) for a copy of the
  project: the time from appending a line to ``docs/R36.zh.md`` until ``R36.html`` is served
  with it, and until the server logs the end of the rebuild (the two match: the server holds
  requests while it rebuilds). Median of ``--edits``. Goal: <= 3 s.
* **test command** (``--with-tests``, about 75 s): wall time of ``make test`` in the project,
  the README's command, after installation. Goal: <= 60 s.

Nothing under the project is written except by ``make test`` itself. Run from the project root::

    .venv/bin/python benchmarks/course_scale.py [--sizes 10 50 200] [--runs 5] [--with-tests]

About 5 minutes on two cores, plus 75 s with ``--with-tests``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import math
import os
import pstats
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.site import copy_of_the_project  # noqa: E402

PYTHON = sys.executable
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}

GOAL_COLD = 4.0
GOAL_WARM = 2.5
GOAL_TESTS = 60.0
GOAL_SLOPE_MS = 25.0
GOAL_EDIT = 3.0
SUPERLINEAR = 1.15  # growth exponent above which a function is flagged

UNIT = 10  # lessons per nav section
LOCALES = ("zh", "en")
LAB_LINK = re.compile(r"\(lab/LAB-02\.py\)")
CROSS_LINKS = {
    "zh": "\n相邻课：上一课 [{prev}]({prev_uri}#state-b2)；下一课 [{next}]({next_uri})。\n",
    "en": "\nNeighbouring lessons: previous [{prev}]({prev_uri}#state-b2); next [{next}]({next_uri}).\n",
}
UNIT_NAMES = {"zh": "单元 {:02d}", "en": "Unit {:02d}"}
SYBIL_CONFTEST = f'''"""Sybil over the synthetic pages, with the project's own Markdown parsers."""

import importlib.util

from sybil import Sybil

_spec = importlib.util.spec_from_file_location("project_conftest", {str(ROOT / "conftest.py")!r})
_project = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_project)

pytest_collect_file = Sybil(
    parsers=_project.MARKDOWN_PARSERS, patterns=["*.md"], path="docs"
).pytest()
'''
PYTEST_INI = """[pytest]
addopts = -p no:doctest -p no:cacheprovider --strict-markers
filterwarnings = error
"""


# --- running a build ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One finished process: wall seconds, peak RSS of its process tree, exit code, log."""

    seconds: float
    max_rss_mib: float
    returncode: int
    log: str


def run_process(command: Sequence[str], cwd: Path) -> Run:
    """Run ``command``; measure wall time and ``ru_maxrss`` (largest process in its tree)."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=ENV, stdout=log, stderr=log)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        log.seek(0)
        return Run(seconds, usage.ru_maxrss / 1024, process.returncode, log.read())


def mkdocs_build(config: Path, destination: Path, profile: Path | None = None) -> Run:
    """Run the same strict build as ``tests.site.build``, optionally under cProfile."""
    prefix = [PYTHON, "-m", "cProfile", "-o", str(profile)] if profile else [PYTHON]
    command = [*prefix, "-m", "mkdocs", "build", "--strict", "-f", str(config)]
    run = run_process([*command, "-d", str(destination)], config.parent)
    if run.returncode != 0:
        raise RuntimeError(f"mkdocs build of {config} failed:\n{run.log[-3000:]}")
    return run


def private_copy(folder: Path) -> Path:
    """Copy the project as the tests do, but with its own (empty) notebook cache."""
    config = copy_of_the_project(folder)
    (folder / ".cache").unlink()  # the symlink to the shared cache
    return config


# --- the real site ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RealSite:
    """Cold and warm builds of the real site."""

    cold: list[Run]
    warm: list[Run]


def real_site(project: Path, runs: int) -> RealSite:
    """Build the copy at ``project`` ``runs`` times cold, then ``runs`` times warm."""
    config = project / "mkdocs.yml"
    cold = []
    for i in range(runs):
        shutil.rmtree(project / ".cache", ignore_errors=True)
        cold.append(mkdocs_build(config, project / f"site-cold-{i}"))
    warm = [mkdocs_build(config, project / f"site-warm-{i}") for i in range(runs)]
    return RealSite(cold, warm)


# --- the synthetic course -----------------------------------------------------------------------


def lesson_names(n: int) -> list[str]:
    """Return the names of ``n`` lessons: ``L001`` ...

    >>> lesson_names(2)
    ['L001', 'L002']
    """
    return [f"L{i:03d}" for i in range(1, n + 1)]


def lesson_page(template: str, name: str, locale: str, prev: str, next_: str) -> str:
    """Return lesson ``name`` from R36's page: its own title, its neighbours linked.

    >>> page = lesson_page("# R36 · T { #r36 }\\n\\n[lab](lab/LAB-02.py)\\n", "L002", "en", "L001", "L003")
    >>> print(page)
    # L002 · T { #l002 }
    <BLANKLINE>
    [lab](L003.md#state-b0)
    <BLANKLINE>
    Neighbouring lessons: previous [L001](L001.md#state-b2); next [L003](L003.md).
    <BLANKLINE>
    """
    title = re.compile(r"^# R36 (.*)\{ #r36 \}$", re.MULTILINE)
    page = title.sub(rf"# {name} \1{{ #{name.lower()} }}", template, count=1)
    page = LAB_LINK.sub(f"({next_}.md#state-b0)", page)
    links = CROSS_LINKS[locale].format(
        prev=prev, prev_uri=f"{prev}.md", next=next_, next_uri=f"{next_}.md"
    )
    return page + links


def write_lessons(docs: Path, n: int) -> None:
    """Write ``n`` lessons in both languages into ``docs``; R36's lab link goes to L001."""
    names = lesson_names(n)
    chain = ["R36", *names, "R36"]  # a ring: every link has its anchor
    for locale in LOCALES:
        template = (docs / f"R36.{locale}.md").read_text(encoding="utf-8")
        for prev, name, next_ in zip(chain, chain[1:], chain[2:], strict=False):
            page = lesson_page(template, name, locale, prev, next_)
            (docs / f"{name}.{locale}.md").write_text(page, encoding="utf-8")
        (docs / f"R36.{locale}.md").write_text(
            LAB_LINK.sub(f"({names[0]}.md)", template), encoding="utf-8"
        )


def without_notebooks(nav: list[Any]) -> list[Any]:
    """Return the nav with its notebook entries (``.py`` pages) left out."""
    return [item for item in nav if not str(next(iter(item.values()))).endswith(".py")]


def synthetic_config(base: dict[str, Any], n: int, prune: bool) -> dict[str, Any]:
    """Return the real config with the lessons in its nav, in units; ``prune``: with or
    without Material's ``navigation.prune``."""
    config = dict(base)
    names = lesson_names(n)
    units = [names[i : i + UNIT] for i in range(0, n, UNIT)]
    config["nav"] = without_notebooks(base["nav"]) + [
        {UNIT_NAMES["zh"].format(u + 1): [{name: f"{name}.md"} for name in unit]}
        for u, unit in enumerate(units)
    ]
    theme = dict(base["theme"])
    features = [f for f in theme["features"] if f != "navigation.prune"]
    theme["features"] = [*features, *(["navigation.prune"] if prune else [])]
    config["theme"] = theme
    for plugin in config["plugins"]:
        if isinstance(plugin, dict) and "i18n" in plugin:
            english = next(lang for lang in plugin["i18n"]["languages"] if lang["locale"] == "en")
            english["nav_translations"].update(
                {
                    UNIT_NAMES["zh"].format(u + 1): UNIT_NAMES["en"].format(u + 1)
                    for u in range(len(units))
                }
            )
    return config


def make_course(folder: Path, n: int, prune: bool = True) -> Path:
    """Write a course of ``n`` lessons into ``folder``; return its mkdocs.yml."""
    config_path = copy_of_the_project(folder)
    (folder / ".cache").unlink()
    shutil.rmtree(folder / "docs" / "lab")
    write_lessons(folder / "docs", n)
    base = yaml.safe_load(config_path.read_text(encoding="utf-8"))
    config = synthetic_config(base, n, prune)
    config_path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), "utf-8")
    return config_path


def page_languages(docs: Path) -> int:
    """Return how many Markdown pages (one per language) the course has."""
    return sum(1 for _ in docs.glob("*.md"))


def slope(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Return the least-squares slope of ``ys`` over ``xs``.

    >>> slope([1, 2, 3], [2, 4, 6])
    2.0
    """
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mx) ** 2 for x in xs
    )


@dataclass(frozen=True)
class CourseBuild:
    """One synthetic course's build."""

    lessons: int
    pages: int
    run: Run
    html_kib: float


def site_html_kib(site: Path) -> float:
    """Return the mean size of a built lesson page (zh), in KiB."""
    pages = [p for p in site.glob("L*.html") if p.suffixes == [".html"]]  # not L001.md.html
    return statistics.fmean(p.stat().st_size for p in pages) / 1024 if pages else 0.0


def build_course(work: Path, n: int, prune: bool = True) -> CourseBuild:
    """Generate and build a course of ``n`` lessons under ``work``."""
    folder = work / f"course-{n}{'' if prune else '-unpruned'}"
    config = make_course(folder, n, prune)
    run = mkdocs_build(config, folder / "site")
    return CourseBuild(n, page_languages(folder / "docs"), run, site_html_kib(folder / "site"))


# --- where the build's wall time goes, without a profiler ---------------------------------------

#: Runs ``mkdocs build`` with every plugin and hook event timed (exclusive of the events nested in
#: it: i18n's ``on_post_build`` runs the English build), and Markdown conversion
#: (``Page.render``) and theme templates (``jinja2.Template.render``) besides. The timers add a
#: ``perf_counter`` pair per call: a few thousand calls, milliseconds in all.
TIMED_BUILD = """
import json, sys, time
from collections import defaultdict

import jinja2
from mkdocs import plugins
from mkdocs.__main__ import cli
from mkdocs.structure.pages import Page

TOTAL = "total: the build, once mkdocs is imported"
start = time.perf_counter()
totals = defaultdict(lambda: [0.0, 0])
stack = [0.0]


def timed(key, call):
    stack.append(0.0)
    begin = time.perf_counter()
    try:
        return call()
    finally:
        elapsed = time.perf_counter() - begin
        children = stack.pop()
        stack[-1] += elapsed
        totals[key][0] += elapsed - children
        totals[key][1] += 1


def run_event(self, name, item=None, **kwargs):
    pass_item = item is not None
    for method in self.events[name]:
        origin = self._event_origins.get(method, "<unknown>")
        self._current_plugin = origin
        args = (item,) if pass_item else ()
        result = timed(f"{origin} on_{name}", lambda: method(*args, **kwargs))
        if result is not None:
            item = result
    self._current_plugin = None
    return item


plugins.PluginCollection.run_event = run_event
page_render = Page.render
Page.render = lambda self, *a, **k: timed(
    "mkdocs Page.render (Markdown)", lambda: page_render(self, *a, **k)
)
template_render = jinja2.Template.render
jinja2.Template.render = lambda self, *a, **k: timed(
    "jinja2 Template.render (theme)", lambda: template_render(self, *a, **k)
)
cli.main(args=sys.argv[2:], prog_name="mkdocs", standalone_mode=False)
totals[TOTAL] = [time.perf_counter() - start, 1]
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump(totals, out)
"""
TOTAL = "total: the build, once mkdocs is imported"
REST = "the rest: startup, config, nav, files, writing (no event)"


def timed_build(folder: Path) -> dict[str, tuple[float, int]]:
    """Build the course at ``folder`` with event timers; return ``{what: (seconds, calls)}``."""
    runner, output = folder / "timed_build.py", folder / "timed_build.json"
    runner.write_text(TIMED_BUILD, encoding="utf-8")
    args = ["build", "--strict", "-f", str(folder / "mkdocs.yml"), "-d", str(folder / "site-timed")]
    run = run_process([PYTHON, str(runner), str(output), *args], folder)
    if run.returncode != 0:
        raise RuntimeError(f"timed build of {folder} failed:\n{run.log[-3000:]}")
    totals = {k: (float(v[0]), int(v[1])) for k, v in json.loads(output.read_text()).items()}
    measured = sum(seconds for k, (seconds, _) in totals.items() if k != TOTAL)
    totals[REST] = (totals[TOTAL][0] - measured, 1)
    return totals


def print_split(
    builds: Sequence[CourseBuild], splits: Sequence[dict[str, tuple[float, int]]]
) -> None:
    """Print each part's seconds at each size and its slope per page-language, largest first."""
    pages = [b.pages for b in builds]
    rows = []
    for key in set().union(*splits):
        seconds = [split.get(key, (0.0, 0))[0] for split in splits]
        rows.append((1000 * slope(pages, seconds) if len(pages) > 1 else math.nan, key, seconds))
    rows.sort(key=lambda row: -row[0] if not math.isnan(row[0]) else 0.0)
    sizes = "".join(f"{b.lessons:>7d}L" for b in builds)
    print("Where the synthetic build's time goes (no profiler; each part excludes nested parts)")
    print(f"  {'ms/page-lang':>12} {sizes}  seconds at each size; part (plugin or hook, event)")
    for ms, key, seconds in rows:
        if key == TOTAL or max(seconds) >= 0.05:
            cells = "".join(f"{s:8.2f}" for s in seconds)
            print(f"  {ms:12.1f} {cells}  {key}")


# --- Sybil over the synthetic pages -------------------------------------------------------------


@dataclass(frozen=True)
class SybilRun:
    """pytest over one course's pages."""

    pages: int
    seconds: float
    summary: str


def sybil_suite(folder: Path) -> SybilRun:
    """Run the course's page doctests with pytest (one process); fail on any failure."""
    (folder / "conftest.py").write_text(SYBIL_CONFTEST, encoding="utf-8")
    (folder / "pytest.ini").write_text(PYTEST_INI, encoding="utf-8")
    run = run_process([PYTHON, "-m", "pytest", "-q", "-p", "no:xdist", "docs"], folder)
    if run.returncode != 0:
        raise RuntimeError(f"Sybil over {folder} failed:\n{run.log[-3000:]}")
    summary = run.log.strip().splitlines()[-1]
    return SybilRun(page_languages(folder / "docs"), run.seconds, summary)


# --- profiling ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One function of a profile: where it is, calls and cumulative seconds."""

    where: str
    calls: int
    cumulative: float
    own: float


def profile_build(folder: Path) -> pstats.Stats:
    """Build the course at ``folder`` under cProfile; return the statistics."""
    output = folder / "build.prof"
    mkdocs_build(folder / "mkdocs.yml", folder / "site-profiled", profile=output)
    return pstats.Stats(str(output))


def entries(
    stats: pstats.Stats, keep: Callable[[str], bool], label: Callable[[str], str]
) -> list[Entry]:
    """Return the profile's functions whose file ``keep`` accepts, by cumulative time."""
    found = [
        Entry(f"{label(file)}:{line} {name}", calls, cumulative, own)
        for (file, line, name), (_, calls, own, cumulative, _) in stats.stats.items()  # type: ignore[attr-defined]
        if keep(file)
    ]
    return sorted(found, key=lambda e: e.cumulative, reverse=True)


def hook_entries(stats: pstats.Stats, folder: Path) -> list[Entry]:
    """Return the functions of the project's hooks (the copy's ``hooks/``)."""
    hooks = str(folder / "hooks") + os.sep
    return entries(stats, lambda f: f.startswith(hooks), lambda f: "hooks/" + f[len(hooks) :])


def dependency_entries(stats: pstats.Stats) -> list[Entry]:
    """Return the functions of installed packages (site-packages), the standard library aside."""
    marker = f"site-packages{os.sep}"
    return entries(stats, lambda f: marker in f, lambda f: f.split(marker, 1)[1])


def growth(small: float, large: float, pages_small: int, pages_large: int) -> float:
    """Return the exponent k in time ~ pages**k between two sizes (1 = linear).

    >>> round(growth(1.0, 4.0, 10, 20), 3)
    2.0
    """
    if small <= 0 or large <= 0:
        return math.nan
    return math.log(large / small) / math.log(pages_large / pages_small)


# --- the sitemap scan: a hook's cost outside the profiler ----------------------------------------


@dataclass(frozen=True)
class SitemapScan:
    """``markdown_twins.sitemap_folders`` over a built site, as it is and reading heads only."""

    files: int
    mib: float
    whole: float
    heads: float


def head_only_folders(markdown_twins: Any, site_dir: Path) -> set[str]:
    """Return what ``sitemap_folders`` returns, parsing each page's ``<head>`` only."""
    folders: set[str] = set()
    for page in site_dir.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        end = text.find("</head>")
        uri = page.relative_to(site_dir).as_posix()
        for href in markdown_twins.alternate_hrefs(text if end < 0 else text[:end]):
            folder = markdown_twins.sitemap_folder(uri, href, "/")
            if folder is not None:
                folders.add(folder)
    return folders


def sitemap_scan(folder: Path) -> SitemapScan:
    """Time the post-build sitemap scan of the course built at ``folder``, without cProfile."""
    sys.path.insert(0, str(folder / "hooks"))  # the hooks import each other by bare name
    markdown_twins = importlib.import_module("markdown_twins")  # the copy's, as built

    site = folder / "site"
    pages = list(site.rglob("*.html"))
    start = time.perf_counter()
    whole = markdown_twins.sitemap_folders(site, None)
    middle = time.perf_counter()
    heads = head_only_folders(markdown_twins, site)
    end = time.perf_counter()
    if whole != heads:
        raise RuntimeError(f"head-only scan differs: {sorted(whole)} != {sorted(heads)}")
    mib = sum(p.stat().st_size for p in pages) / 2**20
    return SitemapScan(len(pages), mib, middle - start, end - middle)


def print_sitemap_scans(
    builds: Sequence[CourseBuild],
    scans: Sequence[SitemapScan],
    unpruned: tuple[CourseBuild, SitemapScan],
) -> None:
    """Print the sitemap scan at each size, and the build's slope were it to read heads only."""
    print("markdown_twins.answer_sitemaps' scan (sitemap_folders), no profiler, in this process")
    print("    lessons  .html files    MiB  whole pages s  <head> only s  share of the build")
    for b, s in [*zip(builds, scans, strict=True), unpruned]:
        label = f"{b.lessons}{' unpruned' if b is unpruned[0] else ''}"
        print(
            f"  {label:>9}  {s.files:11d}  {s.mib:5.1f}  {s.whole:13.2f}  {s.heads:13.2f}"
            f"  {100 * s.whole / b.run.seconds:16.0f}%"
        )
    if len(builds) >= 2:
        estimated = [b.run.seconds - s.whole + s.heads for b, s in zip(builds, scans, strict=True)]
        ms = 1000 * slope([b.pages for b in builds], estimated)
        print(
            f"  slope were the scan to read <head> only (estimate): {ms:.1f} ms per page-language"
        )
    (plain, plain_scan), (prune, prune_scan) = unpruned, (builds[-1], scans[-1])
    saved = plain.run.seconds - prune.run.seconds
    in_scan = plain_scan.whole - prune_scan.whole
    print(
        f"  navigation.prune saved {saved:.2f} s at {plain.lessons} lessons;"
        f" {in_scan:.2f} s of it in this scan"
    )


# --- the edit loop ------------------------------------------------------------------------------


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(url: str) -> str | None:
    """Return the page at ``url``, or None while the server cannot answer it."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def wait_until(condition: Callable[[], bool], timeout: float, step: float = 0.02) -> float:
    """Poll ``condition`` until true; return the seconds it took, or fail after ``timeout``."""
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > timeout:
            raise TimeoutError(f"still waiting after {timeout} s")
        time.sleep(step)
    return time.perf_counter() - start


@contextlib.contextmanager
def serving(project: Path, log: Path) -> Iterator[str]:
    """Run ``mkdocs serve --strict`` for the copy at ``project``; yield its base URL."""
    port = free_port()
    command = [PYTHON, "-m", "mkdocs", "serve", "--strict", "-a", f"127.0.0.1:{port}"]
    with log.open("w", encoding="utf-8") as out:
        server = subprocess.Popen(
            command, cwd=project, env=ENV, stdout=out, stderr=out, start_new_session=True
        )
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until(lambda: fetch(url + "R36.html") is not None, timeout=120, step=0.2)
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@dataclass(frozen=True)
class Edit:
    """One edit: until the page showed it, and until the server logged the rebuild's end."""

    page: float
    rebuild: float


def builds_logged(log: Path) -> int:
    """Return how many builds ``mkdocs serve`` has finished, from its log: the first build says
    "Documentation built in", each rebuild "Reloading browsers". (MkDocs drops a log message it
    has logged before, so a rebuild as long as an earlier one to the hundredth of a second
    logs no "Documentation built in".)"""
    text = log.read_text(encoding="utf-8")
    return min(text.count("Documentation built in"), 1) + text.count("Reloading browsers")


def one_edit(url: str, log: Path, source: Path, token: str) -> Edit:
    """Append ``token`` to ``source``; time until the page shows it and the rebuild ends."""
    done = builds_logged(log)
    start = time.perf_counter()
    with source.open("a", encoding="utf-8") as page:
        page.write(f"\n{token}\n")
    try:
        wait_until(lambda: token in (fetch(url + "R36.html") or ""), timeout=60)
        page_seconds = time.perf_counter() - start
        wait_until(lambda: builds_logged(log) > done, timeout=60)
    except TimeoutError as error:
        raise TimeoutError(f"{error}; the server's log ends:\n{log.read_text()[-4000:]}") from None
    return Edit(page_seconds, time.perf_counter() - start)


def edit_loop(project: Path, runs: int) -> list[Edit]:
    """Time ``runs`` edits of ``docs/R36.zh.md`` in the copy at ``project`` under serve."""
    log = project / "serve.log"
    source = project / "docs" / "R36.zh.md"
    edits = []
    with serving(project, log) as url:
        wait_until(lambda: builds_logged(log) >= 1, timeout=120, step=0.2)
        for i in range(runs):
            time.sleep(1.0)  # let the watcher settle after the last build
            edits.append(one_edit(url, log, source, f"benchmark-edit-{i}-{time.time_ns()}"))
    return edits


# --- the test command ---------------------------------------------------------------------------


def make_test() -> Run:
    """Run the README's test command, ``make test``, in the project."""
    return run_process(["make", "test"], ROOT)


# --- reporting ----------------------------------------------------------------------------------


def machine() -> str:
    """Return the cores, load average and CPU pressure: other work on the machine skews times."""
    load = " ".join(Path("/proc/loadavg").read_text(encoding="utf-8").split()[:3])
    pressure = Path("/proc/pressure/cpu")
    some = pressure.read_text(encoding="utf-8").splitlines()[0] if pressure.exists() else "n/a"
    return f"{os.cpu_count()} cores; load average {load}; CPU pressure {some}"


def speed_probe() -> str:
    """Return how long one core takes for a fixed loop now: a shared machine's speed drifts
    by a third within minutes, and every figure of a phase moves with it."""
    start = time.perf_counter()
    sum(range(3 * 10**7))
    return f"speed probe {time.perf_counter() - start:.2f} s (sum(range(3e7)); lower is faster)"


BUILT = re.compile(r"Documentation built in ([\d.]+) seconds")


def logged(pattern: re.Pattern[str], log: str) -> float:
    """Return the seconds a build's log reports on the line ``pattern`` matches (summed).

    >>> logged(BUILT, "INFO - Documentation built in 1.91 seconds")
    1.91
    """
    found = pattern.findall(log)
    return sum(float(x) for x in found) if found else math.nan


def verdict(value: float, goal: float) -> str:
    """Return PASS or FAIL for ``value`` against an upper bound ``goal``."""
    return "PASS" if value <= goal else "FAIL"


def median(values: Sequence[float]) -> float:
    """Return the median."""
    return statistics.median(values)


def runs_text(values: Sequence[float]) -> str:
    """Return the runs as a short list of seconds."""
    return " ".join(f"{v:.2f}" for v in values)


def print_real(real: RealSite) -> tuple[float, float]:
    """Print the real site's builds; return the cold and warm medians."""
    cold, warm = median([r.seconds for r in real.cold]), median([r.seconds for r in real.warm])
    print("Real site (mkdocs build --strict, copy of the project)")
    print(f"  cold  median {cold:6.2f} s  runs: {runs_text([r.seconds for r in real.cold])}")
    print(f"        peak RSS {max(r.max_rss_mib for r in real.cold):.0f} MiB")
    print(f"  warm  median {warm:6.2f} s  runs: {runs_text([r.seconds for r in real.warm])}")
    print(f"        peak RSS {max(r.max_rss_mib for r in real.warm):.0f} MiB")
    built = median([logged(BUILT, r.log) for r in real.warm])
    print(
        f"  warm, from the builds' logs: mkdocs reports {built:.2f} s of building; the other"
        f" {warm - built:.2f} s are interpreter start, imports and config (plugins loaded)"
    )
    print(
        f"  cold - warm = {cold - warm:.2f} s: what the lab's runs (two kernels at once, beside"
        " the build) add to it"
    )
    return cold, warm


def print_courses(builds: Sequence[CourseBuild]) -> float:
    """Print the synthetic builds; return the slope in ms per page-language."""
    print("Synthetic course (lab notebook dropped)")
    print("  lessons  page-langs  build s  ms/page-lang  peak RSS MiB  lesson page KiB")
    for b in builds:
        per_page = 1000 * b.run.seconds / b.pages
        print(
            f"  {b.lessons:7d}  {b.pages:10d}  {b.run.seconds:7.2f}  {per_page:12.1f}"
            f"  {b.run.max_rss_mib:12.0f}  {b.html_kib:15.1f}"
        )
    if len(builds) < 2:
        return math.nan
    ms = 1000 * slope([b.pages for b in builds], [b.run.seconds for b in builds])
    print(f"  marginal cost (least-squares slope): {ms:.1f} ms per page-language")
    return ms


def print_prune(plain: CourseBuild, pruned: CourseBuild) -> None:
    """Print the largest course's build with and without navigation.prune."""
    print(f"Navigation at {plain.lessons} lessons ({plain.pages} page-languages)")
    for label, b in (("without navigation.prune", plain), ("with navigation.prune", pruned)):
        print(
            f"  {label:25s} {b.run.seconds:6.2f} s  peak RSS {b.run.max_rss_mib:4.0f} MiB"
            f"  lesson page {b.html_kib:6.1f} KiB"
        )


def print_sybil(results: Sequence[SybilRun]) -> None:
    """Print the Sybil runs: seconds per page, and the slope over pages."""
    print("Sybil over the synthetic pages (pytest, one process)")
    for r in results:
        print(
            f"  {r.pages:4d} pages  {r.seconds:6.2f} s  {1000 * r.seconds / r.pages:6.1f} ms/page"
            f"  ({r.summary})"
        )
    if len(results) >= 2:
        ms = 1000 * slope([r.pages for r in results], [r.seconds for r in results])
        print(f"  marginal cost: {ms:.1f} ms per page")


def print_entries(title: str, found: Sequence[Entry], top: int = 25) -> None:
    """Print the top entries of a profile."""
    print(f"  {title}")
    print(f"    {'cumulative s':>12} {'own s':>7} {'calls':>8}  function")
    for e in found[:top]:
        print(f"    {e.cumulative:12.3f} {e.own:7.3f} {e.calls:8d}  {e.where}")


def print_growth(
    title: str, small: list[Entry], large: list[Entry], pages: tuple[int, int]
) -> None:
    """Print how the top functions' time grows from the smaller profiled course to the larger.

    The exponent is of cumulative time over page-languages (1 = linear); per call is what one
    call costs at each size (constant for work done once per page or per formula).
    """
    before = {e.where: e for e in small}
    print(f"  {title}: growth from {pages[0]} to {pages[1]} page-languages")
    print(
        f"    {'cum s':>7} {'cum s':>7} {'calls':>15} {'ms/call':>8} {'ms/call':>8}"
        f" {'exponent':>8}  function"
    )
    for e in large[:25]:
        b = before.get(e.where)
        if b is None:
            continue
        k = growth(b.cumulative, e.cumulative, *pages)
        flag = "  <- superlinear" if k > SUPERLINEAR and e.cumulative > 0.1 else ""
        calls = f"{b.calls}->{e.calls}"
        print(
            f"    {b.cumulative:7.2f} {e.cumulative:7.2f} {calls:>15}"
            f" {1000 * b.cumulative / b.calls:8.2f} {1000 * e.cumulative / e.calls:8.2f}"
            f" {k:8.2f}  {e.where}{flag}"
        )


def print_edits(edits: Sequence[Edit]) -> float:
    """Print the edit loop; return the median until the page showed the edit."""
    page = median([e.page for e in edits])
    print("Edit loop (mkdocs serve --strict, append a line to docs/R36.zh.md)")
    print(
        f"  saved -> R36.html served with it: median {page:.2f} s  runs: "
        f"{runs_text([e.page for e in edits])}"
    )
    print(
        f"  saved -> rebuild finished (log):  median {median([e.rebuild for e in edits]):.2f} s"
        f"  runs: {runs_text([e.rebuild for e in edits])}"
    )
    return page


# --- main ---------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Return the command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 50, 200])
    parser.add_argument("--runs", type=int, default=5, help="builds per real-site median")
    parser.add_argument("--edits", type=int, default=3, help="edits for the edit-loop median")
    parser.add_argument("--with-tests", action="store_true", help="also time `make test`")
    return parser.parse_args(argv)


Verdict = tuple[str, float, float, str]  # name, value, goal, unit


def measure_real(project: Path, args: argparse.Namespace) -> list[Verdict]:
    """The real site's cold and warm builds."""
    cold, warm = print_real(real_site(project, args.runs))
    return [
        ("real site cold build", cold, GOAL_COLD, "s"),
        ("real site warm build", warm, GOAL_WARM, "s"),
    ]


def measure_courses(work: Path, sizes: Sequence[int]) -> list[Verdict]:
    """The synthetic courses: builds, navigation.prune, Sybil, profiles, the sitemap scan."""
    builds = [build_course(work, n) for n in sizes]
    ms = print_courses(builds)
    print()
    unpruned = build_course(work, sizes[-1], prune=False)
    print_prune(unpruned, builds[-1])
    print()
    print_split(builds, [timed_build(work / f"course-{n}") for n in sizes])
    print()
    print_sybil([sybil_suite(work / f"course-{n}") for n in sizes])
    print()
    print_profiles(work, builds)
    print()
    scans = [sitemap_scan(work / f"course-{n}") for n in sizes]
    unpruned_scan = sitemap_scan(work / f"course-{sizes[-1]}-unpruned")
    print_sitemap_scans(builds, scans, (unpruned, unpruned_scan))
    return [("growth per page-language", ms, GOAL_SLOPE_MS, "ms")]


def measure_edits(project: Path, args: argparse.Namespace) -> list[Verdict]:
    """The edit loop under ``mkdocs serve``."""
    return [("edit loop", print_edits(edit_loop(project, args.edits)), GOAL_EDIT, "s")]


def measure_tests() -> list[Verdict]:
    """The README's test command."""
    tests = make_test()
    tail = tests.log.strip().splitlines()[-1] if tests.log.strip() else ""
    print(f"make test: {tests.seconds:.1f} s, exit {tests.returncode} ({tail})")
    return [("make test", tests.seconds, GOAL_TESTS, "s")]


def print_verdicts(verdicts: Sequence[Verdict]) -> None:
    """Print each goal's verdict."""
    print("Goals")
    for name, value, goal, unit in verdicts:
        print(f"  {verdict(value, goal)}  {name}: {value:.2f} {unit} (goal <= {goal:g} {unit})")


def main(argv: Sequence[str] | None = None) -> None:
    """Run every measurement and print the report."""
    args = parse_args(argv)
    print(f"Python {sys.version.split()[0]}; {machine()}")
    verdicts: list[Verdict] = []
    with tempfile.TemporaryDirectory(prefix="course-scale-") as tmp:
        work = Path(tmp)
        project = work / "project"
        private_copy(project)
        measures: list[Callable[[], list[Verdict]]] = [
            lambda: measure_real(project, args),
            lambda: measure_courses(work, sorted(args.sizes)),
            lambda: measure_edits(project, args),
        ]
        for measure in measures:
            print()
            print(speed_probe())
            verdicts += measure()
    if args.with_tests:
        print()
        print(speed_probe())
        verdicts += measure_tests()
    print()
    print(f"At the end: {machine()}; {speed_probe()}")
    print_verdicts(verdicts)


def print_profiles(work: Path, builds: Sequence[CourseBuild]) -> None:
    """Profile the second-smallest and the largest course; print the top and the growth."""
    shown, large = builds[min(1, len(builds) - 1)], builds[-1]
    folders = {b.lessons: work / f"course-{b.lessons}" for b in (shown, large)}
    profiles = {n: profile_build(folder) for n, folder in folders.items()}
    stats = profiles[shown.lessons]
    total = max(e.cumulative for e in dependency_entries(stats))
    print(f"Profile of the {shown.lessons}-lesson build under cProfile ({total:.1f} s profiled)")
    print_entries(
        "project hooks (top 25 by cumulative time)", hook_entries(stats, folders[shown.lessons])
    )
    print_entries("dependencies (top 25 by cumulative time)", dependency_entries(stats))
    own = sorted(dependency_entries(stats), key=lambda e: e.own, reverse=True)
    print_entries("dependencies (top 15 by own time)", own, top=15)
    if shown is large:
        return
    pages = (shown.pages, large.pages)
    print(f"Growth, {shown.lessons} -> {large.lessons} lessons (both under cProfile)")
    picks: list[tuple[str, Callable[[int], list[Entry]]]] = [
        ("project hooks", lambda n: hook_entries(profiles[n], folders[n])),
        ("dependencies", lambda n: dependency_entries(profiles[n])),
    ]
    for title, pick in picks:
        print_growth(title, pick(shown.lessons), pick(large.lessons), pages)


if __name__ == "__main__":
    main()
