"""What the build adds to MkDocs for this course: pages, formulas, the figure, the lab, the
outputs for agents, search, and the cache they share.

MkDocs hands every event to this package through one thin file, ``hooks/events.py``; the map
of which module handles which event, in which order and why, is ``coursesite.events`` (read it
first). ``attn`` never imports this package.
"""

from pathlib import Path

#: The project's folder: ``make install`` installs this package editable, from it.
PROJECT = Path(__file__).resolve().parent.parent
