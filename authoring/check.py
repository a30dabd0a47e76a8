"""One page's check while it is being written: ``make check PAGE=R37``
(``python -m authoring.check R37``, from the project's folder).

First each language's strict build, as ``make build`` makes it but into a folder of its own
and without the whole site's files (search, ``_headers``), with mkdocs-jupyter's cache, so that
it takes seconds once the cache is warm. A build that fails prints MkDocs' warning and error lines, each once, and
stops. Then the page's examples in both languages and the tests about the page that need no
built site (``PAGE_TESTS``: parity with the Chinese page and its stamp, the glossary, the
figures in its prose), with pytest, in this same process: one interpreter's start-up, one
import of MkDocs and attn. ``make test`` runs everything else.

>>> mentions("docs/en/R37.md::line:12,column:1", "R37")
True
>>> mentions("tests/test_translation_parity.py::test_english_keeps_the_chinese_pages[ids-R37]", "R37")
True
>>> mentions("tests/test_glossary.py::test_english_page_uses_the_fixed_translation[docs/en/R370.md]", "R37")
False
"""

from __future__ import annotations

import logging
import re
import sys
import tempfile
import time
from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException

from coursesite.site import CONFIGS, build_language

#: The tests about one page that read its sources only (the built site's are in ``make test``).
PAGE_TESTS = (
    "tests/test_translation_parity.py",
    "tests/test_glossary.py",
    "tests/test_page_examples.py",
)


def mentions(node_id: str, page: str) -> bool:
    """Return whether a test's id names ``page``: its file, or one of its parameters."""
    return re.search(rf"(?<!\w){re.escape(page)}(?!\w)", node_id) is not None


class Said(logging.Handler):
    """MkDocs' warning and error lines, as its command line prints them, each once."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        line = f"{record.levelname:<8}-  {record.getMessage()}"
        if line not in self.lines:
            self.lines.append(line)


def strict_build(config_file: Path) -> list[str]:
    """Build one language of the site (``config_file``) strictly into a temporary folder, as
    ``mkdocs build --strict`` does; return MkDocs' warning and error lines if the build failed,
    else none."""
    logger = logging.getLogger("mkdocs")
    said = Said()
    logger.addHandler(said)
    try:
        with tempfile.TemporaryDirectory(prefix="check-") as folder:
            build_language(load_config(str(config_file), strict=True, site_dir=folder))
    except MkDocsException as error:
        return said.lines or [f"ERROR   -  {error}"]
    finally:
        logger.removeHandler(said)
    return []


class ThisPage:
    """A pytest plugin: keep the collected tests that are about one page."""

    def __init__(self, page: str) -> None:
        self.page = page

    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        """Deselect every test whose id does not name the page."""
        kept = [item for item in items if mentions(item.nodeid, self.page)]
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


def check(page: str, root: Path) -> int:
    """Check page ``page`` of the project in ``root``; return the exit status (0: it passed)."""
    sources = [root / "docs" / locale / f"{page}.md" for locale in ("zh", "en")]
    for path in sources:
        if not path.is_file():
            shown = path.relative_to(root)
            print(
                f"{shown} does not exist: a page is docs/zh/NAME.md and docs/en/NAME.md "
                f"(a new lesson: make new PAGE={page} TITLE_ZH=… TITLE_EN=…)",
                file=sys.stderr,
            )
            return 2
    started = time.monotonic()
    failed = [line for name in CONFIGS for line in strict_build(root / name)]
    if failed:
        print("\n".join(failed), file=sys.stderr)
        print(
            f"The strict build failed: fix what the lines above name, then make check PAGE={page}",
            file=sys.stderr,
        )
        return 1
    print(f"The strict build passed ({time.monotonic() - started:.1f} s).")
    files = [str(path) for path in sources] + [str(root / test) for test in PAGE_TESTS]
    # One worker, and not Hypothesis' plugin: its imports take longer than a page's tests, and
    # no test about a page draws examples (make test runs the property tests).
    options = ["-p", "no:xdist", "-p", "no:hypothesispytest", "-q", "--no-header", "--tb=short"]
    status = pytest.main([*options, *files], plugins=[ThisPage(page)])
    if status != pytest.ExitCode.OK:
        print(f"{page} failed: fix what the lines above name, then make check PAGE={page}")
        return 1
    return 0


def main(arguments: list[str]) -> None:
    """Check the page named on the command line."""
    if len(arguments) != 1 or not arguments[0]:
        sys.exit("usage: make check PAGE=NAME (the page docs/zh/NAME.md, with its docs/en/NAME.md)")
    sys.exit(check(arguments[0], Path.cwd()))


if __name__ == "__main__":
    main(sys.argv[1:])
