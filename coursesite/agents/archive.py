"""``originals.zip``: the site's sources as it publishes them, and what runs their examples.

The archive holds one folder, ``originals/``, and in it a ``README.md`` (``archive_readme.md``:
the packages it needs and the one command, ``python -m pytest``, that runs every page's examples
in the unpacked folder), that command's ``pytest.ini`` and ``conftest.py``
(``archive_conftest.py``), the repository's ``pyproject.toml`` and ``LICENSE`` (``pip install
-e .`` installs the archive's ``attn``), the package ``attn``, every page's Markdown source as
published (generated parts filled in, as in its twin ``NAME.md``), the lab notebooks' sources,
and a ``manifest.json``: each file → where the site publishes it (from the site's root, or null)
and its SHA-256. Unpacked, it runs without the repository.

It is a file of the site (``coursesite.events.on_files``), so that a page may link to it, in
every language's folder (``originals.zip``, ``en/originals.zip``, the same bytes, made once:
``coursesite.site`` makes it before the languages are built). Its source path is
``originals.zip`` in every language, as a page's is ``index.md``: a link to it from a page at
the docs' root is found in every language (MkDocs checks links by source path) and leads to the
archive in the page's own folder, as its twin's does. Its entries carry the build's date, not
the checkout's file times, in a fixed order: one commit, one archive. Of ``attn`` and the pages
it holds the files git tracks (a draft beside them is not the commit's), read from the working
tree. A page's source that is not UTF-8 stops the build.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Mapping
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.utils import get_build_datetime

from coursesite.content.generated import Sources
from coursesite.git import git
from coursesite.languages import languages

ARCHIVE = "originals.zip"
#: The one folder the archive holds, everything in it.
FOLDER = "originals"
HERE = Path(__file__).parent
#: pytest's settings in the archive: they make the unpacked folder pytest's root, so that no
#: settings (``pyproject.toml``'s are the repository's tests') or ``conftest.py`` of a folder
#: around it take part. As in the site's own tests, a warning from an example fails it.
PYTEST_INI = """\
[pytest]
testpaths = docs attn
addopts = -p no:cacheprovider -ra
filterwarnings = error
"""
#: The earliest time a zip entry can carry.
EPOCH = (1980, 1, 1, 0, 0, 0)


def shipped(project: Path, folder: Path) -> list[Path]:
    """Return the files under ``folder`` that the archive ships, in order: in a checkout of the
    project (where its ``.git`` is: a clone's folder, or a worktree's file), those git tracks
    that the working tree holds; in a copy of its files elsewhere, a tree exported without git
    or a folder outside the project, every file there, hidden files and bytecode caches left out.

    >>> import tempfile
    >>> checkout = Path(tempfile.mkdtemp())
    >>> (checkout / "pkg").mkdir()
    >>> _ = git(checkout, "init", "-q")
    >>> for name in ("pkg/kept.py", "pkg/draft.py"):
    ...     _ = (checkout / name).write_text("x = 1\\n", encoding="utf-8")
    >>> _ = git(checkout, "add", "pkg/kept.py")
    >>> [path.name for path in shipped(checkout, checkout / "pkg")]
    ['kept.py']
    """
    inside = folder.resolve()
    if (project / ".git").exists() and inside.is_relative_to(project.resolve()):
        under = inside.relative_to(project.resolve()).as_posix()
        listed = git(project, "ls-files", "-z", "--", under) or ""
        paths = (folder / Path(name).relative_to(under) for name in listed.split("\0") if name)
        return sorted(path for path in paths if path.is_file())
    return sorted(
        path
        for path in folder.rglob("*")
        if path.is_file()
        and not any(
            part.startswith(".") or part == "__pycache__" for part in path.relative_to(folder).parts
        )
    )


def originals_zip(docs: Path, folders: Mapping[str, str], sources: Sources, project: Path) -> bytes:
    """Return the archive of ``project`` and the sources under ``docs``, one folder per
    language (``folders``: each built language's folder on the site)."""
    files: list[tuple[str, bytes, str | None]] = [
        ("README.md", (HERE / "archive_readme.md").read_bytes(), None),
        ("pytest.ini", PYTEST_INI.encode("utf-8"), None),
        ("conftest.py", (HERE / "archive_conftest.py").read_bytes(), None),
        ("pyproject.toml", (project / "pyproject.toml").read_bytes(), None),
        ("LICENSE", (project / "LICENSE").read_bytes(), None),
    ]
    for path in shipped(project, project / "attn"):
        files.append((path.relative_to(project).as_posix(), path.read_bytes(), None))
    for path in shipped(project, docs):
        if path.suffix in (".md", ".py"):
            uri = path.relative_to(docs).as_posix()
            name, (locale, _, plain) = f"docs/{uri}", uri.partition("/")
            # A folder of no built language is filled in the root's.
            text = sources.text(path, locale if locale in folders else next(iter(folders)), name)
            url = folders[locale] + plain if locale in folders else None
            files.append((name, text.encode("utf-8"), url))
    manifest = {
        name: {"url": url, "sha256": hashlib.sha256(data).hexdigest()} for name, data, url in files
    }
    text = json.dumps(manifest, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    files.append(("manifest.json", text.encode("utf-8"), None))
    built = get_build_datetime()
    # Zip's times start in 1980; SOURCE_DATE_EPOCH may say earlier.
    when = max((built.year, built.month, built.day, built.hour, built.minute, built.second), EPOCH)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data, _ in files:
            # In a folder of its own: unpacked, it adds one folder to where it was unpacked.
            info = zipfile.ZipInfo(f"{FOLDER}/{name}", date_time=when)
            info.external_attr = 0o644 << 16
            archive.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def site_archive(config: MkDocsConfig, sources: Sources) -> bytes:
    """Return the archive of the site ``config`` builds: every language's sources (the folder
    that holds each language's, ``docs/zh/`` and ``docs/en/``), from the configuration's
    folder."""
    folders = {entry["lang"]: entry["folder"] for entry in languages(config)}
    project = Path(config.config_file_path).parent
    return originals_zip(Path(config.docs_dir).parent, folders, sources, project)
