"""Fixtures shared by the site tests: one strict build of the whole site per test session."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.site import build


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once (strict) and return the folder it was built into."""
    destination = tmp_path_factory.mktemp("site")
    result = build(destination)
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stderr}"
    return destination
