"""The glossary: one translation per term, and the titles several pages quote, read from
``docs/glossary.yml``.

>>> glossary = load_glossary(Path("docs/glossary.yml"))
>>> next(t for t in glossary["terms"] if t["zh"] == "归一化")["en"]
'normalise'
>>> words = Words(Path("docs/words"), "en", "glossary")
>>> glossary_markdown(words, Path("docs/glossary.yml")).splitlines()[0]
'| Chinese | English | meaning | avoid |'
"""

from __future__ import annotations

from pathlib import Path
from typing import NotRequired, TypedDict

import yaml

from coursesite.words import Words


class Term(TypedDict):
    """One term: its Chinese and English words, a note in each language, an optional
    ``en_stem`` (the English word's inflected forms) and the renderings to ``avoid``."""

    zh: str
    en: str
    zh_note: str
    en_note: str
    en_stem: NotRequired[str]
    avoid: NotRequired[list[str]]


class Title(TypedDict):
    """A title several pages quote: its words in each language, and the pages quoting it."""

    zh: str
    en: str
    pages: list[str]


class Glossary(TypedDict):
    """The whole of ``docs/glossary.yml``."""

    terms: list[Term]
    titles: dict[str, Title]


def load_glossary(path: Path) -> Glossary:
    """Return the whole file: ``terms`` (a list) and ``titles`` (by name)."""
    glossary: Glossary = yaml.safe_load(path.read_text(encoding="utf-8"))
    return glossary


def glossary_markdown(words: Words, path: Path) -> str:
    """Return the glossary at ``path`` as a Markdown table, its headers and notes in the
    language of ``words`` (its part ``glossary``)."""
    headers = " | ".join(words[key] for key in ("chinese", "english", "meaning", "avoid"))
    rows = [f"| {headers} |", "|---|---|---|---|"]
    for term in load_glossary(path)["terms"]:
        avoided = ", ".join(term.get("avoid", [])) or "—"
        note = term["zh_note"] if words.locale == "zh" else term["en_note"]
        rows.append(f"| {term['zh']} | {term['en']} | {note} | {avoided} |")
    return "\n".join(rows)
