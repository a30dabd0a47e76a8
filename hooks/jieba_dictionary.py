r"""jieba's dictionary split by each entry's first character: a build loads only what its text uses.

jieba segments a text with a prefix dictionary (``Tokenizer.FREQ``, half a million entries)
in which it looks up substrings of that text only, so every entry it reads starts with one of
the text's characters. Loading the whole dictionary takes 0.7-1 s, in every build that
segments anything new (each cold build); this site's Chinese has about 300 distinct
characters, and the entries that start with them load in 0.04 s. The split dictionary is made
once per machine from jieba's own (the first build pays the whole load once more) and kept
beside jieba's own cache, in ``$TMPDIR``, named after jieba's version (and a custom dictionary);
jieba then segments as with the whole dictionary (``tests/test_search_segments.py``).

>>> import jieba
>>> tokenizer = jieba.Tokenizer()
>>> split = SplitDictionary(tokenizer, {"并": marshal.dumps({"并": 5, "并列": 3})}, total=8)
>>> split.cover("并列读取")
>>> tokenizer.FREQ, tokenizer.total, tokenizer.initialized
({'并': 5, '并列': 3}, 8, True)
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import tempfile
from pathlib import Path
from typing import Any

from notebook_runs import written_atomically

FORMAT = "1: marshal of ({first character: marshal of {entry: frequency}}, total)"


class SplitDictionary:
    """The part of a tokenizer's dictionary loaded so far, from the split dictionary."""

    def __init__(self, tokenizer: Any, shards: dict[str, bytes], total: int) -> None:
        self.shards = shards
        self.freq: dict[str, int] = {}
        self.loaded: set[str] = set()
        tokenizer.FREQ, tokenizer.total, tokenizer.initialized = self.freq, total, True

    def cover(self, text: str) -> None:
        """Load every entry that starts with a character of ``text``."""
        for char in set(text) - self.loaded:
            shard = self.shards.get(char)
            if shard is not None:
                self.freq.update(marshal.loads(shard))
        self.loaded.update(text)


def split_file(tokenizer: Any) -> Path:
    """Return where the split of ``tokenizer``'s dictionary is kept, beside jieba's own cache.

    jieba's default dictionary is named by jieba's version (every install of a version holds
    the same file, so checkouts share one split); another by its path, size and time.
    """
    import jieba

    key = f"{FORMAT}\0{jieba.__version__}"
    if tokenizer.dictionary is not None:
        found = Path(tokenizer.dictionary).stat()
        key += f"\0{tokenizer.dictionary}\0{found.st_size}\0{found.st_mtime_ns}"
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    return Path(tokenizer.tmp_dir or tempfile.gettempdir()) / f"jieba.{digest}.split"


def written_split(tokenizer: Any, path: Path) -> None:
    """Load ``tokenizer``'s whole dictionary (as jieba does) and keep it split at ``path``."""
    tokenizer.initialize()
    shards: dict[str, dict[str, int]] = {}
    for entry, frequency in tokenizer.FREQ.items():
        shards.setdefault(entry[0], {})[entry] = frequency
    data = marshal.dumps(({c: marshal.dumps(s) for c, s in shards.items()}, tokenizer.total))
    # With an unwritable $TMPDIR, the next build loads the whole dictionary again.
    with contextlib.suppress(OSError):
        written_atomically(path, data)


_splits: dict[int, SplitDictionary] = {}


def prepare(tokenizer: Any, text: str) -> None:
    """Make sure ``tokenizer`` holds every dictionary entry that segmenting ``text`` can read.

    A tokenizer that has loaded its whole dictionary (jieba itself, or a user dictionary
    Material's search adds) is left as it is.
    """
    split = _splits.get(id(tokenizer))
    if split is not None and tokenizer.FREQ is split.freq:
        split.cover(text)
        return
    if tokenizer.initialized:
        return
    path = split_file(tokenizer)
    try:
        shards, total = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        written_split(tokenizer, path)
        return
    _splits[id(tokenizer)] = SplitDictionary(tokenizer, shards, total)
    _splits[id(tokenizer)].cover(text)
