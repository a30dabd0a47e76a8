"""Build a copy of the project, a git repository of its own, as one ``mkdocs serve`` process does
after each change: a good build with a lesson added; a build that fails in the English pass (a
broken formula on an English page); the lesson removed, the page mended and committed again; a
good build. The last build must be the site a fresh build gives: nothing of the removed lesson
left, and dated from the last commit.

Run as ``python -m tests.programs.serve_recovery MKDOCS_YML SITE_DIR`` (by
tests/test_serve_recovery.py); prints what each build did, then the removed lesson's files
still in the site and the sitemap's dates.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from authoring.new import new_lesson
from tests.constants import NEXT_LESSON

#: An English page's formula that stops the build (its brace is never closed).
BROKEN_FORMULA = "\n\n$\\frac{Y=AV$\n"


def committed(root: Path, date: str) -> None:
    """Commit everything under ``root`` at ``date`` (ISO 8601)."""
    env = {**os.environ, "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date}
    git = ["git", "-C", str(root), "-c", "user.name=course", "-c", "user.email=course@example.org"]
    subprocess.run([*git, "add", "-A"], check=True, env=env)
    subprocess.run([*git, "commit", "-q", "-m", date], check=True, env=env)


def served(config: str, site: str) -> str:
    """Build as ``mkdocs serve`` does after a change (the configuration loaded afresh, into the
    same folder, a failure told and served past); return what happened."""
    try:
        build(load_config(config, site_dir=site))
    except Exception as error:
        # MkDocs logs a BuildError and raises an Abort in its place.
        return f"failed: {error.__context__ or error}".replace("\n", " ")
    return "built"


def main(config: str, site: str) -> None:
    """Add a lesson, build; break an English page, build; remove the lesson, build."""
    root = Path(config).parent
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    listed = (root / "mkdocs.yml").read_text(encoding="utf-8")
    new_lesson(root, NEXT_LESSON, "恢复", "Recovery")
    committed(root, "2001-01-01T12:00:00Z")
    print(served(config, site))
    page = root / "docs" / "lecture.en.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text + BROKEN_FORMULA, encoding="utf-8")
    print(served(config, site))
    page.write_text(text, encoding="utf-8")
    (root / "mkdocs.yml").write_text(listed, encoding="utf-8")
    for locale in ("zh", "en"):
        (root / "docs" / f"{NEXT_LESSON}.{locale}.md").unlink()
    committed(root, "2002-02-02T12:00:00Z")
    print(served(config, site))
    left = sorted(str(p.relative_to(site)) for p in Path(site).rglob(f"*{NEXT_LESSON}*"))
    print("left:", *left)
    sitemap = (Path(site) / "sitemap.xml").read_text(encoding="utf-8")
    print("dated:", *sorted(set(re.findall(r"<lastmod>([^<]*)", sitemap))))


if __name__ == "__main__":
    config, site = sys.argv[1:]
    main(config, site)
