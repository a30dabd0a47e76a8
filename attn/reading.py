r"""Reads: scores ``scale·QKᵀ``, weights ``softmax`` over keys, output ``A V``.

Tokens are rows. ``Q: (..., n_q, d_k)``, ``K: (..., n_k, d_k)``, ``V: (..., n_k, d_v)``;
leading axes are batch and heads and broadcast. A 1-D ``q`` gives a single read.

>>> import numpy as np
>>> from attn.lesson import Q, K, V
>>> read(Q, K, V).output.round(3)
array([[1.267, 1.466],
       [0.733, 2.534]])
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
from numpy.typing import ArrayLike, NDArray

from attn.softmax import normalise_inplace
from attn.validation import (
    FloatArray,
    as_float_array,
    batch_shape,
    check_rank,
    check_scale,
    row_norm_bound,
)


@dataclass(frozen=True, eq=False)
class Reading:
    r"""The result of :func:`read`: ``weights`` and ``output``, and the ``scores`` behind them.

    All arrays are read-only. ``scores`` is ``scale·QKᵀ`` before any mask, computed again
    from the ``Q`` and ``K`` given when first asked for: keeping it from the start would
    double the memory of the largest array attention makes (the weights are computed in
    its place). So do not modify ``Q`` or ``K`` in place before you look at ``scores``.

    >>> from attn.lesson import Q, K, V
    >>> r = read(Q, K, V)
    >>> r.scores
    array([[1., 0., 1.],
           [0., 1., 1.]])
    >>> r.weights.sum(axis=-1)
    array([1., 1.])
    >>> r.output[0] = 0
    Traceback (most recent call last):
    ...
    ValueError: assignment destination is read-only
    """

    weights: FloatArray
    output: FloatArray
    _queries: FloatArray = field(repr=False)
    _keys: FloatArray = field(repr=False)
    _scale: float = field(repr=False)

    @cached_property
    def scores(self) -> FloatArray:
        """``scale·QKᵀ``: one row per query, one column per key (read-only)."""
        table = _score_table(self._queries, self._keys, self._scale)
        table.flags.writeable = False
        return table


def scores(Q: ArrayLike, K: ArrayLike, *, scale: float = 1.0) -> FloatArray:
    r"""Return the score table ``scale·QKᵀ``: row i is query i, column j its match with key j.

    # [..., n_q, d_k], [..., n_k, d_k] -> [..., n_q, n_k]; a 1-D q gives [..., n_k]

    >>> from attn.lesson import Q, K
    >>> scores(Q, K)
    array([[1., 0., 1.],
           [0., 1., 1.]])
    >>> scores(Q, K, scale=1 / np.sqrt(2)).round(3)
    array([[0.707, 0.   , 0.707],
           [0.   , 0.707, 0.707]])
    >>> scores([[1.0, 0.0, 0.0]], K)
    Traceback (most recent call last):
    ...
    ValueError: Q has d_k=3 (last axis, shape (1, 3)) but K has d_k=2 (last axis, shape (3, 2)); queries and keys must have the same length
    """
    q, k, _ = _checked_inputs(Q, K, None)
    table = _score_table(q, k, check_scale(scale))
    table.flags.writeable = False
    return table


def read(
    Q: ArrayLike,
    K: ArrayLike,
    V: ArrayLike,
    *,
    scale: float = 1.0,
    mask: ArrayLike | None = None,
) -> Reading:
    r"""Read ``V`` weighted by how well ``Q`` matches ``K``: ``softmax_key(scale·QKᵀ) V``.

    # [..., n_q, d_k], [..., n_k, d_k], [..., n_k, d_v] -> [..., n_q, d_v]

    Each query row shares out weight 1 among the keys (softmax over the last axis).
    ``scale`` defaults to 1.0 as on the lesson page; a later page, on the Transformer, uses
    ``scale=1/np.sqrt(d_k)``. ``mask`` is boolean and broadcasts to the scores:
    ``True`` means this query may read this key.

    Many reads at once are the single reads laid side by side:

    >>> from attn.lesson import Q, K, V, q1
    >>> r = read(Q, K, V)
    >>> r.weights.round(3)
    array([[0.422, 0.155, 0.422],
           [0.155, 0.422, 0.422]])
    >>> bool(np.allclose(r.output[0], read(q1, K, V).output))
    True

    No key is picked out alone: in exact arithmetic, every key the mask allows gets a positive
    weight, even the lowest-scoring one (query 1 scores 0 against source 2 and still gives it
    0.155):

    >>> r.scores[0], r.weights[0].round(3)
    (array([1., 0., 1.]), array([0.422, 0.155, 0.422]))
    >>> bool((r.weights > 0).all())
    True

    In float64, a key whose score is more than about 745 below the best gets exactly 0
    (``exp`` of a number below about -745 underflows to 0; about 104 in float32):

    >>> read(np.array([800.0, 0.0]), K, V).weights
    array([0.5, 0. , 0.5])

    Batch and heads are leading axes; ``n_q`` and ``n_k`` may differ:

    >>> rng = np.random.default_rng(0)
    >>> read(rng.normal(size=(2, 4, 5, 8)), rng.normal(size=(2, 4, 7, 8)),
    ...      rng.normal(size=(2, 4, 7, 3))).output.shape
    (2, 4, 5, 3)

    A mask that leaves a query nothing to read is an error, not a row of NaN:

    >>> read(Q, K, V, mask=[[True, False, True], [False, False, False]])
    Traceback (most recent call last):
    ...
    ValueError: mask allows no key for query row 1; every query must be able to read at least one key
    """
    q, k, v = _checked_inputs(Q, K, V)
    assert v is not None
    step = check_scale(scale)
    single = q.ndim == 1
    if single:
        q = q[np.newaxis, :]

    table = _score_table(q, k, step)
    if mask is not None:
        allowed = _checked_mask(mask, table.shape, single)
        np.copyto(table, -np.inf, where=np.logical_not(allowed))
    normalise_inplace(table, -1, name="scores")
    # A weighted average of V cannot exceed max|V|, except by rounding right at the limit.
    risky = row_norm_bound(v, "V") >= float(np.finfo(v.dtype).max) / 2
    with _checked_after(risky):
        output = table @ v
    if risky and not np.isfinite(output).all():
        raise ValueError("output overflows: V holds values too close to the largest float")

    if single:
        table, output = table[..., 0, :], output[..., 0, :]
        q = q[0]
    table.flags.writeable = False
    output.flags.writeable = False
    return Reading(weights=table, output=output, _queries=q, _keys=k, _scale=step)


def _checked_inputs(
    Q: ArrayLike, K: ArrayLike, V: ArrayLike | None
) -> tuple[FloatArray, FloatArray, FloatArray | None]:
    """Return Q, K (and V) as arrays of one float dtype, or refuse them naming the fault."""
    q, k = as_float_array(Q, "Q"), as_float_array(K, "K")
    check_rank(q, "Q", 1, "(..., n_q, d_k) or (d_k,) for one query")
    check_rank(k, "K", 2, "(..., n_k, d_k)")
    if q.shape[-1] != k.shape[-1]:
        raise ValueError(
            f"Q has d_k={q.shape[-1]} (last axis, shape {q.shape}) but K has "
            f"d_k={k.shape[-1]} (last axis, shape {k.shape}); "
            "queries and keys must have the same length"
        )
    if k.shape[-2] == 0:
        raise ValueError(
            f"K has an empty key axis n_k=0 (axis -2, shape {k.shape}); "
            "a query needs at least one position to read"
        )
    arrays = {"Q": (q, 1 if q.ndim == 1 else 2), "K": (k, 2)}
    v = None
    if V is not None:
        v = as_float_array(V, "V")
        check_rank(v, "V", 2, "(..., n_k, d_v)")
        if v.shape[-2] != k.shape[-2]:
            raise ValueError(
                f"K has n_k={k.shape[-2]} keys (axis -2, shape {k.shape}) but V has "
                f"n_k={v.shape[-2]} values (axis -2, shape {v.shape}); "
                "each key needs exactly one value"
            )
        arrays["V"] = (v, 2)
    batch_shape(**arrays)

    dtype = np.result_type(*(a for a, _ in arrays.values()))
    q, k = q.astype(dtype, copy=False), k.astype(dtype, copy=False)
    v = None if v is None else v.astype(dtype, copy=False)
    return q, k, v


def _score_table(q: FloatArray, k: FloatArray, scale: float) -> FloatArray:
    """Return a fresh, writable ``scale·qkᵀ``, refusing NaN/inf inputs and overflow."""
    # Cauchy–Schwarz bounds every score by |scale|·|q_i|·|k_j|; only when that bound nears
    # the float's limit is the table itself scanned, so the usual case costs no pass over it.
    bound = abs(scale) * row_norm_bound(q, "Q") * row_norm_bound(k, "K")
    risky = bound >= float(np.finfo(np.result_type(q, k)).max) / 2
    with _checked_after(risky):
        table = q @ np.swapaxes(k, -1, -2)
        if scale != 1.0:
            table *= scale
    if risky and not np.isfinite(table).all():
        bad = tuple(int(i) for i in np.argwhere(~np.isfinite(table))[0])
        raise ValueError(
            f"scores overflow {table.dtype} at index {bad} (scores shape {table.shape}): "
            f"scale·QKᵀ is too large to represent; rescale Q or K (|q|·|k| bound {bound:.3g})"
        )
    return table


def _checked_after(risky: bool) -> AbstractContextManager[object]:
    """Silence numpy's overflow warnings where the caller checks the result for inf right after."""
    return np.errstate(over="ignore", invalid="ignore") if risky else nullcontext()


def _checked_mask(mask: ArrayLike, shape: tuple[int, ...], single: bool) -> NDArray[np.bool_]:
    """Return the boolean mask broadcast to the score table's ``shape``, or refuse it."""
    m = np.asarray(mask)
    if m.dtype != np.bool_:
        raise ValueError(
            f"mask has dtype {m.dtype}; expected bool (True = this query may read this key)"
        )
    shown = shape[:-2] + shape[-1:] if single else shape
    layout = "(..., n_k)" if single else "(..., n_q, n_k)"
    try:
        allowed = np.broadcast_to(m, shown)
    except ValueError:
        raise ValueError(
            f"mask of shape {m.shape} does not broadcast to the scores' shape {shown} {layout}"
        ) from None
    readable = allowed.any(axis=-1)
    if not readable.all():
        bad = tuple(int(i) for i in np.argwhere(~readable)[0])
        raise ValueError(_no_key_message(bad, single))
    # Unbroadcast, so that negating it costs the mask's size, not the score table's.
    return m[..., np.newaxis, :] if single and m.ndim else m


def _no_key_message(index: tuple[int, ...], single: bool) -> str:
    """Word the error for a query whose mask row allows no key."""
    if single:
        where = f"the query at batch/head {index}" if index else "the query"
    else:
        row, batch = index[-1], index[:-1]
        where = f"query row {row}" + (f" at batch/head {batch}" if batch else "")
    return f"mask allows no key for {where}; every query must be able to read at least one key"
