"""One commit, one site. The build's date is the commit's, not today's.

MkDocs dates the sitemaps, ``llms.txt`` and ``originals.zip`` from ``SOURCE_DATE_EPOCH`` when
it is set (reproducible-builds.org): here it is set, as each language's build starts, to the
time of the commit checked out, unless the process was started with it set. Outside git the
build keeps today's date. A long ``mkdocs serve`` thus dates each build from its own commit.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

VARIABLE = "SOURCE_DATE_EPOCH"


def git_answer(folder: Path, *arguments: str) -> str | None:
    """Return what ``git ARGUMENTS`` prints in ``folder``, stripped; None outside git."""
    try:
        done = subprocess.run(
            ["git", *arguments],
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def commit_time(folder: Path) -> str | None:
    """Return the committer time of git's HEAD in ``folder`` (seconds since 1970), or None."""
    return git_answer(folder, "log", "-1", "--format=%ct")


def revision(folder: Path) -> str:
    """Return the short hash of git's HEAD in ``folder``, or ``"unknown"`` outside git."""
    return git_answer(folder, "rev-parse", "--short", "HEAD") or "unknown"


class Dates:
    """The date of each build of the process: the caller's ``SOURCE_DATE_EPOCH`` if it gave
    one as the hooks loaded, else the commit's."""

    def __init__(self) -> None:
        self.given = os.environ.get(VARIABLE)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Date the build from its commit (before any page or file is dated)."""
        if self.given is None:
            when = commit_time(Path(config.config_file_path).parent)
            if when is None:
                os.environ.pop(VARIABLE, None)
            else:
                os.environ[VARIABLE] = when
        return config
