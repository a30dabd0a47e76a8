"""Properties of reading that hold for any inputs, checked with hypothesis."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import attn
from tests.strategies import attention_inputs, masks_for

settings.register_profile("ci", max_examples=60, deadline=None)
settings.load_profile("ci")


def einsum_reading(
    Q: np.ndarray, K: np.ndarray, V: np.ndarray, scale: float, mask: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """An independent formulation: einsum over named axes, masking with where, no attn code."""
    s = scale * np.einsum("...qd,...kd->...qk", Q, K)
    if mask is not None:
        s = np.where(mask, s, -np.inf)
    e = np.exp(s - s.max(axis=-1, keepdims=True))
    w = e / e.sum(axis=-1, keepdims=True)
    return w, np.einsum("...qk,...kv->...qv", w, V)


@given(attention_inputs())
def test_agrees_with_an_einsum_formulation(x: dict[str, Any]) -> None:
    r = attn.read(x["Q"], x["K"], x["V"], scale=x["scale"])
    w, y = einsum_reading(x["Q"], x["K"], x["V"], x["scale"])
    np.testing.assert_allclose(r.weights, w, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(r.output, y, rtol=1e-9, atol=1e-9)
    # A score whose terms cancel is exact to their size, not its own: summed in another order,
    # q·k = 0 may come out as 1e-15 (hypothesis found 3.67·9 - 3.67·9).
    terms = x["scale"] * np.einsum("...qd,...kd->...qk", abs(x["Q"]), abs(x["K"]))
    np.testing.assert_allclose(
        r.scores,
        x["scale"] * np.einsum("...qd,...kd->...qk", x["Q"], x["K"]),
        rtol=1e-7,
        atol=1e-12 * terms.max(initial=0.0),
    )


@given(attention_inputs(), st.data())
def test_masked_agrees_with_an_einsum_formulation(x: dict[str, Any], data: st.DataObject) -> None:
    shape = np.broadcast_shapes(x["Q"].shape[:-1], (*x["K"].shape[:-2], 1))
    mask = data.draw(masks_for((*shape, x["K"].shape[-2])))
    r = attn.read(x["Q"], x["K"], x["V"], scale=x["scale"], mask=mask)
    w, y = einsum_reading(x["Q"], x["K"], x["V"], x["scale"], mask)
    np.testing.assert_allclose(r.weights, w, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(r.output, y, rtol=1e-9, atol=1e-9)
    assert (r.weights[~mask] == 0).all()


@given(attention_inputs())
def test_every_row_of_weights_sums_to_one_over_the_keys(x: dict[str, Any]) -> None:
    w = attn.read(x["Q"], x["K"], x["V"], scale=x["scale"]).weights
    np.testing.assert_allclose(w.sum(axis=-1), 1.0, rtol=1e-12)
    assert (w >= 0).all()


@given(attention_inputs(batch=False), st.data())
def test_output_row_depends_only_on_its_own_query(x: dict[str, Any], data: st.DataObject) -> None:
    Q = x["Q"]
    if Q.shape[0] < 2:
        Q = np.vstack([Q, Q + 1])
    i = data.draw(st.integers(0, Q.shape[0] - 1), label="row kept")
    changed = Q.copy()
    others = [j for j in range(Q.shape[0]) if j != i]
    changed[others] = data.draw(st.floats(-10, 10), label="new value")
    before = attn.read(Q, x["K"], x["V"]).output[i]
    after = attn.read(changed, x["K"], x["V"]).output[i]
    np.testing.assert_array_equal(before, after)


@given(attention_inputs(), st.randoms(use_true_random=False))
def test_permuting_keys_and_values_together_changes_nothing(x: dict[str, Any], rnd: Any) -> None:
    order = list(range(x["K"].shape[-2]))
    rnd.shuffle(order)
    before = attn.read(x["Q"], x["K"], x["V"]).output
    after = attn.read(x["Q"], x["K"][..., order, :], x["V"][..., order, :]).output
    np.testing.assert_allclose(before, after, rtol=1e-10, atol=1e-12)


def test_batched_call_equals_a_loop_over_batch_and_heads() -> None:
    rng = np.random.default_rng(36)
    B, H, n_q, n_k, d_k, d_v = 3, 4, 5, 7, 8, 6
    Q = rng.normal(size=(B, H, n_q, d_k))
    K = rng.normal(size=(B, H, n_k, d_k))
    V = rng.normal(size=(B, H, n_k, d_v))
    batched = attn.read(Q, K, V, scale=1 / np.sqrt(d_k))
    assert batched.output.shape == (B, H, n_q, d_v)
    assert batched.weights.shape == (B, H, n_q, n_k)
    for b in range(B):
        for h in range(H):
            one = attn.read(Q[b, h], K[b, h], V[b, h], scale=1 / np.sqrt(d_k))
            np.testing.assert_allclose(batched.output[b, h], one.output, rtol=1e-12)
            np.testing.assert_allclose(batched.weights[b, h], one.weights, rtol=1e-12)


def test_leading_axes_broadcast_like_shared_keys_across_heads() -> None:
    rng = np.random.default_rng(1)
    Q = rng.normal(size=(2, 4, 3, 5))
    K, V = rng.normal(size=(7, 5)), rng.normal(size=(7, 2))
    r = attn.read(Q, K, V)
    assert r.output.shape == (2, 4, 3, 2)
    np.testing.assert_allclose(r.output[1, 2], attn.read(Q[1, 2], K, V).output)


def test_a_single_query_is_a_row_of_many() -> None:
    rng = np.random.default_rng(2)
    Q, K, V = rng.normal(size=(3, 4)), rng.normal(size=(6, 4)), rng.normal(size=(6, 2))
    many = attn.read(Q, K, V)
    for i in range(3):
        one = attn.read(Q[i], K, V)
        assert one.output.shape == (2,)
        assert one.weights.shape == one.scores.shape == (6,)
        np.testing.assert_allclose(one.output, many.output[i])


def test_stable_for_scores_of_magnitude_1e4() -> None:
    Q = np.array([[1e4, 0.0], [-1e4, 1e4]])
    K = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    V = np.arange(6.0).reshape(3, 2)
    r = attn.read(Q, K, V)
    assert np.isfinite(r.weights).all()
    assert np.isfinite(r.output).all()
    np.testing.assert_allclose(r.weights.sum(axis=-1), 1.0)
    np.testing.assert_allclose(r.weights[0], [0.5, 0.0, 0.5])


def test_softmax_over_keys_equals_read_weights() -> None:
    rng = np.random.default_rng(3)
    S = rng.normal(size=(2, 3, 4))
    e = np.exp(S)
    np.testing.assert_allclose(attn.softmax(S), e / e.sum(axis=-1, keepdims=True))
    np.testing.assert_allclose(attn.softmax(S, axis=0), e / e.sum(axis=0, keepdims=True))
