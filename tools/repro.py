"""One commit, one site, on any machine: build the commit checked out twice from empty caches,
the second time varied as reprotest varies a build (reproducible-builds.org), and compare the
two sites byte for byte.

The second build runs from a checkout at another path, with another ``HOME`` (so no font cache
of matplotlib's), ``TZ``, ``LANG``/``LC_ALL`` and ``umask`` and, as root, with the system's
Chinese fonts out of reach: in a mount namespace of its own (``unshare -m``), an empty folder is
mounted over each folder that ``fc-list :lang=zh file`` names. Each build imports the project's
code from its own checkout (``PYTHONPATH``); both use the Python packages of this environment.

Run ``make repro`` (``python tools/repro.py``): it prints what it varied and the files that
differ, and exits 1 if any does.
"""

from __future__ import annotations

import filecmp
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The first build's settings, and the second's: each differs from the first in every one.
FIRST = {"TZ": "UTC", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
VARIED = {"TZ": "Pacific/Kiritimati", "LANG": "C", "LC_ALL": "C"}
UMASKS = (0o022, 0o077)
#: What would carry this environment's caches or code into a build: left out of both.
UNSET = ("MPLCONFIGDIR", "XDG_CACHE_HOME", "PYTHONPATH")


def chinese_font_folders() -> list[str]:
    """Return the folders holding the system's Chinese fonts (fontconfig's list), or none."""
    try:
        listed = subprocess.run(
            ["fc-list", ":lang=zh", "file"], capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    return sorted({os.path.dirname(line.split(":")[0]) for line in listed.splitlines() if line})


def without_chinese_fonts(command: Sequence[str], empty: Path) -> list[str]:
    """Return ``command`` run with the system's Chinese fonts out of reach: as root, in a mount
    namespace of its own with ``empty`` mounted over each of their folders; else unchanged."""
    folders = chinese_font_folders()
    if not folders or os.geteuid() != 0 or shutil.which("unshare") is None:
        return list(command)
    mounts = " && ".join(
        f"mount --bind {shlex.quote(str(empty))} {shlex.quote(f)}" for f in folders
    )
    return ["unshare", "-m", "sh", "-c", f'{mounts} && exec "$@"', "sh", *command]


def environment(checkout: Path, home: Path, varied: bool) -> dict[str, str]:
    """Return the environment of one build of ``checkout``, with an empty ``home``."""
    kept = {k: v for k, v in os.environ.items() if k not in UNSET}
    return {
        **kept,
        **(VARIED if varied else FIRST),
        "HOME": str(home),
        "PYTHONPATH": str(checkout),
        "NO_MKDOCS_2_WARNING": "1",
    }


def build(
    checkout: Path, site: Path, scratch: Path, varied: bool
) -> subprocess.CompletedProcess[str]:
    """Build ``checkout`` strictly into ``site`` from empty caches made in ``scratch``; varied,
    with the second build's settings and no Chinese font of the system's."""
    for folder in ("home", "empty"):
        (scratch / folder).mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "coursesite", "build", str(site)]
    if varied:
        command = without_chinese_fonts(command, scratch / "empty")
    return subprocess.run(
        command,
        cwd=checkout,
        env=environment(checkout, scratch / "home", varied),
        umask=UMASKS[varied],
        capture_output=True,
        text=True,
        check=False,
    )


def differing(one: Path, other: Path) -> list[str]:
    """Return every file (relative) that is in one tree only or whose bytes differ."""
    files = {
        p.relative_to(tree).as_posix()
        for tree in (one, other)
        for p in tree.rglob("*")
        if p.is_file()
    }
    return sorted(
        f
        for f in files
        if not ((one / f).is_file() and (other / f).is_file())
        or not filecmp.cmp(one / f, other / f, shallow=False)
    )


def checkout(commit: str, folder: Path, umask: int) -> Path:
    """Clone this repository's ``commit`` into ``folder``; return it."""
    for command in (
        ["git", "clone", "--quiet", "--no-checkout", str(ROOT), str(folder)],
        ["git", "-C", str(folder), "checkout", "--quiet", commit],
    ):
        subprocess.run(command, check=True, umask=umask)
    return folder


def main() -> int:
    """Build HEAD twice, the second time varied; print the differences; return the exit code."""
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="repro-") as scratch:
        where = Path(scratch)
        sites = []
        for varied, path in ((False, "a/course"), (True, "b/another/place/course")):
            tree = checkout(commit, where / path, UMASKS[varied])
            (where / "empty").mkdir(exist_ok=True)
            seen = ["fc-list", ":lang=zh", "file"]
            if varied:
                seen = without_chinese_fonts(seen, where / "empty")
            fonts = subprocess.run(seen, capture_output=True, text=True, check=False).stdout
            settings = VARIED if varied else FIRST
            print(
                f"build {int(varied) + 1}: {commit[:12]} at {tree}, umask {UMASKS[varied]:03o}, "
                f"{' '.join(f'{k}={v}' for k, v in settings.items())}, empty HOME and cache, "
                f"{len(fonts.splitlines())} Chinese fonts in sight",
                flush=True,
            )
            done = build(
                tree, where / f"site-{int(varied)}", where / f"scratch-{int(varied)}", varied
            )
            if done.returncode != 0:
                print(done.stderr, file=sys.stderr)
                return 1
            sites.append(where / f"site-{int(varied)}")
        files = sum(1 for p in sites[0].rglob("*") if p.is_file())
        different = differing(*sites)
        for name in different:
            print(f"differs: {name}")
        print(f"{files} files, {len(different)} differing: the sites are", end=" ")
        print("byte-identical" if not different else "NOT identical")
        return 1 if different else 0


if __name__ == "__main__":
    raise SystemExit(main())
