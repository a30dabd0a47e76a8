"""attn.plot: the lab's heatmaps, as a reader of the lab sees and hears them."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import attn
from attn import plot
from attn.lesson import K, Q, V
from attn.plot import Heatmaps, weights_before_after
from tests.docs_pages import ROOT

#: A 390 px phone leaves about this much width to the page's content.
PHONE_CONTENT_PX = 358
#: The smallest a number may be drawn on that phone, in CSS pixels.
SMALLEST_NUMBER_PX = 9

BEFORE = attn.read(Q, K, V).weights
#: The lab's two changes: query 2 twice as long, and source 2's value turned.
AFTER_QUERY = attn.read([[1, 0], [0, 2]], K, V).weights
V_TURNED = np.array(V)
V_TURNED[1] = [4, 0]
AFTER_V = attn.read(Q, K, V_TURNED).weights

CHANGES = {"query 2": AFTER_QUERY, "V": AFTER_V}
#: One changed cell as the alt text names it: row, source, and the two weights.
CELL = {
    "en": re.compile(r"source (\d+): (\d\.\d{3}) → (\d\.\d{3})"),
    "zh": re.compile(r"来源 (\d+)：(\d\.\d{3}) → (\d\.\d{3})"),
}
ROW = {
    "en": re.compile(r"Row (\d+) changes: (.*?)\.(?= |$)"),
    "zh": re.compile(r"第 (\d+) 行改变：(.*?)。"),
}


@pytest.fixture(scope="module")
def drawn() -> dict[tuple[str, str], Heatmaps]:
    """The lab's four figures: each change, in each language (drawn once for the module)."""
    return {
        (changed, locale): weights_before_after(BEFORE, after, changed=changed, locale=locale)
        for changed, after in CHANGES.items()
        for locale in ("zh", "en")
    }


def svg_texts(svg: str) -> list[str]:
    """Return the content of every ``<text>`` element of ``svg``."""
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_importing_attn_loads_no_matplotlib() -> None:
    program = (
        "import sys, attn, attn.plot, attn.lesson, attn.figure\n"
        "from attn import plot\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout == "[]\n", done.stdout
    assert not done.stderr


@pytest.mark.parametrize("locale", ["zh", "en"])
@pytest.mark.parametrize("changed", list(CHANGES))
def test_the_alt_text_names_exactly_the_changed_cells(
    drawn: dict[tuple[str, str], Heatmaps], changed: str, locale: str
) -> None:
    after = CHANGES[changed]
    alt = drawn[changed, locale].alt
    expected = [
        (i + 1, j + 1, f"{BEFORE[i, j]:.3f}", f"{after[i, j]:.3f}")
        for i, j in np.argwhere(~np.isclose(BEFORE, after))
    ]
    named = [  # (row, source, before, after) of each cell the alt text says changed, from 1
        (int(row), int(source), old, new)
        for row, cells in ROW[locale].findall(alt)
        for source, old, new in CELL[locale].findall(cells)
    ]
    assert named == expected, alt
    assert expected or alt.endswith(("No weight changes.", "权重一个都没变。")), alt
    assert changed in alt
    shape = "2 个 query × 3 个来源" if locale == "zh" else "2 queries × 3 sources"
    assert shape in alt
    # One word for a query in a sentence: the Chinese says query, as with "query 2".
    assert "查询" not in alt


def test_several_unchanged_rows_are_named_together() -> None:
    before = np.full((4, 2), 0.5)
    after = before.copy()
    after[1] = [0.25, 0.75]
    en = plot.describe_change(before, after, changed="query 2", language="en")
    zh = plot.describe_change(before, after, changed="query 2", language="zh")
    assert "Rows 1, 3 and 4 are unchanged. Row 2 changes: source 1: 0.500 → 0.250" in en
    assert "第 1、3、4 行不变。第 2 行改变：来源 1：0.500 → 0.250，" in zh


def test_jupyter_shows_the_svg_and_a_plain_repl_the_alt_text(
    drawn: dict[tuple[str, str], Heatmaps],
) -> None:
    # The size in CSS pixels: the doctests of weights_before_after and _css_pixels.
    maps = drawn["V", "en"]
    assert maps._repr_mimebundle_()[0] == {"image/svg+xml": maps.svg, "text/plain": maps.alt}
    assert "svg" not in repr(maps)  # not pages of SVG


def test_the_numbers_are_text_and_readable_on_a_phone(
    drawn: dict[tuple[str, str], Heatmaps],
) -> None:
    for (changed, _), maps in drawn.items():
        texts = svg_texts(maps.svg)
        for weights in (BEFORE, CHANGES[changed]):
            for w in weights.ravel():
                assert f"{w:.3f}" in texts
        # No glyph drawn as a path: matplotlib would define them under <defs>.
        assert "DejaVuSans-" not in maps.svg
        sizes = {
            float(size)
            for size, text in re.findall(
                r'<text style="font-size: ([\d.]+)px[^>]*>([^<]*)<', maps.svg
            )
            if re.fullmatch(r"\d\.\d{3}", text)
        }
        # 1 unit of the SVG is 1 pt, 4/3 CSS px; the phone shrinks the image to its content.
        scale = 4 / 3 * min(1, PHONE_CONTENT_PX / maps.width)
        assert min(sizes) * scale >= SMALLEST_NUMBER_PX, (sizes, maps.width)


def test_each_number_contrasts_with_its_cell(drawn: dict[tuple[str, str], Heatmaps]) -> None:
    """Dark ink on light cells, light on dark: 0.063 (dark violet) is white, 0.468 black."""
    svg = drawn["query 2", "en"].svg
    inks = dict(
        (text, fill)
        for fill, text in re.findall(r'<text style="[^"]*?fill: (#\w+)[^>]*>(\d\.\d{3})<', svg)
    )
    assert inks["0.063"] == "#ffffff"
    black = [text for text in svg_texts(svg) if text == "0.468"]
    assert len(black) == 2
    assert "0.468" not in inks  # matplotlib writes no fill for black


def test_a_changed_row_is_outlined_and_said_in_words(
    drawn: dict[tuple[str, str], Heatmaps],
) -> None:
    outline = "stroke: #b2182b"
    assert drawn["query 2", "en"].svg.count(outline) == 2  # row 2, in both panels
    assert svg_texts(drawn["query 2", "en"].svg).count("changed") == 1
    assert svg_texts(drawn["query 2", "zh"].svg).count("变了") == 1
    for locale in ("zh", "en"):
        assert outline not in drawn["V", locale].svg
        assert not {"changed", "变了"} & set(svg_texts(drawn["V", locale].svg))


def test_the_labels_follow_the_locale(drawn: dict[tuple[str, str], Heatmaps]) -> None:
    zh = svg_texts(drawn["query 2", "zh"].svg)
    assert {
        "改动前的 A",
        "只改 query 2 之后的 A",
        "查询（query）",
        "来源（key）",
        "来源 1",
        "权重",
    } <= set(zh)
    assert "font-family: 'DejaVu Sans', 'Noto Sans SC attn', sans-serif" in (
        drawn["query 2", "zh"].svg
    )
    en = svg_texts(drawn["query 2", "en"].svg)
    assert {"A before", "A after changing only query 2", "query", "source (key)", "weight"} <= set(
        en
    )
    assert "query 2" in en
    assert "source 3" in en
    # An opaque white card under everything, on the site's light and dark pages alike.
    assert re.search(
        r'<g id="patch_1">\s*<path d="M 0 [\d.]+ \s*L [\d.]+ [\d.]+ \s*L [\d.]+ 0 '
        r'\s*L 0 0 \s*z\s*" style="fill: #ffffff"/>',
        drawn["V", "en"].svg,
    )


def test_the_environment_never_picks_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    # A notebook names its language; the reader's $LANG must not relabel its figures.
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8")
    maps = weights_before_after([[0.5, 0.5]], [[0.25, 0.75]], changed="V")
    assert maps.alt.startswith("Two heatmaps"), maps.alt


def test_every_font_a_figure_names_comes_with_matplotlib_or_attn(
    drawn: dict[tuple[str, str], Heatmaps],
) -> None:
    """No font of the machine's lays out a label: the bytes are the same on any machine."""
    import matplotlib
    from matplotlib import font_manager

    shipped = (Path(matplotlib.get_data_path()), plot.LABEL_FONT.parent)
    for maps in drawn.values():
        for families in set(re.findall(r"font-family: ([^;\"]+)", maps.svg)):
            for family in re.findall(r"'([^']+)'", families):
                path = Path(font_manager.findfont(family, fallback_to_default=False))
                assert any(path.is_relative_to(folder) for folder in shipped), (family, path)


def test_the_label_font_draws_every_label_and_nothing_else() -> None:
    from fontTools.ttLib import TTFont

    # Exactly the labels' characters, as `make font` cuts it (cutting it again here would
    # read the whole Chinese source font: seconds of every run, for the same answer).
    with TTFont(plot.LABEL_FONT) as committed:
        drawn = {chr(c) for c in committed.getBestCmap()}
    assert drawn == set(plot.label_characters()), "run `make font`"


def test_two_calls_give_the_same_bytes_whatever_a_readers_matplotlib_settings(
    drawn: dict[tuple[str, str], Heatmaps],
) -> None:
    import matplotlib

    again = weights_before_after(BEFORE, AFTER_QUERY, changed="query 2", locale="zh")
    assert again.svg == drawn["query 2", "zh"].svg
    assert "Date" not in again.svg
    assert "Matplotlib v" not in again.svg
    with matplotlib.rc_context({"font.size": 20, "image.cmap": "magma", "svg.fonttype": "path"}):
        again = weights_before_after(BEFORE, AFTER_V, changed="V", locale="en")
    assert again.svg == drawn["V", "en"].svg
    assert matplotlib.rcParams["svg.fonttype"] == "path"  # and theirs are left as they were


@pytest.mark.parametrize(
    ("before", "after", "message"),
    [
        (
            BEFORE[0],
            BEFORE[0],
            "before must be a weight table with 2 axes (n_q, n_k); got shape (3,)",
        ),
        (np.zeros((0, 3)), np.zeros((0, 3)), "a heatmap needs a query and a source"),
        (BEFORE, [[0.5, np.nan, 0.5]] * 2, "after holds NaN at index (0, 1) (shape (2, 3))"),
        (
            BEFORE,
            [[1.25, 0, 0], [0.5, 0.5, 0]],
            "after holds 1.25 at index (0, 0) (shape (2, 3)); weights lie between 0 and 1",
        ),
        (BEFORE.astype(complex), BEFORE, "before has complex dtype complex128"),
    ],
)
def test_what_cannot_be_drawn_is_refused_naming_the_fault(
    before: np.ndarray, after: np.ndarray, message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        weights_before_after(before, after, changed="V", locale="en")
