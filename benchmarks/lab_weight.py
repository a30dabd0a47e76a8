r"""Benchmark: what a cold load of the lab page costs a reader, and whether anything moves.

It builds the site into a temporary folder (or takes ``--site``), serves it on localhost and
loads ``lab/LAB-02/`` and ``en/lab/LAB-02/`` in headless Chromium with an empty cache,
at a desktop width and on a 390 px phone. For each it reports

* the page's HTML, raw and gzip-compressed (level 6, as a static host sends it);
* the bytes transferred, as ``page_weight.py`` counts them, once the page has loaded and again
  after scrolling to the bottom (the heatmaps load lazily, when they near the screen);
* the cumulative layout shift over the load and the scroll (``layout-shift`` entries without
  recent input): images that say their size leave room for themselves, so it stays 0.

Goals (issue 16): cold load <= 200 KB transferred (after the scroll, every image included),
HTML <= 25 KB gzip, no layout shift. Run with ``make bench`` or
``.venv/bin/python benchmarks/lab_weight.py [--runs N] [--site FOLDER]``.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from browsing import launch, serving  # noqa: E402
from page_weight import wire_bytes  # noqa: E402
from playwright.sync_api import Browser, Response, sync_playwright  # noqa: E402
from synthetic_course import site_to_read  # noqa: E402

PAGES = ["lab/LAB-02/", "en/lab/LAB-02/"]
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GOAL_TRANSFER = 200 * 1000
GOAL_HTML_GZIP = 25 * 1000

# Layout shifts, observed from before the first paint (buffered) to the end of the scroll.
OBSERVE_SHIFTS = """
window.__shift = 0;
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
}).observe({type: "layout-shift", buffered: true});
"""
SCROLL_TO_THE_END = """async () => {
  for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
    scrollTo(0, y);
    await new Promise(r => setTimeout(r, 50));
  }
  await Promise.all([...document.images].map(i => i.complete ? 0 : i.decode().catch(() => 0)));
  await new Promise(r => setTimeout(r, 200));
  return window.__shift;
}"""


def cold_load(browser: Browser, url: str, viewport: dict[str, int]) -> dict[str, float]:
    """Load ``url`` with an empty cache; return bytes at load and after the scroll, and CLS."""
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    context.add_init_script(OBSERVE_SHIFTS)
    page = context.new_page()
    sizes: dict[str, int] = {}

    def record(response: Response) -> None:
        with contextlib.suppress(Exception):  # a redirect or aborted response has no body
            sizes[response.url] = wire_bytes(response.url, response.body())

    page.on("response", record)
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    at_load = sum(sizes.values())
    shift = float(page.evaluate(SCROLL_TO_THE_END))
    page.wait_for_load_state("networkidle")
    context.close()
    return {"at_load": at_load, "scrolled": sum(sizes.values()), "shift": shift}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="cold loads per page (default 5)")
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        site = site_to_read(args.site, Path(tmp))
        browser = launch(p)
        rows = []
        with serving(site) as base:
            for path in PAGES:
                html = (site / path / "index.html").read_bytes()
                for name, viewport in VIEWPORTS.items():
                    loads = [cold_load(browser, base + path, viewport) for _ in range(args.runs)]
                    median = {k: statistics.median(x[k] for x in loads) for k in loads[0]}
                    worst_shift = max(x["shift"] for x in loads)
                    gzipped = len(gzip.compress(html, compresslevel=6))
                    rows.append((path, name, len(html), gzipped, median, worst_shift))
        browser.close()

    print(f"Lab cold loads, median of {args.runs}; bytes = gzip as a static host sends them")
    print(
        f"{'page':<20} {'view':<8} {'HTML KB':>8} {'gzip KB':>8} {'at load KB':>11} "
        f"{'scrolled KB':>12} {'worst CLS':>10}"
    )
    for path, name, raw, gzipped, m, shift in rows:
        print(
            f"{path:<20} {name:<8} {raw / 1000:>8.1f} {gzipped / 1000:>8.1f} "
            f"{m['at_load'] / 1000:>11.1f} {m['scrolled'] / 1000:>12.1f} {shift:>10.6f}"
        )
    transfer = max(m["scrolled"] for *_, m, _ in rows)
    html_gzip = max(gzipped for _, _, _, gzipped, _, _ in rows)
    shift = max(s for *_, s in rows)
    verdict = {True: "PASS", False: "FAIL"}
    print(
        f"goal transfer <= {GOAL_TRANSFER / 1000:.0f} KB: {verdict[transfer <= GOAL_TRANSFER]} "
        f"({transfer / 1000:.1f} KB); HTML <= {GOAL_HTML_GZIP / 1000:.0f} KB gzip: "
        f"{verdict[html_gzip <= GOAL_HTML_GZIP]} ({html_gzip / 1000:.1f} KB); "
        f"no layout shift: {verdict[shift == 0]} (worst CLS {shift:.6f})"
    )


if __name__ == "__main__":
    main()
