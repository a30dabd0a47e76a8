r"""The softmax that turns a row of scores into weights that share out a total of 1.

>>> import numpy as np
>>> softmax(np.array([1.0, 0.0, 1.0])).round(3)
array([0.422, 0.155, 0.422])
"""

from __future__ import annotations

import numpy as np
from numpy.lib.array_utils import normalize_axis_index
from numpy.typing import ArrayLike

from attn.validation import FloatArray, as_float_array


def softmax(x: ArrayLike, axis: int = -1) -> FloatArray:
    r"""Return ``exp(x)`` normalised to sum to 1 along ``axis``, computed stably.

    Attention normalises over the **key** axis, the last one (``axis=-1``): each query
    shares out weight 1 among the positions it may read. ``axis=-2``, the query axis, shows
    the other normalisation, in which each key shares out weight 1 among the queries. Only
    for a 2-D table is that ``axis=0``: for a stack of tables, such as scores of shape
    ``(B, H, n_q, n_k)``, ``axis=0`` is the batch axis, and normalising there weighs the
    examples against each other (two equal examples get 0.5 each, everywhere).

    ``-inf`` entries (masked-out keys) get weight 0; a slice that is all ``-inf``, NaN or
    ``+inf`` anywhere, and an empty axis are refused rather than turned into NaN.

    >>> S = np.array([[1, 0, 1], [0, 1, 1]])
    >>> softmax(S).round(3)
    array([[0.422, 0.155, 0.422],
           [0.155, 0.422, 0.422]])
    >>> softmax(S, axis=-2).round(3)
    array([[0.731, 0.269, 0.5  ],
           [0.269, 0.731, 0.5  ]])
    >>> bool(np.array_equal(softmax(S, axis=0), softmax(S, axis=-2)))
    True
    >>> softmax(np.stack([S, S]), axis=0)[0]
    array([[0.5, 0.5, 0.5],
           [0.5, 0.5, 0.5]])
    >>> softmax(np.array([1e4, 0.0]))
    array([1., 0.])
    >>> softmax(np.array([[0.0, 1.0], [-np.inf, -np.inf]]))
    Traceback (most recent call last):
    ...
    ValueError: x has no finite entry along axis 1 at index (1,): every slice needs at least one readable position
    """
    out = np.array(as_float_array(x, "x"), copy=True)
    if out.ndim == 0:
        raise ValueError("x is a scalar; softmax needs at least one axis")
    axis = normalize_axis_index(axis, out.ndim)
    if out.shape[axis] == 0:
        raise ValueError(f"x has an empty axis {axis} (shape {out.shape}); softmax needs entries")
    if np.isnan(out).any() or np.isposinf(out).any():
        bad = np.argwhere(np.isnan(out) | np.isposinf(out))[0]
        raise ValueError(
            f"x holds {out[tuple(bad)]} at index {tuple(int(i) for i in bad)}; "
            "softmax needs finite entries (or -inf for a masked position)"
        )
    normalise_inplace(out, axis, name="x")
    return out


def normalise_inplace(s: FloatArray, axis: int, name: str) -> None:
    """Overwrite the finite-or-``-inf`` array ``s`` with its softmax along ``axis``.

    In place because the score table is the largest array attention makes: the floor
    (matmul, softmax, matmul) allocates it once, and so does :func:`attn.read`.

    >>> s = np.array([0.0, np.log(3.0)])
    >>> normalise_inplace(s, 0, "s"); s
    array([0.25, 0.75])
    """
    peak = s.max(axis=axis, keepdims=True)
    if not np.isfinite(peak).all():
        bad = np.argwhere(~np.isfinite(np.squeeze(peak, axis=axis)))[0]
        raise ValueError(
            f"{name} has no finite entry along axis {axis} at index "
            f"{tuple(int(i) for i in bad)}: every slice needs at least one readable position"
        )
    s -= peak
    np.exp(s, out=s)
    s /= s.sum(axis=axis, keepdims=True)
