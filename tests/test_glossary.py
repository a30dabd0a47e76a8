"""One idea, one word: where a Chinese page (or lab notebook) uses a glossary term, its English
twin uses the fixed translation and none of the renderings the glossary avoids; a title that
several pages quote reads the same on every one of them."""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest
from mkdocs.utils.yaml import yaml_load

from coursesite.content.glossary import load_terms, load_titles
from tests import prose_lines as prose_lines_module
from tests.constants import PREFIXES
from tests.docs_pages import DOCS, ROOT, sources_of, translations
from tests.prose_lines import prose_lines

TERMS = load_terms()
TITLES = load_titles()
PAIRS = [pytest.param(zh, en, id=en.name) for zh, en in translations()]
QUOTES = [
    (name, published, locale)
    for name, title in TITLES.items()
    for published in title["pages"]
    for locale in PREFIXES
]


def shown(path: Path) -> str:
    """Return ``path`` as the repository names it, when it is inside the repository."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def prose(path: Path) -> str:
    """Return a page's prose (no code, formulas or link targets) as one string."""
    return "\n".join(line for _, line in prose_lines(path))


# The pages where 读取 is in the Chinese, so "reading" must never be in the English.
READ_PAIRS = [pytest.param(zh, en, id=en.name) for zh, en in translations() if "读取" in prose(zh)]


def avoided_renderings(chinese: str, english: Path) -> list[str]:
    """Return ``file:line: 'word' …`` for each rendering the glossary avoids that ``english``
    uses for a term its Chinese source, whose prose is ``chinese``, uses."""
    lines = prose_lines(english)
    found = []
    for term in TERMS:
        if term["zh"] not in chinese:
            continue
        for word in term.get("avoid", []):
            pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
            found += [
                f"{shown(english)}:{number}: {match.group(0)!r} for {term['zh']} "
                f"(the glossary says {term['en']!r})"
                for number, line in lines
                for match in pattern.finditer(line)
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


def nav_labels(published: str) -> dict[str, str]:
    """Return the navigation's label for a published page, by language (none if not in the nav)."""
    config = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    # A labelled entry is a mapping (LAB 02: lab/LAB-02.py); a lesson is its page alone (R36.md),
    # titled by its own heading, which the pages' checks cover.
    entries = {
        path: label
        for entry in config["nav"]
        if isinstance(entry, dict)
        for label, path in entry.items()
    }
    if published not in entries:
        return {}
    i18n = next(p["i18n"] for p in config["plugins"] if isinstance(p, dict) and "i18n" in p)
    english = next(lang for lang in i18n["languages"] if lang["locale"] == "en")
    zh = entries[published]
    return {"zh": zh, "en": english["nav_translations"].get(zh, zh)}


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
def test_english_page_uses_the_fixed_translation(zh: Path, en: Path) -> None:
    chinese, english = prose(zh), prose(en)
    for term in TERMS:
        if term["zh"] in chinese:
            stem = term.get("en_stem", term["en"])
            assert re.search(rf"\b{re.escape(stem)}", english, re.IGNORECASE), (
                f"{shown(zh)} uses {term['zh']} but {shown(en)} never says {term['en']!r}"
            )


@pytest.mark.parametrize(("zh", "en"), PAIRS)
def test_english_page_avoids_the_renderings_the_glossary_rules_out(zh: Path, en: Path) -> None:
    found = avoided_renderings(prose(zh), en)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("zh", "en"), READ_PAIRS)
def test_reading_put_back_for_read_fails_naming_file_line_and_word(
    zh: Path, en: Path, tmp_path: Path
) -> None:
    # The slip this check exists for: the page's first "read" in prose turned into "reading".
    read = re.compile(r"\bread(s?)\b")
    number, line, match = next(
        (n, line, m) for n, line in prose_lines(en) if (m := read.search(line))
    )
    lines = en.read_text(encoding="utf-8").splitlines(keepends=True)
    raw = lines[number - 1].rstrip("\n")
    # Blanks keep their width, so the prose line is the end of the file's line.
    at = len(raw) - len(line) + match.start()
    slip = "reading" + match.group(1)
    lines[number - 1] = raw[:at] + slip + raw[at + len(match.group(0)) :] + "\n"
    copy = tmp_path / en.name
    copy.write_text("".join(lines), encoding="utf-8")
    assert avoided_renderings(prose(zh), copy) == [
        f"{copy}:{number}: {slip!r} for 读取 (the glossary says 'read')"
    ]


def test_prose_lines_does_what_its_examples_say() -> None:
    # prose_lines decides which words are prose; its examples are its specification.
    assert doctest.testmod(prose_lines_module).failed == 0


# --- titles -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "published", "locale"), QUOTES)
def test_a_quoted_title_has_the_same_words_on_every_page(
    name: str, published: str, locale: str
) -> None:
    wrong = misquoted_titles(sources_of(published)[locale], TITLES[name], locale)
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("name", TITLES)
def test_the_navigation_quotes_a_title_by_its_start(name: str) -> None:
    # A label quotes the title after its own " · " (LAB 02 · …); a bare label (R36) does not.
    title = TITLES[name]
    labels = [
        (published, locale, label)
        for published in title["pages"]
        for locale, label in nav_labels(published).items()
        if " · " in label
    ]
    assert labels, f"no navigation label quotes {name}"
    for published, locale, label in labels:
        words = title[locale].split(" · ", 1)[1]
        assert words.startswith(label.split(" · ", 1)[1]), (
            f"mkdocs.yml labels {published} {label!r}, which does not start {words!r}"
        )


def test_a_second_wording_of_a_title_fails_naming_file_and_line(tmp_path: Path) -> None:
    title = TITLES["exercise-E"]
    lab = DOCS / "lab" / "LAB-02.en.py"
    text = lab.read_text(encoding="utf-8")
    copy = tmp_path / lab.name
    copy.write_text(text.replace("Change only q, or only V", "Only change q, or only V"), "utf-8")
    number = text[: text.index(title["en"])].count("\n") + 1
    assert misquoted_titles(copy, title, "en") == [
        f"{copy}:{number}: 'E · Only change q, or only V: what does each change?' "
        f"is not {title['en']!r}"
    ]
