r"""R36's figure, one static figure per state, numbers from ``attn.figure``.

A page has the figure because it asks for it in its front matter, in each language's page::

    ---
    figure: r36-states
    ---

(``FIGURES`` names the figures there are). A page that does not ask gets none, whatever its
headings; a page that asks must have every state's heading and caption, or the build stops and
names the page.

An explorable is asked for the same way (``explore: r36-explore``, ``EXPLORABLES``): its states,
computed by ``attn``, go into the page as a JSON data island of that id, right after the
paragraph of class ``r36-explore-caption``, which says what it shows;
``assets/javascripts/explore.js`` draws it there.

Each state's section (``<h2 id="state-b0">`` …) gets its own complete figure right under its
heading, so the page reads fully without JavaScript; ``assets/javascripts/figure.js`` then
turns the four into one figure with a stepper. The Markdown source is untouched: an agent
reads each state's numbers in that state's doctest, and what its figure shows in the state's
caption paragraph, written in the page's own words right under the heading:

    ## State b0 { #state-b0 }

    Figure b0: row 1 of the score table S is query 1; … Highlighted: row 1 of S.
    { .r36-figure-caption }

That paragraph is the one caption a reader sees; the figure is described by it
(``aria-describedby``) and takes its text from it for the stepper to announce.

>>> from attn.figure import lesson_figure
>>> page = ('<h2 id="state-b0">State b0</h2><p class="r36-figure-caption">Row 1 of S.</p>'
...         '<h2 id="next">…</h2>')
>>> caption = captions(page, ["b0"])["b0"]
>>> caption
Caption(key='b0', id='figure-b0-caption', text='Row 1 of S.')
>>> html = figure_html(lesson_figure(), "b0", "en", caption)
>>> '<figcaption hidden>Row 1 of S.</figcaption>' in html, 'aria-describedby="figure-b0-caption"' in html
(True, True)
>>> html.count('class="is-highlighted"')
1
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from html import escape, unescape
from typing import Any, NamedTuple, TypeVar

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from attn.figure import Figure, State, lesson_figure, query_turns
from coursesite import source_name
from coursesite.languages import language
from coursesite.words import Words

#: The front matter key a page asks for a figure with, and the figures it may name.
FIGURE_KEY = "figure"
FIGURES: dict[str, Callable[[], Figure]] = {"r36-states": lesson_figure}
#: The same for an explorable: its name is its data island's id.
EXPLORE_KEY = "explore"
EXPLORABLES: dict[str, Callable[[], dict[str, Any]]] = {"r36-explore": query_turns}

#: The class of each state's caption paragraph (``{ .r36-figure-caption }`` in the Markdown).
CAPTION_CLASS = "r36-figure-caption"
CAPTION = re.compile(rf'<p class="{CAPTION_CLASS}"(?: id="([^"]+)")?>(.*?)</p>', re.S)
TAG = re.compile(r"<[^>]+>")
T = TypeVar("T")


class Caption(NamedTuple):
    """A state's caption paragraph: its state, its id on the page and its text."""

    key: str
    id: str
    text: str


def section(html: str, key: str) -> tuple[int, int]:
    """Return where state ``key``'s section is in ``html``: from the end of its heading to the
    next ``<h2`` (or the end)."""
    heading = re.search(rf'<h2 id="state-{key}">.*?</h2>', html, re.S)
    if heading is None:
        raise ValueError(f"the page has no heading with id state-{key} for its figure")
    following = html.find("<h2", heading.end())
    return heading.end(), len(html) if following == -1 else following


def captions(html: str, keys: Iterable[str]) -> dict[str, Caption]:
    """Return each state's caption, read from the paragraph of class ``r36-figure-caption`` in
    its section: the page's own words, in the page's language."""
    found = {}
    for key in keys:
        start, end = section(html, key)
        match = CAPTION.search(html, start, end)
        if match is None:
            raise ValueError(
                f"state {key} has no caption paragraph ({{ .{CAPTION_CLASS} }}) under its heading"
            )
        text = " ".join(unescape(TAG.sub("", match.group(2))).split())
        found[key] = Caption(key, match.group(1) or f"figure-{key}-caption", text)
    return found


def with_caption_ids(html: str, found: Iterable[Caption]) -> str:
    """Return ``html`` with an id on each caption paragraph that has none, for its figure to
    point at."""
    for caption in found:
        start, end = section(html, caption.key)
        match = CAPTION.search(html, start, end)
        if match is not None and match.group(1) is None:
            opening = f'<p class="{CAPTION_CLASS}" id="{caption.id}">'
            html = html[: match.start()] + opening + html[match.start(2) :]
    return html


def number(x: float) -> str:
    """Return ``x`` as the figure prints it: up to three decimals, no trailing zeros.

    >>> number(1.0), number(0.5), number(0.422)
    ('1', '0.5', '0.422')
    """
    return f"{x:.3f}".rstrip("0").rstrip(".")


def matrix_html(
    fig: Figure, name: str, state: State, locale: str, *, extra: str | None = None
) -> str:
    """Return one matrix as an HTML table, with the rows this state highlights marked."""
    labels, axes = Words(locale, "figure"), Words(locale, "matrix")
    rows = fig.matrices[name]
    row_label, col_label = {
        "V": ("source", "dim"),
        "Y": ("query", "dim"),
    }.get(name, ("query", "source"))
    marked = next((h for h in state.highlights if h.matrix == name), None)
    head = "".join(
        f'<th scope="col">{axes[col_label].format(n=j + 1)}</th>' for j in range(len(rows[0]))
    )
    if extra:
        head += f'<th scope="col">{labels["row_sum"]}</th>'
    body = []
    for i, row in enumerate(rows):
        on = marked is not None and (not marked.rows or i in marked.rows)
        cells = "".join(f"<td>{_strong(number(v), on)}</td>" for v in row)
        if extra:
            cells += f"<td>{_strong(number(fig.matrices[extra][i][0]), True)}</td>"
        header = axes[row_label].format(n=i + 1)
        if name == "Y" and state.single_read_row == i:
            header += f' <span class="r36-badge">{labels["single_read"]}</span>'
        attrs = ' class="is-highlighted"' if on else ""
        body.append(f'<tr{attrs}><th scope="row">{header}</th>{cells}</tr>')
    caption = labels[name]
    if name == "A_by_query":
        caption += f' <span class="r36-badge r36-badge--wrong">{labels["wrong"]}</span>'
    # A matrix the text has not introduced yet: dimmed, and said in words ("see b2"), a link
    # to the state that introduces it (the stepper follows the hash).
    met_at = dict(state.ahead).get(name)
    classes = "r36-matrix"
    if met_at is not None:
        ahead = labels["ahead"].format(key=met_at)
        caption += f' <a class="r36-badge" href="#r36-{met_at}">{ahead}</a>'
        classes += " r36-matrix--ahead"
    return (
        f'<table class="{classes}" data-matrix="{name}"><caption>{caption}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _strong(text: str, on: bool) -> str:
    """Bold a highlighted number: the highlight is weight and outline, not colour alone."""
    return f"<strong>{text}</strong>" if on else text


def figure_html(fig: Figure, key: str, locale: str, caption: Caption) -> str:
    """Return the complete static figure of state ``key`` in ``locale``, described by its
    caption paragraph.

    The figure's own ``<figcaption>`` holds the same words, hidden: the paragraph is the one a
    reader sees (and search indexes); ``figure.js`` announces the figcaption's text as the
    stepper moves."""
    state = fig.state(key)
    tables = [matrix_html(fig, "S", state, locale)]
    if state.row_sums:
        tables.append(matrix_html(fig, "A", state, locale, extra="row_sums"))
        tables.append(matrix_html(fig, "A_by_query", state, locale, extra="row_sums_by_query"))
    else:
        tables.append(matrix_html(fig, "A", state, locale))
    tables += [matrix_html(fig, "V", state, locale), matrix_html(fig, "Y", state, locale)]
    # The tables repeat the numbers of the state's text and doctests: search leaves them out
    # (data-pagefind-ignore), as their cells would run together there ("0.4220.1550.422").
    return (
        f'<figure class="r36-figure" data-state="{key}" id="figure-{key}" data-pagefind-ignore '
        f'aria-label="{escape(Words(locale, "figure")["figure"])} · {key}" '
        f'aria-describedby="{escape(caption.id)}">'
        f'<div class="r36-figure__tables">{"".join(tables)}</div>'
        f"<figcaption hidden>{escape(caption.text)}</figcaption></figure>"
    )


def with_figures(html: str, fig: Figure, locale: str) -> str:
    """Return the page HTML with each state's figure placed right under its heading, above
    the caption paragraph that describes it."""
    found = captions(html, [state.key for state in fig.states])
    html = with_caption_ids(html, found.values())
    for key, caption in found.items():
        start, _ = section(html, key)
        html = html[:start] + figure_html(fig, key, locale, caption) + html[start:]
    return html


def declared(page: Page, key: str, known: dict[str, Callable[[], T]], where: str) -> T | None:
    """Return what ``page`` asks for under ``key`` in its front matter (``figure: r36-states``),
    made by ``known``, or None.

    >>> from types import SimpleNamespace as NS
    >>> print(declared(NS(meta={}), FIGURE_KEY, FIGURES, "docs/en/R37.md"))
    None
    >>> declared(NS(meta={"figure": "r36-states"}), FIGURE_KEY, FIGURES, "R36.md").states[0].key
    'b0'
    >>> declared(NS(meta={"figure": "r37"}), FIGURE_KEY, FIGURES, "docs/en/R37.md")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: docs/en/R37.md: its front matter asks for figure: 'r37', but the figures are: r36-states
    """
    name = page.meta.get(key)
    if name is None:
        return None
    if name not in known:
        raise PluginError(
            f"{where}: its front matter asks for {key}: {name!r}, "
            f"but the {key}s are: {', '.join(known)}"
        )
    return known[name]()


def with_explorable(html: str, name: str, data: dict[str, Any]) -> str:
    """Return ``html`` with ``data`` as the JSON island ``name``, right after the paragraph of
    class ``{name}-caption``.

    >>> with_explorable('<p class="x-caption" id="p">Turn q.</p><p>', "x", {"states": []})
    '<p class="x-caption" id="p">Turn q.</p><script type="application/json" id="x">{"states":[]}</script><p>'
    """
    fallback = re.search(rf'<p class="{name}-caption"[^>]*>.*?</p>', html, re.S)
    if fallback is None:
        raise ValueError(f"the page has no paragraph of class {name}-caption for its explorable")
    island = json.dumps(data, separators=(",", ":")).replace("<", "\\u003c")
    script = f'<script type="application/json" id="{name}">{island}</script>'
    return html[: fallback.end()] + script + html[fallback.end() :]


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Add what ``page`` asks for (``with_asked_for``)."""
    return with_asked_for(html, page, config)


def with_asked_for(output: str, page: Page, config: MkDocsConfig) -> str:
    """Add the figure and the explorable a page asks for, in its language: each state's figure
    under the state's heading, the explorable's data after its fallback paragraph.

    >>> from types import SimpleNamespace as NS
    >>> html = '<h2 id="state-b0">b0</h2><p class="r36-figure-caption">Row 1.</p>'
    >>> english = NS(theme={"language": "en"})
    >>> with_asked_for(html, NS(meta={}, file=NS(src_uri="R37.md")), english) == html
    True
    >>> with_asked_for(html, NS(meta={"figure": "r36-states"}, file=NS(src_uri="R37.md")), english)
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: R37.md asks for figure: r36-states, but the page has no heading with id state-b2 for its figure
    >>> with_asked_for(html, NS(meta={"explore": "r36-explore"}, file=NS(src_uri="R37.md")), english)
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: R37.md asks for explore: r36-explore, but the page has no paragraph of class r36-explore-caption for its explorable
    """
    where = source_name(page, config)
    fig = declared(page, FIGURE_KEY, FIGURES, where)
    if fig is not None:
        output = asked(page, where, FIGURE_KEY, with_figures, output, fig, language(config))
    data = declared(page, EXPLORE_KEY, EXPLORABLES, where)
    if data is not None:
        name = page.meta[EXPLORE_KEY]
        output = asked(page, where, EXPLORE_KEY, with_explorable, output, name, data)
    return output


def asked(page: Page, where: str, key: str, add: Callable[..., str], *args: Any) -> str:
    """Return ``add(*args)``: what ``page`` asked for under ``key``, added to its HTML; a page
    without the places it needs stops the build, naming the page and what it asked for."""
    try:
        return add(*args)
    except ValueError as error:
        raise PluginError(f"{where} asks for {key}: {page.meta[key]}, but {error}") from error
