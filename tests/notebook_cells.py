r"""The cells of a lab notebook (jupytext's percent format), and where in it a cell failed.

>>> text = "# %% [markdown]\n# ## Setup <a id=\"setup\"></a>\n\n# %%\nx = 1\n\nassert x\n"
>>> [(c.kind, c.line, c.source) for c in percent_cells(text)]
[('markdown', 2, '## Setup <a id="setup"></a>'), ('code', 5, 'x = 1\n\nassert x')]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

CELL_MARKER = re.compile(r"^# %%(?P<options>.*)$")
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
KERNEL_FRAME = re.compile(r"Cell In\[(\d+)\], line (\d+)")


@dataclass(frozen=True)
class Cell:
    """One cell of a percent-format notebook; ``line`` is where its source starts (1-based)."""

    kind: str
    line: int
    source: str


def percent_cells(text: str) -> list[Cell]:
    r"""Return the cells of a jupytext percent-format notebook, in order.

    A code cell's source is its lines as written; a Markdown cell's is uncommented. Blank
    lines around a cell are not part of it, and ``line`` counts from its first source line, so
    a traceback line in a cell maps to the file as ``cell.line + line - 1``.

    >>> cells = percent_cells("# ---\n# jupyter: {}\n# ---\n\n# %%\n\nimport os\n\n")
    >>> cells
    [Cell(kind='code', line=7, source='import os')]
    >>> percent_cells("# %% [markdown]\n# A *note*\n#\n# more\n")[0].source
    'A *note*\n\nmore'
    """
    cells: list[Cell] = []
    kind: str | None = None
    body: list[tuple[int, str]] = []

    def close() -> None:
        while body and not body[-1][1].strip():
            body.pop()
        while body and not body[0][1].strip():
            body.pop(0)
        if kind and body:
            cells.append(Cell(kind, body[0][0], "\n".join(line for _, line in body)))

    for number, line in enumerate(text.splitlines(), start=1):
        marker = CELL_MARKER.match(line)
        if marker:
            close()
            kind = "markdown" if "[markdown]" in marker["options"] else "code"
            body = []
        elif kind == "markdown":
            body.append((number, re.sub(r"^# ?", "", line)))
        elif kind == "code":
            body.append((number, line))
    close()
    return cells


def failing_line(traceback: str, cells: Sequence[Cell]) -> int | None:
    r"""Return the line of the ``.py`` notebook where the kernel's ``traceback`` failed.

    The kernel runs the code cells in order, so ``Cell In[n]`` is the n-th code cell; the
    innermost such frame is where the failure happened.

    >>> cells = [Cell("code", 10, "x = 1"), Cell("markdown", 13, "Hi"), Cell("code", 16, "y\nz")]
    >>> failing_line("Cell In[2], line 2\n----> 2 z\nNameError: name 'z' is not defined", cells)
    17
    >>> failing_line("KeyboardInterrupt", cells) is None
    True
    """
    code = [cell for cell in cells if cell.kind == "code"]
    frames = KERNEL_FRAME.findall(ANSI.sub("", traceback))
    if not frames:
        return None
    count, line = (int(n) for n in frames[-1])
    if not 1 <= count <= len(code):
        return None
    return code[count - 1].line + line - 1
