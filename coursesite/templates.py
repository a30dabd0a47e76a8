"""The theme's templates compiled once and kept: Jinja's own bytecode cache on disk, given to the
build's Jinja environment at MkDocs' ``on_env``. Compiling Material's templates is a large part
of a warm build, paid again by each language's build (benchmarks/NOTES.md has the measure);
Jinja checks each compiled template against its source, so an edited one is compiled again;
one cut short (a build killed, a full disk) is removed before the build (``caches.py``).

>>> from jinja2 import DictLoader, Environment
>>> from types import SimpleNamespace as NS
>>> import tempfile
>>> env = on_env(Environment(loader=DictLoader({"t.html": "{{ 1 + 1 }}"})),
...              NS(config_file_path=f"{tempfile.mkdtemp()}/mkdocs.yml"), None)
>>> env.get_template("t.html").render(), len(list(Path(env.bytecode_cache.directory).iterdir()))
('2', 1)
"""

from __future__ import annotations

from importlib import metadata
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemBytecodeCache
from mkdocs.config.defaults import MkDocsConfig


class CompiledTemplates(FileSystemBytecodeCache):
    """One file per template's name (Jinja's own key adds the file's absolute path: each
    checkout and each copy of the project would add files of its own and never remove them)."""

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return str(super().get_cache_key(name))


def on_env(env: Environment, config: MkDocsConfig | Any, files: Any) -> Environment:
    """Give the build's Jinja environment the templates earlier builds compiled, kept in the
    project's ``.cache/`` (``compiled_folder``)."""
    folder = compiled_folder(config)
    folder.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = CompiledTemplates(str(folder))
    return env


def compiled_folder(config: MkDocsConfig | Any) -> Path:
    """Return where the templates compiled for ``config``'s project are kept: its ``.cache/``,
    by Jinja's version (its bytecode's check does not cover it)."""
    return Path(config.config_file_path).parent / ".cache" / f"jinja2-{metadata.version('jinja2')}"
