"""The lab notebooks: every cell runs here too, both languages share their code, and the built
pages are executed HTML (not the raw ``.py``) with the notebook and its source beside them."""

from __future__ import annotations

import re
import traceback
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import jupytext
import matplotlib
import nbformat
import numpy as np
import pytest

import attn
from attn.lesson import K, Q, V, q1, q2
from attn.plot import weights_before_after
from coursesite.content.glossary import load_titles
from coursesite.lab.cells import percent_cells
from tests.constants import PREFIXES
from tests.docs_pages import DOCS, ROOT
from tests.site import build, copy_of_the_project, search_fragments, soup

LAB = DOCS / "lab"
NOTEBOOKS = sorted(LAB.glob("*.py"))
NAMES = sorted({path.name.split(".")[0] for path in NOTEBOOKS})
HEADING_ID = re.compile(r'^#{1,6} .*<a id="([^"]+)"></a>$', re.MULTILINE)
# Exercise E's title, written once in the glossary.
TITLES = {locale: load_titles()["exercise-E"][locale] for locale in PREFIXES}


class CellFailed(Exception):
    """A notebook cell raised; the message starts with ``file:line``."""


def shown(path: Path) -> str:
    """Return ``path`` as the repository names it, when it is inside the repository."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def run_cells(path: Path) -> dict[str, object]:
    """Run the notebook's code cells in order in one namespace, as its kernel does.

    Each cell is compiled under the notebook's own file name with its lines where they are
    in the file, so a traceback shows the notebook's lines; a failure is a ``CellFailed``
    whose message starts with ``file:line``.
    """
    namespace: dict[str, object] = {"__name__": "__main__"}
    for cell in percent_cells(path.read_text(encoding="utf-8")):
        if cell.kind != "code":
            continue
        code = compile("\n" * (cell.line - 1) + cell.source, str(path), "exec")
        try:
            exec(code, namespace)
        except Exception as error:
            # The frames from the notebook's line on, without this function's own.
            inside = error.__traceback__.tb_next if error.__traceback__ else None
            frames = [f for f in traceback.extract_tb(inside) if f.filename == str(path)]
            line = frames[-1].lineno if frames else cell.line
            what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
            told = "".join(traceback.format_exception(type(error), error, inside))
            raise CellFailed(f"{shown(path)}:{line}: {what}\n{told}") from None
    return namespace


@pytest.fixture
def figures() -> Iterator[ModuleType]:
    """Draw without a display (pyplot, as the notebook uses it); close every figure after."""
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.close("all")
    yield plt
    plt.close("all")


# --- the notebooks as source --------------------------------------------------------------------


def test_every_lab_notebook_exists_in_both_languages() -> None:
    assert NAMES, "no notebooks under docs/lab"
    for name in NAMES:
        for locale in PREFIXES:
            assert (LAB / f"{name}.{locale}.py").is_file(), f"{name} has no {locale} notebook"


@pytest.mark.parametrize("name", NAMES)
def test_both_languages_run_the_same_code_each_naming_its_language(name: str) -> None:
    zh, en = (jupytext.read(LAB / f"{name}.{locale}.py") for locale in PREFIXES)
    assert [c.cell_type for c in zh.cells] == [c.cell_type for c in en.cells]
    code = [[c.source for c in nb.cells if c.cell_type == "code"] for nb in (zh, en)]
    for locale, cells in zip(PREFIXES, code, strict=True):
        # A downloaded notebook labels its figures in its own language, whatever $LANG says.
        assert f'\nLOCALE = "{locale}"  #' in cells[0], f"{name}.{locale}.py names no language"
        assert sum(cell.count("locale=LOCALE") for cell in cells) == 2, "a figure in no language"
    same = [
        [cell.replace(f'LOCALE = "{locale}"', "LOCALE = ?") for cell in cells]
        for locale, cells in zip(PREFIXES, code, strict=True)
    ]
    assert same[0] == same[1], "the code cells differ between the languages"
    ids = [
        HEADING_ID.findall((LAB / f"{name}.{locale}.py").read_text("utf-8")) for locale in PREFIXES
    ]
    assert ids[0] == ids[1], "the languages' headings have different ids"
    assert ids[0], "no heading has an explicit id"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_build_reads_the_cells_jupytext_reads(path: Path) -> None:
    ours = [c.source for c in percent_cells(path.read_text(encoding="utf-8")) if c.kind == "code"]
    theirs = [c.source for c in jupytext.read(path).cells if c.cell_type == "code"]
    assert ours == theirs


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_cell_runs_and_every_claim_holds(path: Path, figures: ModuleType) -> None:
    namespace = run_cells(path)
    # The heatmaps are attn.plot's (tests/test_plot.py): the notebook leaves no figure open.
    assert figures.get_fignums() == []
    assert "weights_before_after" in namespace


def test_the_notebooks_hold_no_helper_code() -> None:
    # Helpers live in attn (attn.plot): a notebook defines no function of its own, and its
    # first code cell is the exercise's (attn and the lesson's data, then the first read).
    for path in NOTEBOOKS:
        code = [
            c.source for c in percent_cells(path.read_text(encoding="utf-8")) if c.kind == "code"
        ]
        assert not any(re.search(r"^(def|class) ", cell, re.MULTILINE) for cell in code), path.name
        assert "attn.read(Q, K, V)" in code[0], path.name


def test_a_wrong_claim_fails_naming_the_file_and_line(tmp_path: Path, figures: ModuleType) -> None:
    notebook = tmp_path / "LAB-02.zh.py"
    claim = "assert many.output.shape == (B, H, 2, 2)"
    text = (LAB / "LAB-02.zh.py").read_text(encoding="utf-8")
    assert claim in text
    notebook.write_text(text.replace(claim, claim.replace("2, 2)", "2, 3)")), encoding="utf-8")
    line = text[: text.index(claim)].count("\n") + 1
    with pytest.raises(CellFailed, match=rf"^{re.escape(str(notebook))}:{line}: AssertionError"):
        run_cells(notebook)


# --- the built pages ----------------------------------------------------------------------------


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
@pytest.mark.parametrize("name", NAMES)
def test_the_lab_page_is_executed_html_in_its_language(
    site: Path, name: str, locale: str, prefix: str
) -> None:
    path = site / f"{prefix}lab/{name}.html"
    assert not path.read_text(encoding="utf-8").startswith("# ---"), "the raw .py was copied"
    page = soup(path)
    assert page.html["lang"] == locale
    article = page.select_one("article")
    assert article.select_one(".jupyter-wrapper"), "not rendered by mkdocs-jupyter"
    assert TITLES[locale] in article.select_one("h1").get_text()
    assert not article.select('img[src^="data:"]'), "an image is inlined in the page"
    images = article.select("img.lab-figure")
    assert len(images) == 2, "the heatmaps are missing"
    for image in images:
        assert (path.parent / image["src"]).is_file(), image["src"]
        assert image["loading"] == "lazy"
        assert int(image["width"]) > 0
        assert int(image["height"]) > 0
    printed = article.get_text()
    assert "[[0.422 0.155 0.422]\n [0.155 0.422 0.422]]" in printed
    assert "[0.063 0.468 0.468]]" in printed
    assert not article.select('[data-mime-type="application/vnd.jupyter.stderr"]')
    assert not article.select(".jp-OutputArea-output.jp-mod-error, .ansi-red-fg")


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_each_heatmap_says_in_its_page_language_what_changed(
    site: Path, locale: str, prefix: str
) -> None:
    before = attn.read(Q, K, V).weights
    after_q = attn.read(np.stack([q1, 2 * q2]), K, V).weights
    drawn = [
        weights_before_after(before, after_q, changed="query 2", locale=locale),
        weights_before_after(before, before, changed="V", locale=locale),
    ]
    images = soup(site / f"{prefix}lab/LAB-02.html").select("img.lab-figure")
    assert [image["alt"] for image in images] == [maps.alt for maps in drawn]
    # The files are the heatmaps in the page's language, labels included, on any machine.
    lab = site / f"{prefix}lab"
    published = [(lab / str(image["src"])).read_text(encoding="utf-8") for image in images]
    assert published == [maps.svg for maps in drawn]


@pytest.mark.parametrize("name", NAMES)
def test_both_languages_share_the_heading_ids(site: Path, name: str) -> None:
    ids = [
        [
            h.get("id")
            for h in soup(site / f"{prefix}lab/{name}.html").select("article :is(h1,h2,h3)")
        ]
        for prefix in PREFIXES.values()
    ]
    assert ids[0] == ids[1]
    assert all(ids[0]), "a heading has no id"
    source = HEADING_ID.findall((LAB / f"{name}.zh.py").read_text(encoding="utf-8"))
    assert ids[0] == source


@pytest.mark.parametrize("prefix", PREFIXES.values())
@pytest.mark.parametrize("name", NAMES)
def test_formulas_and_links_read_as_on_the_other_pages(site: Path, name: str, prefix: str) -> None:
    article = soup(site / f"{prefix}lab/{name}.html").select_one("article")
    markdown = article.select(".jp-MarkdownOutput")
    assert len(article.select(".jp-MarkdownOutput math")) >= 5
    assert not any("$" in cell.get_text() for cell in markdown), "a formula was left as $...$"
    hrefs = {a["href"] for cell in markdown for a in cell.select("a[href]")}
    assert "../R36.html" in hrefs
    for href in hrefs:
        if not re.match(r"[a-z]+:|#", href):
            assert (site / f"{prefix}lab" / href).resolve().is_file(), href


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
@pytest.mark.parametrize("name", NAMES)
def test_the_notebook_and_its_source_download_from_the_page(
    site: Path, name: str, locale: str, prefix: str
) -> None:
    folder = site / f"{prefix}lab"
    links = soup(folder / f"{name}.html").select("article .lab-downloads a[href]")
    assert [a["href"] for a in links] == [f"{name}.ipynb", f"{name}.py"]
    assert links[0].has_attr("download")
    source = LAB / f"{name}.{locale}.py"
    assert (folder / f"{name}.py").read_bytes() == source.read_bytes()
    notebook = nbformat.reads((folder / f"{name}.ipynb").read_text(encoding="utf-8"), 4)
    nbformat.validate(notebook)
    assert notebook.metadata.kernelspec.name == "python3"
    code = [c.source for c in notebook.cells if c.cell_type == "code"]
    assert code == [c.source for c in jupytext.read(source).cells if c.cell_type == "code"]


@pytest.mark.parametrize(("locale", "prefix"), PREFIXES.items())
def test_the_language_selector_and_r36_lead_to_the_lab(
    site: Path, locale: str, prefix: str
) -> None:
    other = "en" if locale == "zh" else "zh"
    page = site / f"{prefix}lab/LAB-02.html"
    switch = soup(page).select_one(f'a[hreflang="{other}"]')
    target = (page.parent / switch["href"]).resolve()
    assert target == (site / f"{PREFIXES[other]}lab/LAB-02.html").resolve()
    r36 = soup(site / f"{prefix}R36.html")
    assert r36.select_one('#next ~ p a[href="lab/LAB-02.html"]')
    assert r36.select_one('a[href^="https://deepnote.com/"]'), "the lesson's own LAB 02 link"


def test_the_lab_is_in_the_navigation_and_the_sitemap(site: Path) -> None:
    nav = {a.get_text(strip=True) for a in soup(site / "en/R36.html").select("nav a[href]")}
    assert "LAB 02 · Change only q, or only V" in nav
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert "lab/LAB-02.html</loc>" in sitemap
    assert "en/lab/LAB-02.html</loc>" in sitemap


def test_a_wrong_claim_fails_the_build_naming_the_file_and_line(tmp_path: Path) -> None:
    config = copy_of_the_project(tmp_path)
    notebook = tmp_path / "docs" / "lab" / "LAB-02.zh.py"
    claim = "assert np.allclose(after_q.output[0], attn.read(q1, K, V).output)"
    text = notebook.read_text(encoding="utf-8")
    notebook.write_text(text.replace(claim, "assert not" + claim[len("assert") :]), "utf-8")
    line = text[: text.index(claim)].count("\n") + 1
    result = build(tmp_path / "out", config)
    assert result.returncode != 0
    assert f"docs/lab/LAB-02.zh.py:{line}: AssertionError" in result.stderr


def test_search_indexes_each_code_cell_once(site: Path) -> None:
    # Each cell once, as shown: no hidden copy of it for a copy button, no "Copied!" notice.
    text = " ".join(
        fragment["content"] for url, fragment in search_fragments(site).items() if "/LAB-" in url
    )
    claim = "assert np.array_equal(after_v.weights, before.weights)"
    assert text.count(claim) == len(PREFIXES) * len(NAMES)
    assert "Copied!" not in text
