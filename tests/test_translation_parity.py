"""Two languages, one truth: each English page mirrors its Chinese source and is stamped.

A difference is reported where an author fixes it: each differing part with the file and line
it is on in each language (``docs/zh/R36.md:41``), code blocks as a unified diff headed by the
file and line they start on, all of a page's differences of one kind in one failure.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from pathlib import Path

import pytest

from authoring.stamp import sha256
from tests.docs_pages import page_names, shown, twin
from tests.markdown_parts import Part, front_matter, located_parts

PAGES = page_names()
PARTS = ["ids", "code", "formulas", "links", "numbers"]

#: How each kind of part is named in a message.
NAMED = {
    "ids": "heading ids and anchors",
    "code": "code blocks",
    "formulas": "formulas",
    "links": "links",
    "numbers": "numbers in the prose",
}


def unmatched(zh: list[Part], en: list[Part]) -> list[tuple[str, list[Part], list[Part]]]:
    """Return the runs of parts that differ, in page order: ``(opcode, zh parts, en parts)``."""
    matcher = difflib.SequenceMatcher(None, [p.text for p in zh], [p.text for p in en], False)
    return [
        (tag, zh[i1:i2], en[j1:j2])
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    ]


def block_lines(run: list[Part]) -> list[str]:
    """Return the lines of a run of code blocks, one after the other."""
    return [line for part in run for line in part.text.splitlines()]


def code_differences(zh: list[Part], en: list[Part], files: tuple[str, str]) -> list[str]:
    """Return each run of differing code blocks as a unified diff, headed by the file and line
    the run starts on in each language (or that it has no counterpart there)."""
    said: list[str] = []
    for _, zh_run, en_run in unmatched(zh, en):
        (zh_file, zh_lines), (en_file, en_lines) = (
            (f"{file}:{run[0].line}" if run else f"{file} (no counterpart)", block_lines(run))
            for file, run in zip(files, (zh_run, en_run), strict=True)
        )
        said += difflib.unified_diff(zh_lines, en_lines, zh_file, en_file, lineterm="")
    return said


def list_differences(zh: list[Part], en: list[Part], files: tuple[str, str]) -> list[str]:
    """Return the parts that differ, ``-`` the Chinese page's and ``+`` the English page's,
    each with its file and line."""
    said = []
    for _, zh_run, en_run in unmatched(zh, en):
        said += [f"- {files[0]}:{p.line}: {p.text}" for p in zh_run]
        said += [f"+ {files[1]}:{p.line}: {p.text}" for p in en_run]
    return said


def excerpt(text: str, part: Part, around: int = 24) -> str:
    """Return the words around ``part`` on its line, quoted: a number alone is hard to find on
    a long line."""
    start = text.rfind("\n", 0, part.offset) + 1
    end = text.find("\n", part.offset)
    line = text[start : len(text) if end < 0 else end]
    at = part.offset - start
    left, right = max(at - around, 0), min(at + len(part.text) + around, len(line))
    return f'"{"…" * (left > 0)}{line[left:right].strip()}{"…" * (right < len(line))}"'


def number_differences(
    zh: list[Part], en: list[Part], files: tuple[str, str], texts: tuple[str, str]
) -> list[str]:
    """Return the numbers one page states more often than the other, each where it stands.

    A translation may order a sentence's numbers its own way, so the pages must hold the same
    numbers, not in the same order. Of the numbers the alignment leaves unmatched, those in a
    run where the other page has others instead (a changed number) are named first; a number
    that only moved is matched by its counterpart and not named.
    """
    counts = Counter(p.text for p in zh)
    counts.subtract(Counter(p.text for p in en))
    owed = {"-": +counts, "+": -counts}
    runs = sorted(unmatched(zh, en), key=lambda run: run[0] != "replace")
    said: list[tuple[bool, int, str]] = []
    for _, zh_run, en_run in runs:
        for sign, run, file, text in (
            ("-", zh_run, files[0], texts[0]),
            ("+", en_run, files[1], texts[1]),
        ):
            for part in run:
                if owed[sign][part.text] > 0:
                    owed[sign][part.text] -= 1
                    where = f"{sign} {file}:{part.line}: {part.text} in {excerpt(text, part)}"
                    said.append((sign == "+", part.line, where))
    return [line for *_, line in sorted(said)]


def differences(part: str, zh_file: Path, en_file: Path) -> list[str]:
    """Return how a page's English file differs from its Chinese one in ``part``."""
    texts = (zh_file.read_text(encoding="utf-8"), en_file.read_text(encoding="utf-8"))
    zh, en = (located_parts(text)[part] for text in texts)
    files = (shown(zh_file), shown(en_file))
    if part == "code":
        return code_differences(zh, en, files)
    if part == "numbers":
        return number_differences(zh, en, files, texts)
    return list_differences(zh, en, files)


def report(name: str, part: str, zh_file: Path, en_file: Path) -> str | None:
    """Return the failure message for ``part`` of page ``name``, or None if the pages agree."""
    said = differences(part, zh_file, en_file)
    if not said:
        return None
    zh, en = shown(zh_file), shown(en_file)
    return "\n".join(
        [
            f"{name}: the {NAMED[part]} of {zh} (-) and {en} (+) differ. The English page "
            f"mirrors the Chinese one: fix whichever is wrong, then `make check PAGE={name}`.",
            *said,
        ]
    )


def test_every_page_exists_in_both_languages() -> None:
    assert PAGES, "no pages found"
    for name in PAGES:
        assert twin(name, "en").is_file(), (
            f"docs/zh/{name}.md has no English twin docs/en/{name}.md"
        )


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("part", PARTS)
def test_english_keeps_the_chinese_pages(name: str, part: str) -> None:
    said = report(name, part, twin(name, "zh"), twin(name, "en"))
    if said:
        pytest.fail(said, pytrace=False)


def stale_stamp(name: str, source: Path, english: Path) -> str:
    """Return the message for an English page stamped against an older Chinese page: what to
    do, and where git shows what changed in the Chinese page since."""
    zh, en = shown(source), shown(english)
    return (
        f"{zh} changed since {en} was last reviewed against it. This follows from any edit of "
        f"the Chinese page, a typo's too: fix the page's other failures first. Review {en} "
        f"against {zh} (`git log -p -- {zh}` shows its changes), then run "
        f"`make stamp PAGE={name}`."
    )


@pytest.mark.parametrize("name", PAGES)
def test_english_page_was_reviewed_against_the_current_chinese_page(name: str) -> None:
    source, english = twin(name, "zh"), twin(name, "en")
    meta = front_matter(english.read_text(encoding="utf-8"))
    assert meta.get("translated_from") == f"../zh/{name}.md", (
        f"{shown(english)} does not say it translates ../zh/{name}.md: run `make stamp PAGE={name}`"
    )
    digest = meta.get("source_sha256", "")
    if digest != sha256(source):
        pytest.fail(stale_stamp(name, source, english), pytrace=False)


#: What a description states that a translation keeps: a number, a formula written with ``=``
#: or ``ᵀ`` (S=QKᵀ), a matrix's letter standing alone (A). The front matter is outside the body
#: the other parts are read from, and the description is what the home page, llms.txt and
#: search show of a page.
DESCRIBED = re.compile(
    r"\d+(?:\.\d+)?|[A-Za-z0-9/]*[=ᵀ√][A-Za-z0-9/=ᵀ√]*|(?<![A-Za-z.])[A-Z](?![A-Za-z])"
)


def described(description: str) -> list[str]:
    """Return the numbers and formulas of a page's description, sorted (a translation may order
    them its own way); an English sentence's opening article "A" is not the matrix A.
    """
    found = []
    for match in DESCRIBED.finditer(description):
        opening = description[: match.start()].rstrip().endswith((".", ":")) or not match.start()
        if not (match[0] == "A" and opening and description[match.end() :].startswith(" ")):
            found.append(match[0])
    return sorted(found)


@pytest.mark.parametrize("name", PAGES)
def test_the_description_keeps_the_chinese_ones_numbers_and_formulas(name: str) -> None:
    zh, en = (
        front_matter(twin(name, locale).read_text(encoding="utf-8")).get("description", "")
        for locale in ("zh", "en")
    )
    assert described(en) == described(zh), (
        f"{name}: the descriptions of {shown(twin(name, 'zh'))} and {shown(twin(name, 'en'))} "
        f"state different numbers or formulas: {described(zh)} and {described(en)}"
    )
