r"""Benchmark: the CPU a browser spends on R36, which the browser tests load again and again.

It builds the site into a temporary folder (or takes ``--site``), serves it on localhost and,
for each browser named, loads R36 (the Chinese and English pages in turn) ``--loads`` times in one
tab, then runs axe-core on the loaded page. It reports each browser's CPU seconds (its processes'
user and system time, read from ``/proc``: browser, renderer, GPU and the rest) per load and for
the axe run.

Why it exists (issue 31's suite budget): the browser tests are most of ``make test``'s CPU, and
Chromium's headless shell (Debian's ``chromium-headless-shell``; what Playwright itself runs
headless tests in) spends about a third less on a page than ``chromium --headless``. Run with
``make bench`` or ``.venv/bin/python benchmarks/browser_cpu.py [--loads N] [--site FOLDER]
[BROWSER ...]`` (default: /usr/bin/chromium-headless-shell /usr/bin/chromium, those present).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from browsing import AXE, launch, serving  # noqa: E402  (beside this script: run it as one)
from playwright.sync_api import sync_playwright  # noqa: E402
from suite_cpu import processes  # noqa: E402
from synthetic_course import site_to_read  # noqa: E402

BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]


def cpu_seconds() -> Counter[str]:
    """Return the CPU seconds (user + system) the running Chromium processes have spent (one
    browser runs at a time: run this on an otherwise idle machine), by kind: ``browser`` (the
    main process), ``renderer``, ``gpu``, ``other``."""
    spent: Counter[str] = Counter()
    for kind, seconds in processes().values():
        if kind.startswith("Chromium "):
            kind = kind.removeprefix("Chromium ").removesuffix("-process")
            spent[kind if kind in ("browser", "renderer", "gpu") else "other"] += seconds
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("browsers", nargs="*", help="executables (default: both Debian builds)")
    parser.add_argument("--loads", type=int, default=20, help="R36 loads per browser (default 20)")
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    browsers = args.browsers or [b for b in BROWSERS if Path(b).exists()]
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        site = site_to_read(args.site, Path(tmp))
        with serving(site) as base:
            print(
                f"CPU seconds of each browser's processes: {args.loads} loads of R36, one axe run"
            )
            print(f"{'browser':<34} {'per load':>9} {'axe run':>8}   per load, by process")
            for executable in browsers:
                browser = launch(p, executable)
                page = browser.new_page()
                page.goto(base, wait_until="load")  # the first load compiles what is cached
                before = cpu_seconds()
                for i in range(args.loads):
                    page.goto(f"{base}{'en/' if i % 2 else ''}R36/", wait_until="load")
                loaded = cpu_seconds()
                page.evaluate(AXE.read_text(encoding="utf-8"))
                page.evaluate("axe.run(document, {resultTypes: ['violations']})")
                checked = cpu_seconds()
                browser.close()
                per_load = {k: (loaded[k] - before[k]) / args.loads for k in loaded}
                axe = sum(checked.values()) - sum(loaded.values())
                parts = ", ".join(f"{k} {v:.2f}" for k, v in sorted(per_load.items()))
                print(f"{executable:<34} {sum(per_load.values()):>9.2f} {axe:>8.2f}   {parts}")


if __name__ == "__main__":
    main()
