"""Build a copy of the project twice in one process, as ``mkdocs serve`` does, changing its
configuration and a template in between and planting two notebook runs in its cache; check
after each build that both languages' lab pages were run from their own notebook, and after the
second that the stale cache entry was evicted and the others kept; then that no module of
the project was loaded under two names (``modules_once.py``).

Run as ``python -m tests.programs.rebuild MKDOCS_YML SITE_DIR`` (by
tests/test_markdown_twins.py, on a copy outside git); prints ``built`` after each build, or
exits non-zero on the first check that fails.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from tests.constants import PREFIXES
from tests.programs.modules_once import report


def built(site: Path) -> None:
    """Check that each language's lab page and notebook in ``site`` were run from its own."""
    for locale, prefix in PREFIXES.items():
        lab = site / prefix / "lab"
        assert f"ran in {locale}" in (lab / "LAB-02.html").read_text(encoding="utf-8"), prefix
        notebook = json.loads((lab / "LAB-02.ipynb").read_text(encoding="utf-8"))
        assert f'LOCALE = "{locale}"' in "".join(notebook["cells"][1]["source"]), prefix
    print("built")


def main(config: str, site: str) -> None:
    """Build, edit the configuration, a template and the cache, build again; check both."""
    build(load_config(config, site_dir=site))
    built(Path(site))
    yml = Path(config)
    text = yml.read_text(encoding="utf-8")
    yml.write_text(
        text.replace("site_description: ", "site_description: REBUILT ", 1), encoding="utf-8"
    )
    # A template edited between builds is compiled afresh, not taken from the bytecode cache.
    template = yml.parent / "overrides" / "404.html"
    template.write_text(
        template.read_text(encoding="utf-8").replace("404</h1>", "404 REBUILT</h1>"),
        encoding="utf-8",
    )
    # A notebook run no build uses any more leaves the cache; the ones in use stay.
    runs = yml.parent / ".cache" / "notebooks"
    kept = sorted(runs.glob("*.json"))
    stale = runs / "LAB-01.zh.0123456789abcdef.json"
    stale.write_text("{}", encoding="utf-8")
    os.utime(stale, (0, 0))
    # An unused entry written lately may be another build's, sharing the cache: it stays.
    lately = runs / "LAB-03.zh.fedcba9876543210.json"
    lately.write_text("{}", encoding="utf-8")
    build(load_config(config, site_dir=site))
    built(Path(site))
    assert len(kept) == 2, kept
    assert sorted(runs.glob("*.json")) == sorted([*kept, lately])
    if report() != 0:
        raise SystemExit("a module of the project is loaded under two names")


if __name__ == "__main__":
    config, site = sys.argv[1:]
    main(config, site)
