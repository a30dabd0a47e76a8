r"""``make lab-css``: JupyterLab's CSS for the lab's pages, taken from the pages mkdocs-jupyter
writes and trimmed to what a notebook page can use. Run it after a new mkdocs-jupyter release
(coursesite/notebooks.py stops the build when its output changes) or an edit of palette.css.

mkdocs-jupyter writes JupyterLab's whole CSS (about 585 KB) into each notebook page;
``coursesite/notebooks.py`` takes it out, and ``overrides/main.html`` links the file this
command writes instead, ``docs/assets/lab/jupyterlab.css`` (committed, beside JupyterLab's
and mkdocs-jupyter's licences). The command builds the site with MkDocs (the config given, into
a temporary folder) and one more plugin that keeps each notebook page as mkdocs-jupyter wrote it,
before the lab's step. From those pages it takes mkdocs-jupyter's ``<style>``s scoped to
``.jupyter-wrapper`` (JupyterLab's rules and light theme), appends ``palette.css`` (JupyterLab's
colours from Material's palettes, code cells in Material's own colours), keeps the rules the
notebooks or ``SAFELIST`` can match (PurgeCSS, from ``node_modules``), drops ``NOT_JUPYTERLAB``'s,
writes the result; the build publishes it named by its content (``coursesite/assets.py``).

>>> without_empty_rules(".a{}.b{x:1}.c{ }")
'.b{x:1}'
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from coursesite import PROJECT, notebooks
from coursesite.site import build_language

PALETTE = Path(__file__).with_name("palette.css")
FOLDER = PROJECT / "docs" / "assets" / "lab"
STYLE = re.compile(
    r"<style\b[^>]*>\s*(?:@charset \"UTF-8\";)?(\.jupyter-wrapper\b.*?)</style>", re.S
)
# mkdocs-jupyter turned JupyterLab's `:root` into `.jupyter-wrapper :root`, which matches no
# element (the root is never inside the wrapper): what they set was never in effect.
ROOT_RULES = re.compile(r"\.jupyter-wrapper :root\{[^{}]*\}")
EMPTY_RULE = re.compile(r"(?<=[{}])[^{}@]+\{\s*\}|^[^{}@]+\{\s*\}")
#: Rules of mkdocs-jupyter's bundle that reach a notebook's elements but are not JupyterLab's
#: own: Blueprint's reset and typography and CodeMirror 5's base, each overridden by JupyterLab's
#: later rules or fighting the theme's; and JupyterLab's undoing of Blueprint's focus ring,
#: which would leave a keyboard reader's focus unseen (WCAG 2.4.7). Each must be found.
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
#: What a notebook's outputs may hold beyond today's pages, kept whether or not a page shows it
#: (PurgeCSS' "standard" safelist): each kind of output's renderer and area, ANSI colours of
#: tracebacks and stream text, and the elements an HTML or Markdown output may contain.
SAFELIST = (
    r"^jp-Rendered(?!HTMLCommon-ignore)",  # mkdocs-jupyter's ...-ignore: the theme's Markdown
    r"^jp-OutputArea",
    r"^jp-(?:Markdown|Code|Raw)Cell$",
    r"^jp-mod-(?:noOutputs|noInput|collapsed|unconfined|trusted)$",
    r"^ansi-",
    r"^(?:table|thead|tbody|tr|th|td|caption|colgroup|col|img|svg|figure|figcaption|video)$",
    r"^(?:h[1-6]|p|a|ul|ol|li|dl|dt|dd|blockquote|pre|code|kbd|samp|hr|sub|sup|strong|em)$",
    r"^(?:details|summary|mark|del|ins|abbr|small|span|div|dataframe)$",
    r"^highlight$",  # a Markdown cell's code block
)
#: PurgeCSS, run by Node: the CSS, the pages and the safelist arrive as JSON on its stdin.
PURGE = """
const { PurgeCSS } = require("purgecss");
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", async () => {
  const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const [result] = await new PurgeCSS().purge({
    css: [{ raw: input.css }],
    content: input.pages.map((raw) => ({ raw, extension: "html" })),
    safelist: { standard: input.safelist.map((s) => new RegExp(s)) },
    variables: true,
    keyframes: true,
    fontFace: true,
  });
  process.stdout.write(result.css);
});
"""


class NotebookPages(BasePlugin):  # type: ignore[type-arg, no-untyped-call]
    """Keeps each notebook page's HTML as mkdocs-jupyter wrote it."""

    def __init__(self) -> None:
        self.pages: list[str] = []

    @event_priority(100)  # before coursesite.notebooks (10) takes mkdocs-jupyter's CSS out
    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        if page.file.src_uri.endswith(".py"):
            self.pages.append(html)
        return html


def notebook_pages(config_file: str) -> list[str]:
    """Return the notebook pages of the site ``config_file`` builds, as mkdocs-jupyter wrote them."""
    with tempfile.TemporaryDirectory() as site:
        config = load_config(config_file, site_dir=site)
        kept = config.plugins["lab-css"] = NotebookPages()
        build_language(config)
    if not kept.pages:
        sys.exit(f"{config_file} builds no notebook page")
    return kept.pages


def without_empty_rules(css: str) -> str:
    """Return ``css`` without the rules left empty (once PurgeCSS took their variables)."""
    return EMPTY_RULE.sub("", css)


def stylesheet(pages: list[str]) -> str:
    """Return the lab's stylesheet for ``pages`` (as mkdocs-jupyter wrote them)."""
    found = STYLE.findall(pages[0].split(notebooks.WRAPPER)[0])
    if len(found) != 2:  # JupyterLab's rules (index.css) and its light theme's variables
        sys.exit(f"expected 2 <style>s scoped to .jupyter-wrapper, found {len(found)}")
    index, theme = found
    # index.css holds the light theme's variables already: the stylesheet has them once.
    body = theme[theme.index("{") + 1 : theme.rindex("}")]
    if any(d.strip() not in index for d in body.split(";")):
        sys.exit("mkdocs-jupyter's light theme sets what its index.css does not")
    css = f"{ROOT_RULES.sub('', index)}\n{PALETTE.read_text(encoding='utf-8')}"
    request = {
        "css": css,
        # The notebooks as the lab's step leaves them (without nbconvert's heading anchors).
        "pages": [
            notebooks.with_explicit_ids(notebooks.without_mkdocs_jupyter_extras(page))[0]
            for page in pages
        ],
        "safelist": list(SAFELIST),
    }
    done = subprocess.run(
        ["node", "-e", PURGE],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        cwd=PROJECT,
    )
    if done.returncode:
        sys.exit(f"PurgeCSS failed (`npm ci` installs it):\n{done.stderr}")
    trimmed = done.stdout.replace('@charset "UTF-8";', "")
    for rule in NOT_JUPYTERLAB:
        if rule not in trimmed:
            sys.exit(f"no rule {rule!r} to leave out: is mkdocs-jupyter a new release?")
        trimmed = trimmed.replace(rule, "")
    version = metadata.version("mkdocs-jupyter")
    return (
        '@charset "UTF-8";\n'  # read only as a file's very first bytes
        f"/* JupyterLab's notebook CSS as mkdocs-jupyter {version} writes it into a page, trimmed"
        " by PurgeCSS to the rules a notebook page can use, then authoring/palette.css.\n"
        "   Made by `make lab-css` (python -m authoring.lab_css): do not edit.\n"
        "   JupyterLab: Copyright (c) Jupyter Development Team, BSD-3-Clause "
        "(LICENSE-jupyterlab.txt); mkdocs-jupyter: Apache-2.0 (LICENSE-mkdocs-jupyter.txt). */\n"
        f"{without_empty_rules(trimmed).strip()}\n"
    )


def main(config_file: str) -> None:
    """Write the stylesheet (the build names it by its content: coursesite/assets.py)."""
    css = stylesheet(notebook_pages(config_file))
    (FOLDER / "jupyterlab.css").write_text(css, encoding="utf-8", newline="\n")
    print(f"docs/assets/lab/jupyterlab.css: {len(css.encode()):,} bytes")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "mkdocs.yml")
