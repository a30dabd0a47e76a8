r"""R36's figure, one static figure per state, numbers from ``attn.figure``.

Each state's section (``<h2 id="state-b0">`` …) gets its own complete figure right under its
heading, so the page reads fully without JavaScript; ``assets/javascripts/figure.js`` then
turns the four into one figure with a stepper. The Markdown source is untouched: an agent
reads each state's numbers in that state's doctest instead.

>>> from attn.figure import lesson_figure
>>> html = figure_html(lesson_figure(), "b0", "en")
>>> "row 1 of the score table S is query 1" in html
True
>>> html.count('class="is-highlighted"')
1
"""

from __future__ import annotations

import re
from html import escape

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from attn.figure import Figure, State, lesson_figure
from coursesite.i18n import page_locale

LABELS = {
    "zh": {
        "S": "分数表 S = QKᵀ",
        "A": "权重 A",
        "V": "V（来源的 value）",
        "Y": "输出 Y = AV",
        "A_by_query": "沿 query 轴归一化：另一个问题",
        "query": "query {}",
        "source": "来源 {}",
        "dim": "维 {}",
        "row_sum": "行和",
        "single_read": "＝前面的单次读取",
        "wrong": "✗ 不是读取",
        "figure": "R36 的图",
    },
    "en": {
        "S": "score table S = QKᵀ",
        "A": "weights A",
        "V": "V (the sources' values)",
        "Y": "output Y = AV",
        "A_by_query": "normalised along the query axis: another question",
        "query": "query {}",
        "source": "source {}",
        "dim": "dim {}",
        "row_sum": "row sum",
        "single_read": "= the earlier single read",
        "wrong": "✗ not a read",
        "figure": "R36 figure",
    },
}

CAPTIONS = {
    "zh": {
        "b0": "状态 b0：分数表 S 的第 1 行是 query 1；三列是三个来源。",
        "b2": "状态 b2：A 乘同一个 V 得到两行输出 Y；第 1 行就是 query 1 的单次读取。",
        "b3": "状态 b3：query 2 的一行贯穿 S、A 与 Y；K、V 未变。",
        "b1": "状态 b1：A 的每一行在三个来源间和为 {a}；沿 query 轴归一化，每行和为 {b}，回答的是另一个问题。",
    },
    "en": {
        "b0": "State b0: row 1 of the score table S is query 1; the three columns are the three sources.",
        "b2": "State b2: A times the same V gives two output rows Y; row 1 is query 1's single read.",
        "b3": "State b3: query 2's row runs through S, A and Y; K and V are unchanged.",
        "b1": "State b1: each row of A sums to {a} over the three sources; normalised along the query axis, each row sums to {b}, which answers another question.",
    },
}


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
    labels = LABELS[locale]
    rows = fig.matrices[name]
    row_label, col_label = {
        "V": ("source", "dim"),
        "Y": ("query", "dim"),
    }.get(name, ("query", "source"))
    marked = next((h for h in state.highlights if h.matrix == name), None)
    head = "".join(
        f'<th scope="col">{labels[col_label].format(j + 1)}</th>' for j in range(len(rows[0]))
    )
    if extra:
        head += f'<th scope="col">{labels["row_sum"]}</th>'
    body = []
    for i, row in enumerate(rows):
        on = marked is not None and (not marked.rows or i in marked.rows)
        cells = "".join(f"<td>{_strong(number(v), on)}</td>" for v in row)
        if extra:
            cells += f"<td>{_strong(number(fig.matrices[extra][i][0]), True)}</td>"
        header = labels[row_label].format(i + 1)
        if name == "Y" and state.single_read_row == i:
            header += f' <span class="r36-badge">{labels["single_read"]}</span>'
        attrs = ' class="is-highlighted"' if on else ""
        body.append(f'<tr{attrs}><th scope="row">{header}</th>{cells}</tr>')
    caption = labels[name]
    if name == "A_by_query":
        caption += f' <span class="r36-badge r36-badge--wrong">{labels["wrong"]}</span>'
    return (
        f'<table class="r36-matrix" data-matrix="{name}"><caption>{caption}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def _strong(text: str, on: bool) -> str:
    """Bold a highlighted number: the highlight is weight and outline, not colour alone."""
    return f"<strong>{text}</strong>" if on else text


def figure_html(fig: Figure, key: str, locale: str) -> str:
    """Return the complete static figure of state ``key`` in ``locale``."""
    state = fig.state(key)
    tables = [matrix_html(fig, "S", state, locale)]
    if state.row_sums:
        tables.append(matrix_html(fig, "A", state, locale, extra="row_sums"))
        tables.append(matrix_html(fig, "A_by_query", state, locale, extra="row_sums_by_query"))
    else:
        tables.append(matrix_html(fig, "A", state, locale))
    tables += [matrix_html(fig, "V", state, locale), matrix_html(fig, "Y", state, locale)]
    caption = CAPTIONS[locale][key].format(
        a=number(fig.matrices["row_sums"][0][0]), b=number(fig.matrices["row_sums_by_query"][0][0])
    )
    return (
        f'<figure class="r36-figure" data-state="{key}" id="figure-{key}" data-pagefind-ignore '
        f'aria-label="{escape(LABELS[locale]["figure"])} · {key}">'
        f'<div class="r36-figure__tables">{"".join(tables)}</div>'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )


def with_figures(html: str, fig: Figure, locale: str) -> str:
    """Return the page HTML with each state's figure placed right under its heading."""
    for state in fig.states:
        heading = re.search(rf'<h2 id="state-{state.key}">.*?</h2>', html, re.S)
        if heading is None:
            raise ValueError(f"the page has no heading with id state-{state.key} for its figure")
        html = html[: heading.end()] + figure_html(fig, state.key, locale) + html[heading.end() :]
    return html


# The figures repeat the numbers of the state's text and doctests: search leaves them out
# (data-pagefind-ignore), as their cells would run together there ("0.4220.1550.422").
def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """Add the four states' figures to a page with the states' sections, in its language."""
    if '<h2 id="state-b0">' not in output:
        return output
    locale = page_locale(page, config)
    return with_figures(output, lesson_figure(), locale)
