"""What the build keeps between builds (``coursesite/cache.py``): here, the theme's compiled
templates (the lab's runs: test_notebook_runs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import Environment, FunctionLoader

from coursesite import cache


def test_a_template_is_compiled_once_until_its_source_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MkDocs makes a new Jinja environment for every build (and i18n one for every language):
    # the cache serves each the templates an earlier one compiled.
    monkeypatch.setenv(cache.VARIABLE, str(tmp_path))
    compiled: list[str] = []

    def rendered(source: str, path: str = "docs/overrides/page.html") -> str:
        loader = FunctionLoader(lambda name: (source, f"{tmp_path}/{path}", lambda: True))
        env = cache.on_env(Environment(loader=loader), None, None)  # type: ignore[arg-type]
        compile_source = env.compile

        def counted(*args: object, **kwargs: object) -> object:
            compiled.append(source)
            return compile_source(*args, **kwargs)  # type: ignore[arg-type]

        env.compile = counted  # type: ignore[assignment, method-assign]
        return env.get_template("page.html").render()

    assert [rendered("{{ 1 + 1 }}"), rendered("{{ 1 + 1 }}")] == ["2", "2"]
    assert compiled == ["{{ 1 + 1 }}"]
    assert [rendered("{{ 2 + 2 }}"), rendered("{{ 2 + 2 }}")] == ["4", "4"]
    assert compiled == ["{{ 1 + 1 }}", "{{ 2 + 2 }}"], "an edited template is compiled again"
    # A copy of the project elsewhere reads the same file: the cache does not grow with paths.
    assert rendered("{{ 2 + 2 }}", "copy/docs/overrides/page.html") == "4"
    assert len(compiled) == 2
    assert len(list(tmp_path.rglob("*.cache"))) == 1
