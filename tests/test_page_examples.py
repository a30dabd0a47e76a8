"""Every page's Python blocks run, and every figure in its prose is computed on it.

A block that silently stops running (an option on its fence line, ``pycon`` for ``python``, a
space after ``python``, a skip directive) would pass every test: Sybil collects only what its
parsers match, and runs nothing else. So the blocks a plain scan of the Markdown finds are
compared with what Sybil collects, page by page, and a new page needs no edit here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from conftest import pages
from tests.constants import PREFIXES
from tests.docs_pages import ROOT, page_names, shown, twin
from tests.markdown_parts import code_outputs, line_of, prose_decimals

#: What a Markdown highlighter reads as Python, by a fence's first word: a block so marked
#: looks like an example to a reader, so it must be one Sybil runs.
PYTHON = {"python", "python3", "py", "py3", "pycon"}

#: The HTML comments Sybil's Markdown parsers read (conftest.py's ``pages``): a
#: hidden code block runs like a fenced one, a skip directive stops blocks from running.
HIDDEN_CODE = re.compile(
    r"^[ \t]*<!--+\s*(?:;\s*)?(?:invisible-)?code(?:-block)?:?[ \t]*python\b", re.M
)
SKIP = re.compile(r"^[ \t]*<!--+\s*(?:;\s*)?skip\b", re.M)

#: What each finding means and what to do, said where it stands.
RUNS_ONLY = (
    "Sybil runs a block only when its fence line is exactly ```python (no options, nothing "
    "after it), so this one never runs: write it so, or make it a non-Python block and say on "
    "the page why it cannot run"
)
SKIPPED = (
    "Sybil collects the blocks it names and does not run them; a block that cannot run must be "
    "a non-Python block, and the page must say why"
)
OUTSIDE = (
    "Sybil runs an example here that is in no Python block of the page as it renders (a fence "
    "inside another block?)"
)


def not_run(path: Path) -> list[str]:
    """Return, each with its file and line, in page order: the Python blocks of a page that
    Sybil does not collect, its skip directives, and whatever it collects outside them."""
    text = path.read_text(encoding="utf-8")
    # Each fenced block as CommonMark reads it (a fence inside another block is not one):
    # where it starts and ends in the file, its first line and its opening fence.
    starts = [0, *(i + 1 for i, char in enumerate(text) if char == "\n"), len(text)]
    blocks = []
    for token in MarkdownIt().parse(text):
        words = token.info.strip().lstrip("{").lstrip(".").split()  # ```{.python} too
        if token.type == "fence" and words and words[0].lower() in PYTHON:
            first, after = token.map
            opening = token.markup + token.info
            blocks.append((starts[first], starts[after], first + 1, opening))
    for hidden in HIDDEN_CODE.finditer(text):
        end = text.find("-->", hidden.end())
        line = line_of(text, hidden.start())
        blocks.append((hidden.start(), len(text) if end < 0 else end, line, hidden.group()))
    examples = list(pages.parse(path))
    skips = {line_of(text, skip.start()) for skip in SKIP.finditer(text)}
    said = [(line, f"a skip directive: {SKIPPED}") for line in skips]
    for start, end, line, opening in blocks:
        if not any(start <= example.region.start < end for example in examples):
            said.append((line, f"{opening.strip()}: {RUNS_ONLY}"))
    for example in examples:
        inside = any(start <= example.region.start < end for start, end, *_ in blocks)
        if not inside and example.line not in skips:
            said.append((example.line, OUTSIDE))
    return [f"{shown(path)}:{line}: {message}" for line, message in sorted(said)]


@pytest.mark.parametrize(
    "path",
    [twin(name, locale) for name in page_names() for locale in PREFIXES] + [ROOT / "README.md"],
    ids=shown,
)
def test_sybil_runs_every_python_block(path: Path) -> None:
    said = not_run(path)
    if said:
        pytest.fail("\n".join(said), pytrace=False)


@pytest.mark.parametrize("locale", list(PREFIXES))
@pytest.mark.parametrize("name", page_names())
def test_figures_in_prose_are_printed_by_the_pages_code(name: str, locale: str) -> None:
    text = twin(name, locale).read_text(encoding="utf-8")
    printed = code_outputs(text)
    unbacked = sorted(d for d in prose_decimals(text) if d not in printed)
    assert not unbacked, f"{name}.{locale}.md states {unbacked} but no example prints them"
