r"""The data of R36's figure: the matrices of the worked example and what each state highlights.

The lesson walks one figure through four states, in this order: b0 → b2 → b3 → b1. Every
number the figure shows is computed here from the lesson's Q, K and V; the build only lays
it out, as matrix products are drawn: each product's left factor beside its result, its right
factor above it (``products``).

>>> fig = lesson_figure()
>>> [state.key for state in fig.states]
['b0', 'b2', 'b3', 'b1']
>>> fig.matrices["A"][0]
(0.422, 0.155, 0.422)
>>> fig.matrices["KT"]  # one key per column
((1.0, 0.0, 1.0), (0.0, 1.0, 1.0))
>>> fig.state("b3").highlights
(Highlight(matrix='Q', rows=(1,)), Highlight(matrix='S', rows=(1,)), Highlight(matrix='A', rows=(1,)), Highlight(matrix='Y', rows=(1,)))
>>> fig.state("b0").ahead  # shown at b0, explained at b2
(('A', 'b2'), ('V', 'b2'), ('Y', 'b2'))
>>> fig.products, fig.shared
((('Q', 'KT', 'S'), ('A', 'V', 'Y')), ('KT', 'V'))

R36's page also has an interactive figure in which the reader turns query 1: ``query_turns()``
returns its 72 settings (every pair of 24 directions θ and 3 lengths r of query 1), read
against each V, computed here too. Its keys are ``angles`` (degrees), ``lengths``, ``values``
(each V the reader picks from, as a table of rows, which the page draws) and ``settings``
(θ varying fastest, then r), each with ``q`` (rounded to three decimals before it is read),
``scores``, ``weights`` and ``outputs`` (one per V, in the order of ``values``: the scores and
weights do not depend on V):

>>> turns = query_turns()
>>> len(turns["angles"]), len(turns["lengths"]), len(turns["settings"])
(24, 3, 72)
>>> sorted(turns), sorted(turns["settings"][0])
(['angles', 'lengths', 'settings', 'values'], ['outputs', 'q', 'scores', 'weights'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from attn.lesson import K as LESSON_K
from attn.lesson import Q as LESSON_Q
from attn.lesson import V as LESSON_V
from attn.reading import read
from attn.softmax import softmax

Table = tuple[tuple[float, ...], ...]

#: Decimals shown in the figure, as in the lesson's text.
DECIMALS = 3


@dataclass(frozen=True)
class Highlight:
    """Rows of one matrix that a state points at (all rows when ``rows`` is empty)."""

    matrix: str
    rows: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    """One state of the figure: its anchor key, and what it highlights."""

    key: str
    highlights: tuple[Highlight, ...]
    #: b2: the output row that equals the earlier single read (R31).
    single_read_row: int | None = None
    #: b1: show each row's sum of weights, and beside A the table normalised along the query
    #: axis with its row sums and its column sums (the sums each normalisation fixes at 1).
    sums: bool = False
    #: Matrices shown at this state whose part the text explains only later, as (matrix, key of
    #: the state that explains it) pairs; the figure frames them in dashes until then. b0:
    #: A, V and Y, explained at b2.
    ahead: tuple[tuple[str, str], ...] = ()

    @property
    def anchor(self) -> str:
        """The lesson's id for this state, e.g. ``r36-b0``."""
        return f"r36-{self.key}"


@dataclass(frozen=True)
class Figure:
    """The matrices (rounded for display) and the states, in the lesson's order."""

    matrices: dict[str, Table]
    states: tuple[State, ...]
    #: The products the figure draws, each as (left factor, right factor, result): S = QKᵀ,
    #: then Y = AV.
    products: tuple[tuple[str, str, str], ...] = (("Q", "KT", "S"), ("A", "V", "Y"))
    #: The matrices every query reads with, the same in every state: the keys and the values.
    shared: tuple[str, ...] = ("KT", "V")

    def state(self, key: str) -> State:
        """Return the state called ``key`` (``b0``, ``b2``, ``b3`` or ``b1``)."""
        return next(s for s in self.states if s.key == key)


def _table(x: ArrayLike) -> Table:
    """Return ``x`` rounded for display, as nested tuples of floats."""
    rounded = np.round(np.asarray(x, dtype=np.float64), DECIMALS) + 0.0  # no -0.0
    return tuple(tuple(float(v) for v in row) for row in rounded)


def _row(i: int, *names: str) -> tuple[Highlight, ...]:
    """Return row ``i`` of each matrix named: one query's row carried from Q to what it makes.

    >>> _row(1, "Q", "S")
    (Highlight(matrix='Q', rows=(1,)), Highlight(matrix='S', rows=(1,)))
    """
    return tuple(Highlight(name, (i,)) for name in names)


def lesson_figure(
    Q: ArrayLike = LESSON_Q, K: ArrayLike = LESSON_K, V: ArrayLike = LESSON_V
) -> Figure:
    """Return the figure for two queries over the sources of ``K``/``V`` (the lesson's by default).

    >>> lesson_figure(V=[[1, 0], [0, 1], [0, 0]]).matrices["Y"][0]
    (0.422, 0.155)
    >>> fig = lesson_figure()
    >>> [bool(np.allclose(np.dot(fig.matrices[a], fig.matrices[b]), fig.matrices[c], atol=2e-3))
    ...  for a, b, c in fig.products]
    [True, True]
    >>> fig.matrices["row_sums_by_query"], fig.matrices["column_sums_by_query"]
    (((1.5,), (1.5,)), ((1.0, 1.0, 1.0),))
    """
    r = read(Q, K, V)
    by_query = softmax(r.scores, axis=0)
    matrices = {
        "Q": _table(Q),
        "KT": _table(np.asarray(K).T),
        "S": _table(r.scores),
        "A": _table(r.weights),
        "V": _table(V),
        "Y": _table(r.output),
        "A_by_query": _table(by_query),
        "row_sums": _table(r.weights.sum(axis=-1, keepdims=True)),
        "row_sums_by_query": _table(by_query.sum(axis=-1, keepdims=True)),
        "column_sums_by_query": _table(by_query.sum(axis=0, keepdims=True)),
    }
    states = (
        State("b0", _row(0, "Q", "S"), ahead=(("A", "b2"), ("V", "b2"), ("Y", "b2"))),
        State("b2", _row(0, "Q", "S", "A", "Y"), single_read_row=0),
        State("b3", _row(1, "Q", "S", "A", "Y"), single_read_row=1),
        State("b1", (Highlight("A"),), sums=True),
    )
    return Figure(matrices=matrices, states=states)


#: The directions (degrees) and lengths the reader turns query 1 through, on R36: a length
#: more would cost the page's first load 0.5 KB (gzip) more.
ANGLES = tuple(range(0, 360, 15))
LENGTHS = (0.5, 1.0, 4.0)
#: A second V, offered beside the lesson's, whose rows are the corners of a real (not flattened)
#: triangle: row 3 of ``attn.lesson.V`` (chosen, see ``attn.lesson``) is the midpoint of rows 1
#: and 2, which flattens the triangle every output lies in to a segment. Rows 1-2 are the
#: lesson's; row 3 is (3, 1): the one other V the page offers (in Turn the query).
TRIANGLE_V = ((2, 0), (0, 4), (3, 1))


def query_turns(
    angles: tuple[int, ...] = ANGLES,
    lengths: tuple[float, ...] = LENGTHS,
    K: ArrayLike = LESSON_K,
    values: tuple[ArrayLike, ...] = (LESSON_V, TRIANGLE_V),
) -> dict[str, Any]:
    """Return query 1 turned: for each length r and direction θ (θ varying fastest), the read of
    q₁ = r(cos θ, sin θ) over the keys ``K``, with one output for each V of ``values`` (one or
    more, each with a row per key: ``outputs[j]`` is the output over ``values[j]``), as a
    JSON-ready dict.

    q₁ is rounded to the figure's decimals before it is read, so the query shown is the query
    read. The dict also names the angles, the lengths and each V's rows, which the page draws.

    >>> turns = query_turns()
    >>> len(turns["settings"]) == len(ANGLES) * len(LENGTHS)
    True
    >>> at_45 = turns["settings"][len(ANGLES) + ANGLES.index(45)]  # length 1
    >>> at_45["q"], at_45["weights"]
    ((0.707, 0.707), (0.248, 0.248, 0.503))
    >>> turns["settings"][2 * len(ANGLES) + ANGLES.index(45)]["weights"]  # length 4: sharper
    (0.053, 0.053, 0.894)
    >>> # y₁ at 45°, r = 0.5, 1, 4: the lesson's V keeps it at (1, 2), the midpoint of its rows 1
    >>> # and 2; the triangle's moves it toward its row 3, (3, 1).
    >>> [turns["settings"][i * len(ANGLES) + ANGLES.index(45)]["outputs"] for i in range(len(LENGTHS))]
    [((1.0, 2.0), (1.832, 1.584)), ((1.0, 2.0), (2.007, 1.497)), ((1.0, 2.0), (2.788, 1.106))]
    """
    theta = np.deg2rad(np.asarray(angles, dtype=np.float64))
    directions = np.stack([np.cos(theta), np.sin(theta)], axis=-1)
    # Every setting's q₁ as a row of one Q, θ varying fastest: the settings' reads laid side by side
    # are one read (R36's point), one per V; only the output depends on V.
    Q = np.round(np.asarray(lengths, dtype=np.float64)[:, None, None] * directions, DECIMALS)
    Q = Q.reshape(-1, 2) + 0.0  # no -0.0
    reads = [read(Q, K, V) for V in values]
    outputs = zip(*(_table(each.output) for each in reads), strict=True)
    shown = (_table(Q), _table(reads[0].scores), _table(reads[0].weights), outputs)
    settings = [
        {"q": q, "scores": scores, "weights": weights, "outputs": tuple(output)}
        for q, scores, weights, output in zip(*shown, strict=True)
    ]
    return {
        "angles": angles,
        "lengths": lengths,
        "values": tuple(_table(V) for V in values),
        "settings": settings,
    }
