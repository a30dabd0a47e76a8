"""What a build keeps for the next (``.cache/``: the executed notebooks, the compiled templates)
never stops it: every file there cut short, as a build killed while writing it or a full disk
leaves it, the next build makes each entry it reads again, saying so in one line, and builds the
same site."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from coursesite.dates import commit_time
from tests.docs_pages import ROOT
from tests.site import copy_of_the_project

#: What the whole site's build (``make build``) writes at the root in place of the root
#: language's own.
WHOLE_SITE_FILES = {"llms.txt", "llms-full.txt"}


def cut_to_half(folder: Path) -> None:
    """Cut every file under ``folder`` to half its size."""
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            os.truncate(path, path.stat().st_size // 2)


def test_a_damaged_cache_is_made_again_and_the_site_is_the_same(site: Path, tmp_path: Path) -> None:
    # A copy with a copy of the cache the session's build left: the project's is never damaged.
    config = copy_of_the_project(tmp_path / "project", own_cache=True)
    cache = config.parent / ".cache"
    notebooks = sorted((cache / "mkdocs-jupyter" / "zh").glob("*.json"))
    assert notebooks, "the session's build left no executed notebook in the cache"
    cut_to_half(cache)
    # One language, as `mkdocs build` makes it, dated as the session's site is, run from
    # another folder: the project's cache and words are the ones it reads.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    when = commit_time(ROOT)
    if when is not None:
        env.setdefault("SOURCE_DATE_EPOCH", when)
    out = tmp_path / "zh"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(out)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    said = [line for line in done.stderr.splitlines() if "damaged cache entry" in line]
    assert len(said) == len(set(said)), "an entry is named more than once"
    for entry in notebooks:
        assert len([line for line in said if entry.name in line]) == 1, said
        assert json.loads(entry.read_text(encoding="utf-8")), "the entry was not made again"
    built = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
    assert len(built) > 20
    differ = [
        path.as_posix()
        for path in built
        if path.name not in WHOLE_SITE_FILES
        and (out / path).read_bytes() != (site / path).read_bytes()
    ]
    assert differ == []
