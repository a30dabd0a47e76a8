"""Git, as the build asks it about the repository: every question through ``git``."""

from __future__ import annotations

import subprocess
from pathlib import Path


def git(folder: Path, *arguments: str) -> str | None:
    """Return what ``git ARGUMENTS`` prints in ``folder``; None outside git. In a checkout,
    git's failure (no git, a refused repository) stops the build: a site dated today, or an
    archive of files git does not track, would not be its commit's.

    >>> import tempfile
    >>> print(git(Path(tempfile.mkdtemp()), "rev-parse", "HEAD"))
    None
    >>> checkout = Path(tempfile.mkdtemp())
    >>> (checkout / ".git").mkdir()
    >>> git(checkout, "rev-parse", "HEAD")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    RuntimeError: git rev-parse HEAD failed in ..., a git checkout: ...
    """
    try:
        done = subprocess.run(
            ["git", *arguments],
            cwd=folder,
            capture_output=True,
            encoding="utf-8",  # the files' names as git stores them, whatever the locale
            check=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError) as error:
        if (folder / ".git").exists():
            said = getattr(error, "stderr", None) or error
            raise RuntimeError(
                f"git {' '.join(arguments)} failed in {folder}, a git checkout: {said}"
            ) from error
        return None
    return done.stdout


def git_answer(folder: Path, *arguments: str) -> str | None:
    """Return what ``git ARGUMENTS`` prints in ``folder`` (``git``), stripped; None if it
    prints nothing or outside git."""
    return (git(folder, *arguments) or "").strip() or None
