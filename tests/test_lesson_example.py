"""The lesson's worked example: every figure R36 prints, from attn."""

import pytest

from attn.lesson import K, Q, V, q1, q2


def test_lesson_data_cannot_be_altered_by_a_page() -> None:
    for arr in (Q, K, V, q1, q2):
        with pytest.raises(ValueError, match="read-only"):
            arr[0] = 7
