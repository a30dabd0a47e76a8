r"""The ``attn`` reference as Markdown, generated from the package's own docstrings.

Docstring examples become ``pycon`` blocks (Sybil runs them from the docstrings themselves);
signatures become ``text`` blocks: shown, not run (a page's Python blocks are examples that run,
in ``originals.zip`` too). ``literal`` markup becomes Markdown code. Headings carry ids shared
by both languages.

>>> md = reference_markdown()
>>> "## attn.read { #attn-read }" in md
True
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator

import attn
import attn.figure
import attn.lesson
import attn.plot  # imports no matplotlib: it is imported when a figure is drawn

# reST's inline markup in attn's docstrings (no parser of reST is a dependency here).
LITERAL = re.compile(r"``([^`]+)``")
ROLE = re.compile(r":\w+:`([^`]+)`")  # :func:`read` -> `read`
#: A parameter's or the return's annotation, as the signature quotes it.
ANNOTATION = re.compile(r"(: |-> )'([^']*)'")


def reference_markdown() -> str:
    """Return the reference for every public name of ``attn``, the lesson's data, R36's figure
    data (``attn.figure``) and the lab's figures (``attn.plot``)."""
    parts = [f"*attn {attn.__version__}*"]
    for name in attn.__all__:
        if name.startswith("__"):
            continue
        obj = getattr(attn, name)
        parts.append(_entry(f"attn.{name}", obj))
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                doc = getattr(value, "__doc__", None)
                if not member.startswith("_") and doc:
                    parts.append(_entry(f"attn.{name}.{member}", value, level=3))
    parts += [_entry(module.__name__, module) for module in (attn.lesson, attn.figure, attn.plot)]
    # The lab's figures (the optional extra attn[lab]), after their module.
    parts += [_entry(f"attn.plot.{name}", getattr(attn.plot, name)) for name in attn.plot.__all__]
    return "\n\n".join(parts) + "\n"


def _entry(qualname: str, obj: object, level: int = 2) -> str:
    """Return one name's heading, signature and docstring as Markdown."""
    anchor = qualname.replace(".", "-").lower()
    lines = [f"{'#' * level} {qualname} {{ #{anchor} }}"]
    signature = _signature(qualname, obj)
    if signature:
        lines += ["", "```text", signature, "```"]
    lines += ["", *_docstring_markdown(inspect.getdoc(obj) or "")]
    return "\n".join(lines)


def _signature(qualname: str, obj: object) -> str:
    """Return ``name(params) -> type`` for a callable, or nothing for modules and data.

    >>> def f(x, *, locale="en"): ...
    >>> f.__annotations__ = {"x": "int", "locale": "str", "return": "str"}  # as attn's are
    >>> print(_signature("m.f", f))
    f(x: int, *, locale: str = 'en') -> str
    """
    if not callable(obj) or inspect.isclass(obj):
        return ""  # a module, an attribute, or a class (its objects come from read())
    # Annotations are strings (postponed evaluation): shown without their quotes, which a
    # default that is a string keeps (locale: str = 'en').
    shown = f"{qualname.rsplit('.', 1)[-1]}{inspect.signature(obj)}"
    return ANNOTATION.sub(r"\1\2", shown)


def _docstring_markdown(doc: str) -> Iterator[str]:
    """Yield Markdown lines for a docstring: prose, with each doctest in a ``pycon`` fence."""
    lines = doc.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(">>>"):
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i])
                i += 1
            yield from ["```pycon", *block, "```"]
            continue
        if line.lstrip().startswith("# ["):
            # A shape comment, not a heading.
            yield f"`{line.strip()}`"
        else:
            yield ROLE.sub(r"`\1`", LITERAL.sub(r"`\1`", line))
        i += 1
