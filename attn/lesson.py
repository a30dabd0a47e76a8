r"""The lesson's worked example: two queries over three sources (R36), and its two single reads.

R31–R32 each read with one query; R36 lays the two side by side as the rows of ``Q``.
The lesson says ``K`` and ``V`` are those of the earlier lessons (R31–R32), unchanged, but
does not print them: these are the simplest values that reproduce every number it gives, to
three decimals. The arrays are read-only so that no page can alter what another page computes with.

>>> Q
array([[1, 0],
       [0, 1]])
>>> bool((Q[0] == q1).all() and (Q[1] == q2).all())
True
>>> K.shape, V.shape
((3, 2), (3, 2))
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray


def _frozen(rows: list[list[int]] | list[int]) -> NDArray[np.int64]:
    """Return ``rows`` as a read-only integer array."""
    arr = np.array(rows, dtype=np.int64)
    arr.flags.writeable = False
    return arr


#: Query 1, the query of R31's single read.
q1 = _frozen([1, 0])
#: Query 2, the query of R32's single read.
q2 = _frozen([0, 1])
#: The two queries side by side, one per row: ``[q1; q2]``.
Q = _frozen([[1, 0], [0, 1]])
#: The three sources' keys, one per row: the lesson does not print R31–R32's keys, and its
#: numbers do not determine them; these keys, with ``V`` below, are the simplest that reproduce
#: its numbers.
K = _frozen([[1, 0], [0, 1], [1, 1]])
#: The three sources' values, one per row: chosen like ``K``, not recovered from the lesson.
V = _frozen([[2, 0], [0, 4], [1, 2]])

__all__ = ["K", "Q", "V", "q1", "q2"]
