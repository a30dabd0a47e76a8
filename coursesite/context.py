"""The build context: everything the build keeps from one event to the next, on one object.

MkDocs loads the hooks once per process and ``mkdocs serve`` rebuilds with them, and
mkdocs-static-i18n runs a whole build per language inside the first one: what a part keeps
lives on its object here, made once per process by ``hooks/events.py``, and each part starts
afresh when a whole-site build starts (``coursesite.i18n.outer_build``). A part that keeps
nothing is its module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType

from coursesite import cache, not_found, words
from coursesite.agents import addresses, headers
from coursesite.agents.archive import Archive
from coursesite.agents.twins import Agents
from coursesite.content import footer, generated
from coursesite.dates import Dates
from coursesite.figure import Figures
from coursesite.formulas import mathml
from coursesite.i18n import Languages
from coursesite.lab.pages import Lab
from coursesite.search import index


@dataclass
class SiteBuild:
    """The parts of the build, by the name the event map (``coursesite.events``) gives them."""

    languages: Languages = field(default_factory=Languages)
    agents: Agents = field(default_factory=Agents)
    archive: Archive = field(default_factory=Archive)
    lab: Lab = field(default_factory=Lab)
    dates: Dates = field(default_factory=Dates)
    footer: ModuleType = footer
    generated: ModuleType = generated
    formulas: ModuleType = mathml
    figure: Figures = field(default_factory=Figures)
    addresses: ModuleType = addresses
    not_found: ModuleType = not_found
    headers: ModuleType = headers
    search: ModuleType = index
    words: ModuleType = words
    cache: ModuleType = cache
