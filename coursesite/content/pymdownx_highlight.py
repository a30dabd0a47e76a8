r"""The pages' Python blocks are highlighted by one lexer and one formatter per build.

Every ``python`` block on the pages is a doctest (Sybil runs it). pymdownx.highlight makes, for
each code block, a new Pygments lexer (looked up by name among all of Pygments' lexers) and a
new HTML formatter (which first builds a style sheet that no page uses): a third of the time a
lesson's doctests take to highlight, and the Markdown of a lesson is its largest build cost
(``benchmarks/NOTES.md``). Here plain ``python`` blocks go through a superfences custom
fence that highlights them with the lexer and the formatter options pymdownx.highlight would
use (read from ``mkdocs.yml``), made once: the HTML is the same, byte for byte
(``tests/test_doctest_blocks.py``). A block with options (``hl_lines``, ``title``, …) is
left to pymdownx, as before.

>>> html = DoctestFence()(">>> 1 + 1\n2", "python", "highlight", {}, None)
>>> html.startswith('<div class="highlight"><pre><span></span><code><span class="gp">')
True
>>> '<span class="go">2</span>' in html
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from markdown import Markdown
from mkdocs.config.defaults import MkDocsConfig
from pygments import highlight
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pymdownx.highlight import BlockHtmlFormatter

from coursesite.releases import require

DISTRIBUTION = "pymdown-extensions"
#: The release whose formatter options this module copies (its private way of building them).
VERIFIED = "13.1.2"
LANGUAGE = "python"
HIGHLIGHT = "pymdownx.highlight"
FENCES = "pymdownx.superfences"


@cache
def lexer_and_formatter(
    lexer_name: str, lexer_options: tuple[tuple[str, object], ...], style: str, css_class: str
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


@dataclass(frozen=True)
class DoctestFence:
    """The custom fence's formatter for plain ``python`` blocks, with what pymdownx.highlight is
    told in ``mkdocs.yml``: the lexer ``python`` blocks get, its options, and the style."""

    lexer: str = "pycon"
    options: tuple[tuple[str, object], ...] = (("stripnl", True),)
    style: str = "default"

    def __call__(
        self,
        source: str,
        language: str,
        class_name: str,
        options: dict[str, object],
        md: Markdown,
        **kwargs: object,
    ) -> str:
        """Return a plain ``python`` block highlighted as pymdownx.highlight would."""
        lexer, formatter = lexer_and_formatter(self.lexer, self.options, self.style, class_name)
        return str(highlight(source, lexer, formatter)).strip()

    @classmethod
    def configured(cls, highlight_config: Mapping[str, object]) -> DoctestFence:
        """Return the fence for pymdownx.highlight's configuration in ``mkdocs.yml``."""
        lexer, options = LANGUAGE, {"stripnl": highlight_config.get("stripnl", True)}
        extensions = highlight_config.get("extend_pygments_lang", [])
        for extended in extensions if isinstance(extensions, list) else []:
            if extended["name"] == LANGUAGE:
                lexer = str(extended["lang"])
                options.update(extended.get("options", {}))
        style = str(highlight_config.get("pygments_style", "default"))
        return cls(lexer, tuple(sorted(options.items())), style)


def plain_block(
    language: str,
    inputs: dict[str, str],
    options: dict[str, object],
    attrs: dict[str, object],
    md: Markdown,
) -> bool:
    """Take a block only without options: one with any is pymdownx.highlight's, as before."""
    return not inputs


def check_version(installed: str | None = None) -> None:
    """Stop the build unless the installed pymdown-extensions is the release checked.

    >>> check_version(VERIFIED)
    >>> check_version("99.0")
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: coursesite.content.pymdownx_highlight copies the code block formatter of pymdown-extensions 13.1.2, but 99.0 is installed: run tests/test_doctest_blocks.py against the new release, then change VERIFIED there and the pin in pyproject.toml
    """
    copies = "copies the code block formatter"
    require(DISTRIBUTION, VERIFIED, __name__, copies, "run tests/test_doctest_blocks.py", installed)


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Route the plain ``python`` blocks through the custom fence (once: i18n's English build
    runs ``on_config`` again on the same config)."""
    check_version()
    highlight_config = config.mdx_configs.get(HIGHLIGHT, {})
    fences = config.mdx_configs.setdefault(FENCES, {}).setdefault("custom_fences", [])
    fences[:] = [fence for fence in fences if not isinstance(fence.get("format"), DoctestFence)]
    fences.append(
        {
            "name": LANGUAGE,
            "class": highlight_config.get("css_class", "highlight"),
            "format": DoctestFence.configured(highlight_config),
            "validator": plain_block,
        }
    )
    return config
