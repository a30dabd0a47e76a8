"""The words the build adds to pages: one table per language (docs/words/)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from mkdocs.exceptions import PluginError

from coursesite.words import SCRIPTS, Words, table
from tests.constants import PREFIXES
from tests.docs_pages import DOCS, WORDS
from tests.site import ParsedPages, build, copy_of_the_project

PLACEHOLDER = re.compile(r"\{(\w*)\}")
SCRIPT_FILES = sorted((DOCS / "assets" / "javascripts").glob("*.js"))
#: A Chinese character (CJK ideographs, as the site's words use them).
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
#: A comment to the end of its line (not ``://`` in a URL).
COMMENT = re.compile(r"(?<![:\"'`])//.*$", re.MULTILINE)


def flat(words: Mapping[str, Any], above: str = "") -> dict[str, Any]:
    """Return ``{"part.key": word}`` for every word of a table, parts walked through."""
    found: dict[str, Any] = {}
    for key, value in words.items():
        name = f"{above}{key}"
        found |= flat(value, f"{name}.") if isinstance(value, Mapping) else {name: value}
    return found


def mismatches(tables: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Return what differs between the languages' tables: a key one lacks, a placeholder one
    does not have, a word that is not a non-empty string."""
    flattened = {locale: flat(words) for locale, words in tables.items()}
    keys = set().union(*flattened.values())
    found = []
    for key in sorted(keys):
        words = {locale: table.get(key) for locale, table in flattened.items()}
        missing = sorted(locale for locale, word in words.items() if word is None)
        if missing:
            found.append(f"{key}: missing in {', '.join(missing)}")
            continue
        for locale, word in words.items():
            if not isinstance(word, str) or not word.strip():
                found.append(f"{key}: {locale} has {word!r}, not a word")
        placeholders = {locale: sorted(PLACEHOLDER.findall(str(w))) for locale, w in words.items()}
        if len({tuple(p) for p in placeholders.values()}) > 1:
            found.append(f"{key}: placeholders differ: {placeholders}")
    return found


def test_the_tables_have_the_same_keys_and_placeholders() -> None:
    found = mismatches({locale: table(WORDS / f"{locale}.yml") for locale in PREFIXES})
    assert not found, "\n".join(found)


def test_a_language_without_a_table_stops_the_build_naming_it() -> None:
    # Which words a build reads, wherever it runs: test_cache.py builds from another folder.
    with pytest.raises(PluginError, match=r"docs/words/fr\.yml has no word footer\.licence"):
        Words(WORDS, "fr", "footer")["licence"]


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
@pytest.mark.parametrize("page", ["R36/index.html", "lab/LAB-02/index.html", "404.html"])
def test_a_page_carries_its_own_languages_words_for_its_scripts(
    site: Path, parsed: ParsedPages, locale: str, prefix: str, page: str
) -> None:
    island = parsed.soup(site / prefix / page).select_one("script#site-words")
    assert island is not None
    assert island["type"] == "application/json"
    words = {part: table(WORDS / f"{locale}.yml")[part] for part in SCRIPTS}
    assert json.loads(island.get_text()) == {**words, "folder": {"path": prefix}}


@pytest.mark.parametrize("script", SCRIPT_FILES, ids=lambda path: path.name)
def test_the_scripts_carry_no_words_of_their_own(script: Path) -> None:
    # Chinese in a script's code (not its comments) is a word the table should hold.
    code = COMMENT.sub("", script.read_text(encoding="utf-8"))
    found = sorted(set(HAN.findall(code)))
    assert not found, f"{script.name} holds Chinese words: {''.join(found)}"


def test_a_copy_of_the_project_is_built_with_its_own_words_and_glossary(tmp_path: Path) -> None:
    config = copy_of_the_project(tmp_path / "project")
    for name, old, new in (
        ("docs/words/en.yml", "code under the MIT licence", "the licence of the copy"),
        ("docs/glossary.yml", "en: normalise\n", "en: normalise-in-the-copy\n"),
    ):
        path = config.parent / name
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    done = build(tmp_path / "site", config)
    assert done.returncode == 0, done.stderr[-3000:]
    page = (tmp_path / "site" / "en" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert "the licence of the copy" in page
    assert "| normalise-in-the-copy |" in (tmp_path / "site" / "en" / "glossary.md").read_text(
        encoding="utf-8"
    )
