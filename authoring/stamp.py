"""The translation stamp: an English page records the hash of the Chinese page it translates.

Run ``python -m authoring.stamp docs/en/R36.md`` (or ``make stamp PAGE=R36``) after reviewing
an English page against its changed Chinese source; the parity tests compare the stamp with
the source's bytes, so an English page cannot silently fall behind its source. The stamp is two
keys of the page's front matter, ``translated_from`` and ``source_sha256``: missing keys (or a
missing front matter) are added, the page's other keys are kept, and what changed is said.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> for language in ("zh", "en"):
...     (folder / language).mkdir()
>>> _ = (folder / "zh" / "P.md").write_text("# 页\\n", encoding="utf-8")
>>> english = folder / "en" / "P.md"
>>> _ = english.write_text("---\\nsource_sha256: old\\ndescription: A page.\\n---\\n# Page\\n", encoding="utf-8")
>>> print(stamp(english))
/...en/P.md: translated_from set to ../zh/P.md (was missing); source_sha256 set to 4cddb41237c8… (was old)
>>> print(stamp(english))
/...en/P.md: already current (source_sha256 matches ../zh/P.md)
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

from mkdocs.utils.meta import get_data


class StampError(Exception):
    """A page that cannot be stamped, with what to do about it."""


def sha256(path: Path) -> str:
    """Return the hex SHA-256 of a file's bytes: the stamp an English page records."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def short(value: str) -> str:
    """Return a value as a message shows it: a hash by its first 12 digits (the module's
    example shows both)."""
    return f"{value[:12]}…" if re.fullmatch(r"[0-9a-f]{64}", value) else value


def stamped(text: str, wanted: dict[str, str]) -> tuple[str, list[str]]:
    """Return ``text`` with the front matter's ``wanted`` keys set, and what changed.

    A key already there keeps its line's place; a missing one goes after the stamp's keys
    before it, so that a new page reads ``translated_from``, ``source_sha256``, then the rest.

    >>> stamped("# Page\\n", {"translated_from": "../zh/P.md", "source_sha256": "abc"})
    ('---\\ntranslated_from: ../zh/P.md\\nsource_sha256: abc\\n---\\n\\n# Page\\n', ['front matter added (translated_from: ../zh/P.md, source_sha256: abc)'])
    """
    # MkDocs' reader says where the front matter ends: its keys are the lines between the first
    # and the closing one.
    body, meta = get_data(text)
    head = text[: len(text) - len(body)].rstrip("\n")
    if not meta or not head.startswith("---"):
        lines = [f"{key}: {value}" for key, value in wanted.items()]
        said = ", ".join(f"{key}: {short(value)}" for key, value in wanted.items())
        return "---\n" + "\n".join(lines) + "\n---\n\n" + text, [f"front matter added ({said})"]
    lines = head.splitlines()[1:-1]
    changes, place = [], 0
    for key, value in wanted.items():
        at = next((n for n, line in enumerate(lines) if line.startswith(f"{key}:")), None)
        if at is None:
            lines.insert(place, f"{key}: {value}")
            changes.append(f"{key} set to {short(value)} (was missing)")
            at = place
        elif (was := lines[at].split(":", 1)[1].strip().strip("\"'")) != value:
            lines[at] = f"{key}: {value}"
            changes.append(f"{key} set to {short(value)} (was {short(was) or 'empty'})")
        place = at + 1
    keys = "".join(f"{line}\n" for line in lines)
    return f"---\n{keys}---\n{text[len(head) + 1 :]}", changes


def stamp(english: Path) -> str:
    """Record, in an English page's front matter, which Chinese page it translates and that
    page's hash; return one line saying what changed (or that nothing had to)."""
    if english.parent.name != "en" or english.suffix != ".md":
        raise StampError(
            f"{english} is not an English page (docs/en/NAME.md): make stamp PAGE=NAME"
        )
    name = english.stem
    source = english.parent.parent / "zh" / english.name  # the Chinese page it translates
    if not english.is_file() and not source.is_file():
        raise StampError(
            f"neither {source} nor {english} exists: a new lesson's two pages come from "
            f"make new PAGE={name} TITLE_ZH=… TITLE_EN=…"
        )
    if not english.is_file():
        raise StampError(
            f"{english} does not exist: translate {source} into it, then make stamp PAGE={name}"
        )
    if not source.is_file():
        raise StampError(
            f"{source}, the Chinese source of {english}, does not exist: write it (the English "
            f"page is stamped against it), then make stamp PAGE={name}"
        )
    # The source's path from the English page's, in the repository (docs/en/ to docs/zh/).
    source_link = f"../zh/{english.name}"
    wanted = {"translated_from": source_link, "source_sha256": sha256(source)}
    text = english.read_text(encoding="utf-8")
    if text.startswith("---") and not get_data(text)[1]:  # MkDocs would read it as text
        raise StampError(
            f"{english}: its front matter is not YAML keys and values: fix it, then "
            f"make stamp PAGE={name}"
        )
    text, changes = stamped(text, wanted)
    if not changes:
        return f"{english}: already current (source_sha256 matches {source_link})"
    english.write_text(text, encoding="utf-8")
    return f"{english}: {'; '.join(changes)}"


def main(arguments: list[str]) -> None:
    """Stamp the English page named on the command line, saying what changed."""
    if len(arguments) != 1:
        sys.exit("usage: make stamp PAGE=NAME (python -m authoring.stamp docs/en/NAME.md)")
    try:
        print(stamp(Path(arguments[0])))
    except StampError as error:
        print(error, file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
