"""Run every page's examples from this folder: ``python -m pytest``.

Sybil collects every Python block of the pages under ``docs/`` (each page in one namespace, its
examples top to bottom, as a reader runs them) and the examples in the docstrings of ``attn``,
as the site's own tests do (the generated reference shows those docstrings; its signatures are
``text`` blocks, not examples). They import this folder's ``attn``: pytest puts the folder
first on ``sys.path``, and the run stops if ``attn`` comes from anywhere else (an installed
copy, a checkout). The run's header names the folder it came from.

The site's build ships this file as ``conftest.py`` in ``originals.zip``; in the repository it
is ``coursesite/agents/archive_conftest.py``, and its tests check that it collects the pages as
the repository's own ``conftest.py`` does.
"""

from __future__ import annotations

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

HERE = Path(__file__).resolve().parent
FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

#: One namespace per page: each page's examples run top to bottom, as a reader would.
pages = Sybil(
    parsers=[PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()],
    patterns=["*.md"],
    path="docs",
)
#: attn's modules that only the lab uses: their examples draw, and need what the lab needs.
LAB_ONLY = ["plot.py"]
docstrings = Sybil(
    parsers=[DocTestParser(optionflags=FLAGS)], patterns=["*.py"], excludes=LAB_ONLY, path="attn"
)

pytest_collect_file = (pages + docstrings).pytest()


def attn_folder() -> Path:
    """Import ``attn`` and return the folder it is in."""
    import attn

    return Path(str(attn.__file__)).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    """Stop before any example runs unless ``attn`` is this folder's copy."""
    found = attn_folder()
    if found != HERE / "attn":
        raise pytest.UsageError(
            f"attn was imported from {found}, not from {HERE / 'attn'}: the examples would "
            "not run on this archive's attn (run `python -m pytest` in this folder, in a "
            "Python that has not imported attn already)"
        )


def pytest_report_header(config: pytest.Config) -> str:
    """Name, at the top of the run, the ``attn`` the examples run on."""
    return f"attn from {attn_folder()}"
