"""One idea, one word: the glossary's terms and the titles pages quote, on every page of both
languages, in the build's words and in attn's docstrings that the reference page publishes."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
import yaml

from coursesite.content.glossary import Term, load_glossary
from tests.constants import PREFIXES
from tests.docs_pages import DOCS, ROOT, shown, sources_of, translations
from tests.prose_lines import prose_lines

GLOSSARY = load_glossary(DOCS / "glossary.yml")
TERMS, TITLES = GLOSSARY["terms"], GLOSSARY["titles"]
PAIRS = [pytest.param(zh, en, id=en.name) for zh, en in translations()]
QUOTES = [
    (name, published, locale)
    for name, title in TITLES.items()
    for published in title["pages"]
    for locale in PREFIXES
]


#: Whether a rendering a term avoids is excused where it stands: (term, line, match) -> bool.
Excuse = Callable[[Term, str, re.Match[str]], bool]


def renderings_avoided(
    path: Path,
    lines: list[tuple[int, str]],
    terms: Iterable[Term],
    excused: Excuse = lambda term, line, match: False,
) -> list[str]:
    """Return ``file:line: 'word' …`` for each rendering one of ``terms`` avoids in ``lines``
    (numbered as in ``path``), unless it is ``excused``."""
    found = []
    for term in terms:
        for word in term.get("avoid", []):
            pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
            found += [
                f"{shown(path)}:{number}: {match.group(0)!r} for {term['zh']} "
                f"(the glossary says {term['en']!r})"
                for number, line in lines
                for match in pattern.finditer(line)
                if not excused(term, line, match)
            ]
    return found


def misquoted_titles(path: Path, title: dict[str, Any], locale: str) -> list[str]:
    """Return ``file:line: …`` for each quote of ``title`` in ``path`` that is not its words.

    A quote is found by the title's label (``E · ``), so a second wording is found too; a page
    that should quote the title and never does is reported as well.
    """
    words = title[locale]
    label = words.split(" · ", 1)[0] + " · "
    quotes, wrong = 0, []
    for number, line in prose_lines(path):
        for match in re.finditer(rf"(?<!\w){re.escape(label)}", line):
            quotes += 1
            quoted = line[match.start() : match.start() + len(words)]
            if quoted != words:
                wrong.append(f"{shown(path)}:{number}: {quoted!r} is not {words!r}")
    if not quotes:
        wrong.append(f"{shown(path)} never quotes {words!r}")
    return wrong


# --- terms --------------------------------------------------------------------------------------


def test_each_term_has_one_translation() -> None:
    chinese = [t["zh"] for t in TERMS]
    assert len(chinese) == len(set(chinese)), "a Chinese term is listed twice"
    for term in TERMS:
        for key in ("en", "zh_note", "en_note"):
            assert term[key], f"{term['zh']} has no {key}"
        for word in term.get("avoid", []):
            assert word.lower() != term["en"].lower(), f"{term['zh']} avoids its own translation"


@pytest.mark.parametrize(("zh", "en"), PAIRS)
def test_english_page_uses_the_fixed_translation_and_no_rendering_it_rules_out(
    zh: Path, en: Path
) -> None:
    # Each page's prose (no code, formulas or link targets) as one string.
    chinese, english = ("\n".join(line for _, line in prose_lines(path)) for path in (zh, en))
    used = [term for term in TERMS if term["zh"] in chinese]
    for term in used:
        stem = term.get("en_stem", term["en"])
        assert re.search(rf"\b{re.escape(stem)}", english, re.IGNORECASE), (
            f"{shown(zh)} uses {term['zh']} but {shown(en)} never says {term['en']!r}"
        )
    found = renderings_avoided(en, prose_lines(en), used)
    assert not found, "\n".join(found)


# --- the words the build adds to pages -----------------------------------------------------------

WORDS = DOCS / "words"


def word_slips(chinese: Path, english: Path) -> list[str]:
    """Return ``file:line: …`` for each English word of the build's table (``english``) that
    misses the glossary's translation of a term its Chinese word uses, or uses a rendering the
    glossary avoids; key by key, as the tables pair their words."""
    zh = numbered_words(yaml.compose(chinese.read_text(encoding="utf-8")))
    found = []
    for key, (number, word) in numbered_words(yaml.compose(english.read_text("utf-8"))).items():
        used = [term for term in TERMS if term["zh"] in zh.get(key, (0, ""))[1]]
        found += renderings_avoided(english, [(number, word)], used)
        found += [
            f"{shown(english)}:{number}: {key} never says {term['en']!r} for {term['zh']}"
            for term in used
            if not re.search(rf"\b{re.escape(term.get('en_stem', term['en']))}", word, re.I)
        ]
    return found


def numbered_words(node: yaml.Node, above: str = "") -> dict[str, tuple[int, str]]:
    """Return ``{"part.key": (line, word)}`` for a table of words (its YAML node), its parts
    walked through."""
    found: dict[str, tuple[int, str]] = {}
    for key, value in node.value:
        name = f"{above}{key.value}"
        if isinstance(value, yaml.MappingNode):
            found |= numbered_words(value, f"{name}.")
        else:
            found[name] = (value.start_mark.line + 1, value.value)
    return found


def test_the_english_words_use_the_glossarys_translations() -> None:
    found = word_slips(WORDS / "zh.yml", WORDS / "en.yml")
    assert not found, "\n".join(found)


# --- attn's docstrings ---------------------------------------------------------------------------

ATTN = ROOT / "attn"
MODULES = [pytest.param(path, id=path.name) for path in sorted(ATTN.glob("*.py"))]
#: Code markup in a docstring, ``name`` or :role:`name`, with the name.
CODE = re.compile(r"``(?P<name>[^`]+)``|:\w+:`(?P<role>[^`]+)`")
#: A doctest's prompt: the example and the output under it are code, up to a blank line.
PROMPT = re.compile(r"^\s*(>>>|\.\.\.)( |$)")
#: A shape comment (``# [..., n_q, d_k] -> …``), shown as code on the reference page.
SHAPE = re.compile(r"^\s*# \[")


def docstring_lines(path: Path) -> list[tuple[int, str]]:
    """Return the lines of every docstring in the module ``path``, numbered as in the file, its
    examples and shape comments blank: the prose the reference page shows, code markup kept."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        if not isinstance(node, documented) or ast.get_docstring(node) is None:
            continue
        doc = node.body[0]
        example = False
        for number in range(doc.lineno, (doc.end_lineno or doc.lineno) + 1):
            line = lines[number - 1]
            example = bool(PROMPT.match(line)) or (example and bool(line.strip()))
            found.append((number, "" if example or SHAPE.match(line) else line))
    return sorted(found)


def allowed_code(term: Term, line: str, match: re.Match[str]) -> bool:
    """Whether ``match`` is a name the glossary allows, written as code: ``Reading`` or
    ``attn.Reading``, never the word Reading in prose, nor ``attn.reading``."""
    word = match.group(0)
    return word in term.get("allow", []) and any(
        code.start() <= match.start() < code.end()
        and (code.group("name") or code.group("role")).split(".")[-1] == word
        for code in CODE.finditer(line)
    )


@pytest.mark.parametrize("path", MODULES)
def test_attn_docstrings_avoid_the_renderings_the_glossary_rules_out(path: Path) -> None:
    # attn is English throughout, so every term's ``avoid`` applies.
    found = renderings_avoided(path, docstring_lines(path), TERMS, allowed_code)
    assert not found, "\n".join(found)


# --- titles -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "published", "locale"), QUOTES)
def test_a_quoted_title_has_the_same_words_on_every_page(
    name: str, published: str, locale: str
) -> None:
    wrong = misquoted_titles(sources_of(published)[locale], TITLES[name], locale)
    assert not wrong, "\n".join(wrong)
