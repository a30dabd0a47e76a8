"""originals.zip: what it holds, and that its README's one command runs every page's examples
on the archive's own attn, unpacked anywhere."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import zipfile
from collections import Counter
from pathlib import Path, PurePosixPath
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from conftest import docstrings, pages
from coursesite.agents.archive import FOLDER, originals_zip
from coursesite.agents.archive_conftest import LAB_ONLY
from coursesite.content.generated import Sources
from coursesite.git import git
from tests.constants import PREFIXES
from tests.docs_pages import ROOT
from tests.site import ParsedPages

ARCHIVE = "originals.zip"
RUNNER = ["README.md", "pytest.ini", "conftest.py", "pyproject.toml", "LICENSE"]
#: The one command, in the README's each language's part.
COMMAND = "python -m pytest"
MANIFEST = "manifest.json"


def tracked(folder: str) -> list[str]:
    """Return the name of every file under ``folder`` that the repository tracks, in order."""
    listed = git(ROOT, "ls-files", "-z", "--", folder)
    assert listed is not None, "the repository's files are what git tracks: no git here"
    return sorted(filter(None, listed.split("\0")))


def repository_sources() -> list[str]:
    """Return the archive's name of every source under ``docs/`` the repository tracks."""
    return [name for name in tracked("docs") if PurePosixPath(name).suffix in {".md", ".py"}]


@pytest.fixture(scope="module")
def archive(site: Path) -> dict[str, bytes]:
    """Return the site's archive: each entry's bytes, in the archive's order."""
    with zipfile.ZipFile(site / ARCHIVE) as opened:
        assert opened.testzip() is None
        names = opened.namelist()
        assert all(name.startswith(f"{FOLDER}/") for name in names), "one folder holds it all"
        return {name.removeprefix(f"{FOLDER}/"): opened.read(name) for name in names}


@pytest.fixture(scope="module")
def manifest(archive: dict[str, bytes]) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(archive[MANIFEST])
    return found


def unpacked(site: Path, folder: Path) -> Path:
    """Unpack the site's archive into ``folder`` (outside the checkout); return the folder it
    holds."""
    with zipfile.ZipFile(site / ARCHIVE) as opened:
        opened.extractall(folder)
    assert not folder.resolve().is_relative_to(ROOT)
    return folder / FOLDER


def readme_command(folder: Path) -> list[str]:
    """Return the README's one command, run by the project's Python (its pinned packages)."""
    readme = (folder / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```sh\n(.*?)^```$", readme, re.S | re.M)  # its shell blocks
    # The command, on a line of its own, last in each language's part.
    assert [block.splitlines()[-1] for block in blocks] == [COMMAND] * 2
    program, *arguments = shlex.split(COMMAND)
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


def test_every_language_folder_publishes_the_same_archive(site: Path) -> None:
    root = (site / ARCHIVE).read_bytes()
    published = [f"{prefix}{ARCHIVE}" for prefix in PREFIXES.values()]
    assert len(published) > 1
    assert all((site / uri).read_bytes() == root for uri in published)


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_each_languages_index_and_its_twin_link_the_archive_beside_them(
    site: Path, parsed: ParsedPages, prefix: str
) -> None:
    archive = (site / prefix / ARCHIVE).resolve()
    page = site / f"{prefix}index.html"
    hrefs = [a["href"] for a in parsed.soup(page).select("article a[href$='originals.zip']")]
    twin = (site / f"{prefix}index.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)\s]*originals\.zip)\)", twin)
    assert hrefs
    assert links
    assert {(page.parent / href).resolve() for href in [*hrefs, *links]} == {archive}


# --- what it holds -----------------------------------------------------------------------------


def test_the_archive_holds_its_runner_attn_and_every_source_in_order(
    archive: dict[str, bytes],
) -> None:
    assert list(archive) == [*RUNNER, *tracked("attn"), *repository_sources(), MANIFEST]
    for name in repository_sources():
        archive[name].decode("utf-8")
    for name in ["pyproject.toml", "LICENSE", *tracked("attn")]:
        assert archive[name] == (ROOT / name).read_bytes(), name


def test_every_entry_carries_the_builds_date(site: Path) -> None:
    with zipfile.ZipFile(site / ARCHIVE) as opened:
        assert len({info.date_time for info in opened.infolist()}) == 1


def test_the_manifest_names_every_other_file_with_its_hash(
    archive: dict[str, bytes], manifest: dict[str, Any]
) -> None:
    assert sorted(manifest) == sorted(set(archive) - {MANIFEST})
    for name, entry in manifest.items():
        assert entry["sha256"] == hashlib.sha256(archive[name]).hexdigest(), name
        assert (entry["url"] is not None) == name.startswith("docs/"), name


def test_every_page_is_as_the_site_publishes_it(
    site: Path, archive: dict[str, bytes], manifest: dict[str, Any]
) -> None:
    filled = 0
    for name in repository_sources():
        url = manifest[name]["url"]
        assert "<!-- generated:" not in archive[name].decode("utf-8"), name
        assert (site / url).read_bytes() == archive[name], (name, url)
        if "<!-- generated:" in (ROOT / name).read_text(encoding="utf-8"):
            filled += 1
        else:
            assert archive[name] == (ROOT / name).read_bytes(), name
    assert filled >= 6  # the home page's lessons, the reference and the glossary, both languages
    urls = {manifest[name]["url"] for name in repository_sources()}
    assert {"R36.md", "en/R36.md", "lab/LAB-02.py", "en/lab/LAB-02.py"} <= urls


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
            for name in tracked("attn")
            if name.endswith(".py") and PurePosixPath(name).name not in LAB_ONLY
        }
    )
    return +found  # the files with examples


def test_every_example_runs_from_the_unpacked_archive_on_its_own_attn(
    site: Path, tmp_path: Path
) -> None:
    folder = unpacked(site, tmp_path / "unpacked")
    done = run_in(folder, "-rA")  # -rA: a line per example, to count them
    assert done.returncode == 0, done.stdout + done.stderr
    # The archive's conftest names the attn it imported (and stops on any other); its own
    # pytest.ini, not the repository's settings in pyproject.toml, configures the run.
    assert f"attn from {folder.resolve() / 'attn'}" in done.stdout.splitlines()
    assert re.search(r"^configfile: pytest\.ini\b", done.stdout, re.M)
    passed = Counter(
        line.split()[1].split("::")[0]
        for line in done.stdout.splitlines()
        if line.startswith("PASSED ")
    )
    assert passed == expected_examples()
    assert sum(passed.values()) >= 150
    assert not re.search(r"^(FAILED|ERROR|SKIPPED) ", done.stdout, re.M)
    assert not (folder / ".pytest_cache").exists()


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


def test_a_source_that_is_not_utf8_stops_the_build(tmp_path: Path) -> None:
    # An unknown generated part stops it too: coursesite.content.generated's example.
    (tmp_path / "zh").mkdir()
    (tmp_path / "zh" / "page.md").write_bytes("Z\u00fcrich".encode("latin-1"))
    with pytest.raises(PluginError, match=r"docs/zh/page\.md is not UTF-8"):
        originals_zip(tmp_path, {"zh": ""}, Sources({}), ROOT)
