"""The translation stamp: an English page records the hash of the Chinese page it translates.

Run ``python -m authoring.stamp docs/en/R36.md`` (or ``make stamp PAGE=R36``) after reviewing
an English page against its changed Chinese source; the parity tests compare the stamp with
the source's bytes, so an English page cannot silently fall behind its source. The stamp is two
keys of the page's front matter, ``translated_from`` and ``source_sha256``, set through
ruamel.yaml's round trip: the page's other keys stay as they were, a missing key goes first (a
page without front matter gets one), and what changed is said.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> for language in ("zh", "en"):
...     (folder / language).mkdir()
>>> _ = (folder / "zh" / "P.md").write_text("# 页\\n", encoding="utf-8")
>>> english = folder / "en" / "P.md"
>>> _ = english.write_text("# Page\\n", encoding="utf-8")
>>> print(stamp(english))
/...en/P.md: translated_from, source_sha256 set from ../zh/P.md
>>> print(english.read_text(encoding="utf-8"), end="")
---
translated_from: ../zh/P.md
source_sha256: 4cddb41237c8f9ba5020e786df109692a3076e0d1c3a99f9b050298f2063b394
---
<BLANKLINE>
# Page
>>> print(stamp(english))
/...en/P.md: already current (source_sha256 matches ../zh/P.md)
"""

from __future__ import annotations

import hashlib
import io
import sys
from pathlib import Path

from mkdocs.utils.meta import get_data
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap


class StampError(Exception):
    """A page that cannot be stamped, with what to do about it."""


def sha256(path: Path) -> str:
    """Return the hex SHA-256 of a file's bytes: the stamp an English page records."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def round_trip() -> YAML:
    """Return ruamel.yaml's round trip for the author's YAML (mkdocs.yml, a page's front
    matter): what is not changed keeps its comments, its quotes and its long lines."""
    yaml = YAML()
    yaml.indent(mapping=2, sequence=4, offset=2)  # mkdocs.yml's: an entry two spaces in
    yaml.preserve_quotes = True
    yaml.width = 4096
    return yaml


def stamp(english: Path) -> str:
    """Record, in an English page's front matter, which Chinese page it translates and that
    page's hash; return one line saying what changed (or that nothing had to)."""
    if english.parent.name != "en" or english.suffix != ".md":
        raise StampError(
            f"{english} is not an English page (docs/en/NAME.md): make stamp PAGE=NAME"
        )
    name = english.stem
    source = english.parent.parent / "zh" / english.name  # the Chinese page it translates
    missing = " and ".join(str(path) for path in (source, english) if not path.is_file())
    if missing:
        raise StampError(
            f"missing {missing}: an English page is stamped against its Chinese source, so "
            f"both must exist. Write what is missing (a new lesson's two pages: make new "
            f"PAGE={name} TITLE_ZH=… TITLE_EN=…), then make stamp PAGE={name}"
        )
    text = english.read_text(encoding="utf-8")
    if not text.startswith("---"):  # no front matter yet: an empty one, a blank line above
        text, start, end = "---\n---\n\n" + text, 4, 4
    else:
        # MkDocs' reader says where the front matter ends: its keys are the lines between the
        # first and the closing one.
        body, meta = get_data(text)
        if not meta:  # MkDocs would read it as text
            raise StampError(
                f"{english}: its front matter is not YAML keys and values: fix it, then "
                f"make stamp PAGE={name}"
            )
        start = text.index("\n") + 1
        end = text[: len(text) - len(body)].rstrip("\n").rindex("\n") + 1
    yaml = round_trip()
    keys = yaml.load(text[start:end]) or CommentedMap()
    # The source's path from the English page's, in the repository (docs/en/ to docs/zh/).
    source_link = f"../zh/{english.name}"
    wanted = {"translated_from": source_link, "source_sha256": sha256(source)}
    changed = [key for key, value in wanted.items() if keys.get(key) != value]
    if not changed:
        return f"{english}: already current (source_sha256 matches {source_link})"
    for place, (key, value) in enumerate(wanted.items()):
        if key in keys:
            keys[key] = value
        else:
            keys.insert(place, key, value)
    written = io.StringIO()
    yaml.dump(keys, written)
    english.write_text(text[:start] + written.getvalue() + text[end:], encoding="utf-8")
    return f"{english}: {', '.join(changed)} set from {source_link}"


def main(arguments: list[str]) -> None:
    """Stamp the English page named on the command line, saying what changed."""
    if len(arguments) != 1:
        sys.exit("usage: make stamp PAGE=NAME (python -m authoring.stamp docs/en/NAME.md)")
    try:
        print(stamp(Path(arguments[0])))
    except StampError as error:
        sys.exit(str(error))


if __name__ == "__main__":
    main(sys.argv[1:])
