"""The map: every MkDocs event the site handles, in the order MkDocs runs them, with the part
that handles it, its priority and why it runs there.

MkDocs runs an event's handlers from the highest priority to the lowest, in the order they were
registered among equals; plugins (mkdocs-jupyter, listed in ``mkdocs.yml``) register before
the hooks. ``hooks/events.py`` registers ``hook_functions()``, built from this table alone, and
``tests/test_build_map.py`` checks what MkDocs registered against it.

Each language is a build of its own (``coursesite.site``), so every step below runs once per
language, in that language; what speaks for the whole site is written after every language's
build (``coursesite.site.write_whole_site``). The events of a build, in the order MkDocs 1.6
runs them (``EVENTS``): startup; config, pre_build, files, nav; for each page pre_page,
page_markdown, page_content; env; template_context and post_template for each static template
(404.html, the sitemap); for each page page_context, post_page; post_build, or build_error when
the build fails; then serve, once, when ``mkdocs serve`` starts its server.

>>> [step.event for step in MAP][:4]
['config', 'config', 'pre_build', 'files']
>>> hooks = hook_functions(SiteBuild())
>>> sorted(hooks)[:3]
['on_config', 'on_env', 'on_files']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mkdocs.plugins import CombinedEvent, event_priority

from coursesite.context import SiteBuild

#: MkDocs' events in the order a build runs them (the per-page ones page by page).
EVENTS = (
    "startup",
    "config",
    "pre_build",
    "files",
    "nav",
    "pre_page",
    "page_markdown",
    "page_content",
    "env",
    "template_context",
    "post_template",
    "page_context",
    "post_page",
    "post_build",
    "build_error",
    "serve",
)


@dataclass(frozen=True)
class Step:
    """One handler of one event: ``part.method`` of the build context, at ``priority``."""

    event: str
    part: str
    method: str
    priority: int
    why: str

    @property
    def name(self) -> str:
        """Return ``part.method``, as the map names the step."""
        return f"{self.part}.{self.method}"


MAP: tuple[Step, ...] = (
    Step("config", "footer", "on_config", 0,
         "the footer names the attn version that computed every number, in the build's language"),
    Step("config", "assets", "on_config", 0,
         "the site's stylesheets and scripts each joined into one minified file, and these, the "
         "icon and the math font named by their content, in the configuration the templates "
         "link them from: fewer bytes, and browsers may keep them"),
    Step("pre_build", "agents", "on_pre_build", 0,
         "the agents' listing names the build's language before any page is listed"),
    Step("files", "archive", "on_files", 0,
         "originals.zip is a file of the site, so that pages may link it"),
    Step("files", "assets", "on_files", 0,
         "those files published instead of the ones they were made from"),
    Step("files", "notebooks", "on_files", -50,
         "a .ipynb beside each notebook page, once mkdocs-jupyter's own step made the pages"),
    Step("nav", "agents", "on_nav", 0,
         "llms.txt lists pages in the order of the navigation, which only this event gives"),
    Step("page_markdown", "generated", "on_page_markdown", 0,
         "generated parts (glossary, attn reference, lessons) filled in the build's language"),
    Step("page_markdown", "agents", "on_page_markdown", 0,
         "the raw twin: the source's own bytes, generated parts filled by the same function"),
    Step("page_content", "notebooks", "on_page_content", 10,
         "a notebook's HTML as mkdocs-jupyter renders it, trimmed and made like a page's: "
         "its $...$ marked before the formulas' step reads them"),
    Step("page_content", "formulas", "on_page_content", 0,
         "every formula becomes MathML at build time, so that no page loads math JavaScript "
         "(the lab's too: after the notebooks' step)"),
    Step("page_content", "agents", "on_page_content", 0,
         "the page's full-text view and raw twin linked under its title"),
    Step("page_content", "figure", "on_page_content", 0,
         "the figure a page asks for in its front matter (R36's states), under each state's "
         "heading, and the explorable's states (computed by attn) as a JSON island: in the "
         "page's own HTML, where its headings and captions are"),
    Step("env", "templates", "on_env", 0,
         "the theme's templates compiled once and kept: each language's build would compile "
         "them again"),
    Step("env", "words", "on_env", 0,
         "the templates get the words of the build's language, for the page's scripts"),
    Step("template_context", "languages", "on_template_context", 0,
         "the sitemap gets each page's address in every language"),
    Step("template_context", "words", "on_template_context", 0,
         "the 404 page speaks every language, its own first, and links each one's 404 page"),
    Step("page_context", "languages", "on_page_context", 0,
         "the language selector gets the page in every language"),
    Step("post_page", "agents", "on_post_page", 0,
         "the twin and its full-text view written beside the page: its title (its toc) and its "
         "meta are final once it is rendered"),
    Step("post_build", "agents", "on_post_build", 0,
         "the language's llms.txt and llms-full.txt, once every page of it is listed"),
)  # fmt: skip


def handler(step: Step, site: SiteBuild) -> Callable[..., Any]:
    """Return the function MkDocs registers for ``step``: the part's method, at its priority,
    carrying its step (``tests/test_build_map.py`` finds it by it)."""
    method: Callable[..., Any] = getattr(getattr(site, step.part), step.method)

    def run(*args: Any, **kwargs: Any) -> Any:
        return method(*args, **kwargs)

    run.__name__ = run.__qualname__ = f"{step.part}_{step.method}"
    run.__doc__ = method.__doc__
    run.step = step  # type: ignore[attr-defined]
    return event_priority(step.priority)(run)


def hook_functions(
    site: SiteBuild, without: frozenset[str] = frozenset()
) -> dict[str, Callable[..., Any] | CombinedEvent[..., Any]]:
    """Return ``on_<event>`` for every event of the map, as a hook module defines them; the
    parts named in ``without`` are left out (a benchmark's variant of the site).

    >>> parts = frozenset({"formulas", "notebooks", "agents", "figure"})
    >>> "on_page_content" in hook_functions(SiteBuild(), without=parts)
    False
    """
    by_event: dict[str, list[Callable[..., Any]]] = {}
    for step in MAP:
        if step.part not in without:
            by_event.setdefault(step.event, []).append(handler(step, site))
    return {
        f"on_{event}": handlers[0] if len(handlers) == 1 else CombinedEvent(*handlers)
        for event, handlers in by_event.items()
    }
