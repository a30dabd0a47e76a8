r"""The search index, one per language, made by Pagefind from the built pages.

When the whole site is built (both languages), Pagefind indexes every page that marks its body
with ``data-pagefind-body`` (``overrides/main.html``: the lesson pages, not the full-text views
nor ``404.html``, which Pagefind then leaves out) into ``pagefind/``, one index per
``<html lang>``. Nothing of it loads until a reader opens the search dialog (``search.js``).

Pagefind reads a copy of each page's article only: the navigation around it is most of a page's
bytes, and none of the index.

Chinese is indexed one character a word. Pagefind's extended build segments Chinese into words
when it indexes, but its browser code splits a query with the browser's own segmenter, which
cuts words elsewhere (Chromium: 归|一|化, 读|取): a query then missed the pages that hold it, or
found pages that hold its characters apart. Indexed one character a word, a Chinese query is
searched as a phrase of characters (``search.js``): it finds exactly the pages that hold it,
whoever segments it. The characters are split with U+200B, the separator Pagefind itself puts
between segmented words and strips from what it shows, so excerpts read as written. Pagefind
reads a copy of the pages so split (tags hold Chinese only in attribute values, which it does
not index as words).

Pagefind writes its manifests from a hash map, whose order changes from run to run: the site's
bytes must not (one commit, one site), so each JSON file at the bundle's top is written again
with its keys in order, which is the same JSON to any reader.

>>> indexed_text('<p>沿 key 轴归一化</p><code>S</code>')
'<p>沿 key 轴\u200b归\u200b一\u200b化</p><code>S</code>'
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from coursesite.markup import elements, replaced

#: Where the index goes, under the site; ``search.js`` imports ``pagefind.js`` from there.
FOLDER = "pagefind"
# Over the article's markup, not its text alone: a run of Chinese is one in either, as tags hold
# Chinese only in attribute values, which Pagefind does not index as words.
HAN_RUN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")
#: ``_`` kept in words, so that ``d_k`` is one word as in the code. Left out of the index and of
#: the results' excerpts, which a first query fetches (benchmarks/NOTES.md measured them): a
#: heading's permalink ¶, every page's line of links to its sources,
#: and code blocks, whose numbers run together there as the figure's cells would
#: (``data-pagefind-ignore``). A formula, a run of single letters there, reads "…" instead.
EXCLUDED = ".headerlink,.md-twin,pre"
OPTIONS = ["--include-characters", "_", "--exclude-selectors", EXCLUDED, "--quiet"]


def indexed_text(html: str) -> str:
    """Return ``html`` as the index reads it: a U+200B between any two Chinese characters."""
    return HAN_RUN.sub(lambda run: "\u200b".join(run[0]), html)


def write_search_index(site: Path, project: Path) -> None:
    """Index the pages of the built ``site`` into ``site/pagefind`` with the Pagefind that
    ``project``'s package-lock.json pins, or raise with Pagefind's own words."""
    # What an earlier index held goes, and a copy of the site linked to this one (os.link)
    # keeps its own: Pagefind would write through the links.
    shutil.rmtree(site / FOLDER, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="pagefind-") as copy:
        for page in site.rglob("*.html"):
            text = page.read_text(encoding="utf-8")
            # A page's article, as overrides/main.html marks it, in its language.
            marked = (e for e in elements(text, "div") if "data-pagefind-body" in e.attrs)
            body = next(marked, None)
            if body is None:
                continue
            article = text[body.start : body.end]
            article = replaced(article, [(m.start, m.end, "…") for m in elements(article, "math")])
            target = Path(copy, page.relative_to(site))
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(
                f'<html lang="{body.attrs["lang"]}"><body>{indexed_text(article)}</body></html>',
                encoding="utf-8",
            )
        # npm's command, as the project pins it (not whichever is on the PATH); run in the copy's
        # folder, where no pagefind.yml of a user's is read.
        executable = project.resolve() / "node_modules" / ".bin" / "pagefind"
        if not executable.exists():
            raise RuntimeError(f"no {executable}: make build installs it (npm ci --ignore-scripts)")
        command = [str(executable), "--site", copy]
        command += ["--output-path", str(site.resolve() / FOLDER), *OPTIONS]
        done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=copy)
    if done.returncode != 0:
        raise RuntimeError(f"Pagefind could not index the site:\n{done.stdout}{done.stderr}")
    for manifest in (site / FOLDER).glob("*.json"):
        found = json.loads(manifest.read_text(encoding="utf-8"))
        text = json.dumps(found, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
        manifest.write_text(text, encoding="utf-8")
