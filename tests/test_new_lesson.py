"""Adding a lesson, as the README's "Editing pages" says, in a copy of the project: `make new`,
an example written in both pages, `make stamp`, `make check`; then the two slips `make check`
exists for, each named where it is.

The copy runs the project's own make targets with the project's interpreter (``BIN``) and never
the install (``-o install``: no venv made, nothing fetched). It builds without search, and
`make check` builds three times in all: once per outcome.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from tests.constants import LESSONS, NEXT_LESSON
from tests.docs_pages import ROOT
from tests.site import copy_of_the_project

#: What `make check` needs beside what the build reads: the targets, pytest's settings and
#: the tests it runs (the lock files only name the install that ``-o install`` skips).
CHECK_NEEDS = ("Makefile", "pyproject.toml", "conftest.py", "package-lock.json", "requirements")

#: The environment variables of the make and pytest runs that run this test.
OUTER_RUN = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PYTEST_")

#: The lesson the test adds: the one after the course's last.
NEW = NEXT_LESSON

EXAMPLE = "```python\n>>> attn.read(Q, K, V).weights.shape\n(2, 3)\n```\n"


def make(project: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Run ``make ARGUMENTS`` in ``project`` with this interpreter's venv; return the process
    with stderr folded into stdout, as an author reads it."""
    return subprocess.run(
        [
            "make",
            "--no-print-directory",
            "-o",
            "install",
            f"BIN={Path(sys.executable).parent}",
            *arguments,
        ],
        cwd=project,
        # Neither the flags of a `make test` running this test (its jobserver is not passed on)
        # nor this pytest's own variables: the copy's make and pytest are runs of their own.
        env={k: v for k, v in os.environ.items() if not k.startswith(OUTER_RUN)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )


def test_a_new_lesson_from_make_new_to_make_check(tmp_path: Path) -> None:
    copy_of_the_project(tmp_path, without=frozenset({"search"}))
    for name in CHECK_NEEDS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name)
        else:
            shutil.copy(source, tmp_path / name)
    shutil.copytree(
        ROOT / "tests", tmp_path / "tests", ignore=shutil.ignore_patterns("__pycache__")
    )
    config = tmp_path / "mkdocs.yml"
    before = config.read_text(encoding="utf-8")

    made = make(tmp_path, "new", f"PAGE={NEW}", "TITLE_ZH=缩放与遮罩", "TITLE_EN=Scale and mask")
    assert made.returncode == 0, made.stdout
    zh, en = tmp_path / "docs" / f"{NEW}.zh.md", tmp_path / "docs" / f"{NEW}.en.md"
    assert f"# {NEW} · 缩放与遮罩 {{ #{NEW.lower()} }}" in zh.read_text(encoding="utf-8")
    assert f"# {NEW} · Scale and mask {{ #{NEW.lower()} }}" in en.read_text(encoding="utf-8")
    # One line more, after the last lesson's; every other line (each comment too) as it was.
    after = config.read_text(encoding="utf-8").splitlines()
    at = after.index(f"  - {NEW}.md")
    assert after[at - 1] == f"  - {LESSONS[-1]}.md"
    assert after[:at] + after[at + 1 :] == before.splitlines()

    for page in (zh, en):
        page.write_text(page.read_text(encoding="utf-8") + "\n" + EXAMPLE, encoding="utf-8")
    stamped = make(tmp_path, "stamp", f"PAGE={NEW}")
    assert stamped.returncode == 0, stamped.stdout
    assert re.fullmatch(
        rf"docs/{NEW}\.en\.md: source_sha256 set to \w{{12}}… \(was \w{{12}}…\)\n", stamped.stdout
    )

    checked = make(tmp_path, "check", f"PAGE={NEW}")
    assert checked.returncode == 0, checked.stdout
    assert "The strict build passed" in checked.stdout

    # A number changed on one page: the example's line in that page's file is named.
    text = en.read_text(encoding="utf-8")
    en.write_text(text.replace("(2, 3)", "(2, 4)"), encoding="utf-8")
    line = text[: text.index(EXAMPLE)].count("\n") + 2
    checked = make(tmp_path, "check", f"PAGE={NEW}")
    assert checked.returncode != 0
    assert f"docs/{NEW}.en.md, line {line}," in checked.stdout, checked.stdout
    assert f"make check PAGE={NEW}" in checked.stdout.splitlines()[-2]
    en.write_text(text, encoding="utf-8")

    # A link to an anchor that is not there: the build stops in a few lines naming the page.
    zh.write_text(
        zh.read_text(encoding="utf-8")
        + f"\n见 [{LESSONS[-1]}]({LESSONS[-1]}.md#no-such-anchor)。\n",
        encoding="utf-8",
    )
    checked = make(tmp_path, "check", f"PAGE={NEW}")
    assert checked.returncode != 0
    lines = checked.stdout.splitlines()
    assert len(lines) <= 4, checked.stdout
    assert any(f"{NEW}.zh.md" in line and "no-such-anchor" in line for line in lines), (
        checked.stdout
    )
    assert f"make check PAGE={NEW}" in checked.stdout
