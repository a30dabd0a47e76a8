r"""A mistyped formula stops the build, naming the page's source file, the line and the mistake.

latex2mathml raises on some mistakes and converts others without a word (``\frac{Y=AV`` becomes
an ``<mfrac>`` with one child): each mistake here must stop the conversion either way.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from coursesite import notebooks
from coursesite.formulas import mathml
from tests.docs_pages import DOCS

#: Mistakes an author makes, and what the conversion says of each.
MISTAKES = {
    # latex2mathml converts these without a word: the structure and brace checks catch them.
    r"\frac{a}{b": "the { at character 9 is never closed",
    r"\sqrt{d_k": "the { at character 6 is never closed",
    r"\text{abc": "the { at character 6 is never closed",
    r"QK^{\mathsf T}}": "the } at character 15 closes nothing",
    r"\overset{a}": "<mover> has 1 child, needs 2 (a missing argument?)",
    r"x\limits": "<munderover> has 0 children, needs 3 (a missing argument?)",
    r"\operatorname{softmax": "an empty <mo> (an unclosed brace?)",
    r"x^^2": "a script of nothing inside a script (a doubled ^ or _?)",
    r"a & b": r"an & outside a matrix (\& writes the sign)",
    r"\end{matrix}": r"\end{matrix} has no \begin",
    r"\softmax(x)": r"unknown command \softmax",
    # latex2mathml raises on these: its exception is said in an author's words.
    r"x^": "a ^ or _ has nothing after it",
    r"x^2^3": "one base has two superscripts (x^2^3: brace one of them)",
    r"\sqrt{": "it ends where more must follow (a command without its argument?); "
    "the { at character 6 is never closed",
    r"\left( x": r"a \left has no \right, or a \right no \left",
    r"\left( x \right": r"it ends where more must follow (a \left or \right without its delimiter?)",
    r"\begin{matrix} a": r"a \begin{...} has no matching \end{...}",
}

#: Correct formulas near each mistake's kind, which the checks must let through.
CORRECT = [
    r"\frac{a}{b}",
    r"\frac12",
    r"\{a\}\lbrace b\rbrace",
    r"{}^2 x",
    r"x^{^2}",
    r"\sqrt[3]{x}",
    r"\left( \frac{1}{2} \right.",
    r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}",
    r"\begin{cases} a & x > 0 \\ b & x \le 0 \end{cases}",
    r"\sum_{i=1}^{n} x_i",
    r"\overbrace{x}^{n}",
    r"\mathrm{d}x \, \& \, \operatorname{softmax}_{\text{key}}(QK^{\mathsf T})",
]


@pytest.mark.parametrize(("latex", "said"), MISTAKES.items())
def test_a_mistake_stops_the_conversion_saying_what_is_wrong(latex: str, said: str) -> None:
    with pytest.raises(mathml.FormulaError) as error:
        mathml.math_element(latex)
    assert str(error.value) == said


@pytest.mark.parametrize("latex", CORRECT)
def test_a_correct_formula_passes_the_checks(latex: str) -> None:
    assert mathml.math_element(latex).get("alttext") == latex


def error_on(root: Path, name: str, source: str, html: str) -> str:
    """Return the build's error for ``html``, rendered from ``docs/zh/NAME`` (``source``) of a
    project at ``root``."""
    page = root / "docs" / "zh" / name
    page.parent.mkdir(parents=True)
    page.write_text(source, encoding="utf-8")
    # What on_page_content reads of the page and of the project's configuration.
    built = SimpleNamespace(file=SimpleNamespace(src_uri=page.name, abs_src_path=str(page)))
    config = SimpleNamespace(docs_dir=str(DOCS), config_file_path=str(root / "mkdocs.yml"))
    with pytest.raises(PluginError) as error:
        mathml.on_page_content(html, page=built, config=config, files=None)
    return str(error.value)


@pytest.mark.parametrize(
    ("name", "source", "html", "said"),
    [
        (
            "R36.md",
            "# R36\n\n读取 $Y=AV$。\n\n权重 $\\frac{Y=AV$。\n",
            '<p>读取 <span class="arithmatex">\\(\\frac{Y=AV\\)</span>。</p>',
            r"docs/zh/R36.md:5: formula '\frac{Y=AV' is malformed: <mfrac> has 1 child, needs 2 (an unclosed brace?)",
        ),
        (  # The lab marks a notebook's $...$ in its rendered Markdown cells (coursesite.notebooks).
            "lab/LAB-02.py",
            "# %% [markdown]\n# # 练习\n#\n# 输出 $Y=AV$，权重 $\\text{key$。\n\n# %%\nx = 1\n",
            notebooks.marked_formulas("<p>输出 $Y=AV$，权重 $\\text{key$。</p>"),
            r"docs/zh/lab/LAB-02.py:4: formula '\text{key' is malformed: the { at character 6 is never closed",
        ),
    ],
)
def test_a_malformed_formula_names_its_file_and_line(
    tmp_path: Path, name: str, source: str, html: str, said: str
) -> None:
    assert error_on(tmp_path, name, source, html) == said


def test_a_formula_in_markup_the_step_does_not_know_stops_the_build(tmp_path: Path) -> None:
    html = '<p>读取 <span class="arithmatex" data-new="1">\\(Y=AV\\)</span>。</p>'
    said = error_on(tmp_path, "R36.md", "# R36\n\n读取 $Y=AV$。\n", html)
    assert said.startswith("docs/zh/R36.md:3: a formula in markup this step")


@pytest.mark.parametrize(
    ("latex", "missing"),
    [(r"\alpha", "𝛼"), (r"\sqrt{\frac{1}{d_k}}", "√ (tall)")],
)
def test_a_formula_the_font_subset_cannot_draw_fails_the_build(
    tmp_path: Path, latex: str, missing: str
) -> None:
    html = f'<p><span class="arithmatex">\\({latex}\\)</span></p>'
    message = error_on(tmp_path, "R36.md", f"# R36\n\n${latex}$\n", html)
    assert message.startswith(f"docs/zh/R36.md:3: formula '{latex}' draws")
    assert missing in message
    assert "run `make font`" in message
