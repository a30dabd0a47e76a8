"""The translation stamp: an English page records the hash of the Chinese page it translates.

Run ``python -m coursesite.stamp docs/R36.en.md`` (or ``make stamp PAGE=R36``) after reviewing
an English page against its changed Chinese source; the parity tests compare the stamp with
the source's bytes, so an English page cannot silently fall behind its source.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "P.zh.md").write_text("# 页\\n", encoding="utf-8")
>>> _ = (folder / "P.en.md").write_text("---\\nsource_sha256: old\\n---\\n# Page\\n", encoding="utf-8")
>>> stamp(folder / "P.en.md")
>>> (folder / "P.en.md").read_text(encoding="utf-8").splitlines()[1] == f"source_sha256: {sha256(folder / 'P.zh.md')}"
True
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

STAMP = re.compile(r"(?m)^source_sha256: .*$")


def sha256(path: Path) -> str:
    """Return the hex SHA-256 of a file's bytes: the stamp an English page records."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_of(english: Path) -> Path:
    """Return the Chinese page that ``docs/NAME.en.md`` translates."""
    return english.with_name(english.name.replace(".en.md", ".zh.md"))


def stamp(english: Path) -> None:
    """Record, in an English page's front matter, the hash of the Chinese page it translates."""
    text = english.read_text(encoding="utf-8")
    stamped = STAMP.sub(f"source_sha256: {sha256(source_of(english))}", text, count=1)
    english.write_text(stamped, encoding="utf-8")


def main(arguments: list[str]) -> None:
    """Stamp each English page named on the command line."""
    if not arguments:
        sys.exit("usage: python -m coursesite.stamp docs/NAME.en.md [...]")
    for argument in arguments:
        stamp(Path(argument))
        print(f"stamped {argument}")


if __name__ == "__main__":
    main(sys.argv[1:])
