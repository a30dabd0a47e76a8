"""The repository speaks for itself: no path from a developer's machine (a home folder, a
scratch folder) in any file it holds, and no relative path that leads out of it."""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from coursesite.git import git
from tests.docs_pages import ROOT

#: A folder of one machine: a home folder (a user's, root's) or a scratch folder under /tmp
#: (a command names a folder of its own, "$(mktemp -d)"); system paths such as /usr/bin/chromium
#: are the same everywhere. (Written in pieces, so that this file does not match itself.)
MACHINE_PATH = re.compile(
    r"(?<![\w.])(?:/"
    + r"root/|/"
    + r"home/\w|/"
    + r"Users/\w|/"
    + r"tmp/[\w.-]|[A-Z]:\\"
    + r"Users\\)"
)
#: A relative path that climbs: ``..`` and a slash, once or more, then a name.
CLIMBING = re.compile(r"(?<![\w./])(?:\.\./)+[\w][\w./-]*")


def tracked_text_files() -> list[Path]:
    """Return every file git tracks that reads as UTF-8 text."""
    listed = git(ROOT, "ls-files", "-z")
    assert listed is not None, "the repository's files are what git tracks: no git here"
    files = []
    for name in filter(None, listed.split("\0")):
        path = ROOT / name
        try:
            path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue
        files.append(path)
    return files


def offending_lines(pattern: re.Pattern[str], files: list[Path], root: Path = ROOT) -> list[str]:
    """Return ``file:line: text`` (the file from ``root``) for every line of ``files`` that
    ``pattern`` finds."""
    found = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if pattern.search(line):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()[:120]}")
    return found


@pytest.fixture(scope="module")
def files() -> list[Path]:
    return tracked_text_files()


def test_no_path_from_a_developers_machine(files: list[Path]) -> None:
    # Not the clone's own folder: whatever it is, some file may name it in another sense.
    assert offending_lines(MACHINE_PATH, files) == []


def leaving(files: list[Path], root: Path = ROOT) -> list[str]:
    """Return ``file:line: path`` for each relative path in ``files`` that leads out of
    ``root`` from the file's own folder."""
    found = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in CLIMBING.finditer(line):
                target = (path.parent / match[0]).resolve()
                if not target.is_relative_to(root.resolve()):
                    found.append(f"{path.relative_to(root)}:{number}: {match[0]}")
    return found


def test_nothing_names_a_file_outside_the_repository(files: list[Path]) -> None:
    assert leaving(files) == []


def test_attns_distribution_holds_attn_alone() -> None:
    """The packages setuptools puts in attn's wheel (``pip wheel .``) are those of the project's
    folder that pyproject.toml's patterns include: attn's alone, not the build's."""
    find = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    packages = sorted(path.parent.name for path in ROOT.glob("*/__init__.py"))
    include = find["packages"]["find"]["include"]
    shipped = [name for name in packages if any(fnmatch(name, glob) for glob in include)]
    assert {"coursesite", "authoring"} <= set(packages)
    assert shipped == ["attn"], "attn's wheel would ship the build's packages too"
