"""Names by content for the site's own assets: each stylesheet, script, font and icon the pages
load is published as ``NAME.<hash>.EXT``, as Material names its bundle, so that the host can
let browsers keep it for a year (``_headers``: immutable) and a changed file gets a new address.

Authors keep the plain names in ``docs/assets/``; the build renames what the configuration lists
(``extra_css``, ``extra_javascript``, ``theme.favicon``) and the math font, in the configuration
and in the files MkDocs copies. A stylesheet's ``url()`` of another renamed file is rewritten
before the stylesheet is named, so that its own name changes with it. The templates find a new
name in ``config.extra.fingerprints`` (``overrides/main.html``: the math font's preload).
"""

from __future__ import annotations

import hashlib
import posixpath
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from coursesite.formulas.mathml import FONT

#: Hex digits of the content's SHA-256 in a name (Material's bundle has 8).
DIGITS = 10


def hashed_uri(uri: str, content: bytes) -> str:
    """Return ``uri`` with its content's hash before its suffix.

    >>> hashed_uri("assets/stylesheets/site.css", b"body {}")
    'assets/stylesheets/site.62368a1a29.css'
    """
    stem, suffix = posixpath.splitext(uri)
    return f"{stem}.{hashlib.sha256(content).hexdigest()[:DIGITS]}{suffix}"


def renamed(docs: Path, uris: list[str]) -> dict[str, tuple[str, bytes]]:
    """Return each of ``uris`` (from ``docs``) → its new name and its content; stylesheets
    last, their ``url()``\\ s of the others rewritten.

    >>> import tempfile
    >>> docs = Path(tempfile.mkdtemp())
    >>> (docs / "fonts").mkdir(); (docs / "css").mkdir()
    >>> _ = (docs / "fonts/m.woff2").write_bytes(b"font")
    >>> _ = (docs / "css/math.css").write_text('src: url("../fonts/m.woff2")', encoding="utf-8")
    >>> names = renamed(docs, ["css/math.css", "fonts/m.woff2"])
    >>> names["fonts/m.woff2"][0], names["css/math.css"][1].decode()
    ('fonts/m.795ea3efa4.woff2', 'src: url("../fonts/m.795ea3efa4.woff2")')
    """
    names: dict[str, tuple[str, bytes]] = {}
    for uri in sorted(uris, key=lambda uri: uri.endswith(".css")):
        content = (docs / uri).read_bytes()
        if uri.endswith(".css"):
            text, here = content.decode("utf-8"), posixpath.dirname(uri)
            for old, (new, _) in names.items():
                before, after = (posixpath.relpath(name, here) for name in (old, new))
                text = text.replace(f'url("{before}")', f'url("{after}")')
            content = text.encode("utf-8")
        names[uri] = (hashed_uri(uri, content), content)
    return names


class Fingerprints:
    """The build's renamed assets: old name → (new name, content)."""

    def __init__(self) -> None:
        self.names: dict[str, tuple[str, bytes]] = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Rename the assets in the configuration, which the theme's templates link."""
        scripts = [str(getattr(script, "path", script)) for script in config.extra_javascript]
        wanted = [*config.extra_css, *scripts, config.theme["favicon"], FONT.as_posix()]
        self.names = renamed(Path(config.docs_dir), wanted)
        new = {old: name for old, (name, _) in self.names.items()}
        config.extra_css = [new[uri] for uri in config.extra_css]
        config.extra_javascript = [new[uri] for uri in scripts]
        config.theme["favicon"] = new[config.theme["favicon"]]
        config.extra["fingerprints"] = new
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        """Publish each asset under its new name instead of its old one."""
        for old, (name, content) in self.names.items():
            if (found := files.get_file_from_path(old)) is not None:
                files.remove(found)
            files.append(File.generated(config, name, content=content))
        return files
