"""The words the build adds to pages, one table per language: ``docs/words/<language>.yml``.

The build's Python takes a part of the page's language's table; the parts ``SCRIPTS`` go into
every page, as the JSON island ``#site-words`` (``overrides/main.html``), for the page's scripts.
A word missing from a table stops the build, naming the table, the word and the language.

>>> tables = Path("docs/words")
>>> Words(tables, "en", "footer")["source"]
'source'
>>> Words(tables, "zh", "footer")["sauce"]
Traceback (most recent call last):
...
mkdocs.exceptions.PluginError: docs/words/zh.yml has no word footer.sauce (language zh)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml
from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.utils.templates import TemplateContext

from coursesite.languages import Alternate, folder, language, languages, site_root

#: The parts of a table the page's scripts read, from the page itself.
SCRIPTS = ("matrix", "stepper", "search", "explore")


class Words:
    """One part of one language's table in the folder ``tables``: ``part[key]`` is a word, or
    stops the build."""

    def __init__(self, tables: Path, locale: str, part: str) -> None:
        self.path = tables / f"{locale}.yml"
        self.locale, self.part, self.words = locale, part, table(self.path).get(part) or {}

    def __getitem__(self, key: str) -> str:
        word = self.words.get(key)
        if not isinstance(word, str):
            raise PluginError(f"{self.path} has no word {self.part}.{key} (language {self.locale})")
        return word


#: The parts of one language's table: ``words("figure")["ahead"]``.
WordsIn = Callable[[str], Words]


def tables_folder(config: MkDocsConfig | Any) -> Path:
    """Return the folder of the tables of the project ``config`` builds: ``words/`` beside its
    languages' folders (``docs/words/``)."""
    return Path(config.docs_dir).parent / "words"


def words_in(config: MkDocsConfig) -> WordsIn:
    """Return the parts of the table of the language ``config`` builds."""
    return partial(Words, tables_folder(config), language(config))


def table(path: Path) -> dict[str, Any]:
    """Return the whole table at ``path``, none for a language without one; read again once
    the file has changed (under ``mkdocs serve``)."""
    return parsed(path, path.stat().st_mtime_ns) if path.is_file() else {}


@cache  # every page asks
def parsed(path: Path, changed: int) -> dict[str, Any]:
    found: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return found


def on_env(env: Environment, config: MkDocsConfig, files: Files) -> Environment:
    """Give the templates the words for the page's scripts in the language being built, as
    the JSON the page carries (``<`` escaped: it cannot end its ``<script>`` element), and
    as ``words`` (the search button's name is the search dialog's)."""
    words = {part: words_in(config)(part).words for part in SCRIPTS}
    # Not a word: where the build's language is, from the whole site's root (search.js finds
    # the site's one search index there).
    words["folder"] = {"path": folder(config)}
    found = json.dumps(words, ensure_ascii=False, separators=(",", ":"))
    env.globals["site_words"] = found.replace("<", "\\u003c")
    env.globals["words"] = words
    return env


def on_template_context(
    context: TemplateContext, template_name: str, config: MkDocsConfig
) -> TemplateContext:
    """Give the 404 page every language's words, its own first, with the address of that
    language's folder, and every language's home as its alternates atop the article
    (absolute paths: the page is served at the missing URL's depth)."""
    if template_name == "404.html":
        path = urlsplit(site_root(config) or "/").path
        own, found, tables = language(config), languages(config), tables_folder(config)
        context["not_found_words"] = [  # type: ignore[typeddict-unknown-key]
            (entry["lang"], path + entry["folder"], Words(tables, entry["lang"], "not_found"))
            for entry in sorted(found, key=lambda entry: entry["lang"] != own)
        ]
        context["alternates"] = [  # type: ignore[typeddict-unknown-key]
            Alternate(entry["lang"], entry["name"], f"{path}{entry['folder']}") for entry in found
        ]
    return context
