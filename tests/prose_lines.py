"""A page's prose line by line, numbered as in its file: what a reader reads, so that a check
on words can name the line to fix.

Code (fenced blocks, inline code, a notebook's code cells), formulas, link targets, HTML tags
and heading ids are blanked: a word there is not prose. Blanks keep their width, so a word's
column in a line is its column in the file's line (after a notebook's leading ``# ``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from tests.markdown_parts import FORMULA, INLINE_CODE, body

NOT_PROSE = re.compile(
    rf"{INLINE_CODE.pattern}|{FORMULA.pattern}|\]\([^)]*\)|<[^>]+>|\{{ #[\w-]+ \}}"
)
FENCE_LINE = re.compile(r"^```")


def blanked(line: str) -> str:
    """Return ``line`` with its code, formulas, link targets, tags and ids blanked out."""
    return NOT_PROSE.sub(
        lambda m: (
            "]" + " " * (len(m.group(0)) - 1)
            if m.group(0).startswith("](")
            else " " * len(m.group(0))
        ),
        line,
    )


def markdown_prose(text: str) -> Iterator[tuple[int, str]]:
    """Yield ``(line number, prose)`` for each line of a Markdown page outside its code."""
    lines = text.splitlines()
    start = text[: len(text) - len(body(text))].count("\n")  # the front matter's lines
    fenced = False
    for number, line in enumerate(lines[start:], start=start + 1):
        if FENCE_LINE.match(line):
            fenced = not fenced
        elif not fenced:
            yield number, blanked(line)


def notebook_prose(text: str) -> Iterator[tuple[int, str]]:
    """Yield ``(line number, prose)`` for each line of a percent-format notebook's Markdown cells
    (from ``# %% [markdown]`` to the next ``# %%``), without the comment's ``# ``."""
    markdown = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("# %%"):
            markdown = "[markdown]" in line
        elif markdown and line.startswith("#"):
            yield number, blanked(line.removeprefix("#").removeprefix(" "))


def prose_lines(path: Path) -> list[tuple[int, str]]:
    """Return the prose of a page (``.md``) or notebook (``.py``), numbered as in the file."""
    text = path.read_text(encoding="utf-8")
    return list(notebook_prose(text) if path.suffix == ".py" else markdown_prose(text))
