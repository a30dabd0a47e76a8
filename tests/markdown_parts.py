"""The parts of a Markdown page that two translations must share: ids, code, formulas, links.

>>> page = '---\\nx: 1\\n---\\n# T { #t }\\n\\nSee $a_1$ [here](b.md#c).\\n\\n```python\\n>>> 1\\n1\\n```\\n'
>>> parts(page)["ids"], parts(page)["formulas"], parts(page)["links"], parts(page)["numbers"]
(['t'], ['$a_1$'], ['b.md#c'], ['1'])
"""

from __future__ import annotations

import re

import yaml

FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.S)
FENCE = re.compile(r"^```[^\n]*\n.*?^```$", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]+`")
IDS = re.compile(r'id="([^"]+)"|\{ #([\w-]+) \}')
FORMULA = re.compile(r"\$\$.+?\$\$|\$[^$\n]+\$", re.S)
LINK = re.compile(r"\]\(([^)\s]+)\)")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
DECIMAL = re.compile(r"\d+\.\d+")


def front_matter(text: str) -> dict[str, str]:
    """Return the page's front matter as ``key: value`` strings (empty if it has none)."""
    match = FRONT_MATTER.match(text)
    if not match:
        return {}
    meta = yaml.safe_load(match.group(1)) or {}
    return {str(key): str(value) for key, value in meta.items()}


def body(text: str) -> str:
    """Return the page without its front matter."""
    return FRONT_MATTER.sub("", text, count=1)


def prose(text: str) -> str:
    """Return the page's text outside code blocks and inline code."""
    return INLINE_CODE.sub(" ", FENCE.sub(" ", body(text)))


def parts(text: str) -> dict[str, list[str]]:
    """Return what a translation must keep: ids, code blocks, formulas, links, numbers."""
    outside = prose(text)
    return {
        "ids": [a or b for a, b in IDS.findall(body(text))],
        "code": FENCE.findall(body(text)),
        "formulas": FORMULA.findall(outside),
        "links": LINK.findall(outside),
        "numbers": sorted(NUMBER.findall(LINK.sub("]", FORMULA.sub(" ", outside)))),
    }


def prose_decimals(text: str) -> set[str]:
    """Return the decimal numbers written in the page's prose and formulas (not in code)."""
    return set(DECIMAL.findall(LINK.sub("]", prose(text))))


def code_outputs(text: str) -> str:
    """Return everything the page's code blocks print or contain, as one string."""
    return "\n".join(FENCE.findall(body(text)))
