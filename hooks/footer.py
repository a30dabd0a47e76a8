"""MkDocs hook: the footer names the attn version that computed every number on the site."""

from __future__ import annotations

from typing import Any

import attn


def on_config(config: Any) -> Any:
    """Put ``attn``'s version (and the licence) in the footer of every page."""
    config["copyright"] = f"attn {attn.__version__} · code MIT"
    return config
