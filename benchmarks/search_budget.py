r"""Benchmark: what search costs a reader, and the build, as the course grows (issue: search).

For the real site and for synthetic courses of N lessons (``synthetic_course``'s, each lesson
given a paragraph of text of its own in each language, so that the index grows as a real
course's would), it builds the site, serves it on localhost and, in headless Chromium with an
empty cache, measures:

* **R36 cold load** - bytes transferred as a static host sends them (``page_weight``'s
  ``wire_bytes``: gzip level 6 unless already compressed). Goals: <= 120 KB, and the largest
  course's within 2 KB of the real site's (a page's weight does not grow with the course).
* **first query** - every byte fetched from opening search until the first answer is shown
  (Pagefind's script, worker, wasm, index chunks and the shown results' fragments). Goal:
  <= 110 KB.
* **later queries** - the bytes each further query fetches. Goal: <= 30 KB each.
* **index step** - the seconds the build's index step (``write_search_index``) takes to index
  the built site, and per page-language.

The synthetic courses leave the lab out (as ``build_budget`` does). Run from the project root::

    .venv/bin/python benchmarks/search_budget.py [--sizes 10 50 200]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browsing import launch, serving  # noqa: E402
from page_weight import wire_bytes  # noqa: E402
from playwright.sync_api import Browser, Page, Response, expect, sync_playwright  # noqa: E402
from synthetic_course import lesson_names, make_course, private_copy, site_build  # noqa: E402

from coursesite.search.index import write_search_index  # noqa: E402

GOAL_COLD = 120_000
GOAL_GROWTH = 2_000
GOAL_FIRST = 110_000
GOAL_LATER = 30_000

#: Queries a reader might type, per language: words every lesson holds, and one lesson's own.
QUERIES = {
    "zh": ["归一化", "形状表", "分数表", "{own}"],
    "en": ["normalise", '"score table"', "attention", "{own}"],
}
HAN = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
SYLLABLES = ["ka", "lo", "mi", "ren", "tus", "vo", "ple", "dar", "qui", "nes", "ba", "tor"]


def own_text(name: str, locale: str) -> tuple[str, str]:
    """Return a lesson's paragraph of its own and a phrase from it that a reader may search."""
    rng = random.Random(f"{name}-{locale}")
    if locale == "zh":
        text = "".join(rng.choice(HAN) for _ in range(400))
        return text, text[200:204]
    words = ["".join(rng.choices(SYLLABLES, k=rng.randint(2, 4))) for _ in range(200)]
    return " ".join(words), words[100]


def add_own_text(docs: Path, n: int) -> dict[str, str]:
    """Append each lesson's own paragraph; return the last lesson's phrase per language."""
    phrases = {}
    for name in lesson_names(n):
        for locale in ("zh", "en"):
            page = docs / locale / f"{name}.md"
            text, phrase = own_text(name, locale)
            page.write_text(page.read_text(encoding="utf-8") + f"\n{text}\n", encoding="utf-8")
            phrases[locale] = phrase
    return phrases


@dataclass(frozen=True)
class Loads:
    """What one site costs a reader, in bytes, and the index step in seconds."""

    lessons: int
    page_languages: int
    cold: dict[str, int]
    first: dict[str, int]
    later: dict[str, list[int]]
    index_seconds: float


def bytes_while(page: Page, action: object) -> int:
    """Return the bytes of every response that arrives while ``action()`` runs."""
    sizes: dict[str, int] = {}

    def record(response: Response) -> None:
        with contextlib.suppress(Exception):  # a response with no body counts nothing
            sizes[response.url] = wire_bytes(response.url, response.body())

    page.on("response", record)
    action()  # type: ignore[operator]
    page.wait_for_timeout(200)  # the last fragments' bodies
    page.remove_listener("response", record)
    return sum(sizes.values())


def ask(page: Page, query: str) -> None:
    """Type ``query`` into the open dialog and wait until its answer is shown."""
    page.locator("dialog.site-search input[type=search]").fill(query)
    expect(page.locator("dialog.site-search")).to_have_attribute(
        "data-answered", query, timeout=20_000
    )


def measure(browser: Browser, site: Path, queries: dict[str, list[str]]) -> tuple[dict, ...]:
    """Return R36's cold load, the first query's and the later queries' bytes, per language."""
    cold, first, later = {}, {}, {}
    with serving(site) as base:
        for locale, prefix in (("zh", ""), ("en", "en/")):
            context = browser.new_context()
            page = context.new_page()
            cold[locale] = bytes_while(
                page, lambda p=page, u=f"{base}{prefix}R36/": p.goto(u, wait_until="load")
            )
            page.wait_for_timeout(300)
            asked = queries[locale]

            def open_and_ask(p: Page = page, q: str = asked[0]) -> None:
                p.locator("[data-site-search]").click()
                ask(p, q)

            first[locale] = bytes_while(page, open_and_ask)
            later[locale] = [bytes_while(page, lambda p=page, q=q: ask(p, q)) for q in asked[1:]]
            context.close()
    return cold, first, later


def timed_index(site: Path) -> float:
    """Return the seconds the build's index step takes on ``site``."""
    start = time.perf_counter()
    write_search_index(site, ROOT)
    return time.perf_counter() - start


def site_loads(browser: Browser, work: Path, n: int) -> Loads:
    """Build the real site (``n`` = 0) or a course of ``n`` lessons; measure it."""
    folder = work / f"course-{n}"
    if n == 0:
        config = private_copy(folder)
        phrases = {"zh": "读取", "en": "read"}
    else:
        config = make_course(folder, n)
        phrases = add_own_text(folder / "docs", n)
    site_build(config, folder / "site")
    site = folder / "site"
    pages = sum(1 for _ in site.rglob("*.html") if "data-pagefind-body" in _.read_text("utf-8"))
    queries = {
        locale: [q.format(own=phrases[locale]) for q in asked] for locale, asked in QUERIES.items()
    }
    cold, first, later = measure(browser, site, queries)
    return Loads(n, pages, cold, first, later, timed_index(site))


def verdict(value: float, goal: float) -> str:
    return "PASS" if value <= goal else "FAIL"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 50, 200])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = launch(p)
        results = [site_loads(browser, Path(tmp), n) for n in [0, *args.sizes]]
        browser.close()

    print("Search budgets; bytes = gzip as a static host sends them (KB = 1000 bytes)")
    print(
        f"{'lessons':>7} {'pages':>6} {'lang':>4} {'R36 cold KB':>11} {'1st query KB':>12} "
        f"{'later queries KB':>24} {'index s':>8} {'ms/page':>8}"
    )
    for r in results:
        for locale in ("zh", "en"):
            later = " ".join(f"{b / 1000:.1f}" for b in r.later[locale])
            print(
                f"{r.lessons:>7} {r.page_languages:>6} {locale:>4} {r.cold[locale] / 1000:>11.1f} "
                f"{r.first[locale] / 1000:>12.1f} {later:>24} {r.index_seconds:>8.2f} "
                f"{1000 * r.index_seconds / r.page_languages:>8.1f}"
            )
    worst_cold = max(max(r.cold.values()) for r in results)
    growth = max(results[-1].cold[k] - results[0].cold[k] for k in ("zh", "en"))
    worst_first = max(max(r.first.values()) for r in results)
    worst_later = max(max(b for bs in r.later.values() for b in bs) for r in results)
    print(f"R36 cold load <= 120 KB: {verdict(worst_cold, GOAL_COLD)} ({worst_cold / 1000:.1f})")
    print(
        f"R36 cold load growth to {results[-1].lessons} lessons <= 2 KB: "
        f"{verdict(growth, GOAL_GROWTH)} ({growth / 1000:+.2f})"
    )
    print(f"first query <= 110 KB: {verdict(worst_first, GOAL_FIRST)} ({worst_first / 1000:.1f})")
    print(f"later queries <= 30 KB: {verdict(worst_later, GOAL_LATER)} ({worst_later / 1000:.1f})")


if __name__ == "__main__":
    main()
