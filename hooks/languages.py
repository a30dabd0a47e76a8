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
