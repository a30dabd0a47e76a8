"""Run every page's examples from this folder: ``python -m pytest``.

Sybil collects every Python block of the pages under ``docs/`` (each page in one namespace, its
examples top to bottom, as a reader runs them) and the examples in the docstrings of ``attn``,
as the site's own tests do. A page's generated parts (the reference, the glossary: their lines
are in ``manifest.json``) are left out, as they are in the repository's pages, where a marker
stands for them: the reference's examples are ``attn``'s docstrings. They import this folder's
``attn``: the folder goes first on ``sys.path``, and the run stops if ``attn`` comes from
anywhere else (an installed copy, a checkout). The run's header names the folder it came from.

The site's build ships this file as ``conftest.py`` in ``originals.zip``; in the repository it
is ``coursesite/agents/archive_conftest.py``, and its tests check that it collects the pages as
the repository's own ``conftest.py`` does.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from functools import cache
from pathlib import Path
from typing import TypedDict

import pytest
from sybil import Document, Region, Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser
from sybil.sybil import SybilCollection
from sybil.typing import Parser

HERE = Path(__file__).resolve().parent
FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

MARKDOWN_PARSERS: list[Parser] = [PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()]


class GeneratedPart(TypedDict):
    """A generated part of a page: its first and last lines."""

    lines: list[int]


class FileEntry(TypedDict, total=False):
    """What the manifest says of one file (the runner reads its generated parts)."""

    generated: list[GeneratedPart]


class Manifest(TypedDict):
    """``manifest.json``, as far as the runner reads it."""

    files: dict[str, FileEntry]


@cache
def manifest() -> Manifest:
    """Return ``manifest.json``: what the archive holds."""
    found: Manifest = json.loads((HERE / "manifest.json").read_text(encoding="utf-8"))
    return found


def generated_lines(path: str) -> list[range]:
    """Return the lines of each generated part of the page at ``path``."""
    entry = manifest()["files"].get(Path(path).resolve().relative_to(HERE).as_posix(), {})
    return [range(part["lines"][0], part["lines"][1] + 1) for part in entry.get("generated", [])]


def outside_generated_parts(parser: Parser) -> Parser:
    """Return ``parser``, leaving out what it finds in a page's generated parts."""

    def parse(document: Document) -> Iterable[Region]:
        parts = generated_lines(document.path)
        for region in parser(document):
            line = document.text.count("\n", 0, region.start) + 1
            if not any(line in part for part in parts):
                yield region

    return parse


#: One namespace per page: each page's examples run top to bottom, as a reader would.
pages = Sybil(
    parsers=[outside_generated_parts(parser) for parser in MARKDOWN_PARSERS],
    patterns=["*.md"],
    path="docs",
)
#: attn's modules that only the lab uses: their examples draw, and need what the lab needs.
LAB_ONLY = ["plot.py"]
docstrings = Sybil(
    parsers=[DocTestParser(optionflags=FLAGS)], patterns=["*.py"], excludes=LAB_ONLY, path="attn"
)

pytest_collect_file = SybilCollection([pages, docstrings]).pytest()


def attn_folder() -> Path:
    """Import ``attn``, this folder's copy before any other, and return the folder it is in."""
    if sys.path[:1] != [str(HERE)]:
        sys.path.insert(0, str(HERE))
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
