"""The search index's Chinese segmentation is kept between builds: jieba loads only for new text."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jieba

from hooks.jieba_dictionary import prepare
from tests.docs_pages import DOCS, ROOT

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
# Two builds in one process, as `mkdocs serve` rebuilds; between them jieba is told that its
# dictionary is not loaded, so it loads it again if the second build segments anything itself.
# Before the second, the cache gets an entry no build used for a day and one another build
# used a minute ago: the first is dropped, the second kept.
BUILDS = """
import json, sys, time
from pathlib import Path
import jieba
from mkdocs.commands.build import build
from mkdocs.config import load_config
config, site = sys.argv[1:]
for run in ("first", "second"):
    build(load_config(config, site_dir=f"{site}/{run}"))
    print(run, "loaded" if jieba.dt.initialized else "not loaded")
    jieba.dt.initialized = False
    [cache] = (Path(config).parent / ".cache" / "search").glob("segments.*.json")
    kept = json.loads(cache.read_text(encoding="utf-8"))
    print(*sorted(key for key in kept if key in ("stale", "lately")))
    kept.update(stale=["x", time.time() - 86400], lately=["y", time.time() - 60])
    cache.write_text(json.dumps(kept), encoding="utf-8")
"""


def test_a_second_build_segments_from_the_cache_with_the_same_index(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(PAGE, encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(CONFIG, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", BUILDS, str(config), str(tmp_path)],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["first loaded", "", "second not loaded", "lately"]
    first, second = (
        (tmp_path / run / "search" / "search_index.json").read_text("utf-8")
        for run in ("first", "second")
    )
    assert second == first
    text = " ".join(doc["text"] for doc in json.loads(first)["docs"])
    assert "\u200b矩阵\u200b" in text, "jieba segmented the page"


def test_jieba_segments_the_same_with_the_part_of_its_dictionary_the_text_uses() -> None:
    texts = [
        paragraph
        for page in [*DOCS.glob("*.zh.md"), *DOCS.glob("lab/*.zh.py")]
        for paragraph in page.read_text(encoding="utf-8").split("\n\n")
    ]
    prepare(jieba.Tokenizer(), "")  # the split dictionary, made once per machine
    whole, split = jieba.Tokenizer(), jieba.Tokenizer()
    whole.initialize()
    for text in texts:
        prepare(split, text)
        assert list(split.cut(text)) == list(whole.cut(text)), text
    assert len(split.FREQ) < len(whole.FREQ) / 3, "only the entries the pages can use"
