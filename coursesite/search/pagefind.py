r"""Pagefind indexes the built pages: one run of its command line over every language's pages.

Pagefind writes one index per ``<html lang>``, all in one bundle, and beside them files the
site's search dialog does not use (Pagefind's own UIs, its worker). The site ships the files
``search.js`` loads (``SHIPPED``) and leaves out those it knows it does not need
(``LEFT_OUT``), by name: a name in neither, or a needed one missing, stops the build
(``shipped_names``), so that a release that renames a file cannot leave a search that fails
only in the reader's browser.

Pagefind writes its manifest from a hash map, whose order changes from run to run: the site's
bytes must not (one commit, one site), so each JSON file of the bundle is written again with
its keys in order (``in_key_order``), which is the same JSON to any reader.

The bundle's file names and layout are Pagefind's own, not a documented interface: this is
the one module that names them, and it stops the build on any release other than the one
they were checked against (``VERIFIED``; ``pyproject.toml`` pins it).

>>> shipped_names(["index", "fragment", "pagefind.js", "pagefind-entry.json", "pagefind-ui.js"])
['fragment', 'index', 'pagefind-entry.json', 'pagefind.js']
>>> shipped_names(["index", "fragment", "pagefind.mjs", "pagefind-entry.json"])
Traceback (most recent call last):
...
RuntimeError: Pagefind wrote pagefind.mjs, which coursesite/search/pagefind.py neither ships nor leaves out, and not pagefind.js, which search.js loads: a new Pagefind release? Check what search.js loads and name its files in SHIPPED or LEFT_OUT
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from coursesite.releases import require

#: The release whose bundle this module names (the build stops on any other).
VERIFIED = "1.5.2"

#: What ``search.js`` loads: the module it imports, which fetches the manifest, each
#: language's metadata and wasm (``wasm.unknown``: languages without a stemmer, as Chinese),
#: and the index's chunks, fragments and filters (folders).
SHIPPED = re.compile(
    r"pagefind\.js|pagefind-entry\.json|pagefind\.[\w-]+\.pf_meta|wasm\.[\w-]+\.pagefind"
    r"|fragment|index|filter"
)
#: Pagefind's own search UIs and highlighter, and its worker: ``search.js`` searches on the
#: page's thread with a dialog of its own.
LEFT_OUT = re.compile(
    r"pagefind-(?:ui|modular-ui|component-ui)\.(?:js|css)|pagefind-(?:highlight|worker)\.js"
)
#: Without these, search finds nothing.
NEEDED = ("pagefind.js", "pagefind-entry.json", "fragment", "index")
#: URLs as the site links them (``index.html`` kept); ``_`` kept in words, so that ``d_k`` is
#: one word as in the code.
OPTIONS = ["--keep-index-url", "--include-characters", "_", "--quiet"]


def shipped_names(names: Iterable[str]) -> list[str]:
    """Return the names of a bundle's top level that the site ships (in name order); stop on
    a name the build does not know or a needed one missing."""
    found = sorted(names)
    unknown = [name for name in found if not (SHIPPED.fullmatch(name) or LEFT_OUT.fullmatch(name))]
    missing = [name for name in NEEDED if name not in found]
    if unknown or missing:
        raise RuntimeError(
            f"Pagefind wrote {', '.join(unknown) or 'nothing else'}, which "
            "coursesite/search/pagefind.py neither ships nor leaves out, and not "
            f"{', '.join(missing) or 'less'}, which search.js loads: a new Pagefind release? "
            "Check what search.js loads and name its files in SHIPPED or LEFT_OUT"
        )
    return [name for name in found if SHIPPED.fullmatch(name)]


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
    """Index ``pages`` into ``destination`` (what it held goes): the files the dialog loads."""
    require("pagefind", VERIFIED, __name__, "names the bundle's files", "check what it writes")
    with tempfile.TemporaryDirectory(prefix="pagefind-") as work:
        made = bundle(pages, Path(work))
        shutil.rmtree(destination, ignore_errors=True)
        destination.mkdir(parents=True)
        for name in shipped_names(path.name for path in made.iterdir()):
            if (made / name).is_dir():
                shutil.copytree(made / name, destination / name)
            else:
                shutil.copyfile(made / name, destination / name)
        for manifest in destination.glob("*.json"):
            in_key_order(manifest)
