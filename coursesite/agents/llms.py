"""``llms.txt`` (llmstxt.org) and ``llms-full.txt``: every page's twin, listed and in full.

Each language's build lists its own pages in its folder (``en/llms.txt``); once every
language is built, the whole site's lists them all at the root (``whole_site_llms``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from html import escape
from pathlib import Path
from urllib.parse import urljoin

from mkdocs.utils import get_build_date
from mkdocs.utils.meta import get_data

from coursesite.agents.archive import ARCHIVE
from coursesite.agents.full_text import code_lines
from coursesite.dates import revision
from coursesite.notebooks import ipynb_uri

LLMS = "llms.txt"
LLMS_FULL = "llms-full.txt"
#: A language's listing, kept in its folder until the whole site's files are made from it,
#: when ``coursesite.site`` builds every language.
LISTING = ".llms-listing.json"
#: The key of each language's ``extra`` that ``coursesite.site`` sets to have it kept.
WHOLE_SITE = "whole_site"

#: In a line of prose (``code_lines`` finds code blocks), a Markdown link's target, or code
#: (where a link is not one). A regular expression over Markdown, not HTML: CommonMark's
#: parser gives a link's target, not where it is written.
LINK_TARGET = re.compile(r"(?P<code>`[^`]*`)|\]\((?P<target>[^)\s]+)(?=[\s)])")


@dataclass
class Language:
    """One built language: what its section and the summary of ``llms.txt`` say."""

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
    #: A notebook's: what its ``.ipynb``, listed after it, is.
    ipynb_note: str | None = None


@dataclass
class Listing:
    """What ``llms.txt`` lists: each language (by locale), then its pages in its nav's order."""

    site_url: str | None = None
    languages: dict[str, Language] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)


def link_item(title: str, url: str, note: str) -> str:
    """Return one ``llms.txt`` list item.

    >>> link_item("attn [reference]", "en/reference.md", "The package.")
    '- [attn \\\\[reference\\\\]](en/reference.md): The package.'
    """
    text = title.replace("[", r"\[").replace("]", r"\]")
    return f"- [{text}]({url}): {note}"


def llms_txt(
    heading: str, summary: str, details: str, sections: Mapping[str, Sequence[str]]
) -> str:
    """Return an ``llms.txt``: H1, one-paragraph blockquote summary, details, link sections
    (``llms-full.txt``: its documents for details, no sections).

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


def document(entry: Entry, url: Callable[[str], str]) -> str:
    r"""Return one page's source as ``llms-full.txt`` holds it: inside an explicit boundary
    that names its title, language and source URL (llmstxt.org's ``<doc>``), its front matter
    cut, a code file fenced with its language, and each relative link outside code made
    relative to the site's root and passed through ``url``.

    >>> print(document(Entry("en", "en/R36.md", "R36", "", "---\nsource_sha256: 0\n---\n# R36\n"
    ...     'See [M22](sources.md#M22 "M22"), `[not](x.md)`.\n~~~\n[Nor](y.md)\n~~~\n'), str))
    <doc title="R36" language="en" source="en/R36.md">
    # R36
    See [M22](en/sources.md#M22 "M22"), `[not](x.md)`.
    ~~~
    [Nor](y.md)
    ~~~
    </doc>
    >>> print(document(Entry("zh", "lab/LAB-02.py", "Lab", "", "# %%\nx = 1\n"), str))
    <doc title="Lab" language="zh" source="lab/LAB-02.py">
    ```python
    # %%
    x = 1
    ```
    </doc>
    """

    def rewrite(match: re.Match[str]) -> str:
        # Code is not a link; a link to an anchor of the page itself stays as written.
        if match["code"] or match["target"].startswith("#"):
            return match[0]
        return f"]({url(urljoin(entry.uri, match['target']))}"

    if entry.uri.endswith(".py"):
        fence = "```"
        while fence in entry.markdown:
            fence += "`"
        body = f"{fence}python\n{entry.markdown.rstrip()}\n{fence}"
    else:
        body = get_data(entry.markdown)[0].strip("\n")
        code = code_lines(body)
        lines = body.split("\n")
        body = "\n".join(
            line if n in code else LINK_TARGET.sub(rewrite, line) for n, line in enumerate(lines)
        )
    named = f'title="{escape(entry.title)}" language="{escape(entry.locale)}"'
    return f'<doc {named} source="{escape(url(entry.uri))}">\n{body}\n</doc>'


def write_llms_files(state: Listing, site_dir: Path, project: Path, kept: bool = False) -> None:
    """Write ``llms.txt`` and ``llms-full.txt`` at ``site_dir``'s root, a section for each
    language of ``state`` (then ``## Optional``); ``kept``, the listing itself too
    (``LISTING``), which the whole site's files are made from once every language is built
    (``whole_site_llms``)."""

    def url(uri: str) -> str:
        """The link to ``uri`` (from the site's root) in a file at the root."""
        return urljoin(state.site_url, uri) if state.site_url else uri

    languages = state.languages.values()
    heading = " / ".join(dict.fromkeys(lang.site_name for lang in languages))
    said = [lang.description.strip() for lang in languages]
    built = f"Site revision {revision(project)}, built {get_build_date()}."
    summary = " ".join([*filter(None, said), built])
    # The whole site's file speaks for both languages' folders; a language's, for its own.
    where = ", the English pages' under `en/`" if len(languages) > 1 else ""
    details = (
        "Each page's own source (UTF-8) is published beside its HTML page at `NAME/`: "
        f"`NAME.md`, or a notebook's `NAME.py` with a `.ipynb`{where}; a readable view of "
        "each is at its name plus `.html` (`NAME.md.html`). "
        f"[{LLMS_FULL}]({url(LLMS_FULL)}) holds these pages in one file; "
        f"[{ARCHIVE}]({url(ARCHIVE)}) holds every source file."
    )
    sections: dict[str, list[str]] = {lang.name: [] for lang in languages}
    for entry in state.entries:
        # llmstxt.org's section of what a reader with little room may skip.
        name = "Optional" if entry.optional else state.languages[entry.locale].name
        items = sections.setdefault(name, [])
        items.append(link_item(entry.title, url(entry.uri), entry.note))
        if entry.ipynb_note:  # a notebook: its .ipynb beside it (coursesite.notebooks)
            ipynb = url(ipynb_uri(entry.uri))
            items.append(link_item(f"{entry.title} (.ipynb)", ipynb, entry.ipynb_note))
    documents = "\n\n".join(document(entry, url) for entry in state.entries)
    (site_dir / LLMS).write_text(llms_txt(heading, summary, details, sections), encoding="utf-8")
    (site_dir / LLMS_FULL).write_text(llms_txt(heading, summary, documents, {}), "utf-8")
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
        for entry in data["entries"]:
            whole.entries.append(Entry(**{**entry, "uri": folder + entry["uri"]}))
    write_llms_files(whole, site, project)
