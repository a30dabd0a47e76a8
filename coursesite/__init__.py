"""What the build adds to MkDocs for this course: each language's pages with their formulas,
figure, lab and outputs for agents, then what speaks for the whole site (``site.py``).

MkDocs hands every event to this package through one thin file, ``hooks/events.py``; the map
of which module handles which event, in which order and why, is ``coursesite.events`` (read it
first). ``attn`` never imports this package.
"""

from pathlib import Path
from typing import Any

#: The project's folder: ``make install`` puts it on the virtual environment's path (a ``.pth``
#: file), so that ``hooks/events.py``, which MkDocs loads by its path, can import this package.
PROJECT = Path(__file__).resolve().parent.parent


def source_name(page: Any, config: Any) -> str:
    """Return ``page``'s source as the repository names it, to begin an error message: each
    language's build has an ``R36.md``, and ``docs/en/R36.md`` says which (from the folder of
    the configuration being built; a page made without a file, by its name).

    >>> from types import SimpleNamespace as NS
    >>> page = NS(file=NS(src_uri="R36.md", abs_src_path="/p/docs/en/R36.md"))
    >>> source_name(page, NS(config_file_path="/p/mkdocs.en.yml"))
    'docs/en/R36.md'
    """
    config_file = getattr(config, "config_file_path", None)
    source = getattr(page.file, "abs_src_path", None)
    if not config_file or not source:
        return str(page.file.src_uri)
    path, root = Path(source), Path(config_file).parent
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()
