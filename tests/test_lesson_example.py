"""The lesson's worked example: every figure R36 prints, from attn."""

import numpy as np
import pytest

import attn
from attn.lesson import K, Q, V, q1, q2


def test_weights_match_the_lesson_to_three_decimals() -> None:
    weights = attn.read(Q, K, V).weights
    np.testing.assert_array_equal(weights.round(3), [[0.422, 0.155, 0.422], [0.155, 0.422, 0.422]])


def test_outputs_match_the_lesson_to_three_decimals() -> None:
    output = attn.read(Q, K, V).output
    np.testing.assert_array_equal(output.round(3), [[1.267, 1.466], [0.733, 2.534]])


def test_scores_are_the_lessons_table() -> None:
    np.testing.assert_array_equal(attn.scores(Q, K), [[1, 0, 1], [0, 1, 1]])


@pytest.mark.parametrize(("row", "q"), [(0, q1), (1, q2)])
def test_each_row_is_the_earlier_single_read(row: int, q: np.ndarray) -> None:
    many, one = attn.read(Q, K, V), attn.read(q, K, V)
    np.testing.assert_allclose(many.output[row], one.output)
    np.testing.assert_allclose(many.weights[row], one.weights)
    np.testing.assert_allclose(many.scores[row], one.scores)


def test_column_normalising_answers_another_question() -> None:
    columns = attn.softmax(attn.scores(Q, K), axis=0)
    np.testing.assert_array_equal(columns.round(3), [[0.731, 0.269, 0.5], [0.269, 0.731, 0.5]])
    np.testing.assert_allclose(columns.sum(axis=0), 1.0)
    assert not np.allclose(columns.sum(axis=1), 1.0)


def test_lesson_data_cannot_be_altered_by_a_page() -> None:
    for arr in (Q, K, V, q1, q2):
        with pytest.raises(ValueError, match="read-only"):
            arr[0] = 7
