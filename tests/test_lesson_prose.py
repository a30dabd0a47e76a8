"""R36 reads as a lesson, not a report: the site's own prose around the seed's sentences is short,
paragraph by paragraph and in all, with no parentheses inside parentheses; and its exercises ask
before they answer, each answer closed until the reader opens it, and run by Sybil."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.docs_pages import twin
from tests.markdown_parts import FENCE, body
from tests.prose_lines import blanked
from tests.seed_text import seed_sentences

#: The budgets of issue 43, for the site's own prose (the seed's sentences not counted in
#: Chinese; in English every sentence counts, the seed's translated ones too).
TOTAL = {"zh": 3800, "en": 2100}
PARAGRAPH = {"zh": 160, "en": 100}
#: A lesson's exercises, at least: each a question, then its answer closed.
EXERCISES = 4
#: Lines that are markup, not prose: headings, attribute lists, anchors, a details' tags.
MARKUP = re.compile(r"^(#|\{ |<span |</?details|<summary)")


def paragraphs(text: str) -> Iterator[str]:
    """Yield each prose paragraph of a page, its code, formulas, links' targets and tags blanked.

    >>> list(paragraphs("# T { #t }\\n\\nSee [it](a.md) $x$.\\nMore.\\n\\n```python\\n>>> 1\\n```\\n"))
    ['See [it]        .\\nMore.']
    """
    for block in re.split(r"\n\s*\n", FENCE.sub("", body(text))):
        lines = [line for line in block.strip().splitlines() if not MARKUP.match(line)]
        if lines:
            yield blanked("\n".join(lines)).strip()


def size(paragraph: str, locale: str) -> int:
    """Return a paragraph's length as the budget counts it: characters in Chinese (not spaces
    nor Markdown's ``*[]``), words in English.

    >>> size("**练习 1.** 读 [它]  。", "zh"), size("**Exercise 1.** Read [it] .", "en")
    (7, 4)
    """
    if locale == "en":
        return len(re.findall(r"[\w'’.-]*\w", paragraph))
    return len(re.sub(r"[\s*\[\]]", "", paragraph))


def own_prose(locale: str) -> list[str]:
    """Return R36's prose paragraphs in ``locale``; in Chinese, without the seed's sentences."""
    text = twin("R36", locale).read_text(encoding="utf-8")
    if locale == "zh":
        for sentence in seed_sentences():
            text = text.replace(sentence, "")
    return [p for p in paragraphs(text) if size(p, locale)]


def nesting(paragraph: str) -> int:
    """Return how deep parentheses go in ``paragraph``, ASCII and full-width alike.

    >>> nesting("a (b) c（d）"), nesting("a (b (c)) d")
    (1, 2)
    """
    depth = deepest = 0
    for char in paragraph:
        depth += char in "(（"
        depth -= char in ")）"
        deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize("locale", ["zh", "en"])
def test_the_sites_own_prose_on_r36_is_within_its_budget(locale: str) -> None:
    prose = own_prose(locale)
    total = sum(size(p, locale) for p in prose)
    unit = "characters" if locale == "zh" else "words"
    assert total <= TOTAL[locale], f"R36.{locale}: {total} {unit} of prose > {TOTAL[locale]}"
    long = [p[:40] for p in prose if size(p, locale) > PARAGRAPH[locale]]
    assert not long, f"R36.{locale}: paragraphs over {PARAGRAPH[locale]} {unit}: {long}"
    nested = [p[:40] for p in prose if nesting(p) > 1]
    assert not nested, f"R36.{locale}: parentheses inside parentheses: {nested}"


@pytest.mark.parametrize("locale", ["zh", "en"])
def test_each_exercise_asks_before_its_closed_answer(locale: str) -> None:
    # As written, for agents and readers of the raw page: the question is a paragraph of its
    # own right above a <details> that is not open, and the answer holds a doctest.
    text = body(twin("R36", locale).read_text(encoding="utf-8"))
    answers = re.findall(r"\n\n([^\n]+)\n\n<details([^>]*)>\n(.*?)\n</details>", text, re.S)
    assert len(answers) >= EXERCISES, f"R36.{locale} has {len(answers)} exercises"
    for question, attributes, answer in answers:
        assert question.rstrip().endswith(("？", "?")), f"not a question: {question!r}"
        assert "open" not in attributes, question
        assert "```python\n>>> " in answer, f"the answer to {question!r} runs no doctest"
