r"""Input checks shared by :mod:`attn`: every refusal is a ``ValueError`` naming what is at fault.

The checks are written to cost no memory on the success path: finiteness is read off
``min``/``max`` (which propagate NaN and return inf) instead of an ``isfinite`` mask, and the
mask of offending entries is only built to word the error.

>>> import numpy as np
>>> as_float_array([[1, 2]], "Q").dtype
dtype('float64')
>>> as_float_array([1j], "Q")
Traceback (most recent call last):
...
ValueError: Q has complex dtype complex128; attention weights need real numbers
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

FloatArray = NDArray[np.floating]


def as_float_array(x: ArrayLike, name: str) -> FloatArray:
    """Return ``x`` as a real floating array, refusing what attention cannot read.

    Floating input keeps its dtype (float32 stays float32, and is not copied);
    integers and booleans compute in float64; complex, object, string and date
    types are refused with the argument's ``name``.

    >>> as_float_array(np.ones(2, dtype=np.float32), "K").dtype
    dtype('float32')
    >>> as_float_array([True, False], "V")
    array([1., 0.])
    """
    arr = np.asarray(x)
    kind = arr.dtype.kind
    if kind == "f":
        return arr
    if kind in "iub":
        return arr.astype(np.float64)
    if kind == "c":
        raise ValueError(
            f"{name} has complex dtype {arr.dtype}; attention weights need real numbers"
        )
    raise ValueError(f"{name} has non-numeric dtype {arr.dtype}; expected real numbers")


def check_rank(x: FloatArray, name: str, minimum: int, layout: str) -> None:
    """Refuse an array with fewer than ``minimum`` axes, saying which axes were expected.

    >>> check_rank(np.ones(3), "K", 2, "(..., n_k, d_k)")
    Traceback (most recent call last):
    ...
    ValueError: K must have at least 2 axes (..., n_k, d_k); got shape (3,)
    """
    if x.ndim < minimum:
        plural = "axis" if minimum == 1 else "axes"
        raise ValueError(
            f"{name} must have at least {minimum} {plural} {layout}; got shape {x.shape}"
        )


def row_norm_bound(x: FloatArray, name: str) -> float:
    """Return a bound on the length of every row (last axis) of ``x``; refuse NaN and inf.

    The fast path is one BLAS pass: ``x·x`` is finite only when every entry is, and its
    square root bounds every row's length. Only when it is not finite (a bad entry, or
    squares too large for the dtype) is ``x`` read again, to name the entry or to fall back
    to ``sqrt(d)·max|x|``.

    >>> row_norm_bound(np.array([[3.0, 4.0]]), "Q")
    5.0
    >>> row_norm_bound(np.array([[1e200, 0.0]]), "Q")
    1.414213562373095e+200
    >>> row_norm_bound(np.array([[1.0, np.nan]]), "Q")
    Traceback (most recent call last):
    ...
    ValueError: Q holds NaN at index (0, 1) (shape (1, 2)); inputs must be finite
    """
    if x.size == 0:
        return 0.0
    if x.flags.c_contiguous:
        flat = x.reshape(-1)
        with np.errstate(over="ignore", invalid="ignore"):  # inf here means: look closer
            total = float(np.dot(flat, flat))
        if math.isfinite(total):
            return math.sqrt(total)
    lo, hi = float(x.min()), float(x.max())
    if math.isfinite(lo) and math.isfinite(hi):
        return math.sqrt(x.shape[-1]) * max(-lo, hi)
    bad = np.argwhere(~np.isfinite(x))[0]
    value = x[tuple(bad)]
    what = "NaN" if np.isnan(value) else f"{value}"
    raise ValueError(
        f"{name} holds {what} at index {tuple(int(i) for i in bad)} (shape {x.shape}); "
        "inputs must be finite"
    )


def batch_shape(**arrays: tuple[FloatArray, int]) -> tuple[int, ...]:
    """Return the broadcast of the leading (batch, head) axes of named arrays.

    Each keyword maps a name to ``(array, trailing)``: how many trailing axes are not batch.

    >>> batch_shape(Q=(np.ones((8, 1, 2, 4)), 2), K=(np.ones((12, 3, 4)), 2))
    (8, 12)
    >>> batch_shape(Q=(np.ones((2, 5, 4)), 2), K=(np.ones((3, 6, 4)), 2))
    Traceback (most recent call last):
    ...
    ValueError: batch/head axes do not broadcast: Q (2,) from shape (2, 5, 4), K (3,) from shape (3, 6, 4)
    """
    leading = {name: arr.shape[: arr.ndim - trailing] for name, (arr, trailing) in arrays.items()}
    try:
        return np.broadcast_shapes(*leading.values())
    except ValueError:
        parts = ", ".join(
            f"{name} {lead} from shape {arrays[name][0].shape}" for name, lead in leading.items()
        )
        raise ValueError(f"batch/head axes do not broadcast: {parts}") from None


def check_scale(scale: float) -> float:
    """Return ``scale`` as a float, refusing NaN and inf.

    >>> check_scale(0.5)
    0.5
    >>> check_scale(float("inf"))
    Traceback (most recent call last):
    ...
    ValueError: scale must be a finite real number; got inf
    """
    try:
        value = float(scale)
    except (TypeError, ValueError):
        raise ValueError(f"scale must be a finite real number; got {scale!r}") from None
    if not math.isfinite(value):
        raise ValueError(f"scale must be a finite real number; got {scale!r}")
    return value
