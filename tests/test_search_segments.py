"""The search index's Chinese segmentation is kept between builds: jieba loads only for new text."""

from __future__ import annotations

import json
from pathlib import Path

from tests.docs_pages import ROOT
from tests.site import build

# What jieba logs when it loads its dictionary (on its first segmentation in a process).
JIEBA_LOADED = "Prefix dict has been built"
CONFIG = f"""
site_name: 分词
theme:
  name: material
plugins:
  - search:
      lang: en
      pipeline: []
hooks:
  - {ROOT / "hooks" / "search_segments.py"}
"""
PAGE = "# 并列读取\n\n很多次读取，可以并列成一次矩阵运算。\n"


def test_a_second_build_segments_from_the_cache_with_the_same_index(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(PAGE, encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(CONFIG, encoding="utf-8")

    indexes, logs = [], []
    for run in ("first", "second"):
        result = build(tmp_path / run, config)
        assert result.returncode == 0, result.stderr
        logs.append(result.stderr)
        indexes.append((tmp_path / run / "search" / "search_index.json").read_text("utf-8"))

    assert JIEBA_LOADED in logs[0]
    assert JIEBA_LOADED not in logs[1], "every text was segmented before: no dictionary to load"
    assert indexes[1] == indexes[0]
    text = " ".join(doc["text"] for doc in json.loads(indexes[0])["docs"])
    assert "\u200b矩阵\u200b" in text, "jieba segmented the page"
    assert list((tmp_path / ".cache" / "search").glob("segments.*.json"))
