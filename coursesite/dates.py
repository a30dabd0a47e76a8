"""One commit, one site. The build's date is the commit's, not today's.

MkDocs dates the sitemaps, ``llms.txt`` and ``originals.zip`` from ``SOURCE_DATE_EPOCH`` when
it is set (reproducible-builds.org): ``python -m coursesite build`` sets it, before building, to
the time of the commit checked out, unless it was started with it set. Outside git, and in
``mkdocs serve``'s preview, the build has today's date.
"""

from __future__ import annotations

import os
from pathlib import Path

from coursesite.git import git_answer


def commit_time(folder: Path) -> str | None:
    """Return the committer time of git's HEAD in ``folder`` (seconds since 1970), or None."""
    return git_answer(folder, "log", "-1", "--no-show-signature", "--format=%ct")


def revision(folder: Path) -> str:
    """Return the first seven digits of git's HEAD in ``folder`` (whatever a user's
    ``core.abbrev`` or the repository's size would make git abbreviate), or ``"unknown"``."""
    return (git_answer(folder, "rev-parse", "HEAD") or "unknown")[:7]


def dated_from_the_commit(project: Path) -> None:
    """Date what is built from now on from ``project``'s commit, unless the caller set
    ``SOURCE_DATE_EPOCH`` itself; outside git, today."""
    when = commit_time(project)
    if when is not None:
        os.environ.setdefault("SOURCE_DATE_EPOCH", when)
