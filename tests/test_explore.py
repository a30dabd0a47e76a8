"""R36's explorable: query 1 turned through its directions and lengths. Its settings are in the
built page as a JSON data island, each the read ``attn`` computes for its query; the page's
script only picks one and draws it (tests/test_explore_browser.py)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import attn
from attn.lesson import K, V
from tests.constants import PREFIXES
from tests.site import ParsedPages


@pytest.mark.parametrize("prefix", PREFIXES.values())
def test_every_setting_is_the_read_attn_computes_for_its_query(
    site: Path, parsed: ParsedPages, prefix: str
) -> None:
    tag = parsed.soup(site / f"{prefix}R36/index.html").select_one("script#r36-explore")
    assert tag is not None, f"{prefix}R36/ has no data island r36-explore"
    assert tag["type"] == "application/json"
    data = json.loads(tag.string)
    angles, lengths, settings = data["angles"], data["lengths"], data["settings"]
    assert len(set(angles)) == len(angles) >= 24
    assert 1 in lengths
    assert len(lengths) >= 2
    assert len(settings) == len(angles) * len(lengths)
    # The lesson's V first (the default the page opens with), then one whose rows span a
    # real triangle: its row 3 is not on the segment of rows 1 and 2 (2x + y = 4).
    values = np.array(data["values"])
    np.testing.assert_array_equal(values[0], V)
    assert len(values) == 2
    assert 2 * values[1][2][0] + values[1][2][1] != 4, "the other V is flat too"
    for i, setting in enumerate(settings):
        length, theta = lengths[i // len(angles)], np.deg2rad(angles[i % len(angles)])
        # q₁ = r(cos θ, sin θ), to the figure's three decimals: the query shown is the one read.
        np.testing.assert_allclose(
            setting["q"], length * np.array([np.cos(theta), np.sin(theta)]), atol=5e-4
        )
        read = attn.read(np.array(setting["q"]), K, V)
        for name in ("scores", "weights"):
            np.testing.assert_array_equal(
                setting[name], getattr(read, name).round(3), err_msg=f"setting {i}: {name}"
            )
        assert len(setting["outputs"]) == len(values)
        for j, v in enumerate(values):
            np.testing.assert_array_equal(
                setting["outputs"][j],
                attn.read(np.array(setting["q"]), K, v).output.round(3),
                err_msg=f"setting {i}: output over V {j + 1}",
            )
