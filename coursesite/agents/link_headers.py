r"""``Link`` headers for agents: each page's response names its raw twin and its ``llms.txt``.

Cloudflare Pages answers ``/R36.html`` with a redirect to ``/R36`` and serves the page there,
and its ``_headers`` rules match the path requested: so the rules name the pages' extension-less
URLs, one rule per folder of pages with a placeholder (``/en/:page`` gives ``</en/:page.md>``),
whatever the number of lessons (the host allows 100 rules). Rules that come later take the
header off again where a placeholder also matches a file (``/*.:ext``: any name with a dot),
the 404 page, and a language folder's own redirect (``/en`` → ``/en/``). Checked against
Cloudflare's own asset server (``wrangler pages dev``, wrangler 4.164): a rule's placeholder
matches one path segment, dots included; matching rules' headers are joined by commas, in file
order; ``! Link`` in a later rule removes an earlier rule's.

>>> print(link_rules([("", "index", ".md"), ("", "R36", ".md"), ("en/", "R36", ".md"), ("lab/", "LAB-02", ".py")], ["", "en/"]), end="")
# Each page names its raw twin and its language's llms.txt (a rule per folder, not per page).
/
  Link: </index.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"
/:page
  Link: </:page.md>; rel="alternate"; type="text/markdown", </llms.txt>; rel="describedby"
/en/:page
  Link: </en/:page.md>; rel="alternate"; type="text/markdown", </en/llms.txt>; rel="describedby"
/lab/:page
  Link: </lab/:page.py>; rel="alternate"; type="text/plain", </llms.txt>; rel="describedby"
# Not on a file with a suffix, the 404 page, or a language folder's redirect to itself.
/*.:ext
  ! Link
/404
  ! Link
/en/404
  ! Link
/en
  ! Link
/lab
  ! Link
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from coursesite.agents.llms import LLMS

#: What each kind of twin is, in the ``Link`` header.
TWIN_TYPES = {".md": "text/markdown", ".py": "text/plain"}
VIEW_SUFFIXES = (".md.html", ".py.html")
NOT_FOUND = "404.html"


def pages_with_twins(site: Path) -> list[tuple[str, str, str]]:
    """Return ``(folder, name, twin suffix)`` for each built page with a raw twin beside it
    (``("en/", "R36", ".md")``), folders from the site's root."""
    found = []
    for page in sorted(site.rglob("*.html")):
        if page.name.endswith(VIEW_SUFFIXES) or page.name == NOT_FOUND:
            continue
        for suffix in TWIN_TYPES:
            if page.with_suffix(suffix).is_file():
                folder = page.parent.relative_to(site).as_posix()
                found.append(("" if folder == "." else f"{folder}/", page.stem, suffix))
                break
    return found


def language_folders(site: Path) -> list[str]:
    """Return each folder with an ``llms.txt`` of its own (``""``, ``"en/"``)."""
    return sorted(
        "" if p.parent == site else f"{p.parent.relative_to(site).as_posix()}/"
        for p in site.rglob(LLMS)
    )


def link_rules(
    pages: Iterable[tuple[str, str, str]], languages: Sequence[str], root: str = "/"
) -> str:
    """Return the ``_headers`` rules that give each page of ``pages`` its ``Link`` header, for
    a site served at ``root`` (``/course/`` under a sub-path)."""

    def llms_of(folder: str) -> str:
        return max((lang for lang in languages if folder.startswith(lang)), key=len) + LLMS

    def link(twin: str, suffix: str, folder: str) -> str:
        return (
            f'<{root}{twin}>; rel="alternate"; type="{TWIN_TYPES[suffix]}", '
            f'<{root}{llms_of(folder)}>; rel="describedby"'
        )

    folders: dict[str, str] = {}
    indexes: set[str] = set()
    for folder, name, suffix in pages:
        if folders.setdefault(folder, suffix) != suffix:
            raise ValueError(f"{folder or '/'} holds pages with .md and with .py twins")
        if name == "index":
            indexes.add(folder)
    lines = [
        "# Each page names its raw twin and its language's llms.txt (a rule per folder, not per page)."
    ]
    for folder, suffix in folders.items():
        if folder in indexes:
            lines += [
                f"{root}{folder}",
                f"  Link: {link(f'{folder}index{suffix}', suffix, folder)}",
            ]
        lines += [
            f"{root}{folder}:page",
            f"  Link: {link(f'{folder}:page{suffix}', suffix, folder)}",
        ]
    lines.append(
        "# Not on a file with a suffix, the 404 page, or a language folder's redirect to itself."
    )
    # A folder's own name (``/en``, ``/lab``) matches its parent's placeholder: a redirect.
    bare = sorted({f.rstrip("/") for f in [*folders, *languages] if f})
    # Each language has its 404 page (en/404.html), which /en/:page would match.
    not_found = [f"{root}{language}404" for language in sorted(set(languages))]
    detached = [f"{root}*.:ext", *not_found, *(f"{root}{folder}" for folder in bare)]
    for path in detached:
        lines += [path, "  ! Link"]
    return "\n".join(lines) + "\n"
