r"""Heatmaps of the weights ``A`` before and after a change, as SVG with an alt text.

The lab notebook (LAB 02) draws with :func:`weights_before_after`. It needs matplotlib,
imported only when a figure is drawn: ``import attn`` and ``import attn.plot`` load none of
it. ``attn`` is on no package index: at the root of the course's repository,
``pip install -e '.[lab]'`` installs it with matplotlib (the ``lab`` extra). The alt text
is computed from the arrays alone, in the language the caller passes, and names every weight
that changed.

>>> import numpy as np
>>> before = np.array([[0.5, 0.5], [0.25, 0.75]])
>>> after = np.array([[0.5, 0.5], [0.5, 0.5]])
>>> print(describe_change(before, after, changed="query 2", language="en"))
Two heatmaps of the weights A (2 queries × 2 sources), before and after changing only query 2. Row 1 is unchanged. Row 2 changes: source 1: 0.250 → 0.500, source 2: 0.750 → 0.500.
>>> print(describe_change(before, before, changed="V", language="zh"))
两张热图：改动前的权重 A 与只改 V 之后的 A（2 个 query × 2 个来源）。权重一个都没变。
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import astuple, dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from attn.validation import FloatArray, as_float_array, row_norm_bound

if TYPE_CHECKING:  # typing only: importing this module must not load matplotlib
    from matplotlib.axes import Axes

__all__ = ["Heatmaps", "describe_change", "weights_before_after"]

#: The Chinese labels' glyphs: Noto Sans SC (OFL, ``fonts/OFL.txt``; from npm's
#: ``@fontsource/noto-sans-sc``) cut to :func:`label_characters` by the course's ``make font``,
#: under a family name of its own. Registered with matplotlib by its path, it draws the same
#: labels on every machine, whatever fonts the machine has.
LABEL_FONT = Path(__file__).parent / "fonts" / "noto-sans-sc-labels.ttf"
LABEL_FAMILY = "Noto Sans SC attn"

#: Decimals written in each cell and in the alt text, as on the lesson's pages.
DECIMALS = 3
#: Width in inches: 432 CSS px, so that on a 390 px phone (about 358 px of content) the image
#: is scaled by 0.83 and the 10 pt numbers are still drawn 11 px high.
WIDTH_INCHES = 4.5
#: Extra width per source beyond the fourth, so that the numbers never crowd each other.
INCHES_PER_EXTRA_SOURCE = 0.9
#: Height of one row of cells, and what a panel adds around its rows (title, ticks, label).
ROW_INCHES = 0.42
PANEL_INCHES = 0.85
#: The shared colour bar under the panels, with its ticks and label.
COLOURBAR_INCHES = 0.72
#: Points: the numbers and labels are 10 pt (13.3 CSS px at full size); titles a little larger.
FONT_POINTS = 10
TITLE_POINTS = 10.5
#: The outline and the "changed" mark: a dark red, 6.9:1 against the figure's white.
MARK_COLOUR = "#b2182b"
INKS = ("#000000", "#ffffff")


@dataclass(frozen=True)
class Labels:
    """The words of one language on the heatmaps and in their alt text."""

    before: str
    after: str  # takes {changed}
    query_axis: str
    source_axis: str
    source: str
    weight: str
    changed_mark: str


#: The figure's words in each language; any other locale gets English.
LABELS = MappingProxyType(
    {
        "zh": Labels(
            before="改动前的 A",
            after="只改 {changed} 之后的 A",
            query_axis="查询（query）",
            source_axis="来源（key）",
            source="来源",
            weight="权重",
            changed_mark="变了",
        ),
        "en": Labels(
            before="A before",
            after="A after changing only {changed}",
            query_axis="query",
            source_axis="source (key)",
            source="source",
            weight="weight",
            changed_mark="changed",
        ),
    }
)


@dataclass(frozen=True)
class Heatmaps:
    r"""The SVG of :func:`weights_before_after`, its size in CSS pixels and its alt text.

    Jupyter shows the SVG at ``width`` × ``height``; a text-only output (and ``str``)
    gives the alt text, which the SVG also carries as its ``<title>`` (``role="img"``).

    >>> maps = Heatmaps(svg="<svg/>", alt="Two heatmaps.", width=432, height=379)
    >>> str(maps)
    'Two heatmaps.'
    >>> maps._repr_mimebundle_()[1]
    {'image/svg+xml': {'width': 432, 'height': 379}}
    """

    svg: str = field(repr=False)
    alt: str
    width: int
    height: int

    def __str__(self) -> str:
        return self.alt

    def _repr_mimebundle_(
        self, include: object = None, exclude: object = None
    ) -> tuple[dict[str, str], dict[str, dict[str, int]]]:
        """Return the SVG and the alt text for Jupyter, with the SVG's size as metadata."""
        data = {"image/svg+xml": self.svg, "text/plain": self.alt}
        return data, {"image/svg+xml": {"width": self.width, "height": self.height}}


def weights_before_after(
    before: ArrayLike, after: ArrayLike, *, changed: str, locale: str = "en"
) -> Heatmaps:
    r"""Draw the weights ``A`` before a change above ``A`` after it, as SVG.

    ``before`` and ``after`` are weight tables of one shape ``(n_q, n_k)``, entries in
    [0, 1]. ``changed`` names what was changed ("query 2", "V") and goes into the second
    panel's title unchanged in either language. ``locale`` picks the language ("zh" or
    "en", only its first two letters count; anything else is English): a notebook passes its
    own, so that its figures are labelled in it wherever it runs. Chinese labels are drawn with
    a subset of Noto Sans SC shipped with attn (``attn/fonts/``, OFL); text with a character the font lacks raises
    ``ValueError`` naming the character.

    Both panels share one 0–1 colour scale (viridis). Each weight is written in its cell in
    black or white, whichever contrasts more with the cell; a row in which any weight
    changed is outlined in both panels and marked in words ("changed", 变了) beside the second.
    The text stays text in the SVG (searchable, and a Chinese character is 1 em wide in every
    Chinese font, so the reader's own font fits the layout): its bytes depend only on the
    arrays, the words, attn's font and matplotlib's version.

    >>> import attn
    >>> from attn.lesson import Q, K, V
    >>> before = attn.read(Q, K, V).weights
    >>> after = attn.read([[1, 0], [0, 2]], K, V).weights
    >>> maps = weights_before_after(before, after, changed="query 2", locale="en")
    >>> print(maps.alt)
    Two heatmaps of the weights A (2 queries × 3 sources), before and after changing only query 2. Row 1 is unchanged. Row 2 changes: source 1: 0.155 → 0.063, source 2: 0.422 → 0.468, source 3: 0.422 → 0.468.
    >>> maps.width, maps.height
    (432, 394)
    >>> "<text" in maps.svg and ">0.468</text>" in maps.svg
    True
    >>> from xml.sax.saxutils import escape
    >>> f"<title>{escape(maps.alt)}</title>" in maps.svg  # the alt text, escaped for XML
    True
    >>> weights_before_after(before, after[:1], changed="query 2")
    Traceback (most recent call last):
    ...
    ValueError: before has shape (2, 3) but after has shape (1, 3); the two heatmaps compare the same cells
    """
    old, new = _checked_pair(before, after)
    language = _language(locale)
    alt = describe_change(old, new, changed=changed, language=language)
    words = LABELS[language]
    fonts = _label_fonts(f"{changed}{''.join(astuple(words))}") if language == "zh" else ()
    svg = _titled(_draw(old, new, words.after.format(changed=changed), words, fonts), alt)
    width, height = _css_pixels(svg)
    return Heatmaps(svg=svg, alt=alt, width=width, height=height)


def describe_change(before: ArrayLike, after: ArrayLike, *, changed: str, language: str) -> str:
    """Return the alt text of the heatmaps: their shape, then each row's changed weights.

    A weight counts as changed when ``np.isclose`` says the old and new are not close;
    ``language`` is "zh" or "en".
    No matplotlib is needed.

    >>> print(describe_change([[0.5, 0.5]], [[0.25, 0.75]], changed="query 1", language="zh"))
    两张热图：改动前的权重 A 与只改 query 1 之后的 A（1 个 query × 2 个来源）。第 1 行改变：来源 1：0.500 → 0.250，来源 2：0.500 → 0.750。
    """
    old, new = _checked_pair(before, after)
    n_q, n_k = old.shape
    moved = ~np.isclose(old, new)
    rows = [int(i) for i in np.flatnonzero(moved.any(axis=-1))]
    still = [i + 1 for i in range(n_q) if i not in rows]
    chinese = language == "zh"
    if chinese:
        parts = [
            f"两张热图：改动前的权重 A 与只改 {changed} 之后的 A（{n_q} 个 query × {n_k} 个来源）。"
        ]
    else:
        queries = "query" if n_q == 1 else "queries"
        sources = "source" if n_k == 1 else "sources"
        parts = [
            f"Two heatmaps of the weights A ({n_q} {queries} × {n_k} {sources}), "
            f"before and after changing only {changed}."
        ]
    if not rows:
        parts.append("权重一个都没变。" if chinese else "No weight changes.")
        return "".join(parts) if chinese else " ".join(parts)
    if still:
        numbers = _series(still, chinese)
        if chinese:
            parts.append(f"第 {numbers} 行不变。")
        else:
            verb = "Row" if len(still) == 1 else "Rows"
            parts.append(f"{verb} {numbers} {'is' if len(still) == 1 else 'are'} unchanged.")
    for i in rows:
        source = LABELS["zh" if chinese else "en"].source
        colon = "：" if chinese else ": "  # the source's number, then its weights
        cells = [
            f"{source} {j + 1}{colon}{_number(old[i, j])} → {_number(new[i, j])}"
            for j in np.flatnonzero(moved[i])
        ]
        if chinese:
            parts.append(f"第 {i + 1} 行改变：{'，'.join(cells)}。")
        else:
            parts.append(f"Row {i + 1} changes: {', '.join(cells)}.")
    return "".join(parts) if chinese else " ".join(parts)


def _series(numbers: Sequence[int], chinese: bool) -> str:
    """Return ``1、3`` (zh) or ``1, 3 and 4`` (en)."""
    words = [str(n) for n in numbers]
    if chinese:
        return "、".join(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _number(value: float | np.floating[Any]) -> str:
    """Return a weight as the figure writes it (no ``-0.000``)."""
    return f"{float(value) + 0.0:.{DECIMALS}f}"


def _checked_pair(before: ArrayLike, after: ArrayLike) -> tuple[FloatArray, FloatArray]:
    """Return both weight tables as float arrays, or refuse them naming the fault."""
    old, new = as_float_array(before, "before"), as_float_array(after, "after")
    for name, table in (("before", old), ("after", new)):
        if table.ndim != 2:
            raise ValueError(
                f"{name} must be a weight table with 2 axes (n_q, n_k); got shape {table.shape}"
            )
    if old.shape != new.shape:
        raise ValueError(
            f"before has shape {old.shape} but after has shape {new.shape}; "
            "the two heatmaps compare the same cells"
        )
    if old.size == 0:
        raise ValueError(
            f"before and after have shape {old.shape}; a heatmap needs a query and a source"
        )
    for name, table in (("before", old), ("after", new)):
        row_norm_bound(table, name)  # refuses NaN and inf, naming the entry
        outside = (table < 0) | (table > 1)
        if outside.any():
            at = tuple(int(i) for i in np.argwhere(outside)[0])
            raise ValueError(
                f"{name} holds {table[at]} at index {at} (shape {table.shape}); "
                "weights lie between 0 and 1"
            )
    return old, new


def _language(locale: str) -> str:
    """Return "zh" or "en": the locale given, or English.

    >>> _language("zh_CN.UTF-8"), _language("C.UTF-8"), _language("fr")
    ('zh', 'en', 'en')
    """
    code = locale[:2].lower()
    return code if code in LABELS else "en"


def label_characters() -> set[str]:
    """Return the characters the Chinese labels draw beyond ASCII: :data:`LABEL_FONT`'s.

    >>> {"改", "（"} <= label_characters() and "A" not in label_characters()
    True
    """
    return {c for text in astuple(LABELS["zh"]) for c in text if not c.isascii()}


def _label_fonts(text: str) -> tuple[str, ...]:
    """Register :data:`LABEL_FONT` with matplotlib by its path (once); return its family, having
    checked that it draws every character of ``text`` that DejaVu Sans does not.

    >>> _label_fonts("只改 V 之后的 A")
    ('Noto Sans SC attn',)
    >>> _label_fonts("只改 键 之后")
    Traceback (most recent call last):
    ...
    ValueError: attn's Chinese label font has no glyph for 键: it holds the characters of LABELS (the course's `make font` cuts it to them)
    """
    from matplotlib import font_manager

    if str(LABEL_FONT) not in {font.fname for font in font_manager.fontManager.ttflist}:
        font_manager.fontManager.addfont(LABEL_FONT)
    drawn: set[int] = set()
    for family in ("DejaVu Sans", LABEL_FAMILY):
        path = font_manager.findfont(family, fallback_to_default=False)
        drawn |= set(font_manager.get_font(path).get_charmap())
    missing = sorted({c for c in text if ord(c) not in drawn and not c.isspace()})
    if missing:
        raise ValueError(
            f"attn's Chinese label font has no glyph for {''.join(missing)}: it holds the "
            "characters of LABELS (the course's `make font` cuts it to them)"
        )
    return (LABEL_FAMILY,)


def _draw(
    before: FloatArray, after: FloatArray, title: str, words: Labels, fonts: tuple[str, ...]
) -> str:
    """Return the SVG of the two panels, stacked, with one colour bar under them."""
    import matplotlib
    import matplotlib.style
    from matplotlib.figure import Figure

    n_q, n_k = before.shape
    width = WIDTH_INCHES + INCHES_PER_EXTRA_SOURCE * max(0, n_k - 4)
    height = 2 * (PANEL_INCHES + ROW_INCHES * n_q) + COLOURBAR_INCHES
    moved = np.flatnonzero(~np.isclose(before, after).all(axis=-1))
    # The default style first, so that a reader's matplotlibrc or style cannot change the bytes.
    with (
        matplotlib.style.context("default"),
        matplotlib.rc_context(
            {
                # Latin letters and digits from DejaVu Sans (shipped with matplotlib), Chinese
                # from attn's: no font of the machine's. A reader's browser without them uses
                # its own sans-serif.
                "font.family": ["DejaVu Sans", *fonts, "sans-serif"],
                "font.sans-serif": ["DejaVu Sans"],
                "font.size": FONT_POINTS,
                "axes.titlesize": TITLE_POINTS,
                # Text stays text: searchable, selectable, and no glyph outlines to ship.
                "svg.fonttype": "none",
                # Clip paths' ids are hashes: a fixed salt gives the same bytes on every run.
                "svg.hashsalt": "attn.plot",
                # Opaque and light whatever the page: one card on light and dark palettes.
                "figure.facecolor": "white",
                "savefig.facecolor": "white",
            }
        ),
    ):
        # A whole number of CSS pixels (96 per inch), so that width and height are exact.
        fig = Figure(figsize=(width, round(height * 96) / 96), layout="constrained")
        top, bottom = fig.subplots(2, 1)
        for ax, weights, name in ((top, before, words.before), (bottom, after, title)):
            image = ax.imshow(
                weights, cmap="viridis", vmin=0, vmax=1, interpolation="none", aspect="auto"
            )
            _write_numbers(ax, weights, image.to_rgba(weights))
            ax.set_xticks(range(n_k), [f"{words.source} {j + 1}" for j in range(n_k)])
            ax.set_yticks(range(n_q), [f"query {i + 1}" for i in range(n_q)])
            ax.set_xlabel(words.source_axis)
            ax.set_ylabel(words.query_axis)
            # ``changed`` is a name, not TeX: a "$" in it stays a dollar sign.
            ax.set_title(name, parse_math=False)
            _outline(ax, moved, n_k)
        for i in moved:
            # Said in words too, not by the outline's colour alone.
            bottom.annotate(
                words.changed_mark,
                xy=(1, int(i)),
                xycoords=("axes fraction", "data"),
                xytext=(5, 0),
                textcoords="offset points",
                ha="left",
                va="center",
                color=MARK_COLOUR,
            )
        fig.colorbar(image, ax=[top, bottom], location="bottom", label=words.weight, aspect=40)
        out = io.StringIO()
        # No date, no creator: the bytes depend on the drawing alone.
        fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    return out.getvalue()


def _write_numbers(ax: Axes, weights: FloatArray, colours: FloatArray) -> None:
    """Write each weight in its cell, in the ink that contrasts more with the cell's colour."""
    for (i, j), w in np.ndenumerate(weights):
        ax.text(j, i, _number(w), ha="center", va="center", color=_ink(colours[i, j]))


def _ink(rgba: FloatArray) -> str:
    """Return black or white, whichever has the higher WCAG contrast with ``rgba``.

    >>> _ink(np.array([0.99, 0.91, 0.14, 1.0])), _ink(np.array([0.27, 0.0, 0.33, 1.0]))
    ('#000000', '#ffffff')
    """
    channels = np.asarray(rgba, dtype=np.float64)[:3]
    linear = np.where(channels <= 0.04045, channels / 12.92, ((channels + 0.055) / 1.055) ** 2.4)
    luminance = float(linear @ np.array([0.2126, 0.7152, 0.0722]))
    on_black = (luminance + 0.05) / 0.05
    on_white = 1.05 / (luminance + 0.05)
    return INKS[0] if on_black >= on_white else INKS[1]


def _outline(ax: Axes, rows: NDArray[np.intp], n_k: int) -> None:
    """Outline each of ``rows`` across all ``n_k`` cells."""
    from matplotlib.patches import Rectangle

    for i in rows:
        box = Rectangle(
            (-0.5, int(i) - 0.5), n_k, 1, fill=False, edgecolor=MARK_COLOUR, linewidth=3
        )
        box.set_clip_on(False)  # the stroke straddles the panel's edge: keep all of it
        ax.add_patch(box)


def _titled(svg: str, alt: str) -> str:
    r"""Return the SVG as one image whose accessible name is ``alt``: ``role="img"`` and a
    ``<title>`` as its first child, so that an inline ``<svg>`` is announced as one image named
    ``alt``. A page that shows it as an ``<img>`` must still give the ``<img>`` its own ``alt``
    (the course's build takes it from this ``<title>``).

    >>> print(_titled('<?xml?>\n<svg width="1pt">\n <metadata/>', 'A & "B"'))
    <?xml?>
    <svg width="1pt" role="img">
     <title>A &amp; "B"</title>
     <metadata/>
    """
    from xml.sax.saxutils import escape

    start = re.search(r"<svg\b[^>]*", svg)
    if start is None:
        raise ValueError("matplotlib wrote no <svg> element")
    at = start.end()
    return f'{svg[:at]} role="img">\n <title>{escape(alt)}</title>{svg[at + 1 :]}'


def _css_pixels(svg: str) -> tuple[int, int]:
    """Return the SVG's width and height in CSS pixels (its points × 4/3, rounded).

    >>> _css_pixels('<svg width="324pt" height="284.25pt" viewBox="0 0 324 284.25">')
    (432, 379)
    """
    size = re.search(r'<svg[^>]*?\swidth="([\d.]+)pt" height="([\d.]+)pt"', svg)
    if size is None:
        raise ValueError("matplotlib wrote an SVG without a width and height in points")
    return round(float(size[1]) * 4 / 3), round(float(size[2]) * 4 / 3)
