"""Sybil collects the examples: attn's docstrings and every Markdown page (README, docs)."""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser
from sybil.sybil import SybilCollection

FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

docstrings = Sybil(
    parsers=[DocTestParser(optionflags=FLAGS)],
    patterns=["*.py"],
    path="attn",
)

markdown = Sybil(
    parsers=[PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()],
    patterns=["README.md", "docs/**/*.md"],
    excludes=[".venv/*", "site/*"],
    path=".",
)

pytest_collect_file = SybilCollection([docstrings, markdown]).pytest()
