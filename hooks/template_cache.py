"""MkDocs hook: the theme's compiled templates are kept in ``.cache/templates`` between builds.

MkDocs makes a new Jinja environment for each build (and i18n one for each language), so every
build compiles the theme's templates again: about 0.3 s of a warm build. Jinja's own bytecode
cache keys each template on its name and source, so an edited template is compiled afresh.
"""

from __future__ import annotations

from typing import Any

from cache_folders import cache_folder
from jinja2 import FileSystemBytecodeCache


def on_env(env: Any, config: Any, files: Any) -> Any:
    """Give the build's Jinja environment a bytecode cache on disk."""
    folder = cache_folder(config, "templates")
    folder.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = FileSystemBytecodeCache(str(folder))
    return env
