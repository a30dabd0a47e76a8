"""A new lesson in one command: ``make new PAGE=R37 TITLE_ZH='缩放与遮罩' TITLE_EN='Scale and mask'``
(``python -m authoring.new R37 缩放与遮罩 'Scale and mask'``).

It writes ``docs/zh/R37.md`` and ``docs/en/R37.md`` from the short templates below (front matter
with a description, the title with the page's id, one line of prose, one example that runs; the
English page stamped against the Chinese one) and lists the lesson in ``mkdocs.yml``'s nav
among the other lessons, in number order. The site builds and every test passes right after;
the author then writes the prose and the examples. ``mkdocs.yml`` goes through ruamel.yaml's
round trip, which keeps its comments and layout as they are.

A lesson is listed by its page alone (``- R37.md``): its title, in the nav, the page's
``<title>`` and the home page's list, is the page's own ``#`` heading in each language, so the
one nav serves both languages (``mkdocs.en.yml`` inherits it).

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> (root / "docs" / "zh").mkdir(parents=True)
>>> (root / "docs" / "en").mkdir()
>>> _ = (root / "mkdocs.yml").write_text(NAV_EXAMPLE, encoding="utf-8")
>>> for line in new_lesson(root, "R37", "缩放与遮罩", "Scale and mask"):
...     print(line)
docs/zh/R37.md written
docs/en/R37.md written, stamped against docs/zh/R37.md
mkdocs.yml: R37 listed in the nav after R36
>>> print(*(root / "docs" / "en" / "R37.md").read_text(encoding="utf-8").splitlines()[:7], sep="\\n")
---
translated_from: ../zh/R37.md
source_sha256: ...
description: "Attention course, lesson R37: Scale and mask. Every example on the page runs."
---
<BLANKLINE>
# R37 · Scale and mask { #r37 }
>>> new_lesson(root, "R37", "缩放与遮罩", "Scale and mask")
Traceback (most recent call last):
...
authoring.new.LessonError: mkdocs.yml's nav lists R37 already (line 6): choose another number (make new PAGE=R38 TITLE_ZH=… TITLE_EN=…)
>>> new_lesson(root, "r38", "缩放与遮罩", "Scale and mask")
Traceback (most recent call last):
...
authoring.new.LessonError: PAGE=r38 is not a lesson's name: R and its number, as in make new PAGE=R37 TITLE_ZH='缩放与遮罩' TITLE_EN='Scale and mask'
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

from authoring.stamp import round_trip, stamp

#: A lesson's name: R and its number (no leading zero, so that R37 has one spelling).
LESSON = re.compile(r"R(?P<number>[1-9][0-9]*)")
#: The command, as the README gives it; every refusal ends with it.
USAGE = "make new PAGE=R37 TITLE_ZH='缩放与遮罩' TITLE_EN='Scale and mask'"

#: A nav as mkdocs.yml has it (the examples' input).
NAV_EXAMPLE = """\
site_name: Course
nav:
  - 首页: index.md
  - R36.md
  # The lecture gathers every lesson's shape table.
  - 讲义: lecture.md
hooks:
  - hooks/events.py
"""

# One line of prose and one example, the same code in both languages as parity wants: the page
# builds, its example runs, and its parity holds, so that `make test` passes before a word of
# the lesson is written. The description is a true sentence from the title (llms.txt and the
# page's head show it) until the author writes one.
TEMPLATE = """\
---
description: {description}
---

# {page} · {title} {{ #{id} }}

{prose}

```python
>>> import attn
>>> from attn.lesson import Q, K, V
>>> attn.read(Q, K, V).output.shape
(2, 2)
```
"""
DESCRIPTION = {
    "zh": "注意力课程 {page}：{title}。页面上的每个例子都能运行。",
    "en": "Attention course, lesson {page}: {title}. Every example on the page runs.",
}
PROSE = {
    "zh": "本讲的正文写在这里；每个例子都写成下面这样的代码块，CI 会用 `attn` 运行它。",
    "en": "The lesson's text goes here; write each example as a code block like the one below, "
    "which CI runs with `attn`.",
}


class LessonError(Exception):
    """A lesson that cannot be added as asked, with what to do instead."""


def with_nav_entry(config: str, number: int) -> tuple[str, str]:
    """Return mkdocs.yml's text with lesson ``number`` (``- R35.md``) in its nav, and where it
    went: after the last lesson with a smaller number, or else before the first with a larger
    one. A lesson the nav lists already is refused.

    >>> text, where = with_nav_entry(NAV_EXAMPLE, 35)
    >>> where
    'before R36'
    >>> print(text[text.index("nav:") : text.index("hooks:")], end="")
    nav:
      - 首页: index.md
      - R35.md
      - R36.md
      # The lecture gathers every lesson's shape table.
      - 讲义: lecture.md
    """
    yaml = round_trip()
    loaded = yaml.load(config)
    nav = loaded.get("nav") if isinstance(loaded, dict) else None
    if not nav:
        raise LessonError("mkdocs.yml has no nav to list the lesson in: add `nav:` with its pages")
    lessons = [
        (n, int(match.group("number")))
        for n, entry in enumerate(nav)
        if isinstance(entry, str) and (match := LESSON.fullmatch(entry.removesuffix(".md")))
    ]
    for n, other in lessons:
        if other == number:
            raise LessonError(
                f"mkdocs.yml's nav lists R{number} already (line {nav.lc.item(n)[0] + 1}): choose "
                f"another number (make new PAGE=R{max(o for _, o in lessons) + 1} TITLE_ZH=… TITLE_EN=…)"
            )
    before = [(n, other) for n, other in lessons if other < number]
    after = [(n, other) for n, other in lessons if other > number]
    if before:
        at, where = before[-1][0] + 1, f"after R{before[-1][1]}"
    elif after:
        at, where = after[0][0], f"before R{after[0][1]}"
    else:  # the course's first lesson: last in the nav, after the pages it has
        at, where = len(nav), "at the end of the nav"
    nav.insert(at, f"R{number}.md")
    text = io.StringIO()
    yaml.dump(loaded, text)
    return text.getvalue(), where


def new_lesson(root: Path, page: str, title_zh: str, title_en: str) -> list[str]:
    """Write lesson ``page``'s two pages under ``root/docs`` and list it in ``root/mkdocs.yml``;
    return what was done, a line a step. Nothing is written unless every step can be done."""
    name = LESSON.fullmatch(page)
    if not name:
        raise LessonError(f"PAGE={page} is not a lesson's name: R and its number, as in {USAGE}")
    titles = {"zh": title_zh.strip(), "en": title_en.strip()}
    if not all(titles.values()):
        raise LessonError(f"make new needs both titles, TITLE_ZH and TITLE_EN: {USAGE}")
    config = root / "mkdocs.yml"
    listed, where = with_nav_entry(config.read_text(encoding="utf-8"), int(name["number"]))
    paths = {locale: root / "docs" / locale / f"{page}.md" for locale in titles}
    for path in paths.values():
        if path.exists():  # a page the nav does not list: the author's, kept
            raise LessonError(f"{path.relative_to(root)} exists already: choose another number")
    for locale, path in paths.items():
        # JSON's strings are YAML's: the description stays one scalar whatever the title holds.
        description = DESCRIPTION[locale].format(page=page, title=titles[locale])
        text = TEMPLATE.format(
            description=json.dumps(description, ensure_ascii=False),
            page=page,
            title=titles[locale],
            id=page.lower(),
            prose=PROSE[locale],
        )
        path.write_text(text, encoding="utf-8")
    stamp(paths["en"])
    config.write_text(listed, encoding="utf-8")
    zh, en = (path.relative_to(root) for path in paths.values())
    return [
        f"{zh} written",
        f"{en} written, stamped against {zh}",
        f"mkdocs.yml: {page} listed in the nav {where}",
    ]


def main(arguments: list[str]) -> None:
    """Add the lesson named on the command line: ``PAGE TITLE_ZH TITLE_EN``."""
    page, title_zh, title_en = [*arguments, "", "", ""][:3]
    try:
        done = new_lesson(Path.cwd(), page, title_zh, title_en)
    except LessonError as error:
        sys.exit(str(error))
    print("\n".join(done))
    print(f"Write the lesson in both pages, then: make check PAGE={page}")


if __name__ == "__main__":
    main(sys.argv[1:])
