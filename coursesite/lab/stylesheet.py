"""JupyterLab's CSS as the lab's pages link it: one content-hashed stylesheet under
``docs/assets/lab`` (made by ``make lab-css``, ``authoring/lab_css.py``, and committed): the
lab's template writes no ``<style>``, and an output's own is taken out.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

#: Where the stylesheet lives, relative to ``docs/`` (shared by every language's pages).
FOLDER = PurePosixPath("assets/lab")
NAME = re.compile(r"jupyterlab\.(?P<hash>[0-9a-f]{10})\.css")

INLINE_STYLE = re.compile(r"<style\b[^>]*>.*?</style\s*>[ \t]*\n?", re.DOTALL | re.IGNORECASE)


def without_inline_styles(html: str) -> str:
    """Return a rendered notebook's HTML without the ``<style>`` blocks its outputs carry
    (pandas' tables): the page links the stylesheet instead.

    >>> without_inline_styles('<style type="text/css">\\n.a{}\\n</style>\\n<p>x</p><STYLE>b</STYLE>')
    '<p>x</p>'
    """
    return INLINE_STYLE.sub("", html)


def stylesheet_uri(docs: Path) -> str:
    """Return the stylesheet's path in the site (``assets/lab/jupyterlab.<hash>.css``): the one
    hashed file under ``docs/assets/lab``.

    >>> import tempfile
    >>> stylesheet_uri(Path(tempfile.mkdtemp()))
    Traceback (most recent call last):
    ...
    FileNotFoundError: no assets/lab/jupyterlab.<hash>.css under the docs: run `make lab-css`
    """
    found = sorted(hashed_files(docs / FOLDER))
    if len(found) != 1:
        if not found:
            raise FileNotFoundError(
                f"no {FOLDER}/jupyterlab.<hash>.css under the docs: run `make lab-css`"
            )
        names = ", ".join(path.name for path in found)
        raise ValueError(f"{FOLDER} holds several stylesheets ({names}): run `make lab-css`")
    return (FOLDER / found[0].name).as_posix()


def hashed_files(folder: Path) -> list[Path]:
    """Return the stylesheets in ``folder`` whose name has the shape of a hashed one."""
    return [path for path in folder.glob("jupyterlab.*.css") if NAME.fullmatch(path.name)]
