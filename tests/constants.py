"""What many tests share, each written once and read from where the project states it."""

from __future__ import annotations

from typing import Any

from mkdocs.utils.yaml import yaml_load

from attn.figure import lesson_figure
from tests.docs_pages import ROOT

# MkDocs' own loader: mkdocs.yml reads SITE_URL and REPO_URL with its !ENV tag.
CONFIG: dict[str, Any] = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))

#: ``{"zh": "", "en": "en/"}``: each language of the site and where its pages are, from mkdocs.yml.
PREFIXES: dict[str, str] = {
    entry["lang"]: entry["folder"] for entry in CONFIG["extra"]["languages"]
}

#: The pages a browser test of what words cannot change runs on (copying, printing, following
#: links, the palette, JavaScript off, the other page kinds under the policy): the Chinese ones.
#: The English pages are built from the same templates, scripts and styles, with the same code,
#: anchors and numbers (test_translation_parity.py); the tests of what words can change (labels,
#: what the page says, the language switch, search, the stepper's keeping the page still as text
#: rewraps, axe on R36 and the notebooks) run in both languages.
ONE_LANGUAGE: str = PREFIXES["zh"]

#: R36's states in the order the lesson takes them (b0, b2, b3, b1), as its figure has them;
#: test_figure.py checks that the built pages in each language have them in this order.
STATE_ORDER: list[str] = [state.key for state in lesson_figure().states]
