"""Sybil collects the examples: the docstrings of attn, of the build's package (coursesite), of
the author's commands (authoring) and of the tests' helpers, and every Markdown page (README,
docs)."""

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

FLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

docstrings = Sybil(
    parsers=[DocTestParser(optionflags=FLAGS)],
    patterns=["attn/*.py", "coursesite/*.py", "coursesite/*/*.py", "authoring/*.py", "tests/*.py"],
)
#: One namespace per page: each page's examples run top to bottom, as a reader would.
pages = Sybil(
    parsers=[PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()],
    patterns=["docs/*/*.md", "docs/*/*/*.md"],
    filenames={"README.md"},
)

pytest_collect_file = (docstrings + pages).pytest()
