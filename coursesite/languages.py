"""The site's languages: each is a plain MkDocs build of its own, the first at the site's root,
each other in its folder (``mkdocs.yml``'s ``extra.languages``; ``mkdocs.en.yml`` builds the
English pages into ``en/``). A build knows its own language from its configuration
(``theme.language``) and links each page's twin in every other language at the same path.

>>> from types import SimpleNamespace as NS
>>> config = NS(theme={"language": "en"}, site_url=None, extra={"languages": [
...     {"lang": "zh", "name": "中文", "folder": ""}, {"lang": "en", "name": "English", "folder": "en/"}]})
>>> language(config), folder(config)
('en', 'en/')
>>> [(alt.lang, alt.href) for alt in alternates(config, "lab/LAB-02/")] == [
...     ("zh", "../" * 3 + "lab/LAB-02/"), ("en", "./")]
True
>>> [alt.href for alt in alternates(config, "")]  # the home page
['../', './']
"""

from __future__ import annotations

import posixpath
from typing import Any, NamedTuple

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import ConfigurationError
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext


class Alternate(NamedTuple):
    """One language's version of a page: its locale, the language's name, and its address
    (relative to the page; absolute with a ``site_url``)."""

    lang: str
    name: str
    href: str


def languages(config: MkDocsConfig | Any) -> list[dict[str, str]]:
    """Return the site's languages, the one at the root first (``extra.languages``)."""
    return list(config.extra["languages"])


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Stop a build whose ``extra.languages`` does not name, for each language, its ``lang``,
    ``name`` and ``folder``, or lacks the language it builds (``theme.language``).

    >>> from types import SimpleNamespace as NS
    >>> chinese = {"lang": "zh", "name": "中文", "folder": ""}
    >>> on_config(NS(theme={"language": "en"}, extra={"languages": [chinese]}))
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.ConfigurationError: extra.languages does not list 'en', the language theme.language builds
    >>> on_config(NS(theme={"language": "zh"}, extra={"languages": [{"lang": "zh", "folder": ""}]}))
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.ConfigurationError: extra.languages: each language needs its lang, name and folder
    """
    # A clear error for an author's slip, before a KeyError deep in a later step.
    if any(not {"lang", "name", "folder"} <= set(entry) for entry in languages(config)):
        raise ConfigurationError("extra.languages: each language needs its lang, name and folder")
    folder(config)
    return config


def language(config: MkDocsConfig | Any) -> str:
    """Return the language this build makes."""
    return str(config.theme["language"])


def folder(config: MkDocsConfig | Any) -> str:
    """Return the folder of this build's language from the site's root."""
    for entry in languages(config):
        if entry["lang"] == language(config):
            return entry["folder"]
    raise ConfigurationError(
        f"extra.languages does not list {language(config)!r}, the language theme.language builds"
    )


def site_root(config: MkDocsConfig | Any) -> str | None:
    """Return the whole site's address (``SITE_URL``), or None for a local preview.

    >>> from types import SimpleNamespace as NS
    >>> site_root(NS(site_url="https://host/course/en/", theme={"language": "en"},
    ...              extra={"languages": [{"lang": "en", "folder": "en/"}]}))
    'https://host/course/'
    """
    url = config.site_url
    return url.removesuffix(folder(config)) if url else None


def alternates(config: MkDocsConfig | Any, url: str) -> list[Alternate]:
    """Return the page at ``url`` (from this build's root) in every language, the root's
    language first, each relative to the page; with a ``site_url``, absolute, and an
    ``x-default`` (the first) after them.

    >>> from types import SimpleNamespace as NS
    >>> config = NS(theme={"language": "zh"}, site_url="https://host/", extra={"languages": [
    ...     {"lang": "zh", "name": "中文", "folder": ""}, {"lang": "en", "name": "English", "folder": "en/"}]})
    >>> [alt.href for alt in alternates(config, "R36/")]
    ['https://host/R36/', 'https://host/en/R36/', 'https://host/R36/']
    """
    root, here = site_root(config), folder(config)
    # Relative to the page's own folder (a directory URL), not through the theme's `url` filter,
    # which cannot climb above this build's root to another language's pages.
    start = (here + url).rstrip("/") or "."
    found = []
    for entry in languages(config):
        path = entry["folder"] + url
        href = root + path if root else posixpath.relpath(path or ".", start) + "/"
        found.append(Alternate(entry["lang"], entry["name"], href))
    if root:
        found.append(found[0]._replace(lang="x-default"))
    return found


def on_template_context(
    context: TemplateContext, template_name: str, config: MkDocsConfig
) -> TemplateContext:
    """Give the sitemap each page's address in every language."""
    if template_name == "sitemap.xml":
        context["alternates_of"] = lambda url: alternates(config, url)  # type: ignore[typeddict-unknown-key]
    return context


def on_page_context(
    context: TemplateContext, page: Page, config: MkDocsConfig, nav: Any
) -> TemplateContext:
    """Give the page's template the page in every language, which the top of its article
    links (not the head: Material would fetch a sitemap beside each alternate there)."""
    context["alternates"] = alternates(config, page.url)  # type: ignore[typeddict-unknown-key]
    return context
