"""What a build keeps for the next never stops it: an entry cut short (a build killed while
writing it, a full disk) is removed before the build reads it, with one line saying so, and the
build makes it again; the site is the same.

Two things are kept. mkdocs-jupyter keeps each executed notebook as a JSON file in its
``cache_dir``, and stops the build on one it cannot parse. Jinja keeps each compiled template
(``templates.py``): it stops the build on one cut in its header, and compiles again one cut in
its code, without a word.

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

import io
import json
import logging
import marshal
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path

from jinja2.bccache import bc_magic
from mkdocs.config.defaults import MkDocsConfig

from coursesite.templates import compiled_folder

#: MkDocs prints what its own loggers say; at INFO, a strict build does not count it a warning.
log = logging.getLogger("mkdocs.coursesite.caches")


def on_pre_build(config: MkDocsConfig) -> None:
    """Remove each entry cut short of what the build of ``config`` keeps, saying so."""
    templates = compiled_folder(config).glob("*.cache")
    removed = removed_unless(whole_template, templates)
    notebooks = notebook_cache(config)
    if notebooks is not None:
        removed += removed_unless(whole_json, notebooks.rglob("*.json"))
    project = Path(config.config_file_path).parent
    for path in removed:
        shown = path.relative_to(project) if path.is_relative_to(project) else path
        log.info("%s: damaged cache entry removed, made again", shown)


def notebook_cache(config: MkDocsConfig) -> Path | None:
    """Return the folder of mkdocs-jupyter's cache, as its documented options ``cache`` and
    ``cache_dir`` name it (a relative one from the working folder, where it keeps it); None if
    it keeps none."""
    plugin = config.plugins.get("mkdocs-jupyter")
    if plugin is None or not plugin.config.get("cache", True):
        return None
    return Path(plugin.config["cache_dir"])


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
    """Return whether ``entry`` is UTF-8 JSON, as mkdocs-jupyter reads its cache's entries.

    >>> whole_json('{"html": "读"}'.encode()), whole_json('{"html": "读"}'.encode()[:12])
    (True, False)
    """
    try:
        json.loads(entry.decode("utf-8"))
    except ValueError:  # a JSONDecodeError, or a character cut in two
        return False
    return True


def whole_template(entry: bytes) -> bool:
    """Return whether ``entry``, a file of Jinja's bytecode cache, is whole: Jinja's magic, the
    template's checksum, then its code, each complete, as Jinja writes them. One made by another
    Jinja or Python (another magic) is whole: Jinja ignores it, and compiles the template again.

    >>> from jinja2 import Environment
    >>> from jinja2.bccache import Bucket
    >>> bucket = Bucket(Environment(), "t.html", "c0ffee")
    >>> bucket.code = compile("x = 1", "t.html", "exec")
    >>> entry = bucket.bytecode_to_string()
    >>> whole_template(entry), whole_template(entry[: len(entry) // 2]), whole_template(entry[:20])
    (True, False, False)
    >>> whole_template(b""), whole_template(b"another Jinja's")
    (False, True)
    """
    if not entry.startswith(bc_magic):
        return not bc_magic.startswith(entry)  # a magic cut short is not another's
    rest = io.BytesIO(entry[len(bc_magic) :])
    try:
        pickle.load(rest)
        marshal.load(rest)
    except (EOFError, ValueError, TypeError, pickle.UnpicklingError):
        return False
    return not rest.read()
