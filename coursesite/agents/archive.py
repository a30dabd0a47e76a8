"""``originals.zip``: every UTF-8 source under ``docs/``, as the repository holds it.

It is a file of the site (added in ``on_files``), so that a page may link to it. Its entries
carry the build's date, not the checkout's file times: one commit, one archive.
"""

from __future__ import annotations

import io
import zipfile
from datetime import datetime
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.utils import get_build_datetime

ARCHIVE = "originals.zip"
ARCHIVE_FOLDER = "docs"
ORIGINAL_SUFFIXES = (".md", ".py")
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


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


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add ``originals.zip`` as a file of the site, so that a page may link to it."""
    content = originals_zip(Path(config.docs_dir))
    files.append(File.generated(config, ARCHIVE, content=content))
    return files
