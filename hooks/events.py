"""MkDocs' entry to the build: ``hooks:`` takes files, not packages; this one hands MkDocs the
``on_<event>`` handlers of ``coursesite.events``, the map."""

from coursesite.events import *  # noqa: F403
