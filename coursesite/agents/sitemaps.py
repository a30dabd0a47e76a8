"""Sitemaps where Material asks for them.

Material's language selector fetches ``sitemap.xml`` beside the target of every
``rel="alternate"`` link of a page: a page in a sub-folder (``lab/``) makes it ask there. Each
language's build writes its sitemap at its root; a copy of it answers in each sub-folder that
holds its pages, so that no page view logs a failed request.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path

SITEMAP = "sitemap.xml"


def answer_sitemaps(site: Path, folders: Sequence[str]) -> None:
    """Copy each language's sitemap (in ``folders`` of ``site``) into its sub-folders of pages.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> for page in ("index.html", "lab/LAB-02.html", "en/index.html", "en/lab/LAB-02.html"):
    ...     (site / page).parent.mkdir(parents=True, exist_ok=True)
    ...     _ = (site / page).write_text("", encoding="utf-8")
    >>> for folder in ("", "en/"):
    ...     _ = (site / folder / SITEMAP).write_text(folder or "zh", encoding="utf-8")
    >>> answer_sitemaps(site, ["", "en/"])
    >>> {p.relative_to(site).as_posix(): p.read_text("utf-8") for p in sorted(site.rglob(SITEMAP))}
    {'en/lab/sitemap.xml': 'en/', 'en/sitemap.xml': 'en/', 'lab/sitemap.xml': 'zh', 'sitemap.xml': 'zh'}
    """
    roots = [site / folder for folder in folders]
    # A language in a folder of another's (en/ in the root's) first: its sub-folders get its own.
    for root in sorted(roots, key=lambda root: len(root.parts), reverse=True):
        for page in root.rglob("*.html"):
            where = page.parent
            if where not in roots and not (where / SITEMAP).exists():
                shutil.copyfile(root / SITEMAP, where / SITEMAP)
