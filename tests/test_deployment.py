"""The deployment workflow is valid against GitHub's public workflow schema."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.docs_pages import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def test_there_is_a_deployment_workflow() -> None:
    assert [p.name for p in WORKFLOWS] == ["deploy.yml"]


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_matches_the_schema(workflow: Path) -> None:
    # check-jsonschema's vendored copy of GitHub's workflow schema.
    schema = ["--builtin-schema", "vendor.github-workflows"]
    command = [sys.executable, "-m", "check_jsonschema", *schema, str(workflow)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
