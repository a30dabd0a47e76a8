"""A strict build that fails is reported once, first, with MkDocs' own lines, and fails the run;
each test that needs the site is skipped with one line pointing there, the others run.

Before, each of the 247 tests that read the site errored with the build's whole output: a
broken anchor made a 10,236-line log whose one useful line was repeated 247 times.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import FAILED, SEE_THE_BUILD, built_site, said_by_mkdocs
from tests.docs_pages import ROOT
from tests.site import copy_of_the_project

#: The environment variables of the pytest (and make) running this test: the copy's pytest is
#: a run of its own, not one of this run's xdist workers.
OUTER_RUN = ("PYTEST_", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")

#: Two tests that need the site and one that does not, in the copy.
SOME_TESTS = """
from pathlib import Path


def test_one_page(site: Path) -> None:
    assert (site / "R36.html").is_file()


def test_another_page(site: Path) -> None:
    assert (site / "en" / "R36.html").is_file()


def test_without_the_site() -> None:
    assert True
"""

BROKEN = "Doc file 'R36.en.md' contains a link 'R36.md#nope', but there is no such anchor"


def test_a_failed_build_is_said_once_first_and_fails_the_run(tmp_path: Path) -> None:
    copy_of_the_project(tmp_path, without=frozenset({"search"}))
    for name in ("pyproject.toml", "conftest.py"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(
        ROOT / "tests", tmp_path / "tests", ignore=shutil.ignore_patterns("__pycache__")
    )
    (tmp_path / "tests" / "test_some.py").write_text(SOME_TESTS, encoding="utf-8")
    page = tmp_path / "docs" / "R36.en.md"
    text = page.read_text(encoding="utf-8")
    assert "(lecture.md#read-R36)" in text
    page.write_text(text.replace("(lecture.md#read-R36)", "(R36.md#nope)"), encoding="utf-8")

    # One process, no plugin the three tests do not use: the report is the same with xdist's
    # workers (built_site's test below shows that a second one does not build again).
    options = ["-p", "no:xdist", "-p", "no:cacheprovider", "-p", "no:hypothesispytest"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *options, "tests/test_some.py"],
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if not k.startswith(OUTER_RUN)},
        capture_output=True,
        text=True,
        check=False,
    )
    said = run.stdout + run.stderr
    lines = said.splitlines()
    assert run.returncode == pytest.ExitCode.TESTS_FAILED, said
    assert said.count(BROKEN) == 1, said
    report = next(i for i, line in enumerate(lines) if "the strict build failed ===" in line)
    assert BROKEN in lines[report + 1]
    assert "The 2 tests that read the built site were skipped" in lines[report + 2]
    assert SEE_THE_BUILD not in said, "the report says it once, not once a test"
    assert "1 passed, 2 skipped" in lines[-1]
    assert len(lines) < 25, said


def failing_build(destination: Path) -> subprocess.CompletedProcess[str]:
    """What a strict build with a broken anchor prints, twice (both languages would)."""
    stderr = f"INFO    -  Building documentation\nWARNING -  {BROKEN}.\n" * 2
    return subprocess.CompletedProcess(["mkdocs"], 1, "", stderr + "Aborted with 2 warnings\n")


def no_second_build(destination: Path) -> subprocess.CompletedProcess[str]:
    raise AssertionError("a second process built the site again")


def test_the_other_workers_see_the_failure_without_building(tmp_path: Path) -> None:
    with pytest.raises(pytest.skip.Exception, match="the strict build failed"):
        built_site(tmp_path, failing_build)
    assert (tmp_path / FAILED).read_text(encoding="utf-8") == f"WARNING -  {BROKEN}.\n"
    with pytest.raises(pytest.skip.Exception, match="run `make build`"):
        built_site(tmp_path, no_second_build)


def test_a_build_that_crashed_is_said_by_its_last_lines() -> None:
    stderr = "INFO    -  Building\n" + "".join(f"line {n}\n" for n in range(30))
    assert said_by_mkdocs(stderr) == [f"line {n}" for n in range(10, 30)]
