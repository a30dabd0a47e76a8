r"""Write the site's fonts: STIX Two Math (OFL) cut to the glyphs the formulas draw, and Noto
Sans SC (OFL) cut to the glyphs of the lab heatmaps' Chinese labels (``write_label_font``).

Run ``make font`` (``python -m authoring.font``) after adding a formula that draws a
new character, or a label to ``attn.plot.LABELS`` (the build fails until you do). It reads the
full fonts from ``node_modules`` (``npm ci``) and finds the formulas of ``docs/`` (pages and the
notebooks' Markdown cells) with the build's own Markdown extensions and ``mathml.py``. The MATH
table and every layout feature are kept; a stretchy glyph keeps its taller variants only if
some formula needs them (see ``keep_tall_variants``).

>>> [latex for latex, _ in page_formulas("Let $x$ be `$y$`.\n\n$$a+b$$")]
['x', 'a+b']
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import jupytext
from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTFont
from markdown import Markdown
from mkdocs.config import load_config

from attn.plot import LABEL_FAMILY, LABEL_FONT, label_characters
from coursesite.formulas.mathml import FONT, TALL_MARK, converted, formulas

# From the project's folder, where the command runs, as the build does.
SOURCE = Path("node_modules/@fontsource/stix-two-math/files/stix-two-math-latin-400-normal.woff2")
SUBSET = Path("docs") / FONT
LABEL_FILES = Path("node_modules/@fontsource/noto-sans-sc/files")
LABEL_SOURCE = LABEL_FILES / "noto-sans-sc-chinese-simplified-400-normal.woff2"
# Any number may appear in a formula tomorrow; ten digits cost little.
ALWAYS = set("0123456789")


@cache
def _markdown() -> Markdown:
    """Return a Markdown converter with the site's own extensions, as ``mkdocs.yml`` sets them."""
    config = load_config("mkdocs.yml")
    return Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)


def page_formulas(markdown: str) -> list[tuple[str, bool]]:
    """Return each formula of a page as ``(latex, display)``, found exactly as the build finds it."""
    html = _markdown().reset().convert(markdown)
    return [(latex, display) for _, latex, display in formulas(html) if display is not None]


def site_characters(docs: Path = Path("docs")) -> set[str]:
    """Return every character drawn by the formulas of every page and notebook under ``docs``."""
    pages = [page.read_text(encoding="utf-8") for page in sorted(docs.rglob("*.md"))]
    pages += [
        cell.source
        for notebook in sorted(docs.rglob("*.py"))  # jupytext notebooks
        for cell in jupytext.read(notebook).cells
        if cell.cell_type == "markdown"
    ]
    found = {formula for page in pages for formula in page_formulas(page)}
    return set().union(*(converted(latex, display)[1] for latex, display in found))


def write_subset(characters: set[str], source: Path = SOURCE, target: Path = SUBSET) -> int:
    """Write ``source`` cut to ``characters`` (plus the digits) as woff2; return its size."""
    # No hinting: the formulas are drawn at reading sizes on screens that anti-alias, and the
    # hints only added bytes to R36's first load (benchmarks/NOTES.md).
    subsetter = Subsetter(Options(layout_features=["*"], hinting=False))
    subsetter.populate(unicodes=[ord(c) for c in characters | ALWAYS if len(c) == 1])
    # The source's timestamp, not today's: the same formulas give the same bytes.
    with TTFont(source, recalcTimestamp=False) as font:
        keep_tall_variants(font, {c[0] for c in characters if c.endswith(TALL_MARK)})
        subsetter.subset(font)
        font.save(target)
    return target.stat().st_size


def keep_tall_variants(font: TTFont, tall: set[str]) -> None:
    """Drop the taller variants of every stretchy glyph except those of the ``tall`` characters.

    MathML Core sizes a stretchy glyph's box by its widest variant: with STIX Two Math's
    taller radicals kept, every √ of ordinary height is followed by a 0.42em gap in Chromium.
    """
    keep = {font.getBestCmap().get(ord(c)) for c in tall}
    variants = font["MATH"].table.MathVariants
    for glyph, construction in zip(
        variants.VertGlyphCoverage.glyphs, variants.VertGlyphConstruction, strict=True
    ):
        if glyph not in keep:
            records = construction.MathGlyphVariantRecord
            records[:] = [r for r in records if r.VariantGlyph == glyph]
            construction.VariantCount = len(records)
            construction.GlyphAssembly = None


def write_label_font(
    characters: set[str], source: Path = LABEL_SOURCE, target: Path = LABEL_FONT
) -> int:
    """Write ``source`` cut to ``characters`` as TrueType (matplotlib reads no woff2), named
    ``LABEL_FAMILY``: a machine's own Noto Sans SC can never be taken for it. Return its size."""
    subsetter = Subsetter(Options(layout_features=[], hinting=False))
    subsetter.populate(unicodes=[ord(c) for c in characters])
    with TTFont(source, recalcTimestamp=False) as font:
        subsetter.subset(font)
        font.flavor = None
        postscript = LABEL_FAMILY.replace(" ", "") + "-Regular"
        names = {1: LABEL_FAMILY, 3: postscript, 4: f"{LABEL_FAMILY} Regular", 6: postscript}
        # The subsetter keeps Windows English names 0-6 alone: these replace the source's.
        for number, name in names.items():
            font["name"].setName(name, number, 3, 1, 0x409)
        font.save(target)
    return target.stat().st_size


if __name__ == "__main__":
    used = site_characters()
    size = write_subset(used)
    print(f"{SUBSET}: {len(used)} characters, {size:,} bytes")
    print("".join(sorted(used)))
    labels = label_characters()
    size = write_label_font(labels)
    print(f"{os.path.relpath(LABEL_FONT)}: {len(labels)} characters, {size:,} bytes")
