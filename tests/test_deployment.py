"""The deployment workflow is valid against GitHub's public workflow schema."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs_pages import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def schema_check(path: Path) -> subprocess.CompletedProcess[str]:
    """Validate one workflow file with check-jsonschema's vendored GitHub workflow schema."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "check_jsonschema",
            "--builtin-schema",
            "vendor.github-workflows",
            str(path),
        ],
        capture_output=True,
        text=True,
        check=False,
    )


def test_there_is_a_deployment_workflow() -> None:
    assert [p.name for p in WORKFLOWS] == ["deploy.yml"]


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_matches_the_schema(workflow: Path) -> None:
    result = schema_check(workflow)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_schema_check_can_fail(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    broken.write_text(WORKFLOWS[0].read_text().replace("runs-on:", "runs_on:"))
    assert schema_check(broken).returncode != 0


def test_the_workflow_runs_the_readmes_test_command() -> None:
    assert "run: make test" in WORKFLOWS[0].read_text()
    assert "make test" in (ROOT / "README.md").read_text()
