"""The map: every MkDocs event the site handles, in the order MkDocs runs them, with the part
that handles it, its priority and why it runs there.

MkDocs runs an event's handlers from the highest priority to the lowest, in the order they were
registered among equals; plugins (``mkdocs-static-i18n``, listed in ``mkdocs.yml``) register
before the hooks. ``i18n`` says where a step must run relative to i18n's own handler of the
same event. ``hooks/events.py`` registers ``hook_functions()``, built from this table alone,
and ``tests/test_build_map.py`` checks what MkDocs registered against it.

The events of a build, in the order MkDocs 1.6 runs them (``EVENTS``, from
``mkdocs/commands/build.py``): startup; config, pre_build, files, nav; for each page pre_page,
page_markdown, page_content; env; template_context and post_template for each static template
(404.html, the sitemap); for each page page_context, post_page; post_build, or build_error when
the build fails; then serve, once, when ``mkdocs serve`` starts its server.
i18n builds each further language inside its ``on_post_build`` (priority -100), from config to
post_build: a step at a priority above -100 runs before the other languages are built, one below after.

>>> [step.event for step in MAP][:3]
['startup', 'config', 'config']
>>> hooks = hook_functions(SiteBuild())
>>> sorted(hooks)[:3]
['on_build_error', 'on_config', 'on_env']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from mkdocs.plugins import CombinedEvent

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
    i18n: Literal["before", "after"] | None = None

    @property
    def name(self) -> str:
        """Return ``part.method``, as the map names the step."""
        return f"{self.part}.{self.method}"


MAP: tuple[Step, ...] = (
    Step("startup", "headers", "on_startup", 0,
         "the preview server of `mkdocs serve` sends .md and .py in UTF-8, as the host does"),
    Step("config", "languages", "on_config", 0,
         "check the i18n release whose internals the build reads; keep it for build_error"),
    Step("config", "dates", "on_config", 0,
         "date the build from its commit (SOURCE_DATE_EPOCH) before anything is dated"),
    Step("config", "footer", "on_config", -150,
         "the footer names the attn version that computed every number, in the language "
         "i18n has set for this build", i18n="after"),
    Step("config", "lab", "on_config", -150,
         "start every notebook's kernel at once, in its language, as the whole build begins",
         i18n="after"),
    Step("pre_build", "agents", "on_pre_build", 0,
         "start the agents' listing afresh for a whole-site build; note each language"),
    Step("files", "archive", "on_files", -200,
         "originals.zip is a file of the site, so pages may link it; after i18n re-creates "
         "every file", i18n="after"),
    Step("files", "lab", "on_files", -200,
         "notebooks become pages again where i18n put them, their .py and .ipynb beside",
         i18n="after"),
    Step("nav", "agents", "on_nav", -200,
         "llms.txt lists pages in the order of each language's navigation, which i18n makes",
         i18n="after"),
    Step("pre_page", "lab", "on_pre_page", 0,
         "a notebook page is rendered from its run (waits for its kernel)"),
    Step("page_markdown", "generated", "on_page_markdown", 0,
         "generated parts (glossary, attn reference) filled in the page's language, on the "
         "Markdown i18n's own step handed on", i18n="after"),
    Step("page_markdown", "agents", "on_page_markdown", 0,
         "the raw twin: the source's own bytes, generated parts filled by the same function"),
    Step("page_content", "lab", "on_page_content", 10,
         "a notebook's HTML checked and made like a page's, its $...$ marked for MathML"),
    Step("page_content", "formulas", "on_page_content", 0,
         "every formula becomes MathML (the lab's too: after the lab's step)"),
    Step("env", "cache", "on_env", 0,
         "the theme's templates compiled once, kept in the cache: 0.35 s of CPU a build"),
    Step("env", "words", "on_env", 0,
         "the templates get the words of the language being built, for the page's scripts"),
    Step("template_context", "addresses", "on_template_context", 0,
         "the sitemap's template gets its URLs with their alternates and an x-default, from "
         "what i18n's own step gave it", i18n="after"),
    Step("template_context", "not_found", "on_template_context", 0,
         "the 404 page's alternates are the 404 pages: else the theme shows the last page's, "
         "which i18n leaves on the config"),
    Step("post_template", "not_found", "on_post_template", 0,
         "a further language's 404 page goes to its folder (en/404.html): i18n builds it into "
         "the same site, where it would replace the default language's at the root"),
    Step("post_page", "figure", "on_post_page", 0,
         "the figure a page asks for in its front matter (R36's states), under each state's heading, in the page's language; "
         "the explorable's states (computed by attn) as a JSON island after its caption paragraph"),
    Step("post_page", "agents", "on_post_page", 0,
         "the twin and its full-text view written beside the page, linked from it"),
    Step("post_page", "addresses", "on_post_page", 0,
         "with SITE_URL, hreflang alternates absolute and an x-default (crawlers need both)"),
    Step("post_build", "agents", "on_post_build", -200,
         "llms.txt, llms-full.txt and the sitemap copies, once the whole site is built",
         i18n="after"),
    Step("post_build", "headers", "on_post_build", -200,
         "_headers: each raw suffix's content type, and each page's Link to its twin and "
         "llms.txt, once every language's pages and llms.txt are there", i18n="after"),
    Step("post_build", "lab", "on_post_build", -200,
         "drop the cache entries the whole site did not use", i18n="after"),
    Step("post_build", "search", "on_post_build", -200,
         "one Pagefind run indexes every language's pages, once all are built", i18n="after"),
    Step("build_error", "languages", "on_build_error", 0,
         "a failed nested build leaves i18n's flag set and MkDocs' site cleaning off: undo "
         "both for the next build"),
    Step("build_error", "lab", "on_build_error", 0, "no kernel outlives a failed build"),
    Step("serve", "headers", "on_serve", 0,
         "the preview sends the host's security headers, its live-reload script allowed"),
)  # fmt: skip


def handler(step: Step, site: SiteBuild) -> Callable[..., Any]:
    """Return the function MkDocs registers for ``step``: the part's method, at its priority,
    carrying its step (``tests/test_build_map.py`` finds it by it)."""
    method: Callable[..., Any] = getattr(getattr(site, step.part), step.method)

    def run(*args: Any, **kwargs: Any) -> Any:
        return method(*args, **kwargs)

    run.__name__ = run.__qualname__ = f"{step.part}_{step.method}"
    run.__doc__ = method.__doc__
    run.mkdocs_priority = step.priority  # type: ignore[attr-defined]
    run.step = step  # type: ignore[attr-defined]
    return run


def hook_functions(
    site: SiteBuild, without: frozenset[str] = frozenset()
) -> dict[str, Callable[..., Any] | CombinedEvent[..., Any]]:
    """Return ``on_<event>`` for every event of the map, as a hook module defines them; the
    parts named in ``without`` are left out (a benchmark's variant of the site).

    >>> "on_page_content" in hook_functions(SiteBuild(), without=frozenset({"formulas", "lab"}))
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
