"""The lab's step (coursesite/notebooks.py) on small pages shaped as mkdocs-jupyter 0.26.3 writes
them, and the built site's lab pages in each language."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from types import SimpleNamespace

import jupytext
import nbformat
import pytest
from bs4 import BeautifulSoup
from mkdocs.config import load_config
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from coursesite import notebooks
from coursesite.words import Words
from tests.constants import PREFIXES
from tests.docs_pages import WORDS

DOCS = Path(__file__).parent.parent / "docs"
#: mkdocs-jupyter's head (4 <style>, 5 <script> and its comments), as 0.26.3 writes it.
HEAD = (
    "<script>/* clipboard-copy element */</script>\n<script>/* its notice */</script>\n"
    + '<style type="text/css">pre { line-height: 125%; }</style>\n' * 3
    + '<!-- Load mathjax -->\n<script src=""> </script>\n'
    + '<script type="text/x-mathjax-config">init_mathjax()</script>\n'
    + '<!-- End of mathjax configuration --><script type="module">mermaid</script>\n'
    + "<style>.mermaid {}</style>\n<!-- End of mermaid configuration -->"
)
SVG = '<svg width="324pt" height="295.5pt" role="img">\n <title>Two maps: row 2 changes.</title>'
FIGURE = base64.b64encode(SVG.encode()).decode()
NOTEBOOK = f"""<div class="jupyter-wrapper">
<div class="jp-Cell jp-MarkdownCell jp-Notebook-cell" id="cell-id=97440c07">
<div class="jp-RenderedHTMLCommon jp-RenderedMarkdown jp-MarkdownOutput" data-mime-type="text/markdown">
<h1 id="lab-02-e">LAB 02 · E <a id="lab-02"></a><a class="anchor-link" href="#lab-02-e">¶</a></h1>
<p>See <a href="../R36.md#r36-b3">R36</a>: $Y=AV$, the price $5 in <code>$x$</code>.</p>
<h2 id="">准备 <a id="setup"></a><a class="anchor-link" href="#">¶</a></h2>
</div>
</div>
<div class="zeroclipboard-container">
<clipboard-copy ,="" aria-label="Copy to Clipboard" for="cell-1">
<div><span class="notice" hidden="">Copied!</span><svg></svg></div>
</clipboard-copy>
</div>
<div class="highlight-ipynb hl-python"><pre><span></span><span class="n">x</span> = 1
</pre></div>
<div class="clipboard-copy-txt" id="cell-1">x = 1</div>
<div class="jp-RenderedSVG jp-OutputArea-output" data-mime-type="image/svg+xml" tabindex="0">
<img alt="No description has been provided for this image" src="data:image/svg+xml;base64,{FIGURE}"/>
</div>
</div> <!-- jupyter-wrapper -->
"""


def rendered(html: str) -> str:
    """Return the step's HTML for ``html`` as the English page ``lab/LAB-02.py``."""
    uris = ("lab/LAB-02.py", "R36.md")
    files = Files([File(uri, str(DOCS / "en"), "/site", use_directory_urls=False) for uri in uris])
    page = SimpleNamespace(file=files.get_file_from_path("lab/LAB-02.py"), toc=None)
    config = SimpleNamespace(
        theme={"language": "en"},
        config_file_path=str(DOCS.parent / "x.yml"),
        docs_dir=str(DOCS / "en"),
    )
    return notebooks.on_page_content(html, page, config, files)  # type: ignore[arg-type]


STDERR_OUTPUT = (
    '<div class="jp-RenderedText" data-mime-type="application/vnd.jupyter.stderr">'
    "<pre>UserWarning: Glyph 38190 missing</pre></div>"
)
FAILURES = {
    "a new <style>": (
        HEAD + "<style></style>" + NOTEBOOK,
        "expected 4 <style> and 5 <script> before the notebook, found 5 and 5",
    ),
    "something else before the notebook": (
        HEAD + "<p>hello</p>" + NOTEBOOK,
        "found 4 and 5 and '<p>hello</p>'",
    ),
    "no notebook wrapper": (HEAD, 'no <div class="jupyter-wrapper"> around the notebook'),
    "a copy button of another shape": (
        HEAD + NOTEBOOK.replace('class="clipboard-copy-txt"', 'class="copy-text"'),
        "1 code cells, 1 copy-button parts",
    ),
    "a warning": (
        HEAD + NOTEBOOK.replace("</div> <!--", STDERR_OUTPUT + "</div> <!--"),
        "a cell wrote to stderr (a warning): UserWarning: Glyph 38190 missing",
    ),
    "a warning in markup this step does not know": (
        HEAD
        + NOTEBOOK.replace("</div> <!--", STDERR_OUTPUT.replace("div", "section") + "</div> <!--"),
        "a cell wrote to stderr (a warning): see the notebook",
    ),
    "an SVG figure in other markup": (
        HEAD + NOTEBOOK.replace('<img alt="', '<img class="new" alt="'),
        "an SVG output in markup this step does not know",
    ),
    "a heading without an id": (
        HEAD + NOTEBOOK.replace(' <a id="setup"></a>', ""),
        "heading '准备' has no explicit id",
    ),
    "a link to no page": (
        HEAD + NOTEBOOK.replace("../R36.md", "../R99.md"),
        "link to ../R99.md#r36-b3: no such page or section",
    ),
    "a link to no section": (
        HEAD + NOTEBOOK.replace("../R36.md#r36-b3", "../R36.md#r36-b9"),
        "link to ../R36.md#r36-b9: no such page or section",
    ),
    "a figure without text": (
        HEAD
        + NOTEBOOK.replace(FIGURE, base64.b64encode(b'<svg width="1pt" height="1pt">').decode()),
        "a figure has no text alternative",
    ),
    "an image without alt text": (
        HEAD
        + NOTEBOOK.replace(
            "</div> <!--",
            '<img alt="No description has been provided for this image" src="data:image/png;base64,iVBO"/></div> <!--',
        ),
        "a figure has no text alternative: give its output an 'alt' metadata",
    ),
    "no title": (HEAD + NOTEBOOK.replace("h1", "h3"), "no title (a `# ...` heading)"),
}


@pytest.mark.parametrize("case", FAILURES)
def test_the_build_fails_naming_the_notebook_and_what_is_wrong(case: str) -> None:
    html, message = FAILURES[case]
    with pytest.raises(PluginError, match=rf"^docs/en/lab/LAB-02\.py: .*{re.escape(message)}"):
        rendered(html)


class NotebookFile(File):
    """A ``.py`` source as mkdocs-jupyter makes it: a documentation page."""

    def is_documentation_page(self) -> bool:
        return True


def test_a_notebook_without_outputs_is_published_beside_each_page(tmp_path: Path) -> None:
    source = DOCS / "en" / "lab" / "LAB-02.py"
    docs = tmp_path / "docs"
    (docs / "lab").mkdir(parents=True)
    (docs / "lab" / "LAB-02.py").write_bytes(source.read_bytes())
    files = Files([NotebookFile("lab/LAB-02.py", str(docs), "/site", use_directory_urls=False)])
    settings = f"site_name: t\nplugins: []\nhooks: [{notebooks.__file__}]\n"
    (tmp_path / "mkdocs.yml").write_text(settings, encoding="utf-8")
    config = load_config(str(tmp_path / "mkdocs.yml"))
    config.plugins.on_files(files, config=config)  # as MkDocs runs it, the step a hook
    ipynb = files.get_file_from_path("lab/LAB-02.ipynb")
    assert ipynb is not None, "no .ipynb beside the page"
    notebook = nbformat.reads(ipynb.content_string, 4)
    nbformat.validate(notebook)
    code = [c.source for c in notebook.cells if c.cell_type == "code"]
    assert code == [c.source for c in jupytext.read(source).cells if c.cell_type == "code"]
    assert not any(c.get("outputs") for c in notebook.cells if c.cell_type == "code")
    assert [c.id for c in notebook.cells][:2] == ["cell-1", "cell-2"], "ids change every build"


@pytest.mark.parametrize("name", [p.name for p in sorted((DOCS / "zh" / "lab").glob("*.py"))])
def test_both_languages_run_the_same_code_each_naming_its_language(name: str) -> None:
    code = {}
    for locale in ("zh", "en"):
        cells = [
            c.source
            for c in jupytext.read(DOCS / locale / "lab" / name).cells
            if c.cell_type == "code"
        ]
        # A downloaded notebook labels its figures in its own language, whatever $LANG says.
        assert f'\nLOCALE = "{locale}"  #' in cells[0], f"{locale}/lab/{name} names no language"
        code[locale] = [cell.replace(f'LOCALE = "{locale}"', "LOCALE = ?") for cell in cells]
    assert code["zh"] == code["en"], "the code cells differ between the languages"


# --- the built site ----------------------------------------------------------------------------

HEADING_ID = re.compile(r'^# #{1,6} .*<a id="([^"]+)"></a>$', re.MULTILINE)
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_each_languages_lab_page_is_rendered_with_its_figures_ids_formulas_and_downloads(
    site: Path,
) -> None:
    ids = {}
    for locale, prefix in PREFIXES.items():
        for source in sorted((DOCS / locale / "lab").glob("*.py")):
            path = site / prefix / "lab" / source.stem / "index.html"
            where = path.relative_to(site)
            text = path.read_text(encoding="utf-8")
            page = BeautifulSoup(text, "html.parser")
            assert page.html["lang"] == locale, where
            article = page.select_one("article")
            assert article.select_one(".jupyter-wrapper .jp-OutputArea-output pre"), (
                f"{where}: no output"
            )
            assert not article.select("style, script, clipboard-copy, .clipboard-copy-txt"), (
                f"{where}: mkdocs-jupyter's extras"
            )
            css = [link["href"] for link in page.select('link[href*="assets/lab/jupyterlab."]')]
            assert len(css) == 1, f"{where}: JupyterLab's CSS linked {len(css)} times"
            assert (path.parent / css[0]).is_file(), f"{where}: no {css[0]}"
            expected = HEADING_ID.findall(source.read_text(encoding="utf-8"))
            found = [h.get("id") for h in article.select(":is(h1, h2, h3, h4)")]
            assert found == expected, f"{where}: heading ids {found}, not {expected}"
            toc = [a["href"] for a in page.select(".md-sidebar--secondary a.md-nav__link")]
            assert toc == [f"#{i}" for i in expected[1:]], f"{where}: the table of contents {toc}"
            ids[locale] = found
            markdown = article.select(".jp-MarkdownOutput")
            assert len(article.select(".jp-MarkdownOutput math")) >= 5, f"{where}: no MathML"
            assert not any("$" in cell.get_text() for cell in markdown), (
                f"{where}: a $formula$ left"
            )
            up = "../" * 2  # from lab/LAB-02/ to the language's root
            assert article.select_one(f'a[href="{up}R36/"]'), f"{where}: the link to R36"
            images = article.select("img")
            assert len(images) == 2, f"{where}: {len(images)} figures"
            for image in images:
                assert int(image["width"]) > 0, where
                assert int(image["height"]) > 0, where
                assert bool(CJK.search(image["alt"])) == (locale == "zh"), (
                    f"{where}: {image['alt']}"
                )
            for name, line in (
                (f"{source.stem}.py", "md-twin"),
                (f"{source.stem}.ipynb", "lab-downloads"),
            ):
                link = article.select_one(
                    f'.{line} a[href="../{name}"]'
                )  # beside the page's folder
                assert link, f"{where}: {name}"
                assert (path.parent.parent / name).is_file(), f"{where}: no {name} beside it"
            assert link.get_text() == Words(WORDS, locale, "lab")["ipynb"], f"{where}: {link}"
            assert (path.parent.parent / f"{source.stem}.py").read_bytes() == source.read_bytes()
    assert len(set(map(tuple, ids.values()))) == 1, f"the languages' heading ids differ: {ids}"
    # JupyterLab's CSS: linked from the notebook pages alone, with its licences beside it.
    linking = {
        p.relative_to(site)
        for p in site.rglob("*.html")
        if "/lab/jupyterlab." in p.read_text("utf-8")
    }
    assert all(path.parent.parent.name == "lab" for path in linking), (
        f"JupyterLab's CSS on {linking}"
    )
    for licence in ("LICENSE-jupyterlab.txt", "LICENSE-mkdocs-jupyter.txt"):
        assert (site / "assets" / "lab" / licence).is_file(), f"no assets/lab/{licence}"
