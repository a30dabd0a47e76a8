"""Import every module of ``coursesite`` and of the tests into a process that has built the
site (``rebuild.py`` calls ``report``), then check that no file is loaded as two modules.

Run as ``python -m tests.programs.modules_once MKDOCS_YML`` to load the configuration only;
prints ``modules loaded once: N of the project's`` or exits non-zero naming each file loaded
twice.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections import defaultdict
from pathlib import Path

from mkdocs.config import load_config

import coursesite
import tests


def module_names(package: str, folder: Path) -> list[str]:
    """Return the name of every module under ``folder``, the package ``package``."""
    return [
        info.name
        for info in pkgutil.walk_packages([str(folder)], prefix=f"{package}.")
        # The programs run in processes of their own; this one is running.
        if not info.name.startswith("tests.programs")
    ]


def in_project(file: str | None, project: Path = coursesite.PROJECT) -> bool:
    """Whether ``file`` is one of the project's own (not an installed dependency's)."""
    if file is None:
        return False
    path = Path(file).resolve()
    return path.is_relative_to(project) and not path.is_relative_to(project / ".venv")


def loaded_twice(project: Path) -> dict[str, list[str]]:
    """Return the project's files loaded under more than one module name, with those names."""
    names: dict[str, list[str]] = defaultdict(list)
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if file and name not in ("__main__", "__mp_main__") and in_project(file, project):
            names[str(Path(file).resolve().relative_to(project))].append(name)
    return {file: found for file, found in names.items() if len(found) > 1}


def report() -> int:
    """Import every module of the project, print what is loaded twice; return the exit code."""
    for package in (coursesite, tests):
        for name in module_names(package.__name__, Path(package.__path__[0])):
            importlib.import_module(name)
    twice = loaded_twice(coursesite.PROJECT)
    for file, found in sorted(twice.items()):
        print(f"{file} is loaded as {', '.join(sorted(found))}")
    if twice:
        return 1
    ours = [m for m in sys.modules.values() if in_project(getattr(m, "__file__", None))]
    print(f"modules loaded once: {len(ours)} of the project's")
    return 0


if __name__ == "__main__":
    load_config(sys.argv[1])
    sys.exit(report())
