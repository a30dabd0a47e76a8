r"""R36's figure, one static figure per state, numbers from ``attn.figure``, and its explorable's
data: put into the page by a Python-Markdown extension (``Figures``), in the page's element
tree as Markdown builds it, never by editing its HTML as text.

A page has them because it asks in its front matter (``figure: r36-states``, ``explore:
r36-explore``; ``ASKABLE`` names what there is), whatever its headings; a page that asks must
have what they go under, or the build stops and names the page.

Each state's section (a heading of the page, ``<h2 id="state-b0">`` …) gets its own complete
figure right under its heading, so the page reads fully without JavaScript;
``assets/javascripts/figure.js`` then turns the four into one figure with a stepper. The
Markdown source is untouched: an agent reads each state's numbers in that state's doctest, and
what its figure shows in the state's caption paragraph (``{ .r36-figure-caption }``, as in the
example below), written in the page's own words right under the heading. That paragraph is the
one caption, which a reader sees and search indexes; the figure is described by it
(``aria-describedby``), and the stepper announces its text as it moves.

Each figure draws the products as matrix multiplication is drawn: S = QKᵀ with Q to the left of
S and Kᵀ above it, then Y = AV with A to the left of Y and V above it (``figure.css`` lines
their rows and columns up); a result's own headers are said, not shown.

The explorable's settings, computed by ``attn``, go in as a JSON data island right after the
paragraph of class ``r36-explore-caption``, which says what it shows;
``assets/javascripts/explore.js`` draws it there.

>>> page = "\n\n".join(
...     f"## {key} {{ #state-{key} }}\n\nFigure {key} & more.\n{{ .r36-figure-caption }}"
...     for key in ("b0", "b2", "b3", "b1"))
>>> html = render(page, {"figure": "r36-states"})
>>> html.count('<figure aria-describedby='), html.count('<table class="r36-matrix')
(4, 25)
>>> '<figure aria-describedby="figure-b0-caption"' in html
True
>>> '<p class="r36-figure-caption" id="figure-b0-caption">Figure b0 &amp; more.</p>' in html
True
>>> "<figure" in render(page, {})  # a page that does not ask gets none
False
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import partial
from itertools import takewhile
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, SubElement

from markdown import Markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.pages import Page

from attn.figure import Figure, State, lesson_figure, query_turns
from coursesite import source_name
from coursesite.words import Words, WordsIn, words_in

#: What a page may ask for in its front matter: under each key, the names it may give, each
#: with what adds it to the page's element tree in a language. An explorable's name is its
#: data island's id.
ASKABLE: dict[str, dict[str, Callable[[Element, WordsIn], None]]] = {
    "figure": {"r36-states": lambda root, words: add_figures(root, lesson_figure(), words)},
    "explore": {"r36-explore": lambda root, _: add_explorable(root, "r36-explore", query_turns())},
}

#: The class of each state's caption paragraph (``{ .r36-figure-caption }`` in the Markdown).
CAPTION_CLASS = "r36-figure-caption"
#: Where the tree processor runs among Markdown's: after ``attr_list`` (8) has given the
#: headings their ids and the captions their class, before ``toc`` and MkDocs' own anchor
#: list (5), so that the figures' ids are ids MkDocs knows the page has.
PRIORITY = 6

#: Each matrix's rows and columns (as ``axis_label`` names them); any other's query and source.
AXES = {"Q": ("q", "dim"), "KT": ("dim", "key"), "V": ("source", "dim"), "Y": ("query", "dim")}
#: At a state that shows sums (b1): each matrix's row sums and column sums, by name.
SUMS = {"A": ("row_sums", None), "A_by_query": ("row_sums_by_query", "column_sums_by_query")}
#: At such a state, the table drawn under a product's left factor, to compare with it.
UNDER = {"A": "A_by_query"}
SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


class Figures(Extension):
    """The Python-Markdown extension that adds what a page asks for, and the MkDocs events that
    run it: one object for a build, which knows the build's words and the page being rendered
    (MkDocs renders one page at a time)."""

    #: The build's words, known at its ``on_config``.
    words: WordsIn

    def __init__(self) -> None:
        super().__init__()
        self.meta: Mapping[str, Any] = {}
        self.where = ""

    def extendMarkdown(self, md: Markdown) -> None:
        md.treeprocessors.register(Insert(md, self), "coursesite_figure", PRIORITY)

    def on_config(self, config: MkDocsConfig) -> None:
        """Note the build's words and be one of its Markdown extensions: MkDocs hands
        ``markdown_extensions`` to Python-Markdown, whose ``extensions`` take an extension
        object as well as a name."""
        self.words = words_in(config)
        config.markdown_extensions.append(self)  # type: ignore[arg-type]  # typed as names

    def note_page(self, page: Page, config: MkDocsConfig) -> None:
        """Note the front matter of the page about to be rendered (MkDocs has read it into
        ``page.meta`` by its ``on_page_markdown``)."""
        self.meta, self.where = page.meta, source_name(page, config)


class Insert(Treeprocessor):
    """Add what the page asks for to its element tree, or stop the build naming the page."""

    def __init__(self, md: Markdown, extension: Figures) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, root: Element) -> None:
        where = self.extension.where
        for key, known in ASKABLE.items():
            name = self.extension.meta.get(key)
            if name is None:
                continue
            if name not in known:
                raise PluginError(
                    f"{where}: its front matter asks for {key}: {name!r}, "
                    f"but the {key}s are: {', '.join(known)}"
                )
            try:
                known[name](root, self.extension.words)
            except ValueError as error:
                raise PluginError(f"{where} asks for {key}: {name}, but {error}") from error


def render(markdown: str, meta: Mapping[str, Any]) -> str:
    r"""Return ``markdown`` as HTML with what ``meta`` asks for, as the build makes an English
    page ``R37.md`` whose front matter is ``meta`` (with the one extension the figure needs,
    ``attr_list``).

    >>> render("## b0 { #state-b0 }\n\nNo caption.", {"figure": "r36-states"})
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: R37.md asks for figure: r36-states, but state b0 has no caption paragraph ({ .r36-figure-caption }) under its heading
    """
    extension = Figures()
    extension.meta, extension.where = meta, "R37.md"
    extension.words = partial(Words, Path("docs/words"), "en")
    return Markdown(extensions=["attr_list", extension]).convert(markdown)


def is_paragraph(el: Element, of_class: str) -> bool:
    """Whether ``el`` is a paragraph of class ``of_class`` (``{ .of_class }`` in the Markdown)."""
    return el.tag == "p" and of_class in el.get("class", "").split()


def add_figures(root: Element, fig: Figure, parts: WordsIn) -> None:
    """Put each state's figure right under its heading, above the caption paragraph that
    describes it (before the next ``h2``), which gets an id for the figure to point at if it
    has none."""
    for state in fig.states:
        heading = root.find(f"h2[@id='state-{state.key}']")
        if heading is None:
            raise ValueError(f"the page has no heading with id state-{state.key} for its figure")
        at = list(root).index(heading) + 1
        section = takewhile(lambda el: el.tag != "h2", root[at:])
        caption = next((el for el in section if is_paragraph(el, CAPTION_CLASS)), None)
        if caption is None:
            raise ValueError(
                f"state {state.key} has no caption paragraph ({{ .{CAPTION_CLASS} }}) under its heading"
            )
        caption_id = caption.attrib.setdefault("id", f"figure-{state.key}-caption")
        figure = figure_element(fig, state, parts, caption_id)
        figure.tail = "\n"
        root.insert(at, figure)


def number(x: float) -> str:
    """Return ``x`` as the figure prints it: up to three decimals, no trailing zeros.

    >>> number(1.0), number(0.5), number(0.422)
    ('1', '0.5', '0.422')
    """
    return f"{x:.3f}".rstrip("0").rstrip(".")


def _badge(parent: Element, text: str, classes: str = "r36-badge", href: str = "") -> None:
    """Add a badge after what ``parent`` holds: words beside a caption or a header, framed, a
    space from what comes before, which a screen reader otherwise reads as one word with it."""
    if len(parent):
        parent[-1].tail = " "
    else:
        parent.text = f"{parent.text} "
    badge = SubElement(parent, "a" if href else "span", {"class": classes})
    if href:
        badge.set("href", href)
    badge.text = text


def _header(row: Element, scope: str, text: str, role: str = "") -> Element:
    """Add a header cell naming a row or a column; a product's result only says it: the left
    factor beside it names its rows and the right factor above it its columns, as on paper."""
    header = SubElement(row, "th", {"scope": scope})
    if role == "result":
        SubElement(header, "span", {"class": "visually-hidden"}).text = text
    else:
        header.text = text
    return header


def axis_label(parts: WordsIn, axis: str, i: int) -> str:
    """Return the name of row or column ``i`` (from 0) along ``axis``, in the language of
    ``parts``.

    >>> en, zh = (partial(Words, Path("docs/words"), locale) for locale in ("en", "zh"))
    >>> axis_label(en, "key", 0), axis_label(en, "q", 1), axis_label(zh, "dim", 0)
    ('key 1', 'q₂', '第 1 维')
    """
    if axis == "q":
        return f"q{str(i + 1).translate(SUBSCRIPTS)}"
    # Kᵀ's key j is the static figure's own word; the others the explorable's too.
    return parts("figure" if axis == "key" else "matrix")[axis].format(n=i + 1)


def matrix_table(fig: Figure, name: str, state: State, parts: WordsIn, role: str) -> Element:
    """Return one matrix as an HTML table in its place (``role``) of a product: the rows this
    state highlights marked, its caption saying in words what it is and what it is at this
    state (shared by both queries; not a read; explained at a later state)."""
    words = parts("figure")
    rows = fig.matrices[name]
    row_axis, column_axis = AXES.get(name, ("query", "source"))
    marked = next((h for h in state.highlights if h.matrix == name), None)
    row_sums, column_sums = SUMS.get(name, (None, None)) if state.sums else (None, None)
    met_at = dict(state.ahead).get(name)
    classes = f"r36-matrix r36-product__{role}"
    # Its sums (b1) in its last column and its footer, which the stylesheet sets in bold.
    if row_sums:
        classes += " r36-matrix--sums"
    # A matrix the text has not introduced yet: dimmed, and said in words ("see b2"), a link
    # to the state that introduces it (the stepper follows the hash).
    if met_at is not None:
        classes += " r36-matrix--ahead"
    table = Element("table", {"class": classes, "data-matrix": name})
    caption = SubElement(table, "caption")
    caption.text = words[name]
    if name in fig.shared:
        _badge(caption, words["shared"])
    if name == "A_by_query":
        _badge(caption, words["wrong"], "r36-badge r36-badge--wrong")
    if met_at is not None:
        _badge(caption, words["ahead"].format(key=met_at), href=f"#r36-{met_at}")

    head = SubElement(SubElement(table, "thead"), "tr")
    SubElement(head, "td")
    for j in range(len(rows[0])):
        _header(head, "col", axis_label(parts, column_axis, j), role)
    if row_sums:
        _header(head, "col", words["row_sum"])
    body = SubElement(table, "tbody")
    for i, values in enumerate(rows):
        on = marked is not None and (not marked.rows or i in marked.rows)
        row = SubElement(body, "tr", {"class": "is-highlighted"} if on else {})
        header = _header(row, "row", axis_label(parts, row_axis, i), role)
        if name == "Y" and state.single_read_row == i:
            _badge(header, words["single_read"])
        for value in values:
            SubElement(row, "td").text = number(value)
        if row_sums:
            SubElement(row, "td").text = number(fig.matrices[row_sums][i][0])
    if column_sums:
        row = SubElement(SubElement(table, "tfoot"), "tr")
        _header(row, "row", words["column_sum"])
        for value in fig.matrices[column_sums][0]:
            SubElement(row, "td").text = number(value)
        SubElement(row, "td")
    return table


def figure_element(fig: Figure, state: State, parts: WordsIn, caption_id: str) -> Element:
    """Return the complete static figure of ``state`` in the language of ``parts``, described
    by its caption paragraph, the element of id ``caption_id``."""
    words = parts("figure")
    # The tables repeat the numbers of the state's text and doctests: search leaves them out
    # (data-pagefind-ignore), as their cells would run together there ("0.4220.1550.422").
    figure = Element(
        "figure",
        {
            "class": "r36-figure",
            "data-state": state.key,
            "data-pagefind-ignore": "",
            "aria-label": f"{words['figure']} · {state.key}",
            "aria-describedby": caption_id,
        },
    )
    tables = SubElement(figure, "div", {"class": "r36-figure__tables"})
    for i, (left, right, result) in enumerate(fig.products):
        product = SubElement(tables, "div", {"class": "r36-product"})
        if i:  # from one product's result to the next one's left factor: S → A
            SubElement(product, "p", {"class": "r36-product__step"}).text = words["softmax"]
        for name, role in ((left, "left"), (right, "right"), (result, "result")):
            product.append(matrix_table(fig, name, state, parts, role))
        if state.sums and left in UNDER:
            product.append(matrix_table(fig, UNDER[left], state, parts, "under"))
    return figure


def add_explorable(root: Element, name: str, data: dict[str, Any]) -> None:
    r"""Put ``data`` in the page as the JSON island ``name``, right after the paragraph of
    class ``{name}-caption``, wherever it is in the tree.

    >>> render('Turn q.\n{ .x-caption }\n\nMore.', {"explore": "r36-explore"})
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: R37.md asks for explore: r36-explore, but the page has no paragraph of class r36-explore-caption for its explorable
    """
    for parent in root.iter():
        for i, paragraph in enumerate(parent):
            if is_paragraph(paragraph, f"{name}-caption"):
                # The island is the script's text as it stands (a serializer writes a script's
                # text unescaped): "<" escaped in the JSON, so that it cannot end the element.
                island = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
                script = Element("script", {"type": "application/json", "id": name})
                script.text, script.tail = island, paragraph.tail
                paragraph.tail = "\n"
                parent.insert(i + 1, script)
                return
    raise ValueError(f"the page has no paragraph of class {name}-caption for its explorable")
