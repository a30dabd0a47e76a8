"""The glossary: one translation per term, and the titles several pages quote, read from
``docs/glossary.yml``.

>>> terms = load_terms()
>>> next(t for t in terms if t["zh"] == "归一化")["en"]
'normalise'
>>> "reading" in next(t for t in terms if t["zh"] == "读取")["avoid"]
True
>>> load_titles()["exercise-E"]["pages"]
['R36.md', 'lab/LAB-02.py']
>>> glossary_markdown("en").splitlines()[0]
'| Chinese | English | meaning | avoid |'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from coursesite import PROJECT

GLOSSARY = PROJECT / "docs" / "glossary.yml"

HEADERS = {
    "zh": ("中文", "English", "含义", "不译作"),
    "en": ("Chinese", "English", "meaning", "avoid"),
}


def load_glossary(path: Path = GLOSSARY) -> dict[str, Any]:
    """Return the whole file: ``terms`` (a list) and ``titles`` (by name)."""
    with path.open(encoding="utf-8") as f:
        glossary: dict[str, Any] = yaml.safe_load(f)
    return glossary


def load_terms(path: Path = GLOSSARY) -> list[dict[str, Any]]:
    """Return the glossary's terms: ``zh``, ``en``, notes, an optional ``en_stem`` and the
    renderings to ``avoid``."""
    terms: list[dict[str, Any]] = load_glossary(path)["terms"]
    return terms


def load_titles(path: Path = GLOSSARY) -> dict[str, dict[str, Any]]:
    """Return each quoted title by name: its ``zh`` and ``en`` words and the ``pages`` quoting it."""
    titles: dict[str, dict[str, Any]] = load_glossary(path)["titles"]
    return titles


def glossary_markdown(locale: str, path: Path = GLOSSARY) -> str:
    """Return the glossary as a Markdown table, its headers and notes in ``locale``."""
    zh, en, meaning, avoid = HEADERS[locale]
    rows = [f"| {zh} | {en} | {meaning} | {avoid} |", "|---|---|---|---|"]
    for term in load_terms(path):
        avoided = ", ".join(term.get("avoid", [])) or "—"
        rows.append(f"| {term['zh']} | {term['en']} | {term[f'{locale}_note']} | {avoided} |")
    return "\n".join(rows)
