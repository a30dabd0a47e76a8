"""A notebook's images become files beside its page, each shown by an ``<img>`` that says its
size (no layout shift), loads when it nears the screen, and carries the output's text as ``alt``.

Inline, the lab's two heatmaps were 98 KiB of base64 in the page's HTML. A run takes every
``image/svg+xml`` and ``image/png`` output out of the executed notebook before it is rendered
(``runs.py``), puts an ``<img>`` in its place and caches the images with the run; the build
writes them beside the page (``pages.py``).

An image's ``alt`` is its output's ``text/plain``: ``attn.plot`` writes there what the picture
shows, in the page's language. A matplotlib figure shown as such has only ``<Figure size ...>``
there, which says nothing to a reader who cannot see it: the build stops and says what to do.
"""

from __future__ import annotations

import html
import re
import struct
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nbformat import NotebookNode

#: The images taken out of a notebook's outputs, by MIME type: the file suffix each gets.
IMAGE_TYPES = {"image/svg+xml": "svg", "image/png": "png"}
SVG_SIZE = re.compile(
    r'<svg\b[^>]*?\swidth="(?P<w>[\d.]+)(?P<wu>pt|px)?"[^>]*?\sheight="(?P<h>[\d.]+)(?P<hu>pt|px)?"',
    re.DOTALL,
)
#: What text/plain holds when a figure was shown with nothing said about it.
NO_ALT = re.compile(r"<(?:Figure|matplotlib\.|IPython\.)[^>]*>")
PIXELS_PER_POINT = 4 / 3


class FigureError(ValueError):
    """An image output the page cannot show as it should (no size, no alt text); ``code_cell``
    is the number of the code cell that showed it (1 for the first), once known."""

    def __init__(self, what: str, code_cell: int | None = None) -> None:
        super().__init__(what)
        self.code_cell = code_cell


@dataclass(frozen=True)
class Figure:
    """One image of a notebook: its file name beside the page, bytes, size in CSS pixels, alt."""

    name: str
    content: bytes
    width: int
    height: int
    alt: str

    def tag(self) -> str:
        """Return the ``<img>`` that shows it.

        >>> Figure("LAB-02-1.svg", b"", 480, 600, 'Two maps & "rows"').tag()
        '<img class="lab-figure" src="LAB-02-1.svg" width="480" height="600" loading="lazy" decoding="async" alt="Two maps &amp; &quot;rows&quot;">'
        """
        return (
            f'<img class="lab-figure" src="{html.escape(self.name)}" width="{self.width}" '
            f'height="{self.height}" loading="lazy" decoding="async" alt="{html.escape(self.alt)}">'
        )


def svg_size(svg: str) -> tuple[int, int]:
    """Return an SVG's width and height in CSS pixels (points are 4/3 of a pixel).

    >>> svg_size('<svg xmlns="http://www.w3.org/2000/svg" width="360pt" height="270.5pt">')
    (480, 361)
    >>> svg_size('<svg viewBox="0 0 10 10">')
    Traceback (most recent call last):
    ...
    coursesite.lab.figures.FigureError: an SVG output has no width and height
    """
    found = SVG_SIZE.search(svg)
    if found is None:
        raise FigureError("an SVG output has no width and height")
    scale = {"w": found["wu"], "h": found["hu"]}
    width, height = (
        round(float(found[k]) * (PIXELS_PER_POINT if scale[k] == "pt" else 1)) for k in "wh"
    )
    return width, height


def png_size(png: bytes) -> tuple[int, int]:
    """Return a PNG's width and height in pixels, from its header.

    >>> png_size(b"\\x89PNG\\r\\n\\x1a\\n" + b"\\0\\0\\0\\rIHDR" + struct.pack(">II", 640, 480))
    (640, 480)
    """
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise FigureError("an image/png output is not a PNG")
    width, height = struct.unpack(">II", png[16:24])
    return int(width), int(height)


def alt_text(data: dict[str, object]) -> str:
    """Return what an output's ``text/plain`` says about its image; raise if it says nothing.

    >>> alt_text({"text/plain": "Two heatmaps of the weights."})
    'Two heatmaps of the weights.'
    >>> alt_text({"text/plain": "<Figure size 800x600 with 3 Axes>"})
    Traceback (most recent call last):
    ...
    coursesite.lab.figures.FigureError: an image has no alt text (its output's text/plain is '<Figure size 800x600 with 3 Axes>'): show an object whose text/plain says what the picture shows, as attn.plot's heatmaps do
    """
    told = data.get("text/plain", "")
    text = "".join(told) if isinstance(told, list) else str(told)
    if not text.strip() or NO_ALT.search(text):
        raise FigureError(
            f"an image has no alt text (its output's text/plain is {text.strip()!r}): show an "
            "object whose text/plain says what the picture shows, as attn.plot's heatmaps do"
        )
    return " ".join(text.split())


def figure_of(data: dict[str, object], name_stem: str, number: int) -> Figure | None:
    """Return the image an output's ``data`` holds as the ``number``-th figure of the page
    named ``name_stem``, or None when it holds none."""
    import base64

    for mime, suffix in IMAGE_TYPES.items():
        if mime not in data:
            continue
        raw = data[mime]
        text = "".join(raw) if isinstance(raw, list) else str(raw)
        if suffix == "svg":
            content = text.encode("utf-8")
            width, height = svg_size(text)
        else:
            content = base64.b64decode(text)
            width, height = png_size(content)
        return Figure(f"{name_stem}-{number}.{suffix}", content, width, height, alt_text(data))
    return None


def figures_taken_out(notebook: NotebookNode, name_stem: str) -> list[Figure]:
    """Take every image out of the executed ``notebook``'s outputs, in order, leaving an
    ``<img>`` (an HTML output) in its place; return them.

    >>> import nbformat
    >>> svg = '<svg width="30pt" height="15pt"><text>0.212</text></svg>'
    >>> cell = nbformat.v4.new_code_cell("show()")
    >>> cell.outputs = [nbformat.v4.new_output(
    ...     "display_data", {"image/svg+xml": svg, "text/plain": "A map: row 2 changes."})]
    >>> notebook = nbformat.v4.new_notebook(cells=[cell])
    >>> [(f.name, f.width, f.height, f.alt) for f in figures_taken_out(notebook, "LAB-02")]
    [('LAB-02-1.svg', 40, 20, 'A map: row 2 changes.')]
    >>> dict(notebook.cells[0].outputs[0].data)
    {'text/html': '<img class="lab-figure" src="LAB-02-1.svg" width="40" height="20" loading="lazy" decoding="async" alt="A map: row 2 changes.">'}
    """
    found: list[Figure] = []
    code_cells = [cell for cell in notebook.cells if cell.cell_type == "code"]
    for number, cell in enumerate(code_cells, start=1):
        for output in cell.get("outputs", []):
            if output.get("output_type") not in ("display_data", "execute_result"):
                continue
            try:
                figure = figure_of(output.data, name_stem, len(found) + 1)
            except FigureError as error:
                raise FigureError(str(error), number) from None
            if figure is None:
                continue
            found.append(figure)
            output.data = {"text/html": figure.tag()}
            output.metadata = {}
    return found
