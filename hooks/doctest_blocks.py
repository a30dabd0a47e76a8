r"""MkDocs hook: the pages' Python blocks are highlighted by one lexer and one formatter per build.

Every ``python`` block on the pages is a doctest (Sybil runs it). pymdownx.highlight makes, for
each code block, a new Pygments lexer (looked up by name among all of Pygments' lexers) and a
new HTML formatter (which first builds a style sheet that no page uses): a third of the time a
lesson's doctests take to highlight, and the Markdown of a lesson is its largest build cost
(``benchmarks/course_scale.py``). Here plain ``python`` blocks go through a superfences custom
fence that highlights them with the lexer and the formatter options pymdownx.highlight would
use (read from ``mkdocs.yml``), made once: the HTML is the same, byte for byte
(``tests/test_doctest_blocks.py``). A block with options (``hl_lines``, ``title``, …) is
left to pymdownx, as before.

>>> html = doctest_html(">>> 1 + 1\n2", "python", "highlight", {}, None)
>>> html.startswith('<div class="highlight"><pre><span></span><code><span class="gp">')
True
>>> '<span class="go">2</span>' in html
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pygments import highlight
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pymdownx.highlight import BlockHtmlFormatter

LANGUAGE = "python"
HIGHLIGHT = "pymdownx.highlight"
FENCES = "pymdownx.superfences"


@cache
def lexer_and_formatter(
    lexer_name: str, lexer_options: tuple[tuple[str, Any], ...], style: str, css_class: str
) -> tuple[Lexer, BlockHtmlFormatter]:
    """Return the lexer and formatter pymdownx.highlight makes for a plain block (made once)."""
    lexer = get_lexer_by_name(lexer_name, **dict(lexer_options))
    formatter = BlockHtmlFormatter(
        cssclass=css_class,
        linenos=False,
        linenostart=1,
        linenostep=1,
        linenospecial=0,
        style=style,
        noclasses=False,
        hl_lines=[],
        wrapcode=True,
        filename="",
        linespans="",
        lineanchors="",
        anchorlinenos=False,
    )
    return lexer, formatter


#: What pymdownx.highlight is told in mkdocs.yml: the lexer ``python`` blocks get, and the
#: style; set by ``on_config``.
_settings: dict[str, Any] = {"lexer": "pycon", "options": (("stripnl", True),), "style": "default"}


def doctest_html(
    source: str, language: str, class_name: str, options: dict[str, Any], md: Any, **kwargs: Any
) -> str:
    """Return a plain ``python`` block highlighted as pymdownx.highlight would (a custom fence's
    formatter)."""
    lexer, formatter = lexer_and_formatter(
        _settings["lexer"], _settings["options"], _settings["style"], class_name
    )
    return str(highlight(source, lexer, formatter)).strip()


def plain_block(
    language: str, inputs: dict[str, str], options: dict[str, Any], attrs: dict[str, Any], md: Any
) -> bool:
    """Take a block only without options: one with any is pymdownx.highlight's, as before."""
    return not inputs


def on_config(config: Any) -> Any:
    """Route the plain ``python`` blocks through the custom fence (once: i18n's English build
    runs ``on_config`` again on the same config)."""
    highlight_config = config.mdx_configs.get(HIGHLIGHT, {})
    lexer, options = LANGUAGE, {"stripnl": highlight_config.get("stripnl", True)}
    for extended in highlight_config.get("extend_pygments_lang", []):
        if extended["name"] == LANGUAGE:
            lexer = extended["lang"]
            options.update(extended.get("options", {}))
    _settings["lexer"], _settings["options"] = lexer, tuple(sorted(options.items()))
    _settings["style"] = highlight_config.get("pygments_style", "default")
    fences = config.mdx_configs.setdefault(FENCES, {}).setdefault("custom_fences", [])
    if not any(fence.get("format") is doctest_html for fence in fences):
        fences.append(
            {
                "name": LANGUAGE,
                "class": highlight_config.get("css_class", "highlight"),
                "format": doctest_html,
                "validator": plain_block,
            }
        )
    return config
