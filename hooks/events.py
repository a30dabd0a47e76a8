"""MkDocs' entry to the build: ``hooks:`` takes files, not packages; this one registers the map
of ``coursesite.events``."""

from coursesite.events import hooks

globals().update(hooks())
