r"""Benchmark: what a cold load of R36 costs a reader, with formulas rendered at build time
against the same page rendered by MathJax 3 from a local copy (the theme's documented way).

For each variant it builds the site into a temporary folder, serves it on localhost and loads
``R36/`` (and ``en/R36/``) in headless Chromium with an empty cache, N times. It reports

* bytes transferred as a static host sends them: every response's body, gzip-compressed
  (level 6, as Cloudflare Pages and Netlify do for text) unless it is already compressed
  (woff2, png), plus nothing for headers;
* first contentful paint, and when every formula on the page was visible: for build-time
  MathML that is the first paint itself if the HTML holds the ``<math>`` elements; for
  MathJax, when its typesetting promise resolved and every formula was an ``mjx-container``.

Goal (issue 33): R36 cold load at most 90 KB transferred (issue: delivery, 120), formulas visible at first
paint. Run with ``make bench`` or ``.venv/bin/python benchmarks/page_weight.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from browsing import launch, serving  # noqa: E402
from playwright.sync_api import Browser, Response, sync_playwright  # noqa: E402
from synthetic_course import private_copy, site_build  # noqa: E402

ALREADY_COMPRESSED = (".woff2", ".woff", ".png", ".jpg", ".gz", ".zip")
GOAL_BYTES = 90 * 1000

# Material's documented MathJax set-up, with the library served from the site itself.
MATHJAX_CONFIG = """window.MathJax = {
  tex: {inlineMath: [["\\\\(", "\\\\)"]], displayMath: [["\\\\[", "\\\\]"]],
        processEscapes: true, processEnvironments: true},
  options: {ignoreHtmlClass: ".*|", processHtmlClass: "arithmatex"}
};
document$.subscribe(() => {
  MathJax.startup.output.clearCache()
  MathJax.typesetClear()
  MathJax.texReset()
  MathJax.typesetPromise()
})
"""


# The map but for the formulas' step (the copy's own hook module, run in its own process):
# each formula stays as arithmatex marks it, for MathJax.
WITHOUT_FORMULAS = """from coursesite.formulas import mathml

mathml.on_page_content = lambda html, *_: html

from coursesite.events import *
"""


def mathjax_variant(workdir: Path) -> Path:
    """Copy the project into ``workdir`` with build-time formulas swapped for MathJax 3 (in
    ``mkdocs.yml``, which ``mkdocs.en.yml`` inherits)."""
    # docs/zh/assets and docs/en/assets are links to docs/assets: copied as links, both
    # languages load the scripts added there.
    config_path = private_copy(workdir)
    js = workdir / "docs" / "assets" / "javascripts"
    (js / "mathjax-config.js").write_text(MATHJAX_CONFIG, encoding="utf-8")
    shutil.copy(
        ROOT / "node_modules" / "mathjax" / "es5" / "tex-mml-chtml.js", js / "tex-mml-chtml.js"
    )
    config = config_path.read_text(encoding="utf-8")
    # The build without its formulas step: the hook registers the map but for that part.
    (workdir / "hooks" / "events.py").write_text(WITHOUT_FORMULAS, encoding="utf-8")
    config = config.replace(
        "extra_javascript:\n",
        "extra_javascript:\n  - assets/javascripts/mathjax-config.js\n"
        "  - assets/javascripts/tex-mml-chtml.js\n",
    )
    config_path.write_text(config, encoding="utf-8")
    return config_path


def wire_bytes(url: str, body: bytes) -> int:
    """Return the bytes a static host sends for one response body."""
    if url.split("?")[0].endswith(ALREADY_COMPRESSED):
        return len(body)
    return len(gzip.compress(body, compresslevel=6))


def cold_load(browser: Browser, url: str) -> dict[str, float]:
    """Load ``url`` with an empty cache; return bytes, first paint and formulas-visible times."""
    context = browser.new_context()
    page = context.new_page()
    sizes: dict[str, int] = {}

    def record(response: Response) -> None:
        # A redirect or an aborted response has no body to count.
        with contextlib.suppress(Exception):
            sizes[response.url] = wire_bytes(response.url, response.body())

    page.on("response", record)
    page.goto(url, wait_until="load")
    page.wait_for_function(
        """() => {
          const n = document.querySelectorAll('.arithmatex').length;
          if (window.MathJax && MathJax.startup) {
            return MathJax.startup.promise.then(() =>
              document.querySelectorAll('mjx-container').length >= n);
          }
          return true;
        }"""
    )
    timing = page.evaluate(
        """async () => {
          if (window.MathJax && MathJax.startup) await MathJax.startup.promise;
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const mathml = document.querySelectorAll('math').length;
          const mjx = document.querySelectorAll('mjx-container').length;
          return {fcp: fcp ? fcp.startTime : NaN, done: performance.now(), mathml, mjx};
        }"""
    )
    page.wait_for_load_state("networkidle")
    context.close()
    # Build-time MathML is in the HTML: formulas are visible when the page first paints.
    visible = timing["fcp"] if timing["mathml"] and not timing["mjx"] else timing["done"]
    return {
        "bytes": sum(sizes.values()),
        "fcp": timing["fcp"],
        "visible": visible,
        "requests": len(sizes),
    }


def measure(
    site: Path, paths: list[str], runs: int, browser: Browser
) -> dict[str, dict[str, float]]:
    """Serve ``site`` and return, per path, the medians over ``runs`` cold loads."""
    results = {}
    with serving(site) as base:
        for path in paths:
            loads = [cold_load(browser, base + path) for _ in range(runs)]
            results[path] = {k: statistics.median(load[k] for load in loads) for k in loads[0]}
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="cold loads per page (default 10)")
    args = parser.parse_args()
    paths = ["R36/", "en/R36/"]
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        tmpdir = Path(tmp)
        ours, theirs = tmpdir / "build-time", tmpdir / "mathjax"
        for config, out in ((ROOT / "mkdocs.yml", ours), (mathjax_variant(tmpdir / "mj"), theirs)):
            site_build(config, out)
        browser = launch(p)
        table = {
            "build-time MathML": measure(ours, paths, args.runs, browser),
            "MathJax 3 (local)": measure(theirs, paths, args.runs, browser),
        }
        browser.close()

    print(f"R36 cold loads, median of {args.runs}; bytes = gzip as a static host sends them")
    print(
        f"{'variant':<20} {'page':<12} {'requests':>8} {'KB sent':>9} {'first paint ms':>15} "
        f"{'formulas visible ms':>20}"
    )
    for variant, pages in table.items():
        for path, m in pages.items():
            print(
                f"{variant:<20} {path:<12} {m['requests']:>8.0f} {m['bytes'] / 1000:>9.1f} "
                f"{m['fcp']:>15.0f} {m['visible']:>20.0f}"
            )
    worst = max(m["bytes"] for m in table["build-time MathML"].values())
    at_paint = all(m["visible"] == m["fcp"] for m in table["build-time MathML"].values())
    print(
        f"goal <= {GOAL_BYTES / 1000:.0f} KB: {'PASS' if worst <= GOAL_BYTES else 'FAIL'} "
        f"(worst {worst / 1000:.1f} KB); formulas at first paint: {'PASS' if at_paint else 'FAIL'}"
    )


if __name__ == "__main__":
    main()
