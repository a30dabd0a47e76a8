"""mkdocs-static-i18n, as the build sees it: the one module that reads the plugin's own state.

i18n builds the default language as MkDocs' build, then each other language *inside* that
build's ``on_post_build``, with MkDocs' whole ``build()`` again, and marks that time with its
``building`` flag. So every event of the build runs once per language, and a part that writes
something for the whole site does it in the outer build (``outer_build``): before i18n's
``on_post_build`` only the first language is built, after it the whole site.

The attributes read here (``building``, ``current_language``, ``default_language``,
``build_languages``, ``i18n_files_per_language``, the facts i18n writes on each file and the
``alternates`` of its pages, the page's alternates it leaves on ``config.extra``, the
``i18n_alternates`` it gives its sitemap's template, and what it patches for its nested builds)
are the plugin's internals, not its documented interface; no other module or template names
them: ``check_version`` stops the build on any release other than the one this module was
written for, and ``pyproject.toml`` pins it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Any, Protocol, TypedDict, cast

from mkdocs import utils
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext
from mkdocs_static_i18n.utils import I18nLoggingFilter

from coursesite.releases import require

PLUGIN = "i18n"
DISTRIBUTION = "mkdocs-static-i18n"
#: The release whose internals this module reads.
VERIFIED = "1.3.1"
#: What i18n writes on each file and reads again on its pages.
FILE_FACTS = ("locale", "locale_alternate_of", "localization", "norm_src_uri")
#: The logger whose "Documentation built in" lines i18n hides during its nested builds.
BUILD_LOGGER = "mkdocs.commands.build"


class I18nPlugin(Protocol):
    """What the build reads (and, after a failed build, resets) of the plugin's state."""

    building: bool
    current_language: str
    default_language: str
    build_languages: list[str]


def check_version(installed: str | None = None) -> None:
    """Stop the build unless the installed i18n is the release this module reads.

    >>> check_version("1.3.1")
    >>> check_version("1.4.0")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: coursesite.i18n reads the building flag, current_language, the facts on each file and the nested builds' patches of mkdocs-static-i18n 1.3.1, but 1.4.0 is installed: check them against the new release, then change VERIFIED there and the pin in pyproject.toml
    """
    reads = (
        "reads the building flag, current_language, the facts on each file and the nested "
        "builds' patches"
    )
    require(DISTRIBUTION, VERIFIED, __name__, reads, "check them", installed)


def plugin(config: MkDocsConfig) -> I18nPlugin | None:
    """Return the i18n plugin of the build, or None for a site in one language."""
    found = config.plugins.get(PLUGIN)
    return None if found is None else cast(I18nPlugin, found)


def build_locale(config: MkDocsConfig) -> str:
    """Return the language being built: i18n builds each language in turn, nested.

    >>> from types import SimpleNamespace as NS
    >>> build_locale(NS(plugins={}, theme={"language": "zh"}))
    'zh'
    """
    i18n = plugin(config)
    if i18n is not None:
        return i18n.current_language
    return str(config.theme.get("language") or "en")


def default_locale(config: MkDocsConfig) -> str:
    """Return the site's first language (the one at the root of the site)."""
    i18n = plugin(config)
    return i18n.default_language if i18n is not None else build_locale(config)


def page_locale(page: Page, config: MkDocsConfig) -> str:
    """Return a page's language: i18n marks each file with its locale."""
    return file_locale(page.file) or build_locale(config)


def file_locale(file: File) -> str | None:
    """Return the locale i18n wrote on ``file``, if any."""
    locale = getattr(file, "locale", None)
    return str(locale) if locale else None


def outer_build(config: MkDocsConfig) -> bool:
    """Whether the build under way is the outer one (not a language nested in it).

    >>> from types import SimpleNamespace as NS
    >>> outer_build(NS(plugins={PLUGIN: NS(building=True)})), outer_build(NS(plugins={}))
    (False, True)
    """
    i18n = plugin(config)
    return i18n is None or not i18n.building


def site_languages(config: MkDocsConfig) -> list[str]:
    """Return the languages the site is built in (the default one alone without i18n).

    >>> from types import SimpleNamespace as NS
    >>> site_languages(NS(plugins={}, theme={"language": "zh"}))
    ['zh']
    """
    i18n = plugin(config)
    return list(i18n.build_languages) if i18n is not None else [default_locale(config)]


def adopt_page(config: MkDocsConfig, source: File, page: File, alternates: dict[str, File]) -> None:
    """Give ``page``, made after i18n's ``on_files`` from ``source`` (which i18n took for an
    asset), what i18n gives its own pages: ``source``'s facts, its ``alternates`` by locale
    (what Material's language selector reads) and a place in i18n's sitemap."""
    copy_file_facts(source, page)
    if plugin(config) is None:
        return
    setattr(page, "alternates", alternates)  # noqa: B010
    sitemap = sitemap_pages(config, build_locale(config))
    if sitemap is not None:
        sitemap.append(page)


class SitemapUrl(TypedDict):
    """One ``<url>`` of the sitemap: its page's URL, date and hreflang alternates (relative to
    the site's root), an ``x-default`` among them."""

    url: str
    update_date: str | None
    links: list[tuple[str, str]]


def sitemap_urls(context: TemplateContext, config: MkDocsConfig) -> list[SitemapUrl]:
    """Return the sitemap's URLs: the pages i18n lists for its sitemap, in each language, each
    with its alternates and an ``x-default``, the default language's page.

    >>> from types import SimpleNamespace as NS
    >>> zh, en = NS(url="R36.html"), NS(url="en/R36.html")
    >>> zh.page, zh.alternates = NS(is_link=False, update_date="2026-01-01"), {"zh": zh, "en": en}
    >>> config = NS(plugins={PLUGIN: NS(default_language="zh")})
    >>> sitemap_urls({"i18n_alternates": {"zh": [zh]}}, config)  # doctest: +NORMALIZE_WHITESPACE
    [{'url': 'R36.html', 'update_date': '2026-01-01', 'links': [('zh', 'R36.html'),
      ('en', 'en/R36.html'), ('x-default', 'R36.html')]}]
    """
    default = default_locale(config)
    found: dict[str, list[Any]] = cast(dict[str, Any], context).get("i18n_alternates") or {}
    urls: list[SitemapUrl] = []
    for files in found.values():
        for file in files:
            if not file.page or file.page.is_link:
                continue
            others: dict[str, File] = getattr(file, "alternates", None) or {}
            alternates = [(locale, other.url) for locale, other in others.items()]
            if default in others:
                alternates.append(("x-default", others[default].url))
            urls.append(
                SitemapUrl(url=file.url, update_date=file.page.update_date, links=alternates)
            )
    return urls


def sitemap_pages(config: MkDocsConfig, locale: str) -> list[object] | None:
    """Return the list of pages i18n's sitemap lists for ``locale`` (a page i18n made after its
    own ``on_files`` must be added to it), or None."""
    found = getattr(plugin(config), "i18n_files_per_language", {}).get(locale)
    return cast(list[object], found) if isinstance(found, list) else None


def language_folder(locale: str, default: str) -> str:
    """Return the folder i18n builds ``locale``'s pages into, from the site's root: the
    ``default`` language's at the root, each other's in a folder named by its locale
    (``docs_structure`` suffix or folder alike).

    >>> language_folder("zh", "zh"), language_folder("en", "zh")
    ('', 'en/')
    """
    return "" if locale == default else f"{locale}/"


#: ``NAME.LOCALE.SUFFIX``: a source in one language (i18n's suffix structure).
LOCALIZED = re.compile(r"(?P<stem>.+)\.(?P<locale>[^./]+)(?P<suffix>\.[^./]+)")


def split_locale(uri: str, locales: Sequence[str]) -> tuple[str, str | None]:
    """Return a source's path without its language suffix, and the language (None if it names
    none of ``locales``).

    >>> split_locale("lab/LAB-02.en.py", ("zh", "en"))
    ('lab/LAB-02.py', 'en')
    >>> split_locale("R36.seed.md", ("zh", "en"))
    ('R36.seed.md', None)
    """
    found = LOCALIZED.fullmatch(uri)
    if found is None or found["locale"] not in locales:
        return uri, None
    return found["stem"] + found["suffix"], found["locale"]


def in_locale(plain: str, locale: str) -> str:
    """Return the path of the source ``plain`` in ``locale`` (``split_locale``'s inverse).

    >>> in_locale("lab/LAB-02.py", "en")
    'lab/LAB-02.en.py'
    """
    path = PurePosixPath(plain)
    return path.with_suffix(f".{locale}{path.suffix}").as_posix()


def source_locale(uri: str, config: MkDocsConfig) -> str:
    """Return the language of the source at ``uri`` by its name; the default one's without a
    language suffix."""
    return split_locale(uri, site_languages(config))[1] or default_locale(config)


class Alternate(TypedDict, total=False):
    """One entry of the theme's language selector, as i18n writes it."""

    name: str
    link: str
    lang: str


def site_alternates(config: MkDocsConfig) -> list[Alternate]:
    """Return the language selector's entries as i18n made them for the whole build (``name``,
    ``lang``, and a ``link`` to that language's home page): the ``alternate`` item of
    ``extra``, which i18n's ``on_config`` sets again for each language.

    >>> from types import SimpleNamespace as NS
    >>> site_alternates(NS(extra={"alternate": [{"lang": "zh", "link": "/index.html"}]}))
    [{'lang': 'zh', 'link': '/index.html'}]
    """
    return [cast(Alternate, dict(entry)) for entry in config.extra.get("alternate") or []]


def alternates_to(config: MkDocsConfig, name: str) -> list[Alternate]:
    """Return the language selector's entries with each language's ``name`` (a file at the
    root of each language's folder) as its link, from the site's root.

    >>> from types import SimpleNamespace as NS
    >>> config = NS(plugins={}, theme={"language": "zh"},
    ...             extra={"alternate": [{"name": "English", "link": "/en/index.html", "lang": "en"}]})
    >>> alternates_to(config, "404.html")
    [{'name': 'English', 'link': 'en/404.html', 'lang': 'en'}]
    """
    default = default_locale(config)
    return [
        {**entry, "link": language_folder(entry.get("lang", ""), default) + name}
        for entry in site_alternates(config)
    ]


def show_alternates(config: MkDocsConfig, alternates: list[Alternate] | None) -> None:
    """Make the theme show ``alternates`` (its hreflang links and its language selector) on
    what it renders next; with None, i18n's own for the whole build (``site_alternates``).

    i18n's ``on_page_context`` gives each page its alternates as an *attribute* of
    ``config.extra`` (``config.extra.alternate = ...``), beside the item of the same name that its
    ``on_config`` resets; the theme's ``config.extra.alternate`` reads the attribute first. So a
    template rendered outside a page (404.html) would show the alternates of the last page
    rendered before it, in whichever language's build that was.

    >>> from types import SimpleNamespace as NS
    >>> config = NS(extra=NS())
    >>> show_alternates(config, [{"lang": "zh", "link": "404.html"}])
    >>> config.extra.alternate
    [{'lang': 'zh', 'link': '404.html'}]
    >>> show_alternates(config, None)
    >>> hasattr(config.extra, "alternate")
    False
    """
    if alternates is None:
        vars(config.extra).pop("alternate", None)
    else:
        # As i18n's on_page_context sets a page's: the attribute, which the theme reads first.
        setattr(config.extra, "alternate", alternates)  # noqa: B010


def copy_file_facts(source: File, target: File) -> None:
    """Give ``target`` the facts i18n wrote on ``source`` (its language, its alternates)."""
    for name in FILE_FACTS:
        if hasattr(source, name):
            setattr(target, name, getattr(source, name))


class Languages:
    """The build's view of i18n across its nested builds, kept for the one event that gets no
    configuration: a failed build must leave i18n ready for the next one (``mkdocs serve``).
    """

    def __init__(self) -> None:
        self.i18n: I18nPlugin | None = None
        # MkDocs' own, kept as the hooks load, before any build: i18n's nested builds replace it.
        self.clean_directory = utils.clean_directory

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Check the installed i18n and keep it."""
        self.i18n = plugin(config)
        if self.i18n is not None:
            check_version()
        return config

    def on_build_error(self, error: Exception) -> None:
        """Undo what i18n 1.3.1 sets up for its nested builds and undoes only when they all
        succeed (``on_post_build`` has no ``finally``): its ``building`` flag (every later build
        would be taken for a nested one, and skip the other languages), MkDocs' site cleaning,
        which it turns into a no-op (a later build would leave a removed page in the site), and
        its filter of MkDocs' "Documentation built in" lines."""
        if self.i18n is not None:
            self.i18n.building = False
            utils.clean_directory = self.clean_directory
            logger = logging.getLogger(BUILD_LOGGER)
            for found in [f for f in logger.filters if isinstance(f, I18nLoggingFilter)]:
                logger.removeFilter(found)
