"""``originals.zip``: the site's sources as it publishes them, and what runs their examples.

The archive holds every page's Markdown source as published (generated parts filled in, as in
its twin ``NAME.md``), the lab notebooks' sources, ``attn``'s source (the package the examples
import), a ``manifest.json`` (each file → where the site publishes it, the repository file it
comes from, its SHA-256), a ``README.md`` naming the packages it needs and the one command that
runs every page's examples in the unpacked folder (``archive_readme.COMMAND``), and that
command's ``conftest.py`` and ``pytest.ini``. Unpacked, it runs without the repository.

It is a file of the site (added in ``on_files``), so that a page may link to it, in every
language's folder (``originals.zip``, ``en/originals.zip``, the same bytes): a page's twin links
it relatively, as the page itself does. Its entries carry the build's date, not the checkout's
file times, in a fixed order: one commit, one archive. A source that is not UTF-8 stops the
build.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_build_datetime

import attn
from coursesite import PROJECT
from coursesite.agents import archive_readme
from coursesite.content.generated import (
    GENERATORS,
    Part,
    site_generators,
    with_generated_parts,
)
from coursesite.languages import languages

ARCHIVE = "originals.zip"
ARCHIVE_FOLDER = "docs"
ORIGINAL_SUFFIXES = (".md", ".py")
#: The package's files the archive holds (its modules and its typing marker).
PACKAGE_FILES = ("*.py", "py.typed")
MANIFEST = "manifest.json"
CONFTEST = Path(__file__).with_name("archive_conftest.py")
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Original:
    """One file of the archive: its path there, its bytes, where the site publishes it (from
    the site's root, or None), the repository file it is made from (or None) and the parts
    generated into it (its bytes are then not the repository file's)."""

    name: str
    data: bytes
    url: str | None = None
    source: str | None = None
    generated: tuple[Part, ...] = ()


def originals(docs_dir: Path) -> list[Path]:
    """Return every source under ``docs_dir`` that the archive holds, hidden files left out."""
    return sorted(
        path
        for path in docs_dir.rglob("*")
        if path.is_file()
        and path.suffix in ORIGINAL_SUFFIXES
        and not any(part.startswith(".") for part in path.relative_to(docs_dir).parts)
    )


def package_files(folder: Path) -> list[Path]:
    """Return the files of the package in ``folder``: its modules and ``py.typed``, no caches."""
    return sorted(
        path
        for pattern in PACKAGE_FILES
        for path in folder.rglob(pattern)
        if path.is_file()
        and not any(
            part.startswith(".") or part == "__pycache__" for part in path.relative_to(folder).parts
        )
    )


def utf8(path: Path, name: str) -> str:
    """Return the text of ``path``; a file that is not UTF-8 stops the build."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise PluginError(f"{name} is not UTF-8 ({error}); {ARCHIVE} holds UTF-8") from error


def split_language(uri: str, folders: Mapping[str, str]) -> tuple[str | None, str]:
    """Return the language of the source at ``uri`` (under ``docs/``), the folder it is in
    (None outside every language's), and its path in that folder.

    >>> split_language("en/lab/LAB-02.py", {"zh": "", "en": "en/"})
    ('en', 'lab/LAB-02.py')
    >>> split_language("fr/R36.md", {"zh": "", "en": "en/"})
    (None, 'fr/R36.md')
    """
    first, _, rest = uri.partition("/")
    return (first, rest) if first in folders and rest else (None, uri)


def published_uri(uri: str, folders: Mapping[str, str]) -> str | None:
    """Return where the site publishes the source at ``uri`` (under ``docs/``) as it is: a
    page's Markdown twin, a notebook's ``.py``; None for a source in no built language.

    >>> [published_uri(u, {"zh": "", "en": "en/"}) for u in ("zh/R36.md", "en/lab/LAB-02.py")]
    ['R36.md', 'en/lab/LAB-02.py']
    >>> print(published_uri("fr/R36.md", {"zh": "", "en": "en/"}))
    None
    """
    locale, plain = split_language(uri, folders)
    return None if locale is None else folders[locale] + plain


def page_sources(
    docs_dir: Path,
    folders: Mapping[str, str],
    makers: Mapping[str, Callable[[str], str]] = GENERATORS,
) -> list[Original]:
    """Return every source under ``docs_dir`` as the site publishes it, under ``docs/``, its
    generated parts filled by ``makers`` (those of the site being built: its own nav's lessons)."""
    found = []
    for path in originals(docs_dir):
        uri = path.relative_to(docs_dir).as_posix()
        name = f"{ARCHIVE_FOLDER}/{uri}"
        text = utf8(path, name)
        parts: list[Part] = []
        if path.suffix == ".md":
            locale = split_language(uri, folders)[0] or next(iter(folders))
            text, parts = with_generated_parts(text, locale, name, makers)
        url = published_uri(uri, folders)
        found.append(Original(name, text.encode("utf-8"), url, name, tuple(parts)))
    return found


def package_sources(folder: Path) -> list[Original]:
    """Return the package in ``folder`` (``attn``), under its own name."""
    found = []
    for path in package_files(folder):
        name = f"{folder.name}/{path.relative_to(folder).as_posix()}"
        source = path.relative_to(PROJECT).as_posix() if path.is_relative_to(PROJECT) else None
        found.append(Original(name, utf8(path, name).encode("utf-8"), source=source))
    return found


def manifest_json(files: Iterable[Original], published_at: Sequence[str]) -> str:
    """Return ``manifest.json``: for each file, where the site publishes it, what it is made
    from and its SHA-256.

    >>> page = Original("docs/zh/a.md", b"", "a.md", "docs/zh/a.md", (Part("glossary", 3, 9),))
    >>> json.loads(manifest_json([page], ["o.zip", "en/o.zip"]))["files"]  # doctest: +ELLIPSIS
    {'docs/zh/a.md': {'generated': [{'lines': [3, 9], 'name': 'glossary'}], 'sha256': 'e3b0c4...', 'source': 'docs/zh/a.md', 'url': 'a.md'}}
    """
    manifest = {
        "about": "Each file of this archive, by its path: url, where the site publishes it "
        "(from the site's root; null: the site does not); source, the repository's file it is "
        "made from; generated, the lines (first, last) its generation markers became, as the "
        "site publishes them (conftest.py runs no example there: the reference's examples are "
        "attn's docstrings); sha256. archive: where the site publishes this archive.",
        "archive": list(published_at),
        "command": archive_readme.COMMAND,
        "files": {
            file.name: {
                "url": file.url,
                "source": file.source,
                "generated": [
                    {"name": part.name, "lines": [part.first, part.last]} for part in file.generated
                ],
                "sha256": hashlib.sha256(file.data).hexdigest(),
            }
            for file in files
        },
    }
    return json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True)


def archive_files(
    docs_dir: Path,
    folders: Mapping[str, str],
    published_at: Sequence[str] = (ARCHIVE,),
    package: Path | None = None,
    makers: Mapping[str, Callable[[str], str]] = GENERATORS,
) -> list[Original]:
    """Return every file of the archive, in its order: what runs the examples, then the
    package, then the sources under ``docs/``, then the manifest of all the others."""
    pages = page_sources(docs_dir, folders, makers)
    code = package_sources(package or Path(str(attn.__file__)).parent)
    settings = archive_readme.project_settings()
    notebooks: dict[str, str] = {}
    for page in pages:
        locale, plain = split_language(page.name.removeprefix(f"{ARCHIVE_FOLDER}/"), folders)
        if locale and plain.endswith(".py"):
            notebooks.setdefault(locale, page.name)
    requirements = archive_readme.requirements_txt(settings)
    readme = archive_readme.readme_markdown(
        requirements.splitlines(), archive_readme.pinned(settings, archive_readme.LAB), notebooks
    )
    conftest = utf8(CONFTEST, "conftest.py")
    texts = "coursesite/agents/archive_readme.py"
    runner = [
        Original("README.md", readme.encode("utf-8"), source=texts),
        Original("requirements.txt", requirements.encode("utf-8"), source="pyproject.toml"),
        Original("pytest.ini", archive_readme.PYTEST_INI.encode("utf-8"), source=texts),
        Original(
            "conftest.py", conftest.encode("utf-8"), source=f"coursesite/agents/{CONFTEST.name}"
        ),
    ]
    files = [*runner, *code, *pages]
    manifest = manifest_json(files, published_at) + "\n"
    return [*files, Original(MANIFEST, manifest.encode("utf-8"))]


def originals_zip(
    docs_dir: Path,
    folders: Mapping[str, str],
    published_at: Sequence[str] = (ARCHIVE,),
    package: Path | None = None,
    makers: Mapping[str, Callable[[str], str]] = GENERATORS,
) -> bytes:
    """Return the archive (``archive_files``), every entry dated by the build."""
    when = archive_time(get_build_datetime())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in archive_files(docs_dir, folders, published_at, package, makers):
            # The build's date, not the checkout's file times: one commit, one archive.
            info = zipfile.ZipInfo(file.name, date_time=when)
            info.external_attr = 0o644 << 16
            archive.writestr(info, file.data, compress_type=zipfile.ZIP_DEFLATED)
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


class Archive:
    """``originals.zip``: every language's build publishes the same bytes."""

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        """Add ``originals.zip`` to the language being built, in its folder (``en/originals.zip``).

        Its source path is ``originals.zip`` in every language, as a page's is ``index.md``: a
        link to it from a page at the docs' root is found in every language (MkDocs checks links
        by source path) and leads to the archive in the page's own folder, as its twin's does.
        """
        folders = {entry["lang"]: entry["folder"] for entry in languages(config)}
        published_at = [place + ARCHIVE for place in folders.values()]
        # Every language's pages: the folder that holds each language's (docs/zh/, docs/en/).
        docs, makers = Path(config.docs_dir).parent, site_generators(config)
        content = originals_zip(docs, folders, published_at, None, makers)
        files.append(File.generated(config, ARCHIVE, content=content))
        return files
