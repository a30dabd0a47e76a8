"""html-validate (pinned in package.json, configured in ``.htmlvalidate.mjs``): the HTML standard's
checker for the built pages (test_html_valid.py) and for markup only a browser shows, such as the
search dialog (test_search_browser.py)."""

from __future__ import annotations

import json
import subprocess
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.docs_pages import ROOT

VALIDATOR = ROOT / "node_modules" / ".bin" / "html-validate"
CONFIG = ROOT / ".htmlvalidate.mjs"


@dataclass(frozen=True)
class Problem:
    """One message of html-validate, where it is (the file from the folder validated)."""

    file: str
    line: int
    column: int
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column} {self.rule} {self.message}"


def html_validate(files: Iterable[Path], root: Path) -> list[Problem]:
    """Run html-validate once (one node process) over ``files``; return every message, each
    file named from ``root``."""
    if not VALIDATOR.exists():
        pytest.fail(f"no html-validate at {VALIDATOR.relative_to(ROOT)}: `make test` runs npm ci")
    with tempfile.TemporaryDirectory() as folder:
        # The report goes to a file: html-validate exits before a report written to a pipe
        # is all out (the whole site's was cut short).
        output = Path(folder) / "report.json"
        result = subprocess.run(
            [
                str(VALIDATOR),
                "--config",
                str(CONFIG),
                f"--formatter=json={output}",
                *map(str, files),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        # It exits 1 both for errors found and for a run that failed (no report then).
        if not output.exists():
            pytest.fail(f"html-validate did not run (exit {result.returncode}):\n{result.stderr}")
        reports = json.loads(output.read_text(encoding="utf-8"))
    return [
        Problem(
            Path(report["filePath"]).relative_to(root).as_posix(),
            message["line"],
            message["column"],
            message["ruleId"],
            message["message"],
        )
        for report in reports
        for message in report["messages"]
    ]


def validate_markup(markup: Mapping[str, str], folder: Path) -> list[Problem]:
    """Validate each piece of markup (a page, or a fragment such as an element's outerHTML),
    written into ``folder`` under its name, in one html-validate run; return every message."""
    for name, text in markup.items():
        (folder / name).write_text(text, encoding="utf-8")
    return html_validate([folder / name for name in markup], folder)
