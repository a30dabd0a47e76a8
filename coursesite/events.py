"""The map: every MkDocs event the site handles, in the order MkDocs 1.6 runs them, with the
part that handles it and why it runs there. ``hooks/events.py`` registers ``hooks()``.

MkDocs runs an event's handlers from the highest priority to the lowest (``event_priority``,
beside the handler that needs one; 0 otherwise), in the order they are listed among equals;
plugins (mkdocs-jupyter, in ``mkdocs.yml``) register before the hooks. Each language is a build
of its own (``coursesite.site``), so every step runs once per language, in that language; what
speaks for the whole site is written once every language is built (``write_whole_site``).

>>> sorted(hooks())[:3]
['on_config', 'on_env', 'on_files']
"""

from __future__ import annotations

from typing import Any

from mkdocs.plugins import CombinedEvent

from coursesite import caches, figure, languages, notebooks, templates, words
from coursesite.agents import archive
from coursesite.agents.twins import Agents
from coursesite.assets import Assets
from coursesite.content import footer, generated
from coursesite.formulas import mathml


def hooks() -> dict[str, Any]:
    """Return the ``on_<event>`` handlers, as a hook module defines them (MkDocs registers a
    ``CombinedEvent`` of a hook module as it does a plugin's). One module may serve several
    builds of a process (each rebuild of ``mkdocs serve``): a part that keeps anything between
    events starts it afresh at the build's first event it handles."""
    agents, assets, figures = Agents(), Assets(), figure.Figures()
    return {
        # The site's languages checked before anything reads them; the footer names the attn
        # version that computed every number, in the build's language; the site's stylesheets
        # and scripts each joined into one minified file, and these, the icon and the math
        # font named by their content, in the configuration the templates link them from; the
        # figure's Markdown extension added to the page's (it works on the page's tree).
        "on_config": CombinedEvent(
            languages.on_config, footer.on_config, assets.on_config, figures.on_config
        ),
        # What earlier builds kept (executed notebooks, compiled templates) and was cut short
        # (a build killed, a full disk) removed before it is read, to be made again; the
        # agents' listing names the build's language before any page is listed.
        "on_pre_build": CombinedEvent(caches.on_pre_build, agents.on_pre_build),
        # originals.zip is a file of the site, so that pages may link it; the assets published
        # instead of the files they were made from; a .ipynb beside each notebook page (late:
        # once mkdocs-jupyter's own step made the pages).
        "on_files": CombinedEvent(archive.on_files, assets.on_files, notebooks.on_files),
        # llms.txt lists pages in the order of the navigation, which only this event gives.
        "on_nav": agents.on_nav,
        # Generated parts (glossary, attn reference, lessons) filled in the build's language;
        # the raw twin: the source's own bytes, its generated parts filled by the same function;
        # the figure and explorable the page asks for in its front matter, told to the figure's
        # extension, which adds them to the page's tree as Markdown renders it (after
        # attr_list has given the state headings and captions their ids and classes).
        "on_page_markdown": CombinedEvent(
            generated.on_page_markdown, agents.on_page_markdown, figures.on_page_markdown
        ),
        # A notebook's HTML trimmed and made like a page's, its $...$ marked (early: before the
        # formulas' step); every formula as MathML at build time, no math JavaScript; the
        # full-text view and raw twin linked under the title.
        "on_page_content": CombinedEvent(
            notebooks.on_page_content, mathml.on_page_content, agents.on_page_content
        ),
        # The theme's templates compiled once and kept; the words of the build's language for
        # the page's scripts.
        "on_env": CombinedEvent(templates.on_env, words.on_env),
        # The sitemap gets each page's address in every language; the 404 page speaks every
        # language, its own first, and links each one's 404 page.
        "on_template_context": CombinedEvent(
            languages.on_template_context, words.on_template_context
        ),
        # The language selector gets the page in every language.
        "on_page_context": languages.on_page_context,
        # The twin and its full-text view written beside the page, once its title and meta
        # are final.
        "on_post_page": agents.on_post_page,
        # The language's llms.txt and llms-full.txt, once every page of it is listed.
        "on_post_build": agents.on_post_build,
    }
