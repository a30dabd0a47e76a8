r"""MkDocs hook: the search index's Chinese word segmentation is kept in ``.cache/search``.

Material's search splits Chinese text into words with jieba, so that a word in the middle of
a sentence can be found (``u200b`` between words). Loading jieba's dictionary takes 0.6-0.9 s
of every build, whatever it has to segment: a third of a warm build of this site. Each
section's segmentation is kept on disk, keyed on its text and on the versions of jieba and
Material; a build whose texts were all segmented before never loads the dictionary, and any new
text is segmented by jieba itself, as before, with only the part of its dictionary that the
text can use (``jieba_dictionary.py``).

>>> segments = Segments()
>>> calls = []
>>> def cut(text):
...     calls.append(text)
...     return text.replace("读", "\u200b读\u200b")
>>> segments.segmented("并列读取", cut), segments.segmented("并列读取", cut)
('并列\u200b读\u200b取', '并列\u200b读\u200b取')
>>> calls
['并列读取']

What a build saves: the entries used since a time (its own, and other builds' lately).

>>> import time
>>> [text for text, used in segments.kept(since=time.time() - 60).values()]
['并列\u200b读\u200b取']
>>> segments.kept(since=time.time() + 60)
{}
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jieba_dictionary import prepare
from mkdocs.plugins import event_priority
from notebook_runs import (
    EVICTION_GRACE_SECONDS,
    fingerprint,
    package_versions,
    written_atomically,
)

#: Relative to the folder of ``mkdocs.yml``.
CACHE_FOLDER = Path(".cache", "search")
SEARCH_PLUGIN = "material/search"
#: What decides how a text is segmented, besides the text.
SEGMENTING_PACKAGES = ("jieba", "mkdocs-material")
FORMAT = "key: [segmented text, last used]"


class Segments:
    """Segmentations by text (a hash of it), each with the time a build last used it."""

    def __init__(self, kept: dict[str, list[Any]] | None = None) -> None:
        self.entries = {key: (str(text), float(used)) for key, (text, used) in (kept or {}).items()}

    def segmented(self, text: str, segment: Callable[[str], str]) -> str:
        """Return ``text`` segmented: as kept, or by ``segment`` (then kept)."""
        key = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
        found = self.entries.get(key)
        value = found[0] if found else segment(text)
        self.entries[key] = (value, time.time())
        return value

    def kept(self, since: float) -> dict[str, list[Any]]:
        """Return the entries used since ``since`` (seconds since the epoch), to be saved."""
        return {key: [text, used] for key, (text, used) in self.entries.items() if used >= since}


def cache_file(config: Any, plugin: Any) -> Path:
    """Return where the segmentations of this site's search settings are kept."""
    dictionaries = [plugin.config.get(s) for s in ("jieba_dict", "jieba_dict_user")]
    key = fingerprint(
        [Path(path) for path in dictionaries if path and os.path.isfile(path)],
        [FORMAT, *package_versions(SEGMENTING_PACKAGES), *map(str, dictionaries)],
    )
    folder = Path(config.config_file_path).parent / CACHE_FOLDER
    return folder / f"segments.{key}.json"


def read_segments(path: Path) -> Segments:
    """Return the segmentations kept at ``path`` (none if it is missing or unreadable)."""
    try:
        return Segments(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        return Segments()


def remembering_index(plugin: Any, segments: Segments) -> Any:
    """Return a search index like the plugin's own that segments through ``segments``, and
    loads of jieba's dictionary only what a new text needs."""
    import jieba

    base = type(plugin.search_index)

    class RememberingIndex(base):  # type: ignore[misc, valid-type]
        def _segment_chinese(self, data: str) -> str:
            def segment(text: str) -> str:
                prepare(jieba.dt, text)
                return str(base._segment_chinese(self, text))

            return segments.segmented(data, segment)

    return RememberingIndex(**plugin.config)


# Read at each build's start and saved at its end (i18n's English build starts after the
# Chinese one has saved): MkDocs loads a hook once per process, so these outlive a build.
_segments: Segments | None = None
_file: Path | None = None


# After the search plugin makes its index for the build (0); i18n's English build runs the
# plugins' on_config again.
@event_priority(-100)
def on_config(config: Any) -> Any:
    """Give the search plugin an index that segments through the kept segmentations."""
    global _segments, _file
    plugin = config.plugins.get(SEARCH_PLUGIN)
    if plugin is None or not plugin.config.enabled:
        return config
    _file = cache_file(config, plugin)
    _segments = read_segments(_file)
    plugin.search_index = remembering_index(plugin, _segments)
    return config


def on_post_build(config: Any) -> None:
    """Keep the segmentations this build used and those another build used lately (builds
    share the cache: the tests' copies of the site); the others are dropped."""
    global _segments, _file
    if _segments is None or _file is None:
        return
    kept = _segments.kept(since=time.time() - EVICTION_GRACE_SECONDS)
    written_atomically(_file, json.dumps(kept, ensure_ascii=False))
    for other in _file.parent.glob("segments.*.json"):
        if other != _file:
            other.unlink(missing_ok=True)
    _segments = _file = None
