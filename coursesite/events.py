"""The map: every MkDocs event the site handles, in the order MkDocs 1.6 runs them; each
handler runs its parts in order, why beside each. ``hooks/events.py`` hands them to MkDocs.

The parts keep what they share between one build's events in one ``Build``, kept on the
build's configuration: MkDocs loads one for every build (each rebuild of ``mkdocs serve`` too)
and hands it to every event. Each language is a build of its own (``coursesite.site``); plugins
(mkdocs-jupyter) run before these handlers at the same priority.

>>> from mkdocs.config import load_config
>>> build, rebuild = (load_config("mkdocs.yml") for _ in range(2))
>>> built(build) is built(build), built(build) is built(rebuild)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from coursesite import caches, figure, languages, notebooks, templates, words
from coursesite.agents import archive
from coursesite.agents.twins import Agents
from coursesite.assets import Assets
from coursesite.content import footer, generated
from coursesite.content.generated import Sources
from coursesite.formulas import mathml

#: The key of a configuration's ``extra`` that holds its build's ``Build``.
BUILD = "coursesite_build"


@dataclass
class Build:
    """What one build's parts share; each of its sources is filled once, for the page, its twin
    and ``originals.zip``."""

    sources: Sources
    archive: bytes | None = None
    #: Whether the caches were checked for this build already (``coursesite.site`` does it
    #: once for the builds it forks, which share the compiled templates).
    caches_checked: bool = False
    agents: Agents = field(default_factory=Agents)
    assets: Assets = field(default_factory=Assets)
    figures: figure.Figures = field(default_factory=figure.Figures)


def built(config: MkDocsConfig) -> Build:
    """Return the ``Build`` of ``config``'s build: made at its first event, unless
    ``coursesite.site`` made it first, with the archive every language publishes."""
    found = config.extra.get(BUILD)
    if not isinstance(found, Build):
        found = config.extra[BUILD] = Build(Sources(generated.generators(config)))
    return found


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    languages.on_config(config)  # the site's languages checked before anything reads them
    caches.on_config(config)  # the lab's executed notebooks kept in the project's folder
    footer.on_config(config)  # names the attn version that computed every number
    built(config).assets.on_config(config)  # one CSS, one JS, named by content, linked
    built(config).figures.on_config(config)  # the figure's extension, on each page's tree
    return config


def on_pre_build(config: MkDocsConfig) -> None:
    if not built(config).caches_checked:  # an entry cut short (a build killed) removed first
        caches.on_pre_build(config)


@event_priority(-50)  # after mkdocs-jupyter's own on_files made the notebook pages
def on_files(files: Files, config: MkDocsConfig) -> Files:
    build = built(config)
    # originals.zip a file of the site, so pages may link it (coursesite.site made it once)
    build.archive = build.archive or archive.site_archive(config, build.sources)
    files.append(File.generated(config, archive.ARCHIVE, content=build.archive))
    build.assets.on_files(files, config)  # published instead of the files they came from
    return notebooks.on_files(files, config)  # a .ipynb beside each notebook page


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    # The figure and explorable the page asks for (front matter), told to their extension.
    built(config).figures.note_page(page, config)
    # Glossary, attn reference and lessons, in the build's language, filled once a source.
    return generated.on_page_markdown(markdown, page, config, built(config).sources)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    html = notebooks.on_page_content(html, page, config, files)  # its $...$ marked, first
    html = mathml.on_page_content(html, page, config, files)  # MathML, no math JavaScript
    return built(config).agents.on_page_content(html, page, config, files)  # twin's links


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    templates.on_env(env, config, files)  # the theme's templates compiled once and kept
    return words.on_env(env, config, files)  # the build's language's words for the scripts


def on_template_context(
    context: TemplateContext, template_name: str, config: MkDocsConfig
) -> TemplateContext:
    languages.on_template_context(context, template_name, config)  # sitemap: every language
    return words.on_template_context(context, template_name, config)  # 404: every language


def on_page_context(
    context: TemplateContext, page: Page, config: MkDocsConfig, nav: Any
) -> TemplateContext:
    return languages.on_page_context(context, page, config, nav)  # the page's other languages


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    build = built(config)  # the twin and its full-text view, once title and meta are final
    return build.agents.on_post_page(output, page, config, build.sources)


def on_post_build(config: MkDocsConfig) -> None:
    built(config).agents.on_post_build(config)  # llms.txt and llms-full.txt, every page listed
