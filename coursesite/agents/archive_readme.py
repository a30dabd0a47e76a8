"""What ``originals.zip`` says about itself: its README, the packages it needs and pytest's
settings for the one command that runs every page's examples in it.

>>> settings = {"project": {"dependencies": ["numpy>=2.0"],
...     "optional-dependencies": {"test": ["pytest>=9", "sybil>=10.1"]}}}
>>> print(requirements_txt(settings), end="")
numpy>=2.0
pytest>=9
sybil>=10.1
>>> pinned(settings, LAB)
['matplotlib']
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NotRequired, TypedDict, cast

from coursesite import PROJECT

#: The one command: run in the unpacked folder, it runs every page's examples.
COMMAND = "python -m pytest"
#: The test packages the command needs, besides attn's own dependencies.
RUNNER = ("pytest", "sybil")
#: What the lab notebooks need besides (the command does not run them).
LAB = ("matplotlib",)

#: pytest's settings in the archive: they also make the unpacked folder pytest's root, so that
#: no configuration or conftest.py of a folder around it takes part.
PYTEST_INI = """\
[pytest]
# conftest.py collects every page's examples (docs/) and attn's docstrings (Sybil).
testpaths = docs attn
# Sybil runs the examples: pytest's own doctest plugin would run them twice. No cache folder.
addopts = -p no:doctest -p no:cacheprovider -ra
# As in the site's own tests: a warning from an example fails it.
filterwarnings = error
"""


def name_of(requirement: str) -> str:
    """Return a requirement's package name.

    >>> name_of("sybil>=10.1"), name_of("pagefind[extended]==1.5.2")
    ('sybil', 'pagefind')
    """
    return re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0]


#: What the archive reads of ``pyproject.toml``.
Project = TypedDict(
    "Project",
    {"dependencies": list[str], "optional-dependencies": NotRequired[dict[str, list[str]]]},
)


class PyProject(TypedDict):
    """``pyproject.toml``, as far as the archive reads it."""

    project: Project


def pinned(pyproject: PyProject, names: Sequence[str]) -> list[str]:
    """Return the requirement ``pyproject.toml`` gives for each of ``names``, in that order."""
    project = pyproject["project"]
    declared = [*project["dependencies"]]
    for group in project.get("optional-dependencies", {}).values():
        declared += group
    by_name = {name_of(requirement): requirement for requirement in declared}
    return [by_name.get(name, name) for name in names]


def requirements_txt(pyproject: PyProject) -> str:
    """Return the archive's ``requirements.txt``: attn's dependencies and the test runner."""
    attn = [name_of(requirement) for requirement in pyproject["project"]["dependencies"]]
    return "".join(f"{line}\n" for line in pinned(pyproject, [*attn, *RUNNER]))


def project_settings() -> PyProject:
    """Return the repository's ``pyproject.toml``: the packages' versions are declared there."""
    return cast(PyProject, tomllib.loads(Path(PROJECT, "pyproject.toml").read_text("utf-8")))


def readme_markdown(
    requirements: Sequence[str], lab: Sequence[str], notebooks: Mapping[str, str]
) -> str:
    """Return the archive's ``README.md``, in both of the site's languages; ``notebooks`` gives
    a lab notebook of the archive in each language (``{"en": "docs/en/lab/LAB-02.py"}``).

    >>> readme = readme_markdown(["numpy"], ["matplotlib"], {"en": "docs/en/lab/LAB-02.py"})
    >>> [line for line in readme.splitlines() if line.startswith(COMMAND)]
    ['python -m pytest', 'python -m pytest']
    >>> "PYTHONPATH=. python docs/en/lab/LAB-02.py" in readme
    True
    """
    needs = ", ".join(f"`{r}`" for r in requirements)
    lab_needs = ", ".join(f"`{r}`" for r in lab)
    first = next(iter(notebooks.values()), "docs/zh/lab/NAME.py")
    en_notebook, zh_notebook = notebooks.get("en", first), notebooks.get("zh", first)
    install = "python -m pip install -r requirements.txt"
    return f"""\
# originals.zip

Every page of the site as it publishes it (its Markdown source, generated parts filled in), the
lab notebooks' sources and the `attn` package (numpy) that every example runs on.
`manifest.json` gives each file's address on the site (from its root; `null` if the site does
not publish it), the repository file it comes from, the lines its generated parts take and its
SHA-256.

## Run every page's examples

In the folder this archive was unpacked into, with Python 3.11 or later and {needs}
(`requirements.txt`):

```sh
{install}
{COMMAND}
```

`{COMMAND}` runs, with Sybil, every Python block in the pages under `docs/` (each page's
blocks in order, in one namespace per page) and the examples in `attn`'s docstrings, which the
generated reference page shows (its signatures are not examples: the run leaves out the lines of
each generated part, which `manifest.json` gives). They import the `attn` of this folder:
`conftest.py` puts the folder first on `sys.path` and stops the run if `attn` comes from
anywhere else; the run's header names it.

The lab notebooks (`docs/*/lab/*.py`, Jupytext's percent format) and the examples of
`attn/plot.py`, which draws their figures, are not run by this command: they also need
{lab_needs}. Each runs as a script in this folder, on its `attn` (every claim is
an `assert`; it prints its tables, and draws its figures without showing them):

```sh
PYTHONPATH=. python {en_notebook}
```

## 运行每一页的例子

在解压出的文件夹里，用 Python 3.11 或更新版本，装好 {needs}（`requirements.txt`），运行：

```sh
{install}
{COMMAND}
```

`{COMMAND}` 用 Sybil 运行 `docs/` 下各页正文里的每个 Python 代码块（同一页的代码块按顺序，在该页自己的命名空间里运行）
和 `attn` 文档字符串里的例子——生成的参考页展示的正是它们（页里的函数签名不是例子：运行时跳过每个
生成部分的行，`manifest.json` 记有这些行）。用的是本文件夹里的 `attn`：`conftest.py` 把本文件夹
放在 `sys.path` 最前面，`attn` 若来自别处就停止运行；运行开头会写出它的位置。

实验笔记本（`docs/*/lab/*.py`，Jupytext 的 percent 格式）和为它们画图的 `attn/plot.py` 的例子
不由这条命令运行：它们还需要 {lab_needs}。每个都能在本文件夹里当作脚本运行，用的是这里的 `attn`（每条结论都是 `assert`；
打印各表；图会画出，但不显示）：

```sh
PYTHONPATH=. python {zh_notebook}
```
"""
