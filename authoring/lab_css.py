r"""JupyterLab's CSS for the lab's pages, once: one content-hashed stylesheet, linked from the
notebook pages only, in the reader's palette.

mkdocs-jupyter's converter would put four ``<style>`` blocks in every notebook it renders:
pygments' colours, JupyterLab's CSS as mkdocs-jupyter bundles it (``index.css``, 575 KB), its
light theme (``theme-light.css``) and Mermaid's. The build renders its notebooks with a template
of its own that writes none (``coursesite/lab/template``) and links
``docs/assets/lab/jupyterlab.<hash>.css`` from the page's ``<head>`` instead: the browser
fetches it once for every notebook page, in every language.

That file is made by ``make lab-css`` (``python -m authoring.lab_css``), not by the
build (``make build`` needs no Node), and committed. Run it again after a new mkdocs-jupyter
release, a notebook whose outputs are of a kind ``SAFELIST`` does not name, or an edit of
``palette.css``. It

1. reads mkdocs-jupyter's ``index.css`` and ``theme-light.css`` (the installed release, pinned:
   the rules left out below are named as it writes them) and appends ``palette.css``:
   JupyterLab's colours taken from Material's palette (light ``default``, dark ``slate``), and
   the code cells in Material's own highlight colours, each at least 4.5:1;
2. keeps only the rules that can match a rendered notebook, with PurgeCSS (``node_modules``,
   pinned by ``package-lock.json``): the elements, classes, ids and attributes of the lab's
   pages as the build renders them, of ``tests/fixtures/notebook-outputs.ipynb`` (every kind of
   output a notebook may produce) and of ``SAFELIST``; custom properties no kept rule reads go
   too, and so do the rules in ``NOT_JUPYTERLAB`` and ``ROOT_RULES``;
3. writes the result under a name carrying its hash (a browser may keep it for ever) and
   removes the older one. Beside it, committed: JupyterLab's licence (BSD-3-Clause) and
   mkdocs-jupyter's (Apache-2.0), whose own rules around JupyterLab's are kept too.

>>> used = used_selectors('<div class="jp-Cell a" id="x" data-k="v"><pre>1</pre></div>')
>>> used["classes"], used["tags"], used["attributes"]["names"]
(['a', 'jp-Cell'], ['div', 'pre'], ['class', 'data-k', 'id'])
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from collections.abc import Iterable
from html.parser import HTMLParser
from importlib import metadata, resources
from pathlib import Path

from coursesite import PROJECT
from coursesite.lab.stylesheet import FOLDER, hashed_files

PALETTE = Path(__file__).with_name("palette.css")
SAMPLE = PROJECT / "tests" / "fixtures" / "notebook-outputs.ipynb"
ASSETS = "templates/mkdocs_html/assets"
SOURCES = ("index.css", "theme-light.css")
#: The licences that go with the stylesheet, beside it (its header names them).
LICENSES = ("LICENSE-jupyterlab.txt", "LICENSE-mkdocs-jupyter.txt")
CHARSET = '@charset "UTF-8";'
# mkdocs-jupyter turned JupyterLab's `:root` into `.jupyter-wrapper :root`, which matches no
# element (the root is never inside the wrapper): what they set was never in effect.
ROOT_RULES = re.compile(r"\.jupyter-wrapper :root\{[^{}]*\}")
#: Rules of mkdocs-jupyter's bundle that reach a notebook's elements but are not JupyterLab's
#: own: Blueprint's reset and typography (Apache-2.0, under JupyterLab's widgets) and
#: CodeMirror 5's base (MIT), each overridden by JupyterLab's later rules or fighting the
#: theme's (a Markdown cell then reads as the site's pages do); and JupyterLab's undoing of
#: Blueprint's focus ring, which would leave a keyboard reader's focus unseen (WCAG 2.4.7).
NOT_JUPYTERLAB = (
    ".jupyter-wrapper *,.jupyter-wrapper *:before,.jupyter-wrapper *:after"
    "{-webkit-box-sizing:inherit;box-sizing:inherit}",
    ".jupyter-wrapper p{margin-bottom:10px;margin-top:0}",
    ".jupyter-wrapper small{font-size:12px}",
    ".jupyter-wrapper strong{font-weight:600}",
    ".jupyter-wrapper ::-moz-selection{background:rgba(125,188,255,.6)}",
    ".jupyter-wrapper ::selection{background:rgba(125,188,255,.6)}",
    ".jupyter-wrapper a code{color:inherit}",
    ".jupyter-wrapper :focus"
    "{outline:rgba(19,124,189,.6) auto 2px;outline-offset:2px;-moz-outline-radius:6px}",
    ".jupyter-wrapper :focus{outline:unset;outline-offset:unset;-moz-outline-radius:unset}",
    ".jupyter-wrapper .CodeMirror{font-family:monospace;height:300px;color:#000;direction:ltr}",
    ".jupyter-wrapper .CodeMirror{position:relative;overflow:hidden;background:white}",
)
COMMAND = "make lab-css (python -m authoring.lab_css)"
PURGECSS = PROJECT / "node_modules" / "purgecss"

#: What a notebook's outputs may hold beyond the sample's, kept whether or not a page shows it
#: today (regular expressions on one class, id or element of a selector, PurgeCSS' "standard"
#: safelist): each kind of output's renderer, the output area around it, ANSI colours of
#: tracebacks and stream text, and the elements an HTML or Markdown output may contain.
SAFELIST = (
    # Text, HTML, Markdown, images, SVG, LaTeX, JavaScript, PDF outputs (mkdocs-jupyter renamed
    # JupyterLab's rules for HTML it renders to ...-ignore: the theme styles Markdown).
    r"^jp-Rendered(?!HTMLCommon-ignore)",
    r"^jp-OutputArea",  # the output area: each output, its prompt, stdin, execute results
    r"^jp-(?:Markdown|Code|Raw)Cell$",
    r"^jp-mod-(?:noOutputs|noInput|collapsed|unconfined|trusted)$",
    r"^ansi-",  # the colours of tracebacks and coloured stream text
    r"^(?:table|thead|tbody|tr|th|td|caption|colgroup|col)$",  # HTML tables (pandas')
    r"^(?:img|svg|figure|figcaption|video|audio|iframe)$",
    r"^(?:h[1-6]|p|a|ul|ol|li|dl|dt|dd|blockquote|pre|code|kbd|samp|hr|sub|sup|strong|em)$",
    r"^(?:details|summary|mark|del|ins|abbr|small|span|div)$",
    r"^dataframe$",
)
#: The Node program that runs PurgeCSS: what to trim and what the pages use arrive as JSON on
#: its standard input (the used names as PurgeCSS' "detailed" extractor result).
PURGE = """
const { PurgeCSS } = require("purgecss");
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", async () => {
  const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const [result] = await new PurgeCSS().purge({
    css: [{ raw: input.css }],
    content: [{ raw: JSON.stringify(input.used), extension: "json" }],
    extractors: [{ extensions: ["json"], extractor: (raw) => JSON.parse(raw) }],
    safelist: { standard: input.safelist.map((s) => new RegExp(s)) },
    variables: true,
    keyframes: true,
    fontFace: true,
  });
  process.stdout.write(result.css);
});
"""


class _Used(HTMLParser):
    """The elements, classes, ids and attributes of an HTML document."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.classes: set[str] = set()
        self.ids: set[str] = set()
        self.names: set[str] = set()
        self.values: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        for name, value in attrs:
            self.names.add(name)
            if value is None:
                continue
            self.values.add(value)
            if name == "class":
                self.classes.update(value.split())
            elif name == "id":
                self.ids.add(value)


def used_selectors(*documents: str) -> dict[str, object]:
    """Return what ``documents`` offer a selector to match, as PurgeCSS' extractors say it."""
    used = _Used()
    for document in documents:
        used.feed(document)
        used.close()
        used.reset()
    return {
        "tags": sorted(used.tags),
        "classes": sorted(used.classes),
        "ids": sorted(used.ids),
        "attributes": {"names": sorted(used.names), "values": sorted(used.values)},
        "undetermined": [],
    }


def hashed_name(css: str) -> str:
    """Return the file name of ``css``: the first 10 hex digits of its SHA-256 in it.

    >>> hashed_name("a{}")
    'jupyterlab.5f546eb460.css'
    """
    return f"jupyterlab.{hashlib.sha256(css.encode('utf-8')).hexdigest()[:10]}.css"


def mkdocs_jupyter_css() -> tuple[str, str]:
    """Return the CSS mkdocs-jupyter puts in every page it renders: JupyterLab's rules
    (``index.css``) and the light theme's variables (``theme-light.css``)."""
    assets = resources.files("mkdocs_jupyter").joinpath(ASSETS)
    index, theme = (assets.joinpath(name).read_text(encoding="utf-8") for name in SOURCES)
    return index, theme


def palette_variables(palette: str) -> list[str]:
    """Return JupyterLab's custom properties (``--jp-*``) that ``palette`` sets.

    >>> palette_variables(".jupyter-wrapper { --jp-a: red; --jp-b: var(--md-x); --md-y: 0 }")
    ['--jp-a', '--jp-b']
    """
    return re.findall(r"(?<=[{;\s])(--jp-[\w-]+)\s*:", palette)


def without_variables(css: str, names: Iterable[str]) -> str:
    """Return ``css`` without its declarations of the custom properties ``names``.

    >>> without_variables(".w{--a: 1;--b: var(--a);--ab: 2}", ["--a", "--ab"])
    '.w{--b: var(--a);}'
    """
    for name in names:
        declaration = re.compile(rf"(?<=[{{;]){re.escape(name)}\s*:[^;{{}}]*;?")
        css, found = declaration.subn("", css)
        if not found:
            raise ValueError(f"palette.css sets {name}, which mkdocs-jupyter's CSS never sets")
    return css


def without_rules(css: str, rules: Iterable[str]) -> str:
    """Return ``css`` (minified, as mkdocs-jupyter's and PurgeCSS' are) without ``rules``,
    each given exactly as it is written; a rule not found is an error (a new release).

    >>> without_rules(".a{x:1}.b{y:2}", [".a{x:1}"])
    '.b{y:2}'
    """
    for rule in rules:
        if rule not in css:
            raise ValueError(f"no rule {rule!r} to leave out: is mkdocs-jupyter a new release?")
        css = css.replace(rule, "")
    return css


EMPTY_RULE = re.compile(r"(?<=[{}])[^{}@]+\{\s*\}|^[^{}@]+\{\s*\}")


def without_empty_rules(css: str) -> str:
    """Return ``css`` without the rules left empty (once PurgeCSS took their variables).

    >>> without_empty_rules(".a{}.b{x:1}.c{ }")
    '.b{x:1}'
    """
    return EMPTY_RULE.sub("", css)


def lab_pages_html() -> list[str]:
    """Return each lab notebook rendered as the build renders it (from the build's cache when
    it holds the run, else run now)."""
    from mkdocs.config import load_config

    from coursesite.cache import cache_folder
    from coursesite.i18n import source_locale
    from coursesite.lab.pages import NOTEBOOKS
    from coursesite.lab.runs import NotebookRuns

    config = load_config(str(PROJECT / "mkdocs.yml"))
    found = [
        (path, source_locale(path.name, config))
        for path in sorted(Path(config.docs_dir).glob(NOTEBOOKS))
    ]
    runs = NotebookRuns(cache_folder(config, "notebooks"))
    try:
        runs.start(found)
        return [runs.result(path).html for path, _ in found]
    finally:
        runs.close()


def sample_html(sample: Path = SAMPLE) -> str:
    """Return the sample notebook (its outputs stored in it) as the build renders it."""
    import nbformat

    from coursesite.lab.notebook_html import rendered_html

    return rendered_html(nbformat.read(sample, as_version=4))  # type: ignore[no-untyped-call]


def purged(css: str, documents: Iterable[str], safelist: Iterable[str] = SAFELIST) -> str:
    """Return ``css`` without the rules no element of ``documents`` can match (PurgeCSS)."""
    if not PURGECSS.is_dir():
        raise SystemExit("PurgeCSS is not installed: run `npm ci` (make lab-css does)")
    request = {"css": css, "used": used_selectors(*documents), "safelist": list(safelist)}
    done = subprocess.run(
        ["node", "-e", PURGE],
        input=json.dumps(request).encode("utf-8"),
        capture_output=True,
        cwd=PROJECT,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"PurgeCSS failed:\n{done.stderr.decode('utf-8', 'replace')}")
    return done.stdout.decode("utf-8")


def header() -> str:
    """Return the comment that opens the stylesheet: where it comes from, how it was made.

    >>> header().startswith("/* JupyterLab's notebook CSS as mkdocs-jupyter ")
    True
    """
    version = metadata.version("mkdocs-jupyter")
    purgecss = json.loads((PURGECSS / "package.json").read_text(encoding="utf-8"))["version"]
    return (
        f"/* JupyterLab's notebook CSS as mkdocs-jupyter {version} bundles it "
        f"(templates/mkdocs_html/assets/{' + '.join(SOURCES)}), trimmed by PurgeCSS {purgecss} "
        "to the rules a rendered notebook can use, then authoring/palette.css.\n"
        f"   Made by `{COMMAND}`: do not edit.\n"
        "   JupyterLab: Copyright (c) Jupyter Development Team, BSD-3-Clause "
        "(LICENSE-jupyterlab.txt); mkdocs-jupyter: Apache-2.0 (LICENSE-mkdocs-jupyter.txt). */\n"
    )


def stylesheet(documents: Iterable[str]) -> str:
    """Return the whole stylesheet for notebooks like ``documents``."""
    palette = PALETTE.read_text(encoding="utf-8")
    index, theme = mkdocs_jupyter_css()
    # index.css holds theme-light.css's variables already (mkdocs-jupyter's theme switcher
    # copies them): the page had each twice; the stylesheet has them once.
    missing = [d for d in declarations(theme) if d not in index]
    if missing:
        raise ValueError(f"theme-light.css sets what index.css does not: {missing[:3]}")
    index, dead = ROOT_RULES.subn("", index)
    if not dead:
        raise ValueError("no `.jupyter-wrapper :root` rule to leave out: a new mkdocs-jupyter?")
    index = without_variables(index, palette_variables(palette))
    trimmed = purged(f"{index}\n{palette}", documents)
    trimmed = without_rules(trimmed.replace(CHARSET, ""), NOT_JUPYTERLAB)
    # @charset is only read as the very first bytes of a file.
    return f"{CHARSET}\n{header()}{without_empty_rules(trimmed).strip()}\n"


def declarations(css: str) -> list[str]:
    """Return the declarations of the one rule ``css`` holds (theme-light.css: one rule).

    >>> declarations(".w{--a: rgba(0, 0, 0, .1);--b: 2}")
    ['--a: rgba(0, 0, 0, .1)', '--b: 2']
    """
    body = css[css.index("{") + 1 : css.rindex("}")]
    return [d.strip() for d in body.split(";") if d.strip()]


def write(css: str, docs: Path = PROJECT / "docs") -> Path:
    """Write ``css`` under its hashed name in ``docs/assets/lab``, removing any older one."""
    folder = docs / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / hashed_name(css)
    for old in hashed_files(folder):
        if old != target:
            old.unlink()
    target.write_text(css, encoding="utf-8", newline="\n")
    return target


def main() -> None:
    """Write the stylesheet made from the lab's pages and the sample (``make lab-css``)."""
    target = write(stylesheet([*lab_pages_html(), sample_html()]))
    missing = [name for name in LICENSES if not (target.parent / name).is_file()]
    if missing:
        sys.exit(f"{target.parent.relative_to(PROJECT)} lacks {', '.join(missing)}")
    print(f"{target.relative_to(PROJECT)}: {target.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
