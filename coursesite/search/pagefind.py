"""Pagefind runs over the built pages, one language at a time, put together as one bundle.

Pagefind writes one index per language, and a language's files do not depend on the other
languages' pages: indexed apart and put together, the bundle is the one a single run writes,
byte for byte but for ``pagefind-entry.json``, which lists the languages
(``tests/test_search_index.py`` checks it). So the build can index its first language in the
background while i18n builds the next one on the other core. Putting bundles together reads
``pagefind-entry.json``, Pagefind's own manifest: only the version it was checked with
(``VERIFIED``) is run apart; any other version indexes every language in one run.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

#: The Pagefind release whose bundles were checked to merge into a single run's bundle.
VERIFIED = "1.5.2"
ENTRY = "pagefind-entry.json"


def runs_apart() -> bool:
    """Whether the installed Pagefind may index languages apart (the version checked)."""
    return version("pagefind") == VERIFIED


@dataclass
class Run:
    """One Pagefind process over some pages, in a folder of its own."""

    folder: Path
    process: subprocess.Popen[str]

    @property
    def bundle(self) -> Path:
        return self.folder / "bundle"

    def wait(self) -> Path:
        """Wait for the run to end; return its bundle, or raise with Pagefind's own words."""
        out, _ = self.process.communicate()
        if self.process.returncode != 0:
            raise RuntimeError(f"Pagefind could not index the site:\n{out}")
        return self.bundle

    def stop(self) -> None:
        """End the process if it still runs and remove the folder."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
        shutil.rmtree(self.folder, ignore_errors=True)


def started(pages: Iterable[tuple[str, str]], options: list[str]) -> Run:
    """Start Pagefind over ``(path, html)`` pages written to a new folder; return the run."""
    folder = Path(tempfile.mkdtemp(prefix="pagefind-"))
    site = folder / "pages"
    for path, html in pages:
        copy = site / path
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(html, encoding="utf-8")
    command = [sys.executable, "-m", "pagefind", "--site", str(site)]
    process = subprocess.Popen(
        [*command, "--output-path", str(folder / "bundle"), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    return Run(folder, process)


def merged_entry(entries: list[dict[str, object]]) -> dict[str, object]:
    """Return one manifest listing every language of ``entries`` (in name order).

    >>> merged_entry([
    ...     {"version": "1", "languages": {"zh": {"page_count": 7}}, "include_characters": ["_"]},
    ...     {"version": "1", "languages": {"en": {"page_count": 7}}, "include_characters": ["_"]},
    ... ])["languages"]
    {'en': {'page_count': 7}, 'zh': {'page_count': 7}}
    """
    first = entries[0]
    for entry in entries[1:]:
        if {k: v for k, v in entry.items() if k != "languages"} != {
            k: v for k, v in first.items() if k != "languages"
        }:
            raise ValueError("Pagefind's bundles differ in more than their languages")
    languages: dict[str, object] = {}
    for entry in entries:
        languages.update(entry["languages"])  # type: ignore[call-overload]
    return {**first, "languages": dict(sorted(languages.items()))}


def write_bundle(bundles: list[Path], destination: Path, keep: Callable[[str], object]) -> None:
    """Put ``bundles`` together in ``destination``: the files of each (at the top level, those
    whose name ``keep`` keeps), and one manifest for all."""
    entries = []
    for bundle in bundles:
        entries.append(json.loads((bundle / ENTRY).read_text(encoding="utf-8")))
        for path in sorted(bundle.rglob("*")):
            if path.is_dir() or path.name == ENTRY:
                continue
            relative = path.relative_to(bundle)
            if len(relative.parts) == 1 and not keep(path.name):
                continue
            target = destination / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    entry = merged_entry(entries)
    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    (destination / ENTRY).write_text(text, encoding="utf-8")


@dataclass
class SiteRuns:
    """The Pagefind runs of the whole-site build under way, by the languages they index.

    The build context keeps it for the process: ``mkdocs serve``'s rebuilds reuse it, so a
    build that fails stops its runs, and each whole-site build starts with none.
    """

    runs: dict[frozenset[str], Run] = field(default_factory=dict)

    def start(
        self, languages: frozenset[str], pages: Iterable[tuple[str, str]], options: list[str]
    ) -> None:
        """Start indexing ``pages``, which are in ``languages``."""
        self.runs[languages] = started(pages, options)

    def languages(self) -> set[str]:
        """Return the languages being indexed."""
        return {language for languages in self.runs for language in languages}

    def finish(self, destination: Path, keep: Callable[[str], object]) -> None:
        """Wait for every run, put their bundles together in ``destination``, clean up."""
        try:
            bundles = [self.runs[key].wait() for key in sorted(self.runs, key=sorted)]
            write_bundle(bundles, destination, keep)
        finally:
            self.stop()

    def stop(self) -> None:
        """Stop every run and forget it."""
        for run in self.runs.values():
            run.stop()
        self.runs.clear()
