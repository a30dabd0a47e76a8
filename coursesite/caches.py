"""What a build keeps for the next never stops it: an entry cut short (a build killed while
writing it, a full disk) is removed before the build reads it, with one line saying so, and the
build makes it again; the site is the same.

Two things are kept. mkdocs-jupyter keeps each executed notebook as a JSON file in its
``cache_dir``, and stops the build on one it cannot parse. Jinja keeps each compiled template
(``templates.py``): it stops the build on one cut in the template's checksum, and compiles
again, without a word, one that is not its own or is cut in its magic or its code.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "whole.json").write_text('{"html": "<p>1</p>"}', encoding="utf-8")
>>> _ = (folder / "cut.json").write_text('{"html": "<p>', encoding="utf-8")
>>> [path.name for path in removed_unless(whole_json, folder.glob("*.json"))]
['cut.json']
>>> sorted(path.name for path in folder.iterdir())
['whole.json']
"""

from __future__ import annotations

import json
import logging
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path

from jinja2.bccache import bc_magic
from mkdocs.config.defaults import MkDocsConfig

from coursesite.templates import compiled_folder

#: MkDocs prints what its own loggers say; at INFO, a strict build does not count it a warning.
log = logging.getLogger("mkdocs.coursesite.caches")


def on_config(config: MkDocsConfig) -> None:
    """Root mkdocs-jupyter's documented ``cache_dir``, which it takes from the working folder,
    at the project's (the configuration's folder): a build run from anywhere keeps and checks
    the project's cache, which ``make`` empties when ``attn`` changes."""
    if (found := notebook_cache(config)) is not None:
        config.plugins["mkdocs-jupyter"].config["cache_dir"] = str(found)


def notebook_cache(config: MkDocsConfig) -> Path | None:
    """Return the folder of mkdocs-jupyter's cache, from the project's folder; None without
    the plugin."""
    plugin = config.plugins.get("mkdocs-jupyter")
    project = Path(config.config_file_path).parent
    return None if plugin is None else project / plugin.config["cache_dir"]


def on_pre_build(config: MkDocsConfig) -> None:
    """Remove each entry cut short of what the build of ``config`` keeps, saying so."""
    removed = removed_unless(whole_template, compiled_folder(config).glob("*.cache"))
    # mkdocs-jupyter keeps its entries flat: the cache's top level only, so a cache_dir set
    # too wide removes nothing else.
    if (notebooks := notebook_cache(config)) is not None:
        removed += removed_unless(whole_json, notebooks.glob("*.json"))
    project = Path(config.config_file_path).parent
    for path in removed:
        shown = path.relative_to(project) if path.is_relative_to(project) else path
        log.info("%s: damaged cache entry removed, made again", shown)


def removed_unless(whole: Callable[[bytes], bool], paths: Iterable[Path]) -> list[Path]:
    """Remove each file of ``paths`` whose bytes are not ``whole``; return them, in order."""
    removed = []
    for path in sorted(paths):
        try:
            entry = path.read_bytes()
        except FileNotFoundError:  # removed meanwhile by a build beside this one
            continue
        if not whole(entry):
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


def whole_json(entry: bytes) -> bool:
    """Return whether ``entry`` is UTF-8 JSON, as mkdocs-jupyter reads its cache's entries."""
    try:
        json.loads(entry.decode("utf-8"))
    except ValueError:  # a JSONDecodeError, or a character cut in two
        return False
    return True


def whole_template(entry: bytes) -> bool:
    """Return whether Jinja reads ``entry``, a file of its bytecode cache, without stopping:
    after its magic, the template's checksum is whole.

    >>> from jinja2 import Environment
    >>> from jinja2.bccache import Bucket
    >>> bucket = Bucket(Environment(), "t.html", "c0ffee")
    >>> bucket.code = compile("x = 1", "t.html", "exec")
    >>> entry = bucket.bytecode_to_string()
    >>> whole_template(entry), whole_template(entry[: len(bc_magic) + 5]), whole_template(b"")
    (True, False, True)
    """
    if not entry.startswith(bc_magic):
        return True
    try:
        pickle.loads(entry[len(bc_magic) :])  # what follows the checksum is the code's
    except Exception:  # damaged bytes can make the unpickler raise almost anything
        return False
    return True
