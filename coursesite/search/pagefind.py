r"""Pagefind indexes the built pages: one run of its command line over every language's pages,
into one bundle with an index per ``<html lang>``, shipped whole (its own UIs, which the site's
dialog does not load, included: nothing here names Pagefind's files).

Pagefind writes its manifests from a hash map, whose order changes from run to run: the site's
bytes must not (one commit, one site), so each JSON file at the bundle's top is written again
with its keys in order (``in_key_order``), which is the same JSON to any reader.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

#: ``_`` kept in words, so that ``d_k`` is one word as in the code. (URLs as the site links
#: them: ``R36/``, Pagefind's default.)
OPTIONS = ["--include-characters", "_", "--quiet"]


def in_key_order(path: Path) -> None:
    """Write the JSON file at ``path`` again with the keys of each object in order.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "a.json"
    >>> _ = path.write_text('{"v":"1","b":{"zh":[2,1],"en":null}}', encoding="utf-8")
    >>> in_key_order(path)
    >>> path.read_text(encoding="utf-8")
    '{"b":{"en":null,"zh":[2,1]},"v":"1"}'
    """
    found = json.loads(path.read_text(encoding="utf-8"))
    text = json.dumps(found, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    path.write_text(text, encoding="utf-8")


def bundle(pages: Iterable[tuple[str, str]], folder: Path) -> Path:
    """Index ``(path, html)`` pages, written under ``folder``, in one Pagefind run; return the
    bundle it wrote there, or raise with Pagefind's own words."""
    site = folder / "pages"
    for path, html in pages:
        copy = site / path
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(html, encoding="utf-8")
    output = folder / "bundle"
    command = [sys.executable, "-m", "pagefind", "--site", str(site), "--output-path", str(output)]
    done = subprocess.run(
        [*command, *OPTIONS],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"Pagefind could not index the site:\n{done.stdout}")
    return output


def write_index(pages: Iterable[tuple[str, str]], destination: Path) -> None:
    """Index ``pages`` into ``destination`` (what it held goes)."""
    with tempfile.TemporaryDirectory(prefix="pagefind-") as work:
        made = bundle(pages, Path(work))
        shutil.rmtree(destination, ignore_errors=True)
        shutil.copytree(made, destination)
        for manifest in destination.glob("*.json"):
            in_key_order(manifest)
