r"""Formulas are MathML written at build time, drawn with the vendored STIX Two Math subset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from authoring import font
from coursesite.formulas import mathml
from tests.constants import PREFIXES
from tests.docs_pages import built_page, page_names, twin
from tests.markdown_parts import located_parts
from tests.site import ParsedPages


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
@pytest.mark.parametrize("name", page_names())
def test_every_formula_is_mathml_keeping_its_latex(
    site: Path, parsed: ParsedPages, name: str, locale: str, prefix: str
) -> None:
    maths = parsed.soup(site / prefix / built_page(name)).select("article math")
    alttexts = [m.get("alttext") for m in maths]
    assert all(alttexts), f"{prefix}{name}.html: a formula has no alttext"
    # The page's $...$ and $$...$$ outside code, found without Markdown's help.
    formulas = located_parts(twin(name, locale).read_text(encoding="utf-8"))["formulas"]
    assert alttexts == [formula.text.strip("$") for formula in formulas]


def test_no_page_loads_math_javascript(site: Path, parsed: ParsedPages) -> None:
    for html in site.rglob("*.html"):
        for script in parsed.soup(html).find_all("script"):
            text = f"{script.get('src', '')} {script.get_text()}".lower()
            assert "mathjax" not in text, html
            assert "katex" not in text, html


def test_the_stylesheet_sets_the_vendored_font(site: Path, parsed: ParsedPages) -> None:
    head = parsed.soup(site / "R36/index.html").head
    link = head.find("link", href=re.compile(r"assets/stylesheets/course\.\w+\.css$"))
    css = (site / "R36" / link["href"]).read_text(encoding="utf-8")
    font = re.search(r'url\("\.\./fonts/(stix-two-math-subset\.\w+\.woff2)"\)', css)
    assert font, css
    assert (site / "assets/fonts" / font[1]).is_file()
    assert (site / "assets/fonts/OFL.txt").is_file()


def test_the_font_subset_covers_every_formula_and_no_more(tmp_path: Path) -> None:
    used = font.site_characters()
    committed = mathml.font_characters(font.SUBSET)
    assert not used - committed, "run `make font`"
    fresh = tmp_path / "subset.woff2"
    font.write_subset(used, target=fresh)
    assert mathml.font_characters(fresh) == committed, "run `make font`"


def test_a_font_made_while_the_preview_runs_is_read_again(tmp_path: Path) -> None:
    # `make font` during `mkdocs serve`: the next rebuild checks the formulas against the new
    # font, not the one the process read first.
    from fontTools.ttLib import TTFont

    path = tmp_path / "subset.woff2"
    path.write_bytes(font.SUBSET.read_bytes())
    before = mathml.font_characters(path)
    with TTFont(font.SUBSET) as smaller:  # the same font, 𝑞 taken out of it
        for table in smaller["cmap"].tables:
            table.cmap.pop(ord("𝑞"), None)
        smaller.save(path)
    assert before - mathml.font_characters(path) == {"𝑞"}
