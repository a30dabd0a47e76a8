"""The contract at the edges: dtypes, read-only results, and an error for each bad input."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import attn
from attn.lesson import K, Q, V, q1


def test_float32_stays_float32_and_mixed_with_float64_promotes() -> None:
    f = np.float32
    r = attn.read(Q.astype(f), K.astype(f), V.astype(f))
    assert r.weights.dtype == r.output.dtype == r.scores.dtype == np.float32
    np.testing.assert_allclose(r.output, attn.read(Q, K, V).output, rtol=1e-6)
    assert attn.read(Q.astype(np.float32), K, V.astype(np.float64)).output.dtype == np.float64


def test_results_are_read_only_and_cannot_be_reassigned() -> None:
    r = attn.read(Q, K, V)
    for arr in (r.scores, r.weights, r.output, attn.scores(Q, K)):
        with pytest.raises(ValueError, match="read-only"):
            arr[...] = 0
    with pytest.raises(AttributeError):
        r.output = np.zeros(2)  # type: ignore[misc]


def test_mask_keeps_scores_unmasked_and_zeroes_weights() -> None:
    mask = np.array([[True, False, True], [True, True, True]])
    r = attn.read(Q, K, V, mask=mask)
    np.testing.assert_array_equal(r.scores, [[1, 0, 1], [0, 1, 1]])
    np.testing.assert_allclose(r.weights[0], [0.5, 0.0, 0.5])
    np.testing.assert_allclose(r.weights[1], attn.read(Q, K, V).weights[1])


def test_mask_broadcasts_over_queries_and_batches() -> None:
    causal_like = np.array([True, True, False])
    r = attn.read(np.stack([Q, Q]), K, V, mask=causal_like)
    assert r.weights.shape == (2, 2, 3)
    assert (r.weights[..., 2] == 0).all()


def test_never_nan_for_extreme_but_finite_scale() -> None:
    r = attn.read(Q, K, V, scale=1e300)
    assert np.isfinite(r.weights).all()


BAD: list[tuple[str, dict[str, Any], str]] = [
    ("Q rank 0", {"Q": 3.0}, r"Q must have at least 1 axis .* got shape \(\)"),
    ("V rank 1", {"V": [1.0, 2.0, 3.0]}, r"V must have at least 2 axes .* got shape \(3,\)"),
    (
        "n_k differs",
        {"V": np.ones((4, 2))},
        r"K has n_k=3 keys \(axis -2, shape \(3, 2\)\) but V has n_k=4 values \(axis -2, shape \(4, 2\)\)",
    ),
    (
        "mask shape",
        {"mask": np.ones((3, 3), bool)},
        r"mask of shape \(3, 3\) does not broadcast to the scores' shape \(2, 3\) \(\.\.\., n_q, n_k\)",
    ),
    ("mask dtype", {"mask": np.ones((2, 3))}, r"mask has dtype float64; expected bool"),
    (
        "batched mask row allows nothing",
        {
            "Q": np.ones((2, 2, 2)),
            "mask": np.array([[[1, 1, 1]] * 2, [[1, 1, 1], [0, 0, 0]]], bool),
        },
        r"mask allows no key for query row 1 at batch/head \(1,\)",
    ),
    ("inf in K", {"K": [[1.0, 0.0], [0.0, np.inf], [1.0, 1.0]]}, r"K holds inf at index \(1, 1\)"),
    (
        "-inf in V",
        {"V": [[2.0, 0.0], [0.0, -np.inf], [1.0, 2.0]]},
        r"V holds -inf at index \(1, 1\)",
    ),
    (
        "scores overflow",
        {"Q": np.array([[1e200, 0.0]]), "K": np.array([[1e200, 0.0], [0.0, 1.0], [1.0, 1.0]])},
        r"scores overflow float64 at index \(0, 0\) \(scores shape \(1, 3\)\)",
    ),
    ("complex", {"Q": np.ones((2, 2), complex)}, r"Q has complex dtype complex128"),
    ("strings", {"K": np.array([["a", "b"]] * 3)}, r"K has non-numeric dtype <U1"),
    ("object", {"V": np.array([[object()] * 2] * 3)}, r"V has non-numeric dtype object"),
    (
        "empty key axis",
        {"K": np.ones((0, 2)), "V": np.ones((0, 2))},
        r"K has an empty key axis n_k=0 \(axis -2, shape \(0, 2\)\)",
    ),
    ("scale inf", {"scale": np.inf}, r"scale must be a finite real number; got inf"),
    ("scale nan", {"scale": np.nan}, r"scale must be a finite real number; got nan"),
]


@pytest.mark.parametrize(("case", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_refused_naming_the_fault(
    case: str, change: dict[str, Any], message: str
) -> None:
    args: dict[str, Any] = {"Q": Q, "K": K, "V": V, **change}
    with pytest.raises(ValueError, match=message):
        attn.read(**args)


def test_single_query_mask_that_allows_nothing() -> None:
    with pytest.raises(ValueError, match="mask allows no key for the query;"):
        attn.read(q1, K, V, mask=[False, False, False])


def test_overflowing_output_is_refused() -> None:
    # Eleven equal weights of fl(1/11) sum to a hair over 1: at the float's limit, that is inf.
    huge = np.finfo(np.float64).max
    with pytest.raises(ValueError, match="output overflows"):
        attn.read([[0.0]], np.ones((11, 1)), np.full((11, 1), huge))


def test_softmax_refuses_what_would_become_nan() -> None:
    with pytest.raises(ValueError, match=r"x holds nan at index \(1,\)"):
        attn.softmax([0.0, np.nan])
    with pytest.raises(ValueError, match=r"empty axis 0"):
        attn.softmax(np.ones(0))
    with pytest.raises(ValueError, match="out of bounds"):
        attn.softmax(np.ones((2, 2)), axis=2)
