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

MARKDOWN_PARSERS = [PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()]

#: One namespace per page: each page's examples run top to bottom, as a reader would.
pages = Sybil(parsers=MARKDOWN_PARSERS, patterns=["*.md"], path="docs")
readme = Sybil(parsers=MARKDOWN_PARSERS, filenames={"README.md"}, path=".")

pytest_collect_file = SybilCollection([docstrings, pages, readme]).pytest()
