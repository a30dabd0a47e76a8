"""The parts of a Markdown page that two translations must share: ids, code, formulas, links."""

from __future__ import annotations

import re
from dataclasses import dataclass

from mkdocs.utils.meta import get_data

FENCE = re.compile(r"^```[^\n]*\n.*?^```$", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]+`")
IDS = re.compile(r'id="([^"]+)"|\{ #([\w-]+) \}')
FORMULA = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.S)
LINK = re.compile(r"\]\(([^)\s]+)\)")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
DECIMAL = re.compile(r"\d+\.\d+")


@dataclass(frozen=True)
class Part:
    """One thing a translation must keep, the line of the file it starts on (from 1) and its
    offset in the file."""

    line: int
    text: str
    offset: int = 0


def front_matter(text: str) -> dict[str, str]:
    """Return the page's front matter as ``key: value`` strings (empty if it has none), as
    MkDocs reads it."""
    return {str(key): str(value) for key, value in get_data(text)[1].items()}


def body(text: str) -> str:
    """Return the page without its front matter, as MkDocs reads it."""
    return get_data(text)[0]


def prose(text: str) -> str:
    """Return the page's text outside code blocks and inline code."""
    return INLINE_CODE.sub(" ", FENCE.sub(" ", body(text)))


def blanked(pattern: re.Pattern[str], text: str) -> str:
    """Return ``text`` with what ``pattern`` matches made blank, its line breaks kept: every
    offset, and so every line number, stays that of the file."""
    return pattern.sub(lambda match: re.sub(r"[^\n]", " ", match.group()), text)


def line_of(text: str, offset: int) -> int:
    """Return the line (from 1) of ``text`` that ``offset`` is on."""
    return text.count("\n", 0, offset) + 1


def located_parts(text: str) -> dict[str, list[Part]]:
    """Return what a translation must keep, in page order, each part with its line in the file:
    ids, code blocks, formulas, links and the numbers of the prose."""
    rest = body(text)
    whole = re.sub(r"[^\n]", " ", text[: len(text) - len(rest)]) + rest
    outside = blanked(INLINE_CODE, blanked(FENCE, whole))
    # A link's target and a formula hold no number the prose states.
    counted = blanked(re.compile(r"(?<=\])\([^)\s]+\)"), blanked(FORMULA, outside))

    def found(pattern: re.Pattern[str], where: str) -> list[Part]:
        # The part is the pattern's group that matched (an id, a link's target), else all of it.
        located = []
        for match in pattern.finditer(where):
            group = next((i for i, g in enumerate(match.groups(), 1) if g), 0)
            start = match.start(group)
            located.append(Part(line_of(text, start), match[group], start))
        return located

    return {
        "ids": found(IDS, whole),
        "code": found(FENCE, whole),
        "formulas": found(FORMULA, outside),
        "links": found(LINK, outside),
        "numbers": found(NUMBER, counted),
    }


def prose_decimals(text: str) -> set[str]:
    """Return the decimal numbers written in the page's prose and formulas (not in code)."""
    return set(DECIMAL.findall(LINK.sub("]", prose(text))))


def code_outputs(text: str) -> str:
    """Return everything the page's code blocks print or contain, as one string."""
    return "\n".join(FENCE.findall(body(text)))
