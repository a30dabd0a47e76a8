"""Where the build keeps what it may reuse: ``.cache/`` beside ``mkdocs.yml``, or ``SITE_CACHE_DIR``.

A cache only saves time: a build with an empty one gives the same site, byte for byte
(``tests/test_reproducible.py`` builds with a cache of its own to show it).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

VARIABLE = "SITE_CACHE_DIR"


def cache_folder(config: Any, name: str) -> Path:
    """Return the cache folder ``name`` of the build configured by ``config``."""
    root = os.environ.get(VARIABLE) or Path(config.config_file_path).parent / ".cache"
    return Path(root) / name
