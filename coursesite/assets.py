"""The site's own stylesheets and scripts as the pages load them: those ``extra_css`` lists
joined, in order, into one minified stylesheet, those ``extra_javascript`` lists into one
minified script (two requests on a first visit, not eight, a third fewer bytes), and these,
the favicon, the math font and what templates link by name (``extra.linked_by_name``: the
search dialog's script, JupyterLab's CSS; minified) named by their content
(``NAME.<hash>.EXT``, as Material names its bundle), so that the host lets browsers keep them a
year (``_headers``: immutable) and a changed file gets a new address.

Authors keep the plain files in ``docs/assets/``. The build publishes the new files instead,
through the configuration the theme's templates read (``extra_css``, ``extra_javascript``,
``theme.favicon``) and ``config.extra.assets`` for the site's own (the math font's preload).
The scripts are classic scripts sharing one global scope, whether apart or joined.
"""

from __future__ import annotations

import hashlib
import posixpath
from pathlib import Path

import rcssmin
import rjsmin
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from coursesite.formulas.mathml import FONT

#: Hex digits of the content's SHA-256 in a name (Material's bundle has 8).
DIGITS = 10
#: Where each kind's bundle goes (before its hash).
BUNDLES = {".css": "assets/stylesheets/course.css", ".js": "assets/javascripts/course.js"}


def hashed_uri(uri: str, content: bytes) -> str:
    """Return ``uri`` with its content's hash before its suffix.

    >>> hashed_uri("assets/stylesheets/site.css", b"body {}")
    'assets/stylesheets/site.62368a1a29.css'
    """
    stem, suffix = posixpath.splitext(uri)
    return f"{stem}.{hashlib.sha256(content).hexdigest()[:DIGITS]}{suffix}"


def bundle(docs: Path, uris: list[str], renamed: dict[str, str], target: str) -> bytes:
    """Return the files at ``uris`` (from ``docs``) joined and minified for ``target``, each
    reference to a file of ``renamed`` given its new name (paths relative to ``target``).

    >>> import tempfile
    >>> docs = Path(tempfile.mkdtemp())
    >>> (docs / "css").mkdir()
    >>> _ = (docs / "css/a.css").write_text("p {\\n  color: red;\\n}\\n", encoding="utf-8")
    >>> _ = (docs / "css/b.css").write_text('@font-face { src: url("../f/m.woff2"); }', encoding="utf-8")
    >>> bundle(docs, ["css/a.css", "css/b.css"], {"f/m.woff2": "f/m.1.woff2"}, "css/all.css").decode()
    'p{color:red}@font-face{src:url("../f/m.1.woff2")}'
    """
    here, suffix = posixpath.dirname(target), posixpath.splitext(target)[1]
    parts = []
    for uri in uris:
        text = (docs / uri).read_text(encoding="utf-8")
        for old, new in renamed.items():
            old_path, new_path = (posixpath.relpath(name, here) for name in (old, new))
            text = text.replace(f'"{old_path}"', f'"{new_path}"')  # as the stylesheets quote it
        parts.append(text)
    if suffix == ".css":
        return str(rcssmin.cssmin("\n".join(parts))).encode("utf-8")
    # A statement's end between files: a script need not end with a semicolon.
    return str(rjsmin.jsmin(";\n".join(parts))).encode("utf-8")


class Assets:
    """The build's published assets: each new name and its content."""

    def __init__(self) -> None:
        self.published: dict[str, bytes] = {}
        self.replaced: list[str] = []

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Put the new names in the configuration, which the theme's templates link."""
        docs = Path(config.docs_dir)
        scripts = [str(script) for script in config.extra_javascript]  # each its path
        files = [str(config.theme["favicon"]), FONT.as_posix()]
        by_name = config.extra["linked_by_name"]
        contents = {uri: (docs / uri).read_bytes() for uri in files}
        contents |= {uri: bundle(docs, [uri], {}, uri) for uri in by_name}
        renamed = {uri: hashed_uri(uri, content) for uri, content in contents.items()}
        self.published = {renamed[uri]: content for uri, content in contents.items()}
        joined = {}
        for target, uris in ((BUNDLES[".css"], config.extra_css), (BUNDLES[".js"], scripts)):
            content = bundle(docs, list(uris), renamed, target)
            joined[target] = hashed_uri(target, content)
            self.published[joined[target]] = content
        self.replaced = [*contents, *config.extra_css, *scripts]
        config.extra_css = [joined[BUNDLES[".css"]]]
        config.extra_javascript = [joined[BUNDLES[".js"]]]
        config.theme["favicon"] = renamed[files[0]]
        config.extra["assets"] = renamed
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        """Publish the new files instead of the ones they were made from."""
        for uri in self.replaced:
            if (found := files.get_file_from_path(uri)) is not None:
                files.remove(found)
        for uri, content in self.published.items():
            files.append(File.generated(config, uri, content=content))
        return files
