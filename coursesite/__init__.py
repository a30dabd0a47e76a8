"""What the build adds to MkDocs for this course: each language's pages with their formulas,
figure, lab and outputs for agents, then what speaks for the whole site (``site.py``).

MkDocs hands every event to this package through one thin file, ``hooks/events.py`` (``make
install`` puts the project's folder on the path, so that it can import this package); the map
of which module handles which event, in which order and why, is ``coursesite.events`` (read it
first). The project read is the configuration's folder, where the build runs. ``attn`` never
imports this package.
"""

from pathlib import Path
from typing import Any


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
