"""Copies of the project for the benchmarks to build: the real course, and synthetic ones.

* ``private_copy`` - what the build reads of the project (its pages, hooks, theme overrides and
  configurations), with no build cache: the project's ``.cache/`` is never read, filled or
  evicted.
* ``make_course`` - a course of N lessons x 2 languages made from ``docs/zh/R36.md`` and
  ``docs/en/R36.md``: ``docs/zh/L001.md``, ``docs/en/L001.md`` ... with R36's formulas,
  doctests and four state sections (so the build draws their four figures on every lesson), a
  previous/next link between lessons, raw twins and ``llms.txt``. The real pages (index, R36,
  lecture, sources, reference, glossary) and the real configurations stay, all but
  ``mkdocs.yml``'s nav (which ``mkdocs.en.yml`` inherits), which gets the lessons in units of 10,
  each unit titled by its first and last lesson (one title for both languages).
  The lab notebooks are dropped, so that kernel time does not hide what each page costs
  (mkdocs-jupyter stays registered: its import is a cost per build, not per page).
* ``site_build`` - the whole site as ``make build`` builds it (``python -m coursesite build``:
  each language's MkDocs build, then the whole site's files), as a command, timed.
* ``site_to_read`` - a built site named on a script's command line, or the project's built.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mkdocs.utils.yaml import yaml_load  # noqa: E402

from coursesite.site import CONFIGS  # noqa: E402

PYTHON = sys.executable
# A cache folder named in the environment would be shared by every copy: each copy keeps its own.
ENV = dict(os.environ)
ENV["NO_MKDOCS_2_WARNING"] = "1"
ENV["NBCONVERT_DISABLE_CONFIG_EXPORTERS"] = "1"  # as the Makefile sets it
ENV["JUPYTER_CONFIG_PATH"] = str(ROOT / "coursesite" / "jupyter")  # likewise

UNIT = 10  # lessons per nav section
LOCALES = ("zh", "en")  # each language's pages: docs/zh/, docs/en/
LAB_LINK = re.compile(r"\(lab/LAB-02\.py(?:#[\w-]+)?\)")  # with its section, if any
CROSS_LINKS = {
    "zh": "\n相邻课：上一课 [{prev}]({prev_uri}#state-b2)；下一课 [{next}]({next_uri})。\n",
    "en": "\nNeighbouring lessons: previous [{prev}]({prev_uri}#state-b2);"
    " next [{next}]({next_uri}).\n",
}


def site_build(config: Path, destination: Path) -> float:
    """Build the whole site of the project whose ``mkdocs.yml`` is ``config`` into
    ``destination`` (``python -m coursesite build``, run from the project's folder, as
    ``make build`` runs it; strict, as the configurations say); return the wall seconds, or
    raise with the end of the build's log if it fails."""
    command = [PYTHON, "-m", "coursesite", "build", str(destination)]
    start = time.perf_counter()
    run = subprocess.run(
        command,
        cwd=config.parent,
        env=ENV,
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        raise RuntimeError(
            f"the build of {config.parent} failed:\n{(run.stdout + run.stderr)[-3000:]}"
        )
    return seconds


def private_copy(folder: Path) -> Path:
    """Copy what the build reads of the project into ``folder`` (both configurations), with
    no build cache; return its mkdocs.yml."""
    for part in ("docs", "hooks", "overrides", "attn"):
        shutil.copytree(ROOT / part, folder / part, symlinks=True)
    (folder / "node_modules").symlink_to(ROOT / "node_modules")  # the pinned Pagefind
    for name in (*CONFIGS, "pyproject.toml", "LICENSE"):  # what originals.zip ships too
        shutil.copy(ROOT / name, folder)
    return folder / "mkdocs.yml"


def site_to_read(given: Path | None, folder: Path) -> Path:
    """Return ``given`` (a built site a script was told to read), or the project's site built
    into ``folder`` (``site_build``)."""
    if given is None:
        given = folder / "site"
        site_build(ROOT / "mkdocs.yml", given)
    return given


def lesson_names(n: int) -> list[str]:
    """Return the names of ``n`` lessons: ``L001`` ...

    >>> lesson_names(2)
    ['L001', 'L002']
    """
    return [f"L{i:03d}" for i in range(1, n + 1)]


def lesson_page(template: str, name: str, locale: str, prev: str, next_: str) -> str:
    """Return lesson ``name`` from R36's page: its own title, its neighbours linked.

    >>> template = "# R36 · T { #r36 }\\n\\n[lab](lab/LAB-02.py)\\n"
    >>> print(lesson_page(template, "L002", "en", "L001", "L003"))
    # L002 · T { #l002 }
    <BLANKLINE>
    [lab](L003.md#state-b0)
    <BLANKLINE>
    Neighbouring lessons: previous [L001](L001.md#state-b2); next [L003](L003.md).
    <BLANKLINE>
    """
    title = re.compile(r"^# R36 (.*)\{ #r36 \}$", re.MULTILINE)
    page = title.sub(rf"# {name} \1{{ #{name.lower()} }}", template, count=1)
    page = LAB_LINK.sub(f"({next_}.md#state-b0)", page)
    links = CROSS_LINKS[locale].format(
        prev=prev, prev_uri=f"{prev}.md", next=next_, next_uri=f"{next_}.md"
    )
    return page + links


def write_lessons(docs: Path, n: int) -> None:
    """Write ``n`` lessons into each language's folder of ``docs``; R36's lab link goes to
    L001."""
    names = lesson_names(n)
    chain = ["R36", *names, "R36"]  # a ring: every link has its anchor
    for locale in LOCALES:
        template = (docs / locale / "R36.md").read_text(encoding="utf-8")
        for prev, name, next_ in zip(chain, chain[1:], chain[2:], strict=False):
            page = lesson_page(template, name, locale, prev, next_)
            (docs / locale / f"{name}.md").write_text(page, encoding="utf-8")
        (docs / locale / "R36.md").write_text(
            LAB_LINK.sub(f"({names[0]}.md)", template), encoding="utf-8"
        )


def without_notebooks(nav: list[Any]) -> list[Any]:
    """Return the nav with its notebook entries (``.py`` pages) left out."""
    # An entry is a page alone (a lesson: "R36.md") or a label and its page.
    pages = [item if isinstance(item, str) else next(iter(item.values())) for item in nav]
    return [item for item, page in zip(nav, pages, strict=True) if not str(page).endswith(".py")]


def unit_title(unit: list[str]) -> str:
    """Return a unit's title in the nav, the same in both languages: its first and last lesson.

    >>> unit_title(["L011", "L012", "L020"])
    'L011–L020'
    """
    return f"{unit[0]}–{unit[-1]}"


def synthetic_config(base: dict[str, Any], n: int, prune: bool) -> dict[str, Any]:
    """Return the real ``mkdocs.yml`` with the lessons in its nav, in units (the English build
    inherits it); ``prune``: with or without Material's ``navigation.prune``."""
    config = dict(base)
    names = lesson_names(n)
    units = [names[i : i + UNIT] for i in range(0, n, UNIT)]
    config["nav"] = without_notebooks(base["nav"]) + [
        {unit_title(unit): [f"{name}.md" for name in unit]} for unit in units
    ]
    theme = dict(base["theme"])
    features = [f for f in theme["features"] if f != "navigation.prune"]
    theme["features"] = [*features, *(["navigation.prune"] if prune else [])]
    config["theme"] = theme
    return config


def make_course(folder: Path, n: int, prune: bool = True) -> Path:
    """Write a course of ``n`` lessons into ``folder``; return its mkdocs.yml."""
    config_path = private_copy(folder)
    for locale in LOCALES:
        shutil.rmtree(folder / "docs" / locale / "lab")
    write_lessons(folder / "docs", n)
    for locale in LOCALES:  # the home and sources pages name the lab too
        for page in (folder / "docs" / locale).glob("*.md"):
            page.write_text(LAB_LINK.sub("(R36.md)", page.read_text(encoding="utf-8")), "utf-8")
    base = yaml_load(config_path.read_text(encoding="utf-8"))  # MkDocs' loader: !ENV tags
    config = synthetic_config(base, n, prune)
    config_path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), "utf-8")
    return config_path


def page_languages(docs: Path) -> int:
    """Return how many Markdown pages (one per language) the course has."""
    return sum(1 for locale in LOCALES for _ in (docs / locale).glob("*.md"))
