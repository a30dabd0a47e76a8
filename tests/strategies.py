"""Hypothesis strategies for attention inputs: shapes that fit together, finite values."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# Modest magnitudes: the properties are about structure, not about overflow (tested apart).
values = st.floats(-10, 10, allow_nan=False, allow_infinity=False, width=64)


@st.composite
def attention_inputs(draw: Any, batch: bool = True) -> dict[str, Any]:
    """Draw Q, K, V (and a scale) whose shapes fit: leading batch/head axes, n_q != n_k allowed."""
    lead = draw(hnp.array_shapes(min_dims=0, max_dims=2, max_side=3)) if batch else ()
    n_q, n_k = draw(st.integers(1, 5)), draw(st.integers(1, 6))
    d_k, d_v = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    arr = lambda shape: draw(hnp.arrays(np.float64, shape, elements=values))  # noqa: E731
    return {
        "Q": arr((*lead, n_q, d_k)),
        "K": arr((*lead, n_k, d_k)),
        "V": arr((*lead, n_k, d_v)),
        "scale": draw(st.sampled_from([1.0, 0.5, 1 / np.sqrt(d_k), 2.0])),
    }


@st.composite
def masks_for(draw: Any, shape: tuple[int, ...]) -> np.ndarray:
    """Draw a boolean mask of ``shape`` in which every query row allows at least one key."""
    mask = draw(hnp.arrays(np.bool_, shape))
    rows = np.argwhere(~mask.any(axis=-1))
    for row in rows:
        mask[(*tuple(row), draw(st.integers(0, shape[-1] - 1)))] = True
    return mask
