"""Sybil collects the examples: the docstrings of attn, of the build's package (coursesite) and
of the author's commands (authoring),
and every Markdown page (README, docs)."""

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
build_docstrings = Sybil(
    parsers=[DocTestParser(optionflags=FLAGS)],
    patterns=["*.py"],
    path="coursesite",
    name="coursesite",
)
authoring_docstrings = Sybil(
    parsers=[DocTestParser(optionflags=FLAGS)],
    patterns=["*.py"],
    path="authoring",
    name="authoring",
)

MARKDOWN_PARSERS = [PythonCodeBlockParser(doctest_optionflags=FLAGS), SkipParser()]

#: One namespace per page: each page's examples run top to bottom, as a reader would.
pages = Sybil(parsers=MARKDOWN_PARSERS, patterns=["*.md"], path="docs")
readme = Sybil(parsers=MARKDOWN_PARSERS, filenames={"README.md"}, path=".")

pytest_collect_file = SybilCollection(
    [docstrings, build_docstrings, authoring_docstrings, pages, readme]
).pytest()
