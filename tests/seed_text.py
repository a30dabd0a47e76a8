"""The seed lesson's sentences, as the Chinese R36 page must carry them verbatim."""

from __future__ import annotations

import re

from tests.docs_pages import SEED

# The seed's relative links point at the built site; the page links the Markdown sources.
RELATIVE_HTML_LINK = re.compile(r"\]\((?!https?:)([\w-]+)\.html(#[\w-]+)?\)")
# The one other change the site makes to the seed's links (the sources page says so): the
# utm_* tracking parameters go, which tell a reader nothing.
TRACKING = re.compile(r"[?&]utm_\w+=[^&)\s]*")


def without_tracking(link: str) -> str:
    """Return a link's URL without its ``utm_*`` parameters."""
    kept = TRACKING.sub("", link)
    return kept if "?" in kept or "&" not in kept else kept.replace("&", "?", 1)


def seed_sentences() -> list[str]:
    """Return the sentences of the seed's lesson body, its links written as MkDocs needs."""
    text = SEED.read_text(encoding="utf-8")
    lesson = text[text.index("# R36") :]
    lesson = RELATIVE_HTML_LINK.sub(lambda m: f"]({m.group(1)}.md{m.group(2) or ''})", lesson)
    lesson = re.sub(r"\]\((https?:[^)\s]+)\)", lambda m: f"]({without_tracking(m[1])})", lesson)
    sentences = []
    for line in lesson.splitlines():
        line = line.strip().lstrip("#").strip()
        sentences += [s.strip() for s in re.split(r"(?<=[。；])", line) if s.strip()]
    return sentences
