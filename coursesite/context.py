"""The build context: everything the build keeps from one event to the next, on one object.

MkDocs loads the hooks with each configuration it loads (each language's build, each rebuild
of ``mkdocs serve``): what a part keeps lives on its object here, made by ``hooks/events.py``
for that build alone. A part that keeps nothing is its module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType

from coursesite import languages, notebooks, templates, words
from coursesite.agents.archive import Archive
from coursesite.agents.twins import Agents
from coursesite.assets import Assets
from coursesite.content import footer, generated
from coursesite.figure import Figures
from coursesite.formulas import mathml


@dataclass
class SiteBuild:
    """The parts of the build, by the name the event map (``coursesite.events``) gives them."""

    agents: Agents = field(default_factory=Agents)
    archive: Archive = field(default_factory=Archive)
    assets: Assets = field(default_factory=Assets)
    figure: Figures = field(default_factory=Figures)
    footer: ModuleType = footer
    formulas: ModuleType = mathml
    generated: ModuleType = generated
    languages: ModuleType = languages
    notebooks: ModuleType = notebooks
    templates: ModuleType = templates
    words: ModuleType = words
