"""What the build adds to MkDocs for this course: each language's pages with their formulas,
figure, lab and outputs for agents, then what speaks for the whole site (``site.py``).

MkDocs hands every event to this package through one thin file, ``hooks/events.py``; the map
of which module handles which event, in which order and why, is ``coursesite.events`` (read it
first). ``attn`` never imports this package.
"""

from pathlib import Path

#: The project's folder: ``make install`` puts it on the virtual environment's path (a ``.pth``
#: file), so that MkDocs finds this package and the hooks beside it.
PROJECT = Path(__file__).resolve().parent.parent
