r"""Every formula becomes MathML when the site is built; no math JavaScript is sent.

``pymdownx.arithmatex`` (generic) marks ``$...$`` as ``<span class="arithmatex">\(...\)</span>``
and ``$$...$$`` as ``<div class="arithmatex">\[...\]</div>``. Each formula becomes a ``<math>``
from latex2mathml, adjusted for what Chromium's MathML Core draws, with its LaTeX kept in
``alttext`` (for copying and for screen readers; a TeX ``<annotation>`` as well would only
double every formula in the page's weight and in the search index). A notebook's Markdown
cells get the same treatment: ``coursesite.lab`` marks their ``$...$`` the same way first. The
build fails on a formula latex2mathml cannot convert and on one that draws a character the
vendored font subset lacks.

>>> latex_to_mathml(r"\operatorname{softmax}_{\text{key}}(QK^{\mathsf T})")
'<math alttext="..."><mrow><msub><mi>softmax</mi><mrow><mtext>key</mtext></mrow></msub><mo stretchy="false">(</mo><mi>Q</mi><msup><mi>K</mi><mrow><mi>𝖳</mi></mrow></msup><mo stretchy="false">)</mo></mrow></math>'
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from functools import cache
from html import unescape
from pathlib import Path
from string import ascii_letters
from xml.etree.ElementTree import Element, tostring

from fontTools.ttLib import TTFont
from latex2mathml.converter import convert_to_element
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

#: The vendored subset, relative to ``docs_dir``; ``python -m coursesite.formulas.font`` writes it.
FONT = Path("assets/fonts/stix-two-math-subset.woff2")

# arithmatex's generic output (the LaTeX inside is HTML-escaped), and the punctuation after it:
# a line may break between a formula and its "。" or ",", so they are kept in one nowrap span.
FORMULA = re.compile(
    r'<(span|div) class="arithmatex">\\([(\[])(.*?)\\[)\]]</\1>([，。、；：！？）,.;:!?)]*)',
    re.DOTALL,
)

# MathML Core dropped the named spaces; TeX's widths in eighteenths of an em.
NAMED_SPACES = {
    "veryverythinmathspace": 1,
    "verythinmathspace": 2,
    "thinmathspace": 3,
    "mediummathspace": 4,
    "thickmathspace": 5,
    "verythickmathspace": 6,
    "veryverythickmathspace": 7,
}

# Where Chromium's operator dictionary spaces an operator unlike TeX: / is ordinary,
# : a relation, ; punctuation (lspace, rspace).
SPACES = {"/": ("0em", "0em"), ":": ("0.278em", "0.278em"), ";": ("0em", "0.167em")}

# mathvariant values and the Unicode names of their alphabets.
VARIANTS = {
    "bold": "BOLD",
    "italic": "ITALIC",
    "bold-italic": "BOLD ITALIC",
    "double-struck": "DOUBLE-STRUCK",
    "script": "SCRIPT",
    "bold-script": "BOLD SCRIPT",
    "fraktur": "FRAKTUR",
    "bold-fraktur": "BOLD FRAKTUR",
    "sans-serif": "SANS-SERIF",
    "bold-sans-serif": "SANS-SERIF BOLD",
    "sans-serif-italic": "SANS-SERIF ITALIC",
    "sans-serif-bold-italic": "SANS-SERIF BOLD ITALIC",
    "monospace": "MONOSPACE",
}

# Content taller than a line of text: only around it must a radical or a fence grow.
TALL = {"mfrac", "munder", "mover", "munderover", "mtable", "msqrt", "mroot"}
TALL_MARK = " (tall)"


def styled(char: str, style: str) -> str:
    """Return ``char`` from a Unicode mathematical alphabet (``DOUBLE-STRUCK``, ``ITALIC`` …).

    A character that alphabet lacks comes back unchanged.

    >>> styled("R", "DOUBLE-STRUCK"), styled("T", "SANS-SERIF"), styled("k", "ITALIC")
    ('ℝ', '𝖳', '𝑘')
    >>> styled("h", "ITALIC"), styled("C", "FRAKTUR"), styled("2", "ITALIC")
    ('ℎ', 'ℭ', '2')
    """
    letter = re.sub(r"^(LATIN|GREEK) |LETTER ", "", unicodedata.name(char, ""))
    # Letters encoded before the mathematical alphabets (ℝ, ℎ, ℭ) keep their older names.
    names = [
        f"MATHEMATICAL {style} {letter}",
        f"{style} {letter}".replace("FRAKTUR", "BLACK-LETTER"),
    ]
    if (style, char) == ("ITALIC", "h"):
        names.append("PLANCK CONSTANT")
    for name in names:
        with contextlib.suppress(KeyError):
            return unicodedata.lookup(name)
    return char


def math_element(latex: str, display: bool = False) -> Element:
    r"""Return ``latex`` as a ``<math>`` element that Chromium's MathML Core draws as TeX would.

    Raises an exception for LaTeX latex2mathml cannot convert, including an unknown command
    (which latex2mathml would otherwise print as text).

    >>> math_element(r"\frac{1}{")
    Traceback (most recent call last):
    latex2mathml.exceptions.NoAvailableTokensError
    >>> math_element(r"\softmax(x)")
    Traceback (most recent call last):
    ValueError: unknown command \softmax
    """
    math = convert_to_element(latex, display="block" if display else "inline")
    for element in math.iter():
        raw = element.text or ""
        if raw.startswith("\\"):
            raise ValueError(f"unknown command {raw}")
        element.text = unescape(raw) or None
        if element.tag == "mi" and raw.startswith("&") and unescape(raw) in ascii_letters:
            element.set("mathvariant", "normal")  # \mathrm{d}: latex2mathml writes d as &#x00064;
        elif element.tag == "mi" and raw in SPACES:
            element.tag = "mo"  # latex2mathml makes : and ; identifiers, with no space around
    for element in math.iter():
        for name, value in element.attrib.items():
            eighteenths = NAMED_SPACES.get(value.removeprefix("negative"))
            if eighteenths:
                sign = "-" if value.startswith("negative") else ""
                element.attrib[name] = f"{sign}{eighteenths / 18:.3f}em"
        # MathML Core ignores mathvariant except "normal": draw the Unicode letters instead.
        variant = element.attrib.get("mathvariant", "normal")
        if variant != "normal":
            del element.attrib["mathvariant"]
            for node in element.iter():
                if node.text:
                    node.text = "".join(styled(c, VARIANTS[variant]) for c in node.text)
        text = element.text or ""
        if element.tag == "mo" and text.isalpha():
            # \operatorname: an upright name, spaced as an identifier, not as an operator.
            element.tag, element.attrib = "mi", {"mathvariant": "normal"} if len(text) == 1 else {}
        elif element.tag == "mo" and text in SPACES:
            element.attrib.update(zip(("lspace", "rspace"), SPACES[text], strict=True))
    del math.attrib["xmlns"]
    if not display:
        del math.attrib["display"]
    math.set("alttext", latex)
    return math


def latex_to_mathml(latex: str, display: bool = False) -> str:
    r"""Return ``latex`` as a MathML string for an HTML page.

    >>> latex_to_mathml(r"\mathbb R", display=True)
    '<math display="block" alttext="\\mathbb R"><mrow><mi>ℝ</mi></mrow></math>'
    >>> latex_to_mathml(r"a<b")
    '<math alttext="a&lt;b"><mrow><mi>a</mi><mo>&lt;</mo><mi>b</mi></mrow></math>'
    """
    return converted(latex, display)[0]


# The same formula recurs on many pages (on each language's page, at least): convert it once.
@cache
def converted(latex: str, display: bool) -> tuple[str, frozenset[str]]:
    """Return ``latex`` as a MathML string and the characters it draws (see ``math_element``)."""
    math = math_element(latex, display)
    return tostring(math, encoding="unicode"), frozenset(drawn_characters(math))


def drawn_characters(math: Element) -> set[str]:
    r"""Return the characters a browser draws for ``math``, as the font must hold them.

    A one-letter ``<mi>`` is drawn in Mathematical Italic; a radical draws √. A radical or a
    ``\left`` fence around content taller than a line must grow, so it needs the font's taller
    variants: that need is the entry ``√ (tall)``.

    >>> sorted(drawn_characters(math_element(r"1/\sqrt{d_k}")))
    ['/', '1', '√', '𝑑', '𝑘']
    >>> sorted(drawn_characters(math_element(r"\sqrt{\frac{1}{2}}")))
    ['1', '2', '√', '√ (tall)']
    """
    drawn: set[str] = set()
    for element in math.iter():
        text = element.text or ""
        if element.tag == "mi" and len(text) == 1 and "mathvariant" not in element.attrib:
            text = styled(text, "ITALIC")
        drawn.update(text)
        if element.tag in ("msqrt", "mroot"):
            drawn.add("√")
        if any(inner.tag in TALL for child in element for inner in child.iter()):
            if element.tag in ("msqrt", "mroot"):
                drawn.add("√" + TALL_MARK)
            drawn.update(
                child.text + TALL_MARK
                for child in element
                if child.tag == "mo" and child.get("stretchy") == "true" and child.text
            )
    return drawn


@cache
def font_characters(path: Path) -> frozenset[str]:
    """Return what the font at ``path`` draws: its cmap's characters, and ``X (tall)`` for each
    character whose taller variants (MATH table) it keeps."""
    with TTFont(path) as font:
        cmap = font.getBestCmap()
        variants = font["MATH"].table.MathVariants
        constructions = zip(
            variants.VertGlyphCoverage.glyphs, variants.VertGlyphConstruction, strict=True
        )
        tall = {glyph for glyph, c in constructions if c.VariantCount > 1 or c.GlyphAssembly}
        return frozenset(chr(c) for c in cmap) | {
            chr(c) + TALL_MARK for c, glyph in cmap.items() if glyph in tall
        }


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace each arithmatex formula in ``html`` with MathML; fail the build on a bad one."""
    font = Path(config["docs_dir"]) / FONT
    covered = font_characters(font)

    def render(match: re.Match[str]) -> str:
        tag, opening, latex = match[1], match[2], unescape(match[3])
        where = f"{page.file.src_uri}: formula {latex!r}"
        try:
            mathml, drawn = converted(latex, display=opening == "[")
        # latex2mathml raises many kinds of exception for bad input, none of them shared.
        except Exception as error:
            raise PluginError(
                f"{where} cannot be converted to MathML ({type(error).__name__}: {error})"
            ) from error
        missing = drawn - covered
        if missing:
            raise PluginError(
                f"{where} draws {', '.join(sorted(missing))}, which {FONT} lacks: run `make font`"
            )
        inside, after = (match[4], "") if tag == "span" else ("", match[4])
        return f'<{tag} class="arithmatex">{mathml}{inside}</{tag}>{after}'

    return FORMULA.sub(render, html)
