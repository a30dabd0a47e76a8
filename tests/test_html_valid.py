"""Every built page is valid HTML: the pages, the 404 page, the full-text views (``R36.md.html``)
and the lab's source views, checked against the HTML standard by html-validate (pinned in
package.json, configured in ``.htmlvalidate.mjs``), in one run over the whole site.

A browser repairs invalid markup silently, so an error does not show in a preview: it shows as
a tree other than the one written (a <div> pushed out of a <p>, a <style> in the body), which
styles, scripts, screen readers and agents reading the HTML then meet. The theme's own errors,
which this project cannot fix, are listed once below by rule and message; any other message
fails. The search dialog, which only exists once JavaScript builds it, is checked as the
browser shows it in ``test_search_browser.py`` with ``validate_markup``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.validator import Problem, html_validate

#: How many unexpected messages a failure lists before it only counts the rest.
SHOWN = 20


@dataclass(frozen=True)
class KnownError:
    """An error in the theme's own markup: html-validate's rule and message, and why it stays."""

    rule: str
    message: str
    reason: str


#: The theme's own errors, each allowed wherever it occurs; nothing else is.
KNOWN_ERRORS = (
    KnownError(
        "valid-autocomplete",
        'autocomplete attribute cannot be used on <input type="checkbox">',
        "Material's base.html sets autocomplete=off on its drawer and search toggles (CSS-only "
        "checkboxes) so that browsers do not restore them open; HTML allows it on no checkbox",
    ),
)


def unexpected(problems: Iterable[Problem]) -> str:
    """Return the problems that are not the theme's known errors, one a line (``SHOWN`` at
    most, then how many more), or "" when there are none."""
    known = {(k.rule, k.message) for k in KNOWN_ERRORS}
    lines = [str(p) for p in problems if (p.rule, p.message) not in known]
    if len(lines) > SHOWN:
        lines[SHOWN:] = [f"... and {len(lines) - SHOWN} more ({len(lines)} in all)"]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def problems(site: Path) -> list[Problem]:
    """html-validate's messages on every built page."""
    return html_validate(sorted(site.rglob("*.html")), site)


def test_every_built_page_is_valid_html(problems: list[Problem]) -> None:
    found = unexpected(problems)
    if found:
        pytest.fail(f"html-validate (the theme's known errors left out):\n{found}", pytrace=False)
