r"""The course's lessons, as the home page lists them (``<!-- generated: lessons -->``).

A lesson is a page named ``R<number>`` (``R36.md``). The list follows the ``nav`` of the
configuration being built (``mkdocs.yml``'s, which ``mkdocs.en.yml`` inherits), so a lesson
added there is listed without touching the home page; each item is the lesson's own title (its
``# ...`` heading, without its ``{ #id }``) in the language asked for, linked to the page. Links
are written from the docs folder's root, where the home page is: the marker belongs on a page
there. Each item is then the lesson's front-matter ``description``, as the home page's own items
have theirs, in the language's form (``item`` in ``docs/words/``).

>>> import tempfile
>>> docs = Path(tempfile.mkdtemp())
>>> (docs / "en").mkdir()
>>> _ = (docs / "en" / "R36.md").write_text(
...     "---\ndescription: x\n---\n\n# R36 · Many reads { #r36 }\n", encoding="utf-8")
>>> _ = (docs / "en" / "R37.md").write_text(
...     "---\ndescription: y\n---\n# R37 · [Masks]\n", encoding="utf-8")
>>> nav = [{"Home": "index.md"}, {"R37": "R37.md"}, {"More": ["notes.md", {"R36": "R36.md"}]}]
>>> en, zh = (Words(Path("docs/words"), locale, "lessons") for locale in ("en", "zh"))
>>> print(lessons_markdown(en, nav, docs, "mkdocs.yml"))
- [R37 · \[Masks\]](R37.md): y
- [R36 · Many reads](R36.md): x
>>> lessons_markdown(zh, nav, docs, "mkdocs.yml")
Traceback (most recent call last):
...
mkdocs.exceptions.PluginError: lesson R37.md (in the nav of mkdocs.yml) has no page ...zh/R37.md with a # title and a description
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.utils.meta import get_data

from coursesite.words import Words

#: A lesson's page name: ``R`` and its number.
LESSON = re.compile(r"R\d+")
#: An ATX level-1 heading; its trailing attribute list (``{ #r36 }``) is not part of the title.
#: Over Markdown lines, as ``full_text.HEADING_ID``: CommonMark's parser reads no attribute list.
TITLE = re.compile(r"^# +(?P<title>.+?)(?:\s*\{[^{}]*\})?\s*$", re.M)


def nav_paths(nav: list[Any]) -> Iterator[str]:
    """Yield every page path of a ``nav`` setting in its order, sections walked through.

    >>> list(nav_paths(["index.md", {"R36": "R36.md"}, {"Lab": [{"L": "lab/L.py"}]}]))
    ['index.md', 'R36.md', 'lab/L.py']
    """
    for item in nav:
        values = item.values() if isinstance(item, dict) else [item]
        for value in values:
            if isinstance(value, str):
                yield value
            elif isinstance(value, list):
                yield from nav_paths(value)


def lesson_paths(nav: list[Any]) -> list[str]:
    """Return the nav's lessons, in its order: the Markdown pages named ``R<number>``.

    >>> lesson_paths(["index.md", {"R36": "R36.md"}, "R36-notes.md", "lab/R2.py"])
    ['R36.md']
    """
    return [
        path
        for path in nav_paths(nav)
        if PurePosixPath(path).suffix == ".md" and LESSON.fullmatch(PurePosixPath(path).stem)
    ]


def lessons_markdown(words: Words, nav: list[Any], docs: Path, config_name: str) -> str:
    """Return the lessons of ``nav`` (a configuration's, the pages of each language in a folder
    of ``docs``) as Markdown list items in the language of ``words`` (its part ``lessons``),
    each its title linked, then its description, from its page in that language
    (``docs/en/R36.md``); one a line (the last without a line end: the marker's line ends the
    list's last item)."""
    locale, items = words.locale, []
    for path in lesson_paths(nav):
        source = docs / locale / path
        body, meta = (
            get_data(source.read_text(encoding="utf-8-sig")) if source.is_file() else ("", {})
        )
        title, description = TITLE.search(body), meta.get("description")
        if not (title and description):
            raise PluginError(
                f"lesson {path} (in the nav of {config_name}) has no page "
                f"{PurePosixPath(docs.name, locale, path)} with a # title and a description"
            )
        text = title["title"].replace("[", r"\[").replace("]", r"\]")
        items.append("- " + words["item"].format(link=f"[{text}]({path})", description=description))
    return "\n".join(items)
