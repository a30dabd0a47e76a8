"""A long ``mkdocs serve`` recovers from a failed build: after a build that fails in the English
pass (i18n's nested build), the next good build cleans the site folder as a fresh build does,
and each build is dated from the commit it builds."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.constants import NEXT_LESSON, PREFIXES
from tests.docs_pages import FIXTURES, ROOT
from tests.site import copy_of_the_project

#: A lab that only prints the language it names: this test is about the build.
TINY_LAB = (FIXTURES / "tiny_lab.py").read_text(encoding="utf-8")


def test_after_a_failed_english_pass_a_good_build_leaves_nothing_of_a_removed_page(
    tmp_path: Path,
) -> None:
    config = copy_of_the_project(tmp_path / "project", without=frozenset({"search"}))
    for locale in PREFIXES:
        (config.parent / "docs" / "lab" / f"LAB-02.{locale}.py").write_text(
            TINY_LAB.replace('"LOCALE"', f'"{locale}"'), encoding="utf-8"
        )
    site = tmp_path / "site"
    # The caller's date would date every build: the commits must.
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.programs.serve_recovery", str(config), str(site)],
        capture_output=True,
        text=True,
        cwd=ROOT,  # where ``tests`` is a package; the build reads only the copy's own folder
        env={**env, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first, failed, last, left, dated = done.stdout.splitlines()
    assert (first, last) == ("built", "built"), done.stderr
    assert failed.startswith("failed: "), failed
    assert "lecture.en.md" in failed, failed
    assert left == "left:", f"the removed {NEXT_LESSON} is still served: {left}"
    assert dated == "dated: 2002-02-02", dated
