"""``llms.txt`` (llmstxt.org) and ``llms-full.txt``: every page's twin, listed and in full.

Each language's build lists its own pages in its folder (``en/llms.txt``); once every
language is built, the whole site's lists them all at the root (``whole_site_llms``).
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from mkdocs.utils import get_build_date
from mkdocs.utils.meta import get_data

from coursesite.agents.archive import ARCHIVE
from coursesite.dates import revision

LLMS = "llms.txt"
LLMS_FULL = "llms-full.txt"
#: A language's listing, kept in its folder until the whole site's files are made from it,
#: when ``coursesite.site`` builds every language.
LISTING = ".llms-listing.json"
#: The key of each language's ``extra`` that ``coursesite.site`` sets to have it kept.
WHOLE_SITE = "whole_site"
#: llmstxt.org's section of what a reader with little room may skip.
OPTIONAL = "Optional"

#: A Markdown link's target, or code (where a link is not one).
LINK_TARGET = re.compile(
    r"(?P<code>```.*?```|`[^`\n]*`)|(?P<before>\]\()(?P<target>[^)\s]+)\)", re.DOTALL
)


@dataclass
class Language:
    """One built language: what its section and the summary of ``llms.txt`` say."""

    locale: str
    name: str
    site_name: str
    description: str


@dataclass
class Entry:
    """One page's twin, as ``llms.txt`` lists it and ``llms-full.txt`` holds it."""

    locale: str
    uri: str
    title: str
    note: str
    markdown: str
    #: Reference a reader may skip (front matter ``llms: optional``): llmstxt.org's Optional.
    optional: bool = False
    #: Further files of the same page: ``(uri, title, note)`` (the lab's ``.ipynb``).
    extras: tuple[tuple[str, str, str], ...] = ()


@dataclass
class Listing:
    """What ``llms.txt`` lists, gathered across the whole site's builds."""

    site_url: str | None = None
    languages: dict[str, Language] = field(default_factory=dict)
    nav_order: list[str] = field(default_factory=list)
    entries: dict[str, Entry] = field(default_factory=dict)


def absolute(uri: str, site_url: str | None) -> str:
    """Return ``uri`` (from the site root) under ``site_url``, or unchanged when there is none.

    >>> absolute("en/R36.md", "https://example.org/course")
    'https://example.org/course/en/R36.md'
    >>> absolute("en/R36.md", None)
    'en/R36.md'
    """
    return urljoin(site_url.rstrip("/") + "/", uri) if site_url else uri


def link_item(title: str, url: str, note: str) -> str:
    """Return one ``llms.txt`` list item.

    >>> link_item("attn [reference]", "en/reference.md", "The package.")
    '- [attn \\\\[reference\\\\]](en/reference.md): The package.'
    """
    text = title.replace("[", r"\[").replace("]", r"\]")
    return f"- [{text}]({url}): {note}" if note else f"- [{text}]({url})"


def llms_txt(
    heading: str, summary: str, details: str, sections: Mapping[str, Sequence[str]]
) -> str:
    """Return an ``llms.txt``: H1, one-paragraph blockquote summary, details, link sections.

    >>> print(llms_txt("Site", "About it.", "More.", {"English": ["- [Home](index.md)"]}), end="")
    # Site
    <BLANKLINE>
    > About it.
    <BLANKLINE>
    More.
    <BLANKLINE>
    ## English
    <BLANKLINE>
    - [Home](index.md)
    """
    parts = [f"# {heading}", f"> {summary}", details]
    for name, items in sections.items():
        parts += [f"## {name}", "\n".join(items)]
    return "\n\n".join(part for part in parts if part) + "\n"


def llms_full_txt(heading: str, summary: str, documents: Iterable[str]) -> str:
    """Return the site's H1 and summary, then every document (``document`` makes each).

    >>> print(llms_full_txt("Site", "About it.", ['<doc title="Home">\\n# Home\\n</doc>']), end="")
    # Site
    <BLANKLINE>
    > About it.
    <BLANKLINE>
    <doc title="Home">
    # Home
    </doc>
    """
    return "\n".join([f"# {heading}\n", f"> {summary}\n", *(f"{d.rstrip()}\n" for d in documents)])


def document(
    title: str, language: str, source: str, uri: str, text: str, url: Callable[[str], str]
) -> str:
    r"""Return one page's source as ``llms-full.txt`` holds it: inside an explicit boundary
    that names its title, language and source URL (llmstxt.org's ``<doc>``), its front matter
    cut, a code file fenced with its language, and each relative link rewritten, through
    ``url``, to the target it has on the page's own URL ``uri``.

    >>> print(document("R36", "en", "en/R36.md", "en/R36.md",
    ...     "---\nsource_sha256: 0\n---\n# R36\nSee [M22](sources.md#M22), `[not](x.md)`.\n", str))
    <doc title="R36" language="en" source="en/R36.md">
    # R36
    See [M22](en/sources.md#M22), `[not](x.md)`.
    </doc>
    >>> print(document("Lab", "zh", "lab/LAB-02.py", "lab/LAB-02.py", "# %%\nx = 1\n", str))
    <doc title="Lab" language="zh" source="lab/LAB-02.py">
    ```python
    # %%
    x = 1
    ```
    </doc>
    """
    if uri.endswith(".py"):
        fence = "```"
        while fence in text:
            fence += "`"
        body = f"{fence}python\n{text.rstrip()}\n{fence}"
    else:
        body = rewritten_links(get_data(text)[0].strip("\n"), uri, url)
    attributes = " ".join(
        f'{name}="{html.escape(value)}"'
        for name, value in (("title", title), ("language", language), ("source", source))
    )
    return f"<doc {attributes}>\n{body}\n</doc>"


def rewritten_links(markdown: str, uri: str, url: Callable[[str], str]) -> str:
    """Return ``markdown`` (the file at ``uri``) with each relative link outside code made
    relative to the site's root and passed through ``url``."""

    def rewrite(match: re.Match[str]) -> str:
        if match["code"]:
            return match[0]
        target = match["target"]
        parts = urlsplit(target)
        if parts.scheme or parts.netloc or target.startswith(("#", "/")):
            return match[0]
        path = posixpath.normpath(posixpath.join(posixpath.dirname(uri), parts.path))
        fragment = f"#{parts.fragment}" if parts.fragment else ""
        return f"{match['before']}{url(path)}{fragment})"

    return LINK_TARGET.sub(rewrite, markdown)


def summary_text(descriptions: Iterable[str], revision: str, date: str) -> str:
    """Return the one paragraph that says what the site is and which revision was built when.

    >>> summary_text(["关于。", "About."], "abc1234", "2025-01-02")
    '关于。 About. Site revision abc1234, built 2025-01-02.'
    """
    said = " ".join(d.strip() for d in descriptions if d and d.strip())
    return f"{said} Site revision {revision}, built {date}.".strip()


def ordered_entries(state: Listing, locale: str) -> list[Entry]:
    """Return a language's entries in the order of its navigation, pages outside it last."""
    order = {uri: i for i, uri in enumerate(state.nav_order)}
    entries = [e for e in state.entries.values() if e.locale == locale]
    return sorted(entries, key=lambda e: (order.get(e.uri, len(order)), e.uri))


def entry_items(entry: Entry, url: Callable[[str], str]) -> list[str]:
    """Return the ``llms.txt`` items of one page: its twin, then its further files."""
    items = [link_item(entry.title, url(entry.uri), entry.note)]
    items += [link_item(title, url(uri), note) for uri, title, note in entry.extras]
    return items


def write_llms_files(state: Listing, site_dir: Path, project: Path, kept: bool = False) -> None:
    """Write ``llms.txt`` and ``llms-full.txt`` at ``site_dir``'s root, a section for each
    language of ``state`` (then ``## Optional``); ``kept``, the listing itself too
    (``LISTING``), which the whole site's files are made from once every language is built
    (``whole_site_llms``)."""
    languages = list(state.languages.values())
    summary = summary_text(
        [lang.description for lang in languages], revision(project), get_build_date()
    )

    def url(uri: str) -> str:
        """The link to ``uri`` (from the site's root) in a file at the root."""
        return absolute(uri, state.site_url)

    heading = " / ".join(dict.fromkeys(lang.site_name for lang in languages))
    # The whole site's file speaks for both languages' folders; a language's, for its own.
    where = ", the English pages' under `en/`" if len(languages) > 1 else ""
    details = (
        "Each page's own source (UTF-8) is published beside its HTML page at `NAME/`: "
        f"`NAME.md`, or a notebook's `NAME.py` with a `.ipynb`{where}; a readable view of "
        "each is at its name plus `.html` (`NAME.md.html`). "
        f"[{LLMS_FULL}]({url(LLMS_FULL)}) holds these pages in one file; "
        f"[{ARCHIVE}]({url(ARCHIVE)}) holds every source file."
    )
    entries = {lang.name: ordered_entries(state, lang.locale) for lang in languages}
    sections = {
        name: [item for e in found if not e.optional for item in entry_items(e, url)]
        for name, found in entries.items()
    }
    optional = [
        item for found in entries.values() for e in found if e.optional
        for item in entry_items(e, url)
    ]  # fmt: skip
    if optional:
        sections[OPTIONAL] = optional
    documents = [
        document(e.title, lang.locale, url(e.uri), e.uri, e.markdown, url)
        for lang in languages
        for e in entries[lang.name]
    ]
    site_dir.mkdir(parents=True, exist_ok=True)
    (site_dir / LLMS).write_text(llms_txt(heading, summary, details, sections), encoding="utf-8")
    full = llms_full_txt(heading, summary, documents)
    (site_dir / LLMS_FULL).write_text(full, encoding="utf-8")
    if kept:
        (site_dir / LISTING).write_text(json.dumps(asdict(state), ensure_ascii=False), "utf-8")


def whole_site_llms(site: Path, folders: Sequence[str], project: Path) -> None:
    """Write the whole site's ``llms.txt`` and ``llms-full.txt`` at its root from each
    language's listing (in ``folders``, the root's first), and take the listings away."""
    whole = Listing()
    for folder in folders:
        path = site / folder / LISTING
        data = json.loads(path.read_text(encoding="utf-8"))
        path.unlink()
        whole.site_url = whole.site_url or data["site_url"]  # the root's (read first)
        whole.languages.update((k, Language(**v)) for k, v in data["languages"].items())
        whole.nav_order += [folder + uri for uri in data["nav_order"]]
        for uri, entry in data["entries"].items():
            extras = tuple((folder + u, title, note) for u, title, note in entry.pop("extras"))
            entry.update(uri=folder + entry["uri"], extras=extras)
            whole.entries[folder + uri] = Entry(**entry)
    write_llms_files(whole, site, project)
