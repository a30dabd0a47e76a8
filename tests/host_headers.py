"""A ``_headers`` file applied as Cloudflare's asset server applies it, as far as the site uses it
(checked with ``wrangler pages dev``, wrangler 4.164): rules in file order; a ``:name``
placeholder matches one path segment (dots included), ``*`` anything; a matching rule's header
joins an earlier one's with a comma; ``! Name`` removes it; placeholders are put into the values.
The tests' server (``tests/browser.py``) sends what it gives each path.
"""

from __future__ import annotations

import re


def rules_of(headers: str) -> list[tuple[str, list[str]]]:
    """Return each rule of a ``_headers`` file: its path pattern and its header lines."""
    rules: list[tuple[str, list[str]]] = []
    for line in headers.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0].isspace():
            rules[-1][1].append(line.strip())
        else:
            rules.append((line.strip(), []))
    return rules


def content_types(headers: str) -> dict[str, str]:
    """Return ``{suffix: content type}`` from the ``/*.suffix`` rules of a ``_headers`` file:
    what a host sends for a file known by its suffix alone (the tests' server's types)."""
    types: dict[str, str] = {}
    for rule, lines in rules_of(headers):
        for line in lines:
            name, _, value = line.partition(":")
            if rule.startswith("/*.") and name.strip().lower() == "content-type":
                types[rule[2:]] = value.strip()
    return types


def pattern_of(path: str) -> re.Pattern[str]:
    """Return a rule's path as a regular expression."""
    parts = re.split(r"(\*|:[A-Za-z]\w*)", path)
    regex = "".join(
        "(?P<splat>.*)"
        if part == "*"
        else f"(?P<{part[1:]}>[^/]+)"
        if part.startswith(":")
        else re.escape(part)
        for part in parts
    )
    return re.compile(regex)


def cloudflare_headers(headers: str, path: str) -> dict[str, str]:
    """Return the headers the ``_headers`` file gives a response at ``path`` (names lowercase)."""
    given: dict[str, str] = {}
    for rule, lines in rules_of(headers):
        matched = pattern_of(rule).fullmatch(path)
        if matched is None:
            continue
        for line in lines:
            if line.startswith("!"):
                given.pop(line[1:].strip().lower(), None)
                continue
            name, _, value = line.partition(":")
            for key, found in matched.groupdict().items():
                value = value.replace(f":{key}", found)
            key = name.strip().lower()
            given[key] = f"{given[key]}, {value.strip()}" if key in given else value.strip()
    return given
