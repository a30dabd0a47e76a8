"""Which language is being built, and which language a page is in (mkdocs-static-i18n)."""

from __future__ import annotations

from typing import Any

I18N_PLUGIN = "i18n"


def build_locale(config: Any) -> str:
    """Return the language being built: i18n builds each language in turn, nested.

    >>> from types import SimpleNamespace as NS
    >>> build_locale(NS(plugins={}, theme={"language": "zh"}))
    'zh'
    """
    i18n = config.plugins.get(I18N_PLUGIN)
    if i18n is not None:
        return str(i18n.current_language)
    return str(config.theme.get("language") or "en")


def page_locale(page: Any, config: Any) -> str:
    """Return a page's language: i18n marks each file with its locale.

    >>> from types import SimpleNamespace as NS
    >>> page_locale(NS(file=NS(locale="en")), None)
    'en'
    """
    return getattr(page.file, "locale", None) or build_locale(config)


def outer_build(config: Any) -> bool:
    """Whether the build under way is the outer one: i18n builds the other languages inside
    its ``on_post_build``, and marks that time with its ``building`` flag. In the outer build's
    ``on_post_build``, before i18n's the first language is built, after it the whole site.

    >>> from types import SimpleNamespace as NS
    >>> outer_build(NS(plugins={I18N_PLUGIN: NS(building=True)}))
    False
    >>> outer_build(NS(plugins={}))
    True
    """
    i18n = config.plugins.get(I18N_PLUGIN)
    return i18n is None or not i18n.building
