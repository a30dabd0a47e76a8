"""MkDocs hook: raw Markdown is a product. Each page's own source is published for agents.

- ``NAME.md`` beside ``NAME.html`` (``en/NAME.md`` beside ``en/NAME.html``) is the page's source,
  byte for byte; a page with generated parts gets them filled in, so it holds the reference itself.
- Every page links its twin in the head (``rel="alternate" type="text/markdown"``) and shows
  readers a "view Markdown" link under its title, to the readable full-text view
  ``NAME.md.html`` (see ``full_text.py``).
- ``llms.txt`` (llmstxt.org) lists every page's twin in both languages; ``llms-full.txt`` holds
  them all. mkdocs-static-i18n runs the English build *inside* the Chinese build's
  ``on_post_build``, so entries are collected across both and written when the outer build ends.
- Material fetches ``sitemap.xml`` beside the target of every ``rel="alternate"`` link; a copy of
  the site's sitemap answers at each such place.
- ``originals.zip``: every UTF-8 source under ``docs/``, a generated file so pages may link to it.
"""

from __future__ import annotations

import html
import io
import posixpath
import re
import shutil
import subprocess
import zipfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urljoin, urlsplit

# Loaded while MkDocs has this folder on sys.path (as it loads every hook): the twin of a page
# with generated parts is filled by the very function that fills the page.
from full_text import full_text_html, view_uri
from generated_pages import on_page_markdown as fill_generated_parts
from languages import build_locale, page_locale
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_build_date, get_build_datetime, get_relative_url

ARCHIVE = "originals.zip"
ARCHIVE_FOLDER = "docs"
ORIGINAL_SUFFIXES = (".md", ".py")
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
LLMS = "llms.txt"
LLMS_FULL = "llms-full.txt"
SITEMAP = "sitemap.xml"
VIEW_LABELS = {"zh": "查看 Markdown", "en": "View Markdown"}
NOTEBOOK_VIEW_LABELS = {"zh": "查看全文（.py）", "en": "View the full text (.py)"}
NOTEBOOK_NOTES = {
    "zh": "实验的 Jupytext 笔记本源文件（percent 格式），构建时执行。",
    "en": "The lab's Jupytext notebook source (percent format), executed at build time.",
}
MARKDOWN_ICON = ".icons/material/language-markdown-outline.svg"
NOTE_LENGTH = 140

FRONT_MATTER = re.compile(r"\A---\r?\n.*?^---[ \t]*(\r?\n|\Z)", re.DOTALL | re.MULTILINE)
LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
ATTR_LIST = re.compile(r"\s*\{[^{}]*\}\s*$")
SENTENCE_END = re.compile(r"[。！？]|[.!?](?=\s|$)")
ORDERED_ITEM = re.compile(r"\d+[.)]\s")
NOT_PROSE = ("#", "<", "```", "~~~", "|", "- ", "* ", "+ ", ">", "!!!", "???", "$$", "{", ":")
ARTICLE = '<article class="md-content__inner md-typeset">'


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


@dataclass
class SiteState:
    """What one whole-site build (the outer build and the builds nested in it) gathers."""

    depth: int = 0
    site_url: str | None = None
    languages: dict[str, Language] = field(default_factory=dict)
    nav_order: list[str] = field(default_factory=list)
    twins: dict[str, bytes] = field(default_factory=dict)
    entries: dict[str, Entry] = field(default_factory=dict)


# MkDocs loads a hook once per process: `mkdocs serve` rebuilds reuse this module, so the state is
# replaced at the start of every outer build rather than kept from the last one.
_site = SiteState()


# --- pure helpers -------------------------------------------------------------------------------


def twin_uri(dest_uri: str) -> str:
    """Return where the Markdown twin of the page built at ``dest_uri`` goes.

    >>> twin_uri("en/R36.html")
    'en/R36.md'
    >>> twin_uri("index.html")
    'index.md'
    """
    return PurePosixPath(dest_uri).with_suffix(".md").as_posix()


def absolute(uri: str, site_url: str | None) -> str:
    """Return ``uri`` (from the site root) under ``site_url``, or unchanged when there is none.

    >>> absolute("en/R36.md", "https://example.org/course")
    'https://example.org/course/en/R36.md'
    >>> absolute("en/R36.md", None)
    'en/R36.md'
    """
    return urljoin(site_url.rstrip("/") + "/", uri) if site_url else uri


def first_paragraph(markdown: str) -> str:
    """Return the first paragraph of prose as one line, links reduced to their text.

    Front matter, headings, lists, tables, fences, quotes and HTML are not prose.

    >>> first_paragraph("---\\nkey: v\\n---\\n\\n# Title { #t }\\n\\nSee [it](a.md#x)\\nnow.\\n")
    'See it now.'
    >>> first_paragraph("# Only a title")
    ''
    """
    body = FRONT_MATTER.sub("", markdown, count=1)
    for block in re.split(r"\n[ \t]*\r?\n", body):
        if block.startswith(("    ", "\t")):
            continue
        block = block.strip()
        if block and not block.startswith(NOT_PROSE) and not ORDERED_ITEM.match(block):
            return " ".join(LINK.sub(r"\1", line.strip()) for line in block.splitlines())
    return ""


def shortened(text: str, limit: int = NOTE_LENGTH) -> str:
    """Return ``text`` cut to at most ``limit`` characters, at a sentence's end where one fits.

    >>> shortened("One. Two.", 100)
    'One. Two.'
    >>> shortened("First sentence. Second sentence runs on.", 20)
    'First sentence.'
    >>> shortened("本站代码都运行在 numpy 包上。下面的签名在构建时生成。", 20)
    '本站代码都运行在 numpy 包上。'
    >>> shortened("no sentence ends anywhere in here", 16)
    'no sentence…'
    """
    if len(text) <= limit:
        return text
    head = text[:limit]
    ends = [m.end() for m in SENTENCE_END.finditer(head)]
    # A sentence end very early would leave too little to say what the page is about.
    if ends and ends[-1] >= limit // 3:
        return head[: ends[-1]]
    cut = head[: limit - 1]
    if " " in cut[limit // 2 :]:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip() + "…"


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


def llms_full_txt(heading: str, summary: str, pages: Iterable[tuple[str, str]]) -> str:
    """Return every page's Markdown after the site's H1 and summary, a header before each.

    >>> print(llms_full_txt("Site", "About it.", [("## [Home](index.md)", "# Home\\n")]), end="")
    # Site
    <BLANKLINE>
    > About it.
    <BLANKLINE>
    ## [Home](index.md)
    <BLANKLINE>
    # Home
    """
    parts = [f"# {heading}\n", f"> {summary}\n"]
    for header, markdown in pages:
        parts += [f"{header}\n", markdown if markdown.endswith("\n") else markdown + "\n"]
    return "\n".join(parts)


def summary_text(descriptions: Iterable[str], revision: str, date: str) -> str:
    """Return the one paragraph that says what the site is and which revision was built when.

    >>> summary_text(["关于。", "About."], "abc1234", "2025-01-02")
    '关于。 About. Site revision abc1234, built 2025-01-02.'
    """
    said = " ".join(d.strip() for d in descriptions if d and d.strip())
    return f"{said} Site revision {revision}, built {date}.".strip()


def with_twin_links(
    page_html: str,
    href: str,
    label: str,
    icon: str = "",
    action_href: str | None = None,
    media_type: str = "text/markdown",
) -> str:
    """Return the page with its twin linked in the head and a visible action under its title.

    The action leads a person to ``action_href`` (the readable full-text view) when given.

    >>> page = '<head></head><article class="md-content__inner md-typeset"><h1>T</h1><p>'
    >>> print(with_twin_links(page, "R36.md", "View Markdown"))  # doctest: +NORMALIZE_WHITESPACE
    <head><link rel="alternate" type="text/markdown" href="R36.md"></head><article
    class="md-content__inner md-typeset"><h1>T</h1><p class="md-twin"><a href="R36.md"
    type="text/markdown"><span class="twemoji"></span> View Markdown</a></p><p>
    """
    link = f'<link rel="alternate" type="{media_type}" href="{html.escape(href)}">'
    target = html.escape(action_href or href)
    kind = "" if action_href else f' type="{media_type}"'
    # A plain link under the title, not one of Material's floating page-action icons: those are
    # drawn in a faint grey that is too pale for text (axe's colour-contrast rule).
    action = (
        f'<p class="md-twin"><a href="{target}"{kind}>'
        f'<span class="twemoji">{icon}</span> {html.escape(label)}</a></p>'
    )
    page_html = page_html.replace("</head>", f"{link}</head>", 1)
    article = page_html.find(ARTICLE)
    title_end = page_html.find("</h1>", article) if article >= 0 else -1
    if title_end < 0:
        return page_html
    at = title_end + len("</h1>")
    return page_html[:at] + action + page_html[at:]


class _AlternateLinks(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if (
            tag == "link"
            and "alternate" in (values.get("rel") or "").split()
            and values.get("href")
        ):
            self.hrefs.append(values["href"] or "")


def alternate_hrefs(page_html: str) -> list[str]:
    """Return the ``href`` of every ``<link rel="alternate">`` in a page.

    >>> alternate_hrefs('<link rel="alternate" href="../R36.html" hreflang="zh"><link rel="icon" href="i.png">')
    ['../R36.html']
    """
    parser = _AlternateLinks()
    parser.feed(page_html)
    return parser.hrefs


def sitemap_folder(page_uri: str, href: str, site_path: str = "/") -> str | None:
    """Return the folder (from the site root, ``""`` for the root) where Material will ask for
    ``sitemap.xml`` because ``page_uri`` links ``href`` as an alternate; None if off the site.

    >>> sitemap_folder("R36.html", "en/R36.html")
    'en'
    >>> sitemap_folder("en/R36.html", "../R36.html")
    ''
    >>> sitemap_folder("en/R36.html", "R36.md")
    'en'
    >>> sitemap_folder("R36.html", "/course/en/", "/course/")
    'en'
    >>> sitemap_folder("R36.html", "https://other.example/x.html") is None
    True
    """
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return None
    if parts.path.startswith("/"):
        if not parts.path.startswith(site_path):
            return None
        target = parts.path[len(site_path) :]
    else:
        target = posixpath.join(posixpath.dirname(page_uri), parts.path)
    folder = posixpath.normpath(posixpath.dirname(target) if not target.endswith("/") else target)
    if folder.startswith(".."):
        return None
    return "" if folder == "." else folder


# --- reading the build --------------------------------------------------------------------------


def language_name(config: Any, locale: str) -> str:
    """Return the name the language selector shows for ``locale`` (i18n fills it in)."""
    for alternate in config.extra.get("alternate") or []:
        if alternate.get("lang") == locale and alternate.get("name"):
            return str(alternate["name"])
    return locale


def page_title(page: Any) -> str:
    """Return the page's own H1 (more telling than a short nav title), else its title."""
    for item in page.toc or []:
        if item.level == 1:
            # Without the attr_list extension a heading's `{ #id }` would stay in its text.
            return ATTR_LIST.sub("", html.unescape(item.title))
    return str(page.title or page.file.name)


def theme_icon(config: Any, name: str = MARKDOWN_ICON) -> str:
    """Return an icon from the theme's own set, hidden from screen readers, or ``""``."""
    return _icon(tuple(config.theme.dirs), name)


@cache  # every page asks for the same icon
def _icon(theme_dirs: tuple[str, ...], name: str) -> str:
    for folder in theme_dirs:
        path = Path(folder, name)
        if path.is_file():
            return path.read_text(encoding="utf-8").replace("<svg ", '<svg aria-hidden="true" ', 1)
    return ""


def revision(folder: Path) -> str:
    """Return the short hash of git's HEAD in ``folder``, or ``"unknown"`` outside git."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return done.stdout.strip() or "unknown"


def originals(docs_dir: Path) -> list[Path]:
    """Return every source under ``docs_dir`` that the archive holds, hidden files left out."""
    return sorted(
        path
        for path in docs_dir.rglob("*")
        if path.is_file()
        and path.suffix in ORIGINAL_SUFFIXES
        and not any(part.startswith(".") for part in path.relative_to(docs_dir).parts)
    )


def originals_zip(docs_dir: Path) -> bytes:
    """Return a zip of the sources under ``docs_dir``, each under ``docs/`` as in the repository.

    A source that is not UTF-8 stops the build: the archive promises UTF-8 originals.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in originals(docs_dir):
            name = f"{ARCHIVE_FOLDER}/{path.relative_to(docs_dir).as_posix()}"
            data = path.read_bytes()
            try:
                data.decode("utf-8")
            except UnicodeDecodeError as error:
                raise PluginError(
                    f"{name} is not UTF-8 ({error}); {ARCHIVE} holds UTF-8"
                ) from error
            # The build's date, not the checkout's file times: one commit, one archive.
            info = zipfile.ZipInfo(name, date_time=archive_time(get_build_datetime()))
            info.external_attr = 0o644 << 16
            archive.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def archive_time(when: datetime) -> tuple[int, int, int, int, int, int]:
    """Return ``when`` as a zip entry's time (zip's times start in 1980).

    >>> from datetime import timezone
    >>> archive_time(datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc))
    (2023, 11, 14, 22, 13, 20)
    >>> archive_time(datetime(1970, 1, 1, tzinfo=timezone.utc))
    (1980, 1, 1, 0, 0, 0)
    """
    return max((when.year, when.month, when.day, when.hour, when.minute, when.second), ZIP_EPOCH)


def sitemap_folders(site_dir: Path, site_url: str | None) -> set[str]:
    """Return every folder where some built page makes Material ask for ``sitemap.xml``."""
    site_path = urlsplit(site_url or "").path.rstrip("/") + "/"
    folders: set[str] = set()
    for page in site_dir.rglob("*.html"):
        uri = page.relative_to(site_dir).as_posix()
        # rel="alternate" links live in <head>; reading only it keeps this scan linear in the
        # page count, since each page's body holds the whole navigation, which grows with it.
        head = page.read_text(encoding="utf-8").partition("</head>")[0]
        for href in alternate_hrefs(head):
            folder = sitemap_folder(uri, href, site_path)
            if folder is not None:
                folders.add(folder)
    return folders


def answer_sitemaps(site_dir: Path, site_url: str | None) -> None:
    """Copy the site's ``sitemap.xml`` to every folder where a page makes Material ask for one."""
    sitemap = site_dir / SITEMAP
    if not sitemap.is_file():
        return
    for folder in sitemap_folders(site_dir, site_url):
        target = site_dir / folder / SITEMAP
        if folder and target.parent.is_dir() and not target.exists():
            shutil.copyfile(sitemap, target)


def ordered_entries(state: SiteState, locale: str) -> list[Entry]:
    """Return a language's entries in the order of its navigation, pages outside it last."""
    order = {twin_uri(uri): i for i, uri in enumerate(state.nav_order)}
    entries = [e for e in state.entries.values() if e.locale == locale]
    return sorted(entries, key=lambda e: (order.get(e.uri, len(order)), e.uri))


def write_llms_files(state: SiteState, site_dir: Path, config: Any) -> None:
    """Write ``llms.txt`` and ``llms-full.txt`` for the whole site, every language in it."""
    languages = list(state.languages.values())
    heading = " / ".join(dict.fromkeys(lang.site_name for lang in languages))
    summary = summary_text(
        [lang.description for lang in languages],
        revision(Path(config.config_file_path).parent),
        get_build_date(),
    )

    def url(uri: str) -> str:
        return absolute(uri, state.site_url)

    details = (
        "Each page's own Markdown source (UTF-8) is published beside its HTML page: "
        "`NAME.md` next to `NAME.html`, the English pages under `en/`. "
        f"[{LLMS_FULL}]({url(LLMS_FULL)}) holds every page in one file; "
        f"[{ARCHIVE}]({url(ARCHIVE)}) holds every source file."
    )
    sections = {
        lang.name: [
            link_item(e.title, url(e.uri), e.note) for e in ordered_entries(state, lang.locale)
        ]
        for lang in languages
    }
    (site_dir / LLMS).write_text(llms_txt(heading, summary, details, sections), encoding="utf-8")
    pages = [
        (f"## [{e.title}]({url(e.uri)}) · {lang.name}", e.markdown)
        for lang in languages
        for e in ordered_entries(state, lang.locale)
    ]
    (site_dir / LLMS_FULL).write_text(llms_full_txt(heading, summary, pages), encoding="utf-8")


# --- MkDocs events ------------------------------------------------------------------------------


def on_pre_build(config: Any) -> None:
    """Start afresh when an outer build starts; note the language of every build."""
    global _site
    if _site.depth == 0:
        _site = SiteState(site_url=config.site_url)
    _site.depth += 1
    locale = build_locale(config)
    _site.languages.setdefault(
        locale,
        Language(
            locale, language_name(config, locale), config.site_name, config.site_description or ""
        ),
    )


def on_build_error(error: Exception) -> None:
    """A failed build ends every nested one too: the next build starts afresh."""
    _site.depth = 0


# After i18n's on_files, which re-creates every file from docs_dir and would lose this one.
@event_priority(-200)
def on_files(files: Files, config: Any) -> Files:
    """Add ``originals.zip`` as a file of the site, so that a page may link to it."""
    content = originals_zip(Path(config.docs_dir))
    files.append(File.generated(config, ARCHIVE, content=content))
    return files


# After i18n's on_nav, which puts each language's own pages in the navigation.
@event_priority(-200)
def on_nav(nav: Any, config: Any, files: Files) -> Any:
    """Note the navigation's order: ``llms.txt`` lists pages in it."""
    _site.nav_order += [page.file.dest_uri for page in nav.pages]
    return nav


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    """Keep the page's twin: its source bytes, generated parts filled in."""
    if page.file.src_uri.endswith(".md"):
        # i18n rewrites the markdown handed to this event line by line (and MkDocs has cut its
        # front matter), so the twin starts again from the file's own bytes.
        source = page.file.content_bytes.decode("utf-8")
        filled = fill_generated_parts(source, page, config, files)
        _site.twins[page.file.dest_uri] = filled.encode("utf-8")
    return markdown


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Write the page's twin beside it, list it for ``llms.txt`` and link it from the page.

    A notebook page's twin is its own ``.py`` source, which ``notebooks.py`` publishes.
    """
    locale = page_locale(page, config)
    twin = _site.twins.get(page.file.dest_uri)
    notebook = twin is None and page.file.src_uri.endswith(".py")
    if notebook:
        twin = page.file.content_bytes
        uri = PurePosixPath(page.file.dest_uri).with_suffix(".py").as_posix()
        note = NOTEBOOK_NOTES.get(locale, NOTEBOOK_NOTES["en"])
    elif twin is not None:
        uri = twin_uri(page.file.dest_uri)
        path = Path(config.site_dir, uri)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(twin)
        note = shortened(first_paragraph(twin.decode("utf-8")))
    else:
        return output
    markdown = twin.decode("utf-8")
    _site.entries[uri] = Entry(locale, uri, page_title(page), note, markdown)
    labels = NOTEBOOK_VIEW_LABELS if notebook else VIEW_LABELS
    label = labels.get(locale, labels["en"])
    view = view_uri(uri)
    Path(config.site_dir, view).write_text(
        full_text_html(
            markdown,
            PurePosixPath(uri).name,
            locale,
            page_href=PurePosixPath(page.file.dest_uri).name,
            package_href=get_relative_url(ARCHIVE, uri),
        ),
        encoding="utf-8",
    )
    return with_twin_links(
        output,
        get_relative_url(uri, page.file.dest_uri),
        label,
        theme_icon(config),
        action_href=get_relative_url(view, page.file.dest_uri),
        media_type="text/x-python" if notebook else "text/markdown",
    )


# After i18n's on_post_build, inside which the nested builds run and end.
@event_priority(-200)
def on_post_build(config: Any) -> None:
    """When the outer build ends, write the files that speak for the whole site."""
    _site.depth -= 1
    if _site.depth > 0:
        return
    site_dir = Path(config.site_dir)
    write_llms_files(_site, site_dir, config)
    answer_sitemaps(site_dir, _site.site_url)
