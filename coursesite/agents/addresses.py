"""The site's one canonical address, when it has one (``SITE_URL``).

MkDocs takes ``site_url`` from ``mkdocs.yml``, which reads it from the environment; with it,
the theme writes a canonical link on every page, the sitemap writes absolute ``<loc>``s and
``llms.txt`` absolute links. What the theme and i18n leave relative is made absolute here:
each page's hreflang alternates (a crawler's hreflang check needs absolute URLs), plus an
``x-default`` alternate, the default language's page. Without ``SITE_URL`` (a local
preview) the pages keep their relative alternates.

>>> page = '<head><link rel="alternate" href="en/R36.html" hreflang="en"><link rel="alternate" href="R36.html" hreflang="zh"></head>'
>>> print(absolute_alternates(page, "https://host/course/R36.html", "zh"))  # doctest: +NORMALIZE_WHITESPACE
<head><link rel="alternate" href="https://host/course/en/R36.html" hreflang="en"><link
rel="alternate" href="https://host/course/R36.html" hreflang="zh"><link rel="alternate"
href="https://host/course/R36.html" hreflang="x-default"></head>
"""

from __future__ import annotations

import html
import re
from urllib.parse import urljoin

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from coursesite.i18n import default_locale, sitemap_urls

#: The static template that lists the site's pages (``overrides/sitemap.xml``).
SITEMAP = "sitemap.xml"

#: The theme's language alternates (a Markdown twin's alternate has a type, and no hreflang).
HREFLANG = re.compile(r'<link rel="alternate" href="(?P<href>[^"]*)" hreflang="(?P<lang>[^"]+)">')


def absolute_alternates(page_html: str, page_url: str, default: str) -> str:
    """Return the page with each hreflang alternate absolute (against ``page_url``) and an
    ``x-default`` alternate after them, the ``default`` language's; unchanged without any."""
    found: dict[str, str] = {}

    def absolute(match: re.Match[str]) -> str:
        url = urljoin(page_url, html.unescape(match["href"]))
        found[match["lang"]] = url
        return f'<link rel="alternate" href="{html.escape(url)}" hreflang="{match["lang"]}">'

    head, separator, body = page_html.partition("</head>")
    head = HREFLANG.sub(absolute, head)
    if default in found and "x-default" not in found:
        x_default = (
            f'<link rel="alternate" href="{html.escape(found[default])}" hreflang="x-default">'
        )
        head += x_default
    return head + separator + body


def on_template_context(
    context: TemplateContext, template_name: str, config: MkDocsConfig
) -> TemplateContext:
    """Give the sitemap's template its URLs, each with its alternates and an x-default."""
    if template_name == SITEMAP:
        context["sitemap_urls"] = sitemap_urls(context, config)  # type: ignore[typeddict-unknown-key]
    return context


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """With a canonical address, make the page's language alternates absolute."""
    if not page.canonical_url:
        return output
    return absolute_alternates(output, page.canonical_url, default_locale(config))
