r"""Every formula becomes MathML when the site is built; no math JavaScript is sent.

``pymdownx.arithmatex`` (generic) marks ``$...$`` as ``<span class="arithmatex">\(...\)</span>``
and ``$$...$$`` as ``<div class="arithmatex">\[...\]</div>`` (``coursesite.notebooks`` marks a
notebook's Markdown cells so too). Each becomes latex2mathml's ``<math>``, adjusted for what
Chromium's MathML Core draws, with its LaTeX kept in ``alttext`` (for copying and for screen
readers; a TeX ``<annotation>`` as well would double every formula in the page's weight and in
the search index).

latex2mathml converts some mistakes without a word (``\frac{Y=AV`` becomes an ``<mfrac>`` with
one child, ``\text{abc`` prints its brace): hence ``check_structure`` and ``brace_mistake``.

>>> converted(r"\operatorname{softmax}_{\text{key}}(QK^{\mathsf T})", False)[0]
'<math alttext="..."><mrow><msub><mi>softmax</mi><mrow><mtext>key</mtext></mrow></msub><mo stretchy="false">(</mo><mi>Q</mi><msup><mi>K</mi><mrow><mi>𝖳</mi></mrow></msup><mo stretchy="false">)</mo></mrow></math>'
>>> converted(r"a\!b", False)[0]  # MathML Core draws no named space: a width in em
'<math alttext="..."><mrow><mi>a</mi><mspace width="-0.167em" /><mi>b</mi></mrow></math>'
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from functools import cache
from html import unescape
from io import BytesIO
from pathlib import Path
from string import ascii_letters
from xml.etree.ElementTree import Element, tostring

from fontTools.ttLib import TTFont
from latex2mathml.converter import convert_to_element
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from coursesite import markup, source_name

#: The vendored subset, relative to ``docs_dir``; ``python -m authoring.font`` writes it.
FONT = Path("assets/fonts/stix-two-math-subset.woff2")

#: arithmatex's generic delimiters around a formula's LaTeX (HTML-escaped): is it displayed?
DELIMITERS = {"\\(\\)": False, "\\[\\]": True}

# The punctuation after an inline formula: a line may break between a formula and its "。" or
# ",", so they are kept in one nowrap span.
PUNCTUATION = "，。、；：！？）,.;:!?)"

# MathML Core dropped the named spaces latex2mathml writes (\!, \thinspace …, and their
# "negative" forms); TeX's widths in eighteenths of an em.
NAMED_SPACES = {"thinmathspace": 3, "mediummathspace": 4, "thickmathspace": 5}

# Where Chromium's operator dictionary spaces an operator unlike TeX: / is ordinary,
# : a relation, ; punctuation (lspace, rspace).
SPACES = {"/": ("0em", "0em"), ":": ("0.278em", "0.278em"), ";": ("0em", "0.167em")}

# Content taller than a line of text: only around it must a radical or a fence grow.
TALL = {"mfrac", "munder", "mover", "munderover", "mtable", "msqrt", "mroot"}
TALL_MARK = " (tall)"

# MathML Core's elements whose content model is a fixed number of children.
CHILDREN = {
    "mfrac": 2,
    "mroot": 2,
    "msub": 2,
    "msup": 2,
    "munder": 2,
    "mover": 2,
    "msubsup": 3,
    "munderover": 3,
}
SCRIPTED = {"msub", "msup", "msubsup"}

# What each of latex2mathml's exceptions means in an author's words (it gives no message).
CONVERTER_ERRORS = {
    "NoAvailableTokensError": "it ends where more must follow (a command without its argument?)",
    "StopIteration": "it ends where more must follow (a \\left or \\right without its delimiter?)",
    "MissingSuperScriptOrSubscriptError": "a ^ or _ has nothing after it",
    "DoubleSuperscriptsError": "one base has two superscripts (x^2^3: brace one of them)",
    "DoubleSubscriptsError": "one base has two subscripts (x_1_2: brace one of them)",
    "ExtraLeftOrMissingRightError": "a \\left has no \\right, or a \\right no \\left",
    "MissingEndError": "a \\begin{...} has no matching \\end{...}",
    "NumeratorNotFoundError": "\\over has no numerator",
    "DenominatorNotFoundError": "\\over has no denominator",
}

# A brace that groups, and what is never one: an escaped character (\{, \\) or a command name.
BRACE = re.compile(r"\\(?:[A-Za-z]+|.)|[{}]", re.DOTALL)


class FormulaError(ValueError):
    """A formula the site cannot show as its author wrote it; the message says what is wrong."""


def styled(char: str, variant: str) -> str:
    """Return ``char`` from the Unicode mathematical alphabet a ``mathvariant`` names, or
    unchanged if that alphabet lacks it.

    >>> styled("h", "italic"), styled("C", "fraktur"), styled("2", "italic")
    ('ℎ', 'ℭ', '2')
    """
    # An alphabet's Unicode name is its mathvariant in capitals, "-ITALIC" spaced: BOLD ITALIC.
    style = variant.upper().replace("-ITALIC", " ITALIC")
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

    Raises ``FormulaError``, saying what is wrong, for LaTeX that latex2mathml cannot convert,
    for an unknown command (which latex2mathml would otherwise print as text), for MathML that
    breaks a content model (see ``check_structure``) and for unbalanced braces.

    >>> math_element(r"\frac{Y=AV")
    Traceback (most recent call last):
    coursesite.formulas.mathml.FormulaError: <mfrac> has 1 child, needs 2 (an unclosed brace?)
    """
    braces = brace_mistake(latex)
    try:
        math = convert_to_element(latex, display="block" if display else "inline")
    # latex2mathml raises many kinds of exception for bad input, none of them shared.
    except Exception as error:
        name = type(error).__name__
        said = CONVERTER_ERRORS.get(name) or f"latex2mathml cannot convert it ({name}: {error})"
        raise FormulaError(f"{said}; {braces}" if braces else said) from error
    for element in math.iter():
        raw = element.text or ""
        if raw.startswith("\\end{"):
            raise FormulaError(f"{raw} has no \\begin")
        if raw.startswith("\\"):
            raise FormulaError(f"unknown command {raw}")
        # TeX stops on an & outside an alignment; latex2mathml prints it (\& is an entity).
        if raw == "&":
            raise FormulaError("an & outside a matrix (\\& writes the sign)")
        text = unescape(raw)
        if element.tag == "mi" and raw.startswith("&") and text in ascii_letters:
            element.set("mathvariant", "normal")  # \mathrm{d}: latex2mathml writes d as &#x00064;
        elif element.tag == "mi" and raw in SPACES:
            element.tag = "mo"  # latex2mathml makes : and ; identifiers, with no space around
        for name, value in element.attrib.items():
            eighteenths = NAMED_SPACES.get(value.removeprefix("negative"))
            if eighteenths:
                sign = "-" if value.startswith("negative") else ""
                element.attrib[name] = f"{sign}{eighteenths / 18:.3f}em"
        # MathML Core ignores mathvariant except "normal": draw the Unicode letters instead.
        variant = element.attrib.get("mathvariant", "normal")
        if variant != "normal":
            del element.attrib["mathvariant"]
            text = "".join(styled(c, variant) for c in text)
        element.text = text or None
        if element.tag == "mo" and text.isalpha():
            # \operatorname: an upright name, spaced as an identifier, not as an operator.
            element.tag, element.attrib = "mi", {"mathvariant": "normal"} if len(text) == 1 else {}
        elif element.tag == "mo" and text in SPACES:
            element.attrib.update(zip(("lspace", "rspace"), SPACES[text], strict=True))
    check_structure(math, braces)
    if braces:
        raise FormulaError(braces)
    del math.attrib["xmlns"]
    if not display:
        del math.attrib["display"]
    math.set("alttext", latex)
    return math


def check_structure(math: Element, braces: str | None) -> None:
    r"""Raise ``FormulaError`` where ``math`` breaks MathML Core's content models, as
    latex2mathml's output for a mistyped formula does: a fraction, root or script with too few
    parts, an empty operator that is no fence (``\operatorname``
    without its name), a script of nothing inside another script (``x^^2``).

    >>> from xml.etree.ElementTree import fromstring
    >>> check_structure(fromstring("<math><munderover/></math>"), None)
    Traceback (most recent call last):
    coursesite.formulas.mathml.FormulaError: <munderover> has 0 children, needs 3 (a missing argument?)
    """
    unclosed = (braces or "").endswith("never closed")
    for element in math.iter():
        children = list(element)
        needs = CHILDREN.get(element.tag)
        if needs is not None and len(children) != needs:
            hint = ""
            if len(children) < needs:
                hint = " (an unclosed brace?)" if unclosed else " (a missing argument?)"
            count = f"{len(children)} child{'' if len(children) == 1 else 'ren'}"
            raise FormulaError(f"<{element.tag}> has {count}, needs {needs}{hint}")
        # An empty fence is TeX's \left. or \right.; any other empty operator lost its text.
        if element.tag == "mo" and not element.text and element.get("fence") != "true":
            hint = "an unclosed brace?" if unclosed else "\\operatorname without its name?"
            raise FormulaError(f"an empty <mo> ({hint})")
        # latex2mathml reads x^^2 as x to the power of (nothing squared).
        if element.tag in SCRIPTED and any(
            script.tag in SCRIPTED and len(script) and script[0].tag == "mi" and not script[0].text
            for script in children[1:]
        ):
            raise FormulaError("a script of nothing inside a script (a doubled ^ or _?)")


def brace_mistake(latex: str) -> str | None:
    r"""Return what is wrong with the braces of ``latex``, or None if each ``{`` has its ``}``.

    latex2mathml reads an unclosed group to the formula's end and prints a stray ``}``.

    >>> brace_mistake(r"\{a\} = x^{2}}")
    'the } at character 14 closes nothing'
    """
    opened: list[int] = []
    for match in BRACE.finditer(latex):
        if match[0] == "{":
            opened.append(match.start())
        elif match[0] == "}" and not opened:
            return f"the }} at character {match.start() + 1} closes nothing"
        elif match[0] == "}":
            opened.pop()
    return f"the {{ at character {opened[-1] + 1} is never closed" if opened else None


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

    >>> sorted(drawn_characters(math_element(r"\sqrt{\frac{1}{d_k}}")))
    ['1', '√', '√ (tall)', '𝑑', '𝑘']
    """
    drawn: set[str] = set()
    for element in math.iter():
        text = element.text or ""
        if element.tag == "mi" and len(text) == 1 and "mathvariant" not in element.attrib:
            text = styled(text, "italic")
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


def font_characters(path: Path) -> frozenset[str]:
    """Return what the font at ``path`` draws, as ``drawn_characters`` names it. Read on each
    call: a running ``mkdocs serve`` sees the font ``make font`` just wrote."""
    return characters_drawn_by(path.read_bytes())


@cache
def characters_drawn_by(font_bytes: bytes) -> frozenset[str]:
    """Return the cmap's characters, and ``X (tall)`` for each with taller variants kept."""
    with TTFont(BytesIO(font_bytes)) as font:
        cmap = font.getBestCmap()
        variants = font["MATH"].table.MathVariants
        constructions = zip(
            variants.VertGlyphCoverage.glyphs, variants.VertGlyphConstruction, strict=True
        )
        tall = {glyph for glyph, c in constructions if c.VariantCount > 1 or c.GlyphAssembly}
        return frozenset(chr(c) for c in cmap) | {
            chr(c) + TALL_MARK for c, glyph in cmap.items() if glyph in tall
        }


def source_line(source: str, latex: str) -> int | None:
    r"""Return the line of ``source`` on which the formula ``latex`` is written, or None.

    A notebook's Markdown cell is a comment in its ``.py``, each line behind a ``#``: a formula
    over several lines is found by its first line.

    >>> source_line("# $$\n# a+b\n# c\n# $$\n", "\na+b\nc\n")
    2
    """
    first = next((line.strip() for line in latex.splitlines() if line.strip()), latex)
    for written in (f"${latex}$", f"${first}", latex, first):
        at = source.find(written)
        if at >= 0:
            return source.count("\n", 0, at) + 1
    return None


def formula_place(page: Page, config: MkDocsConfig, latex: str) -> str:
    """Return where ``latex`` is written, ``docs/zh/R36.md:12``, to begin an error message; the
    file alone when the formula is not in it as written (a generated part)."""
    shown = source_name(page, config)
    if not page.file.abs_src_path:
        return shown
    line = source_line(Path(page.file.abs_src_path).read_text(encoding="utf-8"), latex)
    return f"{shown}:{line}" if line else shown


def formulas(html: str) -> list[tuple[markup.Element, str, bool | None]]:
    r"""Return each element that ``pymdownx.arithmatex`` marked in ``html``, with its LaTeX and
    whether it is displayed: None for markup this step does not know (arithmatex's changed?).

    >>> [(latex, display) for _, latex, display in formulas('<p><span class="arithmatex">'
    ...     '\\(a&lt;b\\)</span>, <div class="arithmatex" id="x">\\[c\\]</div>')]
    [('a<b', False), ('c', None)]
    """
    found = []
    for element in markup.elements(html, "span", "div"):
        if "arithmatex" in (element.attrs.get("class") or "").split():
            text = html[element.inner : element.close]
            known = element.attrs == {"class": "arithmatex"} and "<" not in text
            display = DELIMITERS.get(text[:2] + text[-2:]) if known else None
            found.append((element, unescape(text[2:-2]), display))
    return found


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Replace each arithmatex formula in ``html`` with MathML; fail the build, naming its source
    file and line, on one that is malformed or draws what the font subset lacks."""
    covered = font_characters(Path(config.docs_dir) / FONT)
    parts, done = [], 0
    for element, latex, display in formulas(html):
        if display is None:
            raise PluginError(
                f"{formula_place(page, config, latex)}: a formula in markup this step does not "
                f"know (pymdownx.arithmatex's output changed?): {latex}"
            )
        try:
            mathml, drawn = converted(latex, display)
        except FormulaError as error:
            where = formula_place(page, config, latex)
            raise PluginError(f"{where}: formula '{latex}' is malformed: {error}") from error
        missing = drawn - covered
        if missing:
            raise PluginError(
                f"{formula_place(page, config, latex)}: formula '{latex}' draws "
                f"{', '.join(sorted(missing))}, which {FONT} lacks: run `make font`"
            )
        tag, end = element.tag, element.end
        while tag == "span" and end < len(html) and html[end] in PUNCTUATION:
            end += 1
        parts += [html[done : element.start], f'<{tag} class="arithmatex">{mathml}']
        parts.append(f"{html[element.end : end]}</{tag}>")
        done = end
    return "".join([*parts, html[done:]])
