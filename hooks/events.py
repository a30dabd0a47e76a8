"""MkDocs' entry to the build: every event the site handles goes to ``coursesite``.

MkDocs' ``hooks:`` takes files, not packages: this one registers the functions the event map
(``coursesite/events.py``) makes, on a build context of its own: MkDocs loads this file
with each configuration it loads, so each build (each of ``mkdocs serve``'s too) starts afresh.
"""

from coursesite.context import SiteBuild
from coursesite.events import hook_functions

# MkDocs registers the `on_*` names a hook module defines.
globals().update(hook_functions(SiteBuild()))
