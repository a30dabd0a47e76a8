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


def test_leading_axes_broadcast_like_shared_keys_across_heads() -> None:
    rng = np.random.default_rng(1)
    Q = rng.normal(size=(2, 4, 3, 5))
    K, V = rng.normal(size=(7, 5)), rng.normal(size=(7, 2))
    r = attn.read(Q, K, V)
    assert r.output.shape == (2, 4, 3, 2)
    np.testing.assert_allclose(r.output[1, 2], attn.read(Q[1, 2], K, V).output)
