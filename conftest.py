"""Sybil collects the examples: the docstrings of attn and of the build hooks, and every
Markdown page (README, docs)."""

import sys
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE
from pathlib import Path

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser
from sybil.sybil import SybilCollection

FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

# MkDocs loads each hook with its own folder importable, and hooks import each other by bare
# name (`from glossary import ...`): the same here, so that their examples can run.
sys.path.insert(0, str(Path(__file__).resolve().parent / "hooks"))

docstrings = Sybil(
    parsers=[DocTestParser(optionflags=FLAGS)],
    patterns=["*.py"],
    path="attn",
)
hook_docstrings = Sybil(
    parsers=[DocTestParser(optionflags=FLAGS)],
    patterns=["*.py"],
    path="hooks",
    name="hooks",
)

MARKDOWN_PARSERS = [PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()]

#: One namespace per page: each page's examples run top to bottom, as a reader would.
pages = Sybil(parsers=MARKDOWN_PARSERS, patterns=["*.md"], path="docs")
readme = Sybil(parsers=MARKDOWN_PARSERS, filenames={"README.md"}, path=".")

pytest_collect_file = SybilCollection([docstrings, hook_docstrings, pages, readme]).pytest()
