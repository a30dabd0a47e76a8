"""The glossary: one translation per term, read from ``docs/glossary.yml``.

>>> terms = load_terms()
>>> next(t for t in terms if t["zh"] == "归一化")["en"]
'normalise'
>>> glossary_markdown("en").splitlines()[0]
'| Chinese | English | meaning |'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary.yml"

HEADERS = {
    "zh": ("中文", "English", "含义"),
    "en": ("Chinese", "English", "meaning"),
}


def load_terms(path: Path = GLOSSARY) -> list[dict[str, Any]]:
    """Return the glossary's entries, each with ``zh``, ``en``, notes and an optional stem."""
    with path.open(encoding="utf-8") as f:
        terms: list[dict[str, Any]] = yaml.safe_load(f)
    return terms


def glossary_markdown(locale: str, path: Path = GLOSSARY) -> str:
    """Return the glossary as a Markdown table, its headers and notes in ``locale``."""
    zh, en, meaning = HEADERS[locale]
    rows = [f"| {zh} | {en} | {meaning} |", "|---|---|---|"]
    for term in load_terms(path):
        rows.append(f"| {term['zh']} | {term['en']} | {term[f'{locale}_note']} |")
    return "\n".join(rows)
