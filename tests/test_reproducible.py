"""One commit, one site, on any machine: a second build from empty caches (the lab's kernels run
again), varied as ``make repro`` varies its second build but for the checkout's path (another
``HOME``, ``TZ``, ``LANG``/``LC_ALL``, ``umask``; as root, no Chinese font of the system's in
sight), gives the session's site byte for byte, and says nothing but MkDocs' own lines."""

from __future__ import annotations

import filecmp
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.docs_pages import ROOT
from tools.repro import build, chinese_font_folders, without_chinese_fonts

#: How MkDocs' own log lines start (its plugins' lines too).
MKDOCS_LINE = re.compile(r"(INFO|DEBUG) +-  ")


def differing_files(one: Path, other: Path) -> list[str]:
    """Return every path (relative) that is in only one of two trees or differs between them."""
    found: list[str] = []

    def walk(compared: filecmp.dircmp[str], prefix: str) -> None:
        found.extend(prefix + name for name in compared.left_only + compared.right_only)
        found.extend(prefix + name for name in compared.diff_files + compared.funny_files)
        for name, inner in compared.subdirs.items():
            walk(inner, f"{prefix}{name}/")

    walk(filecmp.dircmp(one, other, ignore=[]), "")
    return sorted(found)


def byte_identical(one: Path, other: Path) -> list[str]:
    """Return the files the two trees hold with different bytes (dircmp compares sizes and
    times only, unless told to read)."""
    shallow = differing_files(one, other)
    same_names = [p.relative_to(one) for p in one.rglob("*") if p.is_file()]
    return shallow + sorted(
        str(path)
        for path in same_names
        if (other / path).is_file()
        and str(path) not in shallow
        and (one / path).read_bytes() != (other / path).read_bytes()
    )


def test_differing_files_sees_a_changed_byte(tmp_path: Path) -> None:
    for name in ("a", "b"):
        (tmp_path / name / "x").mkdir(parents=True)
        (tmp_path / name / "x" / "page.html").write_text("same size: 1", encoding="utf-8")
    (tmp_path / "b" / "x" / "page.html").write_text("same size: 2", encoding="utf-8")
    (tmp_path / "b" / "extra").write_text("", encoding="utf-8")
    assert byte_identical(tmp_path / "a", tmp_path / "b") == ["extra", "x/page.html"]


def test_a_cold_rebuild_on_another_machine_gives_the_same_bytes(site: Path, tmp_path: Path) -> None:
    result = build(ROOT, tmp_path / "out", tmp_path / "scratch", varied=True)
    assert result.returncode == 0, result.stderr
    assert byte_identical(site, tmp_path / "out") == []
    # A quiet build: a kernel's warning, a library's print, would show here.
    assert [line for line in result.stderr.splitlines() if not MKDOCS_LINE.match(line)] == []


@pytest.mark.skipif(
    os.geteuid() != 0 or not chinese_font_folders(), reason="no Chinese font to hide, or not root"
)
def test_the_varied_build_sees_no_chinese_font_of_the_systems(tmp_path: Path) -> None:
    listing = without_chinese_fonts(["fc-list", ":lang=zh", "file"], tmp_path)
    seen = subprocess.run(listing, capture_output=True, text=True, check=True)
    assert seen.stdout == ""
