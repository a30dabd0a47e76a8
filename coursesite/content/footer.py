"""The footer names the attn version that computed every number on the site, and links the
repository the site is built from when the build knows it (``REPO_URL``, as ``extra.repository``
in ``mkdocs.yml``): a plain link, not the theme's ``repo_url``, whose widget asks another host's
API from every page."""

from __future__ import annotations

import html

from mkdocs.config.defaults import MkDocsConfig

import attn
from coursesite.words import words_in


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Put ``attn``'s version (and the licence) in the footer of every page, in the language
    being built."""
    words = words_in(config)("footer")
    footer = f"attn {attn.__version__} · {words['licence']}"
    repository = config.extra.get("repository")
    if repository:
        footer += f' · <a href="{html.escape(str(repository))}">{words["source"]}</a>'
    config["copyright"] = footer
    return config
