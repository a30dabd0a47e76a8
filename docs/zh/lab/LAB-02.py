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
# # LAB 02 · E · 只改 q 或只改 V，分别会改变什么？ <a id="lab-02"></a>
#
# 这是本站为 LAB 02 的练习 E 写的版本；原练习在 Deepnote 上，[R36](../R36.md) 课页末尾的“继续学习”链接了两者。数据就是 R36 课页的数据：两个 query 读三个来源；课文说 K、V 沿用 R31–R32 两讲，但没有印出它们的值，这里与 R36 课页一样，取能复现课文数字的最简单的一组。先只改 query 2，再只改 V，看分数表 $S=QK^{\mathsf T}$、权重 $A=\operatorname{softmax}_{\text{key}}(S)$ 与输出 $Y=AV$ 各自哪里变、哪里不变；最后加上 batch 与 head 两个轴。
#
# 每条结论都写成代码单元格里的一句 `assert`：结论不成立，那个单元格就报错，网站构建和测试都会失败。
#
# 在别处运行：这个笔记本需要 `attn`，而 `attn` 不在任何包索引上。取得课程仓库（已部署的网站页脚有“源码”链接），在仓库根目录执行 `pip install -e '.[lab]' jupyter`，装上 `attn`、画图要用的 matplotlib（`lab` 附加依赖）与 Jupyter，再打开本页标题下方可以下载的 `.ipynb`。

# %% [markdown]
# ## 准备 <a id="setup"></a>
#
# 载入 `attn` 与课页数据，先做一次改动前的读取：两个 query 各占一行，三个来源各占一列。数字保留三位小数；图由 `attn.plot` 画出，图中的数字也都由 `attn` 算出。

# %%
import numpy as np

import attn
from attn.lesson import K, Q, V, q1, q2
from attn.plot import weights_before_after

LOCALE = "zh"  # the language of this notebook, and of its figures' labels
np.set_printoptions(precision=3, suppress=True)
before = attn.read(Q, K, V)
print("S =", before.scores, "A =", before.weights, "Y =", before.output, sep="\n")

# %% [markdown]
# ## 只改 query 2 <a id="change-q"></a>
#
# 把 query 2 从 q₂ = (0, 1) 换成同方向、长一倍的 (0, 2)；query 1、K、V 都不动。

# %%
q2_new = 2 * q2
Q_new = np.stack([q1, q2_new])
after_q = attn.read(Q_new, K, V)
print("S =", after_q.scores, "A =", after_q.weights, "Y =", after_q.output, sep="\n")

# %% [markdown]
# 结论：第 1 行在 S、A、Y 中一个数都没变，第 2 行三者都变了。第 1 行仍是 query 1 单独读取的结果，第 2 行正是新 query 单独读取的结果。每一行都不受其他 query 的影响。

# %%
for name in ("scores", "weights", "output"):
    old, new = getattr(before, name), getattr(after_q, name)
    assert np.array_equal(new[0], old[0]), f"{name}: row 1 changed"
    assert not np.allclose(new[1], old[1]), f"{name}: row 2 is the same"
assert np.allclose(after_q.output[0], attn.read(q1, K, V).output)
assert np.allclose(after_q.output[1], attn.read(q2_new, K, V).output)

# %% [markdown]
# query 2 长了一倍，它那一行的分数也翻倍；softmax 因而更尖，原本分数较高的来源 2、3 分到更多权重，来源 1 分到更少。第 2 行的权重仍然和为 1。

# %%
assert np.array_equal(after_q.scores[1], 2 * before.scores[1])
assert (after_q.weights[1, 1:] > before.weights[1, 1:]).all()
assert after_q.weights[1, 0] < before.weights[1, 0]
assert np.allclose(after_q.weights.sum(axis=-1), 1)
weights_before_after(before.weights, after_q.weights, changed="query 2", locale=LOCALE)

# %% [markdown]
# ## 只改 V <a id="change-v"></a>
#
# 这次 Q、K 不动，只把来源 2 的 value 从 (0, 4) 换成 (4, 0)。

# %%
V_new = np.array(V)  # a writable copy: the lesson's V is read-only
V_new[1] = [4, 0]
after_v = attn.read(Q, K, V_new)
print("S =", after_v.scores, "A =", after_v.weights, "Y =", after_v.output, sep="\n")

# %% [markdown]
# 结论：S 与 A 完全不变，因为它们只由 Q 和 K 算出；Y 变了。两个 query 都给来源 2 分了权重，所以 Y 的两行都变，变化量正好是 A 乘上 V 的变化。

# %%
assert np.array_equal(after_v.scores, before.scores)
assert np.array_equal(after_v.weights, before.weights)
change = after_v.output - before.output
assert (~np.isclose(change, 0)).any(axis=-1).all()
assert np.allclose(change, before.weights @ (V_new - V))
weights_before_after(before.weights, after_v.weights, changed="V", locale=LOCALE)

# %% [markdown]
# ## 加上 batch 与 head <a id="batch-heads"></a>
#
# 一个 batch 里有 B = 2 个样本，每个样本 3 个 head。样本 1 用课页的 Q 与 V。样本 2 用前两节改过的 Q 与 V：query 2 是 (0, 2)，来源 2 的 value 是 (4, 0)。两个样本的数据不同，才能检查每个样本是否各自读取。
#
# 每个样本里，3 个 head 的 query 分别乘以 1、2、3，所以 Q 共有 $B\times H$ 份，每个样本的每个 head 一份。K 仍是二维，沿 batch 与 head 两个轴广播；每个样本的 V 由它的 3 个 head 共用，沿 head 轴广播。分数与权重的形状是 $B\times H\times n_q\times n_k$。代码里的下标 b（样本）与 h（head）和 numpy 一样从 0 数起：`many.weights[0]`，印作 `A[0]`，是第 1 个样本的权重。
#
# 真正的多头注意力中，每个 head 有自己的投影矩阵，从同一输入算出各自的 Q、K、V；这里各 head 共用课页的 K 与所在样本的 V，只把 query 乘以不同倍数，是为了让每个 head 都能与课页的读取直接对照。

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
# 结论：softmax 仍在最后一个轴上，也就是 key 轴；每个样本、每个 head 的每一行都和为 1，沿 query 轴求和则不是 1。每个样本的每个 head，结果都等于单独用这个 head 的二维 Q 与这个样本的 V 算一次（两个 query，一次算出两次读取）。样本 1 的第 1 个 head 给出课页的两次读取；样本 2 的第 1 个 head 给出“只改 query 2”一节的权重。

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
# 再只改样本 2：它的 query 反向，V 换回课页的 V；样本 1 不动。结论：样本 1 的 S、A、Y 一个数都不变，样本 2 的三者都变了。batch 轴上的样本互不混合。

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
# ## 小结 <a id="summary"></a>
#
# - 只改一个 query：只有它那一行的 S、A、Y 会变，其他行一个数都不变。
# - 只改 V：S 与 A 不变，Y 变；读取了被改来源的行都会变，变多少由权重决定。
# - 加上 batch 与 head：每个样本的每个 head 各自独立读取，softmax 仍在最后的 key 轴上，每行和为 1；只改一个样本，其他样本一个数都不变。
