"""mkdocs-static-i18n's internals are read in ``coursesite/i18n.py`` only (its version guard
covers them): no other module of the build, nor a template, names the plugin's own state."""

from __future__ import annotations

import re
from pathlib import Path

from tests.docs_pages import ROOT

#: The names of i18n's state that the build reads (``coursesite/i18n.py``'s docstring), as
#: another module or template would write them.
INTERNALS = re.compile(
    r"\b(?:i18n_alternates|i18n_files_per_language|default_language|current_language"
    r"|locale_alternate_of|norm_src_uri)\b|\.(?:build_languages|alternates|building)\b"
    # The language selector's entries as i18n leaves them on the configuration (Material's own
    # header reads them, as the theme's setting it documents).
    r"|extra\.get\(.alternate.\)"
)


def named_internals(paths: list[Path]) -> list[str]:
    """Return ``path:line: text`` for each line of ``paths`` naming one of i18n's internals."""
    return [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in paths
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if INTERNALS.search(line)
    ]


def test_only_i18n_py_names_i18ns_internals() -> None:
    guarded = ROOT / "coursesite" / "i18n.py"
    build = [path for path in (ROOT / "coursesite").rglob("*.py") if path != guarded]
    templates = [path for path in (ROOT / "overrides").rglob("*") if path.is_file()]
    assert named_internals(build + templates) == []
    assert named_internals([guarded]), "the pattern finds what i18n.py reads"
