# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # LAB 02 · E · Change only q, or only V: what does each change? <a id="lab-02"></a>
#
# This is the site's own version of exercise E of LAB 02; the original is on Deepnote, and the “Keep learning” section at the end of [R36](../R36.md) links to both. The data are R36's: two queries read three sources; the lesson says K and V are those of lessons R31 and R32, but does not print them; as on the R36 page, these are the simplest values that reproduce its numbers. First change only query 2, then only V, and see where the score table $S=QK^{\mathsf T}$, the weights $A=\operatorname{softmax}_{\text{key}}(S)$ and the output $Y=AV$ change and where they do not; finally, add the batch and head axes.
#
# Every claim is an `assert` in a code cell: if a claim is wrong, that cell fails, and so do the site's build and its tests.
#
# To run it elsewhere: this notebook needs `attn`, which is on no package index. Get the course's repository (the footer of the published site links to it) and, in its root folder, run `pip install -e '.[lab]' jupyter` to install `attn` with matplotlib for the figures (the `lab` extra) and Jupyter, then open the `.ipynb` that can be downloaded under this page's title.

# %% [markdown]
# ## Setting up <a id="setup"></a>
#
# Load `attn` and the lesson's data, and read once before any change: one row per query, one column per source. Numbers are rounded to three decimals; the figures are drawn by `attn.plot`, and every number in them is computed by `attn` too.

# %%
import numpy as np

import attn
from attn.lesson import K, Q, V, q1, q2
from attn.plot import weights_before_after

LOCALE = "en"  # the language of this notebook, and of its figures' labels
np.set_printoptions(precision=3, suppress=True)
before = attn.read(Q, K, V)
print("S =", before.scores, "A =", before.weights, "Y =", before.output, sep="\n")

# %% [markdown]
# ## Change only query 2 <a id="change-q"></a>
#
# Replace query 2, q₂ = (0, 1), with (0, 2): the same direction, twice as long. Query 1, K and V stay as they are.

# %%
q2_new = 2 * q2
Q_new = np.stack([q1, q2_new])
after_q = attn.read(Q_new, K, V)
print("S =", after_q.scores, "A =", after_q.weights, "Y =", after_q.output, sep="\n")

# %% [markdown]
# Claim: row 1 of S, A and Y keeps every number, and row 2 of all three changes. Row 1 is still query 1's single read, and row 2 is exactly the new query's single read. No row depends on any query but its own.

# %%
for name in ("scores", "weights", "output"):
    old, new = getattr(before, name), getattr(after_q, name)
    assert np.array_equal(new[0], old[0]), f"{name}: row 1 changed"
    assert not np.allclose(new[1], old[1]), f"{name}: row 2 is the same"
assert np.allclose(after_q.output[0], attn.read(q1, K, V).output)
assert np.allclose(after_q.output[1], attn.read(q2_new, K, V).output)

# %% [markdown]
# Query 2 is twice as long, so its row of scores doubles too; the softmax becomes sharper: sources 2 and 3, which already scored higher, get more weight, and source 1 gets less. Row 2's weights still sum to 1.

# %%
assert np.array_equal(after_q.scores[1], 2 * before.scores[1])
assert (after_q.weights[1, 1:] > before.weights[1, 1:]).all()
assert after_q.weights[1, 0] < before.weights[1, 0]
assert np.allclose(after_q.weights.sum(axis=-1), 1)
weights_before_after(before.weights, after_q.weights, changed="query 2", locale=LOCALE)

# %% [markdown]
# ## Change only V <a id="change-v"></a>
#
# This time Q and K stay as they are; only source 2's value changes, from (0, 4) to (4, 0).

# %%
V_new = np.array(V)  # a writable copy: the lesson's V is read-only
V_new[1] = [4, 0]
after_v = attn.read(Q, K, V_new)
print("S =", after_v.scores, "A =", after_v.weights, "Y =", after_v.output, sep="\n")

# %% [markdown]
# Claim: S and A do not change at all, because they are computed from Q and K only; Y changes. Both queries give source 2 some weight, so both rows of Y change, and the change is exactly A times the change in V.

# %%
assert np.array_equal(after_v.scores, before.scores)
assert np.array_equal(after_v.weights, before.weights)
change = after_v.output - before.output
assert (~np.isclose(change, 0)).any(axis=-1).all()
assert np.allclose(change, before.weights @ (V_new - V))
weights_before_after(before.weights, after_v.weights, changed="V", locale=LOCALE)

# %% [markdown]
# ## Adding batch and head axes <a id="batch-heads"></a>
#
# One batch holds B = 2 batch elements with 3 heads each. Batch element 1 uses the lesson's Q and V. Batch element 2 uses the Q and V of the two sections above: query 2 is (0, 2), and source 2's value is (4, 0). Only batch elements that differ can show that each batch element reads on its own.
#
# In each batch element, the queries of the 3 heads are multiplied by 1, 2 and 3, so there are $B\times H$ Qs, one for each head of each batch element. K stays two-dimensional and broadcasts along the batch and head axes; each batch element's V is shared by its 3 heads and broadcasts along the head axis. The scores and weights have the shape $B\times H\times n_q\times n_k$. In the code, the indices b (the batch element) and h (the head) count from 0, as numpy does: `many.weights[0]`, printed as `A[0]`, holds the weights of batch element 1.
#
# In real multi-head attention, each head has projections of its own, which compute its own Q, K and V from the same input; here the heads share the lesson's K and their batch element's V and differ only by a multiple of the query, so that each head can be compared directly with the lesson's reads.

# %%
B, H = 2, 3
head_scale = np.arange(1, H + 1).reshape(1, H, 1, 1)
Q_b = np.stack([Q, Q_new]).reshape(B, 1, 2, 2)  # one Q per batch element, shared by its heads
V_b = np.stack([V, V_new]).reshape(B, 1, 3, 2)  # one V per batch element, shared by its heads
Q_bh = Q_b * head_scale
many = attn.read(Q_bh, K, V_b)
print(many.weights.shape, many.output.shape)
print("A[0] =", many.weights[0], "A[1] =", many.weights[1], sep="\n")

# %% [markdown]
# Claim: the softmax is still over the last axis, the key axis; every row of every head of every batch element sums to 1, while the sums along the query axis are not 1. Each head of each batch element gives what that head's own two-dimensional Q and its batch element's V give in a separate call (two queries, so two reads at once). Head 1 of batch element 1 gives the lesson's two reads; head 1 of batch element 2 gives the weights of the section “Change only query 2”.

# %%
assert many.weights.shape == (B, H, 2, 3)
assert many.output.shape == (B, H, 2, 2)
assert np.allclose(many.weights, attn.softmax(many.scores, axis=-1))
assert np.allclose(many.weights.sum(axis=-1), 1)
assert not np.allclose(many.weights.sum(axis=-2), 1)
assert not np.allclose(many.output[0], many.output[1])  # the two batch elements differ
for b in range(B):
    for h in range(H):
        one_head = attn.read(Q_bh[b, h], K, V_b[b, 0])
        assert np.allclose(many.weights[b, h], one_head.weights), (b, h)
        assert np.allclose(many.output[b, h], one_head.output), (b, h)
assert np.allclose(many.weights[0, 0], before.weights)
assert np.allclose(many.output[0, 0], before.output)
assert np.allclose(many.weights[1, 0], after_q.weights)
many.weights.sum(axis=-1)

# %% [markdown]
# Now change only batch element 2: its queries reversed, its V back to the lesson's; batch element 1 stays as it was. Claim: batch element 1 keeps every number of S, A and Y, and all three change in batch element 2. Nothing is mixed across the batch axis.

# %%
Q_other, V_other = Q_bh.copy(), V_b.copy()
Q_other[1] = -Q_bh[1]  # batch element 2's queries reversed
V_other[1] = V  # batch element 2's V back to the lesson's
other = attn.read(Q_other, K, V_other)
for name in ("scores", "weights", "output"):
    old, new = getattr(many, name), getattr(other, name)
    assert np.array_equal(new[0], old[0]), f"{name}: batch element 1 changed"
    assert not np.allclose(new[1], old[1]), f"{name}: batch element 2 is the same"

# %% [markdown]
# ## Summary <a id="summary"></a>
#
# - Change only one query: only its row of S, A and Y changes; every other row keeps every number.
# - Change only V: S and A stay the same and Y changes; every row that reads the changed source changes, by an amount its weight decides.
# - Add batch and head axes: each head of each batch element reads on its own, the softmax is still over the last axis, the key axis, and every row sums to 1; change only one batch element, and every other batch element keeps every number.
