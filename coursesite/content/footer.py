"""The footer names the attn version that computed every number on the site."""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig

import attn


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Put ``attn``'s version (and the licence) in the footer of every page."""
    config["copyright"] = f"attn {attn.__version__} · code MIT"
    return config
