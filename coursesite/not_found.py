"""The 404 pages: the default language's at the site's root, each other language's in its own
folder (``en/404.html``).

A static host answers a missing address with a ``404.html``: GitHub Pages and Netlify with the
root one, Cloudflare Pages (the course's host) with the nearest one up the folder tree. MkDocs
renders the theme's ``404.html`` in every build, at the site's root, and i18n builds each
further language with MkDocs' whole build into the same folder: left alone, the last language's
404 page would replace the default language's, and would show the hreflang alternates of the
last page rendered before it (``coursesite.i18n.show_alternates`` says why). So each build's
404 page names the 404 pages as its alternates, and a further language's goes to its folder.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.utils.templates import TemplateContext

from coursesite.i18n import (
    alternates_to,
    build_locale,
    default_locale,
    language_folder,
    show_alternates,
    site_languages,
)
from coursesite.words import Words

#: The theme's error page, as MkDocs names the static template and the file it writes.
NOT_FOUND = "404.html"


def on_template_context(
    context: TemplateContext, template_name: str, config: MkDocsConfig
) -> TemplateContext:
    """Give the 404 page the 404 pages as its language alternates, and the words of every
    language, its own first, with each language's folder."""
    if template_name == NOT_FOUND:
        show_alternates(config, alternates_to(config, NOT_FOUND))
        own, default = build_locale(config), default_locale(config)
        context["not_found_words"] = [  # type: ignore[typeddict-unknown-key]
            (locale, language_folder(locale, default), Words(locale, "not_found"))
            for locale in sorted(site_languages(config), key=lambda locale: locale != own)
        ]
    return context


def on_post_template(output: str, template_name: str, config: MkDocsConfig) -> str:
    """Write a further language's 404 page into its folder, and nothing at the root; the
    default language's stays where MkDocs writes it (``tests/test_not_found.py``).

    >>> from types import SimpleNamespace as NS
    >>> config = NS(plugins={}, theme={"language": "zh"}, extra=NS())
    >>> on_post_template("<html lang=zh>", NOT_FOUND, config), on_post_template("<u>", "s.xml", config)
    ('<html lang=zh>', '<u>')
    """
    if template_name != NOT_FOUND:
        return output
    # The pages rendered next get their alternates from i18n, or none if it gives them none.
    show_alternates(config, None)
    folder = language_folder(build_locale(config), default_locale(config))
    if not folder:
        return output
    target = Path(config.site_dir) / folder / NOT_FOUND
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(output.encode("utf-8"))  # as MkDocs writes a template's output
    # MkDocs writes no file for an empty output ("Template skipped"): the root keeps the
    # default language's 404 page.
    return ""
