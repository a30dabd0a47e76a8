"""originals.zip proves itself: it holds every page as the site publishes it, the lab's sources,
attn's source, a manifest and a README, in every language's folder; unpacked anywhere, the
README's one command runs every page's examples on the archive's own attn."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import zipfile
from collections import Counter
from pathlib import Path, PurePosixPath
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from conftest import docstrings, pages
from coursesite.agents.archive import originals_zip
from coursesite.agents.archive_conftest import LAB_ONLY
from coursesite.content.generated import MARKER
from tests.constants import PREFIXES
from tests.docs_pages import DOCS, ROOT
from tests.site import soup

ARCHIVE = "originals.zip"
RUNNER = ["README.md", "requirements.txt", "pytest.ini", "conftest.py"]
MANIFEST = "manifest.json"
#: How long the unpacked run may take (it runs every page's examples and attn's: ~190).
RUN_SECONDS = 20


def repository_sources() -> list[str]:
    """Return the archive's name of every source under ``docs/``, as the repository holds them."""
    return sorted(
        p.relative_to(ROOT).as_posix()
        for p in DOCS.rglob("*")
        if p.is_file()
        and p.suffix in {".md", ".py"}
        and not any(part.startswith(".") for part in p.relative_to(DOCS).parts)
    )


def package_sources() -> list[str]:
    """Return the archive's name of every file of the package ``attn``: modules and py.typed."""
    return sorted(
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "attn").rglob("*")
        if p.is_file()
        and (p.suffix == ".py" or p.name == "py.typed")
        and "__pycache__" not in p.parts
    )


@pytest.fixture(scope="module")
def archive(site: Path) -> dict[str, bytes]:
    """Return the site's archive: each entry's bytes, in the archive's order."""
    with zipfile.ZipFile(site / ARCHIVE) as opened:
        assert opened.testzip() is None
        return {name: opened.read(name) for name in opened.namelist()}


@pytest.fixture(scope="module")
def manifest(archive: dict[str, bytes]) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(archive[MANIFEST])
    return found


def unpacked(site: Path, folder: Path) -> Path:
    """Unpack the site's archive into ``folder`` (outside the checkout); return it."""
    with zipfile.ZipFile(site / ARCHIVE) as opened:
        opened.extractall(folder)
    assert not folder.resolve().is_relative_to(ROOT)
    return folder


def readme_command(folder: Path) -> list[str]:
    """Return the README's one command, run by the project's Python (its pinned packages)."""
    readme = (folder / "README.md").read_text(encoding="utf-8")
    manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    blocks = re.findall(r"^```sh\n(.*?)^```$", readme, re.S | re.M)
    # The command, on a line of its own, in each language's part.
    assert [manifest["command"] in block.splitlines() for block in blocks] == [True, False] * 2
    program, *arguments = shlex.split(manifest["command"])
    assert program == "python"
    return [sys.executable, *arguments]


def run_in(
    folder: Path, *extra: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the README's command in ``folder``, cut off from the checkout: its own working
    folder, no PYTHONPATH, no pytest settings from this run; ``extra`` only changes the report."""
    clean = {
        key: value
        for key, value in os.environ.items()
        if key != "PYTHONPATH" and not key.startswith("PYTEST_")
    }
    return subprocess.run(
        [*readme_command(folder), *extra],
        cwd=folder,
        env={**clean, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


# --- where it is published ---------------------------------------------------------------------


def test_every_language_folder_publishes_the_same_archive(
    site: Path, manifest: dict[str, Any]
) -> None:
    root = (site / ARCHIVE).read_bytes()
    published = [f"{prefix}{ARCHIVE}" for prefix in PREFIXES.values()]
    assert manifest["archive"] == published
    assert all((site / uri).read_bytes() == root for uri in published)


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_each_languages_index_and_its_twin_link_the_archive_beside_them(
    site: Path, prefix: str
) -> None:
    archive = (site / prefix / ARCHIVE).resolve()
    page = site / f"{prefix}index.html"
    hrefs = [a["href"] for a in soup(page).select("article a[href$='originals.zip']")]
    twin = (site / f"{prefix}index.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)\s]*originals\.zip)\)", twin)
    assert hrefs
    assert links
    assert {(page.parent / href).resolve() for href in [*hrefs, *links]} == {archive}


# --- what it holds -----------------------------------------------------------------------------


def test_the_archive_holds_its_runner_attn_and_every_source_in_order(
    archive: dict[str, bytes],
) -> None:
    assert list(archive) == [*RUNNER, *package_sources(), *repository_sources(), MANIFEST]
    for data in archive.values():
        data.decode("utf-8")
    for name in package_sources():
        assert archive[name] == (ROOT / name).read_bytes(), name


def test_every_entry_carries_the_builds_date(site: Path) -> None:
    with zipfile.ZipFile(site / ARCHIVE) as opened:
        assert len({info.date_time for info in opened.infolist()}) == 1


def test_the_manifest_names_every_other_file_with_its_hash(
    archive: dict[str, bytes], manifest: dict[str, Any]
) -> None:
    files = manifest["files"]
    assert sorted(files) == sorted(set(archive) - {MANIFEST})
    for name, entry in files.items():
        assert entry["sha256"] == hashlib.sha256(archive[name]).hexdigest(), name
        assert (entry["url"] is not None) == name.startswith("docs/"), name


def test_every_page_is_as_the_site_publishes_it(
    site: Path, archive: dict[str, bytes], manifest: dict[str, Any]
) -> None:
    for name in repository_sources():
        entry = manifest["files"][name]
        assert "<!-- generated:" not in archive[name].decode("utf-8"), name
        assert (site / entry["url"]).read_bytes() == archive[name], (name, entry["url"])
        if not entry["generated"]:
            assert archive[name] == (ROOT / name).read_bytes(), name
    urls = {manifest["files"][name]["url"] for name in repository_sources()}
    assert {"R36.md", "en/R36.md", "lab/LAB-02.py", "en/lab/LAB-02.py"} <= urls


def test_generated_parts_are_filled_where_the_manifest_says(
    archive: dict[str, bytes], manifest: dict[str, Any]
) -> None:
    filled = [name for name in repository_sources() if manifest["files"][name]["generated"]]
    assert len(filled) >= 4  # the reference and the glossary, in both languages
    for name in filled:
        source = (ROOT / name).read_text(encoding="utf-8").splitlines()
        lines = archive[name].decode("utf-8").splitlines()
        found = [(line, m[1]) for line in source if (m := MARKER.search(line))]
        markers = [line for line, _ in found]
        parts = manifest["files"][name]["generated"]
        assert [what for _, what in found] == [part["name"] for part in parts]
        # Each part put back as the marker's line gives the repository's source again.
        for part, marker in reversed(list(zip(parts, markers, strict=True))):
            first, last = part["lines"]
            lines[first - 1 : last] = [marker]
        assert lines == source, name


def test_the_readme_names_what_the_run_needs(archive: dict[str, bytes]) -> None:
    readme = archive["README.md"].decode("utf-8")
    needs = archive["requirements.txt"].decode("utf-8").splitlines()
    assert [re.split(r"[<>=]", line)[0] for line in needs] == ["numpy", "pytest", "sybil"]
    assert all(f"`{line}`" in readme for line in needs)
    assert "matplotlib" in readme
    assert "not run by this command" in readme


# --- it runs -----------------------------------------------------------------------------------


def expected_examples() -> Counter[str]:
    """Return how many examples the repository's own Sybils find in each page and attn module."""
    found = Counter(
        {
            name: len(list(pages.parse(ROOT / name)))
            for name in repository_sources()
            if name.endswith(".md")
        }
    )
    found.update(
        {
            name: len(list(docstrings.parse(ROOT / name)))
            for name in package_sources()
            if name.endswith(".py") and PurePosixPath(name).name not in LAB_ONLY
        }
    )
    return +found  # the files with examples


def test_every_example_runs_from_the_unpacked_archive_on_its_own_attn(
    site: Path, tmp_path: Path
) -> None:
    folder = unpacked(site, tmp_path / "unpacked")
    start = time.monotonic()
    done = run_in(folder, "-rA")  # -rA: a line per example, to count them
    seconds = time.monotonic() - start
    assert done.returncode == 0, done.stdout + done.stderr
    # The archive's conftest names the attn it imported (and stops on any other).
    assert f"attn from {folder.resolve() / 'attn'}" in done.stdout.splitlines()
    passed = Counter(
        line.split()[1].split("::")[0]
        for line in done.stdout.splitlines()
        if line.startswith("PASSED ")
    )
    assert passed == expected_examples()
    assert sum(passed.values()) >= 150
    assert not re.search(r"^(FAILED|ERROR|SKIPPED) ", done.stdout, re.M)
    assert not (folder / ".pytest_cache").exists()
    assert seconds < RUN_SECONDS, seconds


def test_the_run_stops_when_attn_is_not_the_archives(site: Path, tmp_path: Path) -> None:
    """Without its own attn, the run finds the checkout's (on PYTHONPATH here, or installed
    editable as ``make install`` does): its conftest stops it before any example runs."""
    folder = unpacked(site, tmp_path / "unpacked")
    shutil.rmtree(folder / "attn")
    done = run_in(folder, env={"PYTHONPATH": str(ROOT)})
    assert done.returncode == pytest.ExitCode.USAGE_ERROR, done.stdout + done.stderr
    assert f"attn was imported from {ROOT / 'attn'}, not from {folder.resolve() / 'attn'}" in (
        done.stderr
    )
    assert " passed" not in done.stdout


# --- what stops the build ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("Z\u00fcrich".encode("latin-1"), r"docs/zh/page\.md is not UTF-8"),
        (b"<!-- generated: nothing-such -->\n", r"docs/zh/page\.md: unknown generated content"),
    ],
)
def test_a_source_the_archive_cannot_hold_stops_the_build(
    tmp_path: Path, source: bytes, why: str
) -> None:
    (tmp_path / "zh").mkdir()
    (tmp_path / "zh" / "page.md").write_bytes(source)
    with pytest.raises(PluginError, match=why):
        originals_zip(tmp_path, {"zh": ""})


def test_the_archive_is_a_zip_of_its_own_files(tmp_path: Path) -> None:
    (tmp_path / "zh").mkdir()
    (tmp_path / "zh" / "page.md").write_text("# T\n", encoding="utf-8")
    with zipfile.ZipFile(io.BytesIO(originals_zip(tmp_path, {"zh": ""}))) as opened:
        assert opened.read("docs/zh/page.md") == b"# T\n"
        entry = json.loads(opened.read(MANIFEST))["files"]["docs/zh/page.md"]
    assert entry["url"] == "page.md"
