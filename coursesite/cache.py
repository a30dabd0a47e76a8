"""What the build keeps between builds: where (``.cache/`` beside ``mkdocs.yml``, or
``SITE_CACHE_DIR``), under which keys, written whole, and read as a miss when unreadable.

A cache only saves time: a build with an empty one gives the same site, byte for byte
(``tests/test_reproducible.py`` builds with a cache of its own to show it). An entry that
cannot be read (cut short, written by another format or version) is a miss: it is removed, the
build says so in one warning line and makes it again. Compiled templates follow Jinja's rules.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> entry = folder / "lab" / "LAB-02.0123.json"
>>> write_atomically(entry, json.dumps({"html": "<p>"}))
>>> read_entry(entry, ("html",))
{'html': '<p>'}
>>> _ = entry.write_text('{"html": "<', encoding="utf-8")  # cut short
>>> read_entry(entry, ("html",)) is None, entry.exists()
(True, False)
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
from collections.abc import Collection, Iterable
from importlib import metadata
from pathlib import Path

from jinja2 import Environment, FileSystemBytecodeCache
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files

VARIABLE = "SITE_CACHE_DIR"
FOLDER = ".cache"


# Not under MkDocs' logger: a strict build fails on any warning MkDocs counts, and a cache
# entry made again is news, not a fault of the site.
def warning_log() -> logging.Logger:
    """Return the logger of the cache's warnings: one line each, on stderr."""
    logger = logging.getLogger(__name__)
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("WARNING -  %(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
    return logger


def cache_folder(config: MkDocsConfig, name: str) -> Path:
    """Return the cache folder ``name`` of the build configured by ``config``."""
    root = os.environ.get(VARIABLE) or Path(config.config_file_path).parent / FOLDER
    return Path(root) / name


def fingerprint(files: Iterable[Path], versions: Iterable[str]) -> str:
    """Return a short hash of the files' bytes and the version strings, in a stable order.

    >>> fingerprint([], ["numpy 2.4.6"]) == fingerprint([], ["numpy 2.4.6"])
    True
    >>> fingerprint([], ["numpy 2.4.6"]) == fingerprint([], ["numpy 2.5.0"])
    False
    """
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for version in versions:
        digest.update(version.encode() + b"\0")
    return digest.hexdigest()[:16]


def package_versions(names: Iterable[str]) -> list[str]:
    """Return each installed package's name and version (``-`` when it is not installed).

    >>> package_versions(["numpy", "no-such-package"])[1]
    'no-such-package -'
    """
    versions = []
    for name in names:
        try:
            versions.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name} -")
    return versions


def write_atomically(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all: a reader never sees half
    of it, even another build sharing the cache."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.part")
    try:
        partial.write_bytes(data.encode() if isinstance(data, str) else data)
        partial.replace(path)
    finally:
        partial.unlink(missing_ok=True)


def read_entry(path: Path, keys: Collection[str]) -> dict[str, object] | None:
    """Return the JSON object cached at ``path``, or None when there is none or it is unreadable
    (not JSON, not an object with ``keys``): then it is removed, with one warning line."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        entry = json.loads(data.decode("utf-8"))
        if not isinstance(entry, dict) or not set(keys) <= entry.keys():
            raise ValueError(f"not an object with {', '.join(sorted(keys))}")
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        warning_log().warning(f"cache entry {path.name} is unreadable ({error}): made again")
        path.unlink(missing_ok=True)
        return None
    return dict(entry)


class CompiledTemplates(FileSystemBytecodeCache):
    """Jinja's bytecode cache on disk, one file per template's name (Jinja's own key adds the
    file's path): the copies of the project the tests build share the files, not add theirs."""

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return super().get_cache_key(name)


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    """Give the build's Jinja environment the templates compiled by earlier builds (a fifth of
    a warm build's CPU); Jinja checks each against its source: an edited one is compiled again."""
    folder = cache_folder(config, f"templates/jinja2-{metadata.version('jinja2')}")
    folder.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = CompiledTemplates(str(folder))
    return env
