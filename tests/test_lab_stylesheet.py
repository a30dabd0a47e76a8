"""JupyterLab's CSS once: the notebook pages link one stylesheet, named by its hash and made by
``make lab-css``, and carry no ``<style>`` of their own; no other page links it; it still styles
every class a notebook uses that mkdocs-jupyter's whole CSS styles, and a code cell's tokens in
Material's own colours; its licences are beside it. (Its colours pass axe in both palettes:
tests/test_browser_pages.py.)"""

from __future__ import annotations

import posixpath
import re
from importlib import metadata, resources
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from authoring import lab_css
from coursesite.lab import stylesheet
from tests.constants import PREFIXES
from tests.docs_pages import DOCS, notebook_names
from tests.site import soup

#: The notebook pages, from the site's root: ``lab/LAB-02.html``, ``en/lab/LAB-02.html``.
NOTEBOOK_PAGES = [
    f"{prefix}{name}.html" for prefix in PREFIXES.values() for name in notebook_names()
]
COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
DECLARATIONS = re.compile(r"\{[^{}]*\}")
RULE = re.compile(r"(?P<selectors>[^{}]+)\{(?P<body>[^{}]*)\}")
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
NEGATION = re.compile(r":not\([^()]*\)")
HIGHLIGHT_COLOUR = re.compile(r"(?:^|;)\s*color\s*:\s*var\((--md-code-hl-[\w-]+)\)")


def styled_classes(css: str, used: set[str]) -> set[str]:
    """Return the classes named by those selectors of ``css`` that can match in a page using
    the classes ``used``: each class a selector requires (all but those it negates) is used.

    >>> css = '@media (min-width:.5em){.a .b:not(.c),.d .a{x:url(e.png)}}[x="y.z"]{}'
    >>> sorted(styled_classes(css, {"a", "b", "c"}))
    ['a', 'b']
    """
    # A declaration block never holds a brace: without them, selectors and at-rules' preludes.
    rest = QUOTED.sub("", DECLARATIONS.sub(",", COMMENT.sub("", css)))
    styled: set[str] = set()
    for selector in top_level(rest.replace("{", ",").replace("}", ",")):
        required = set(CLASS.findall(NEGATION.sub("", selector)))
        if required <= used:
            styled |= required
    return styled


def notebook_classes(page: BeautifulSoup) -> set[str]:
    """Return every class the page's notebook (its ``.jupyter-wrapper``) uses."""
    return {
        name
        for wrapper in page.select(".jupyter-wrapper")
        for tag in [wrapper, *wrapper.find_all(True)]
        for name in tag.get("class") or []
    }


def token_colours(css: str, block: str) -> dict[str, str]:
    """Return ``{token class: --md-code-hl-* variable}`` for the rules of ``css`` that colour
    the spans of ``block`` (``.highlight``) by Material's highlight variables.

    >>> token_colours(".x{color:red}.highlight .k,.highlight :is(.n, .o){color:var(--md-code-hl-a)}", ".highlight")
    {'k': '--md-code-hl-a', 'n': '--md-code-hl-a', 'o': '--md-code-hl-a'}
    """
    colours: dict[str, str] = {}
    for rule in RULE.finditer(COMMENT.sub("", css)):
        found = HIGHLIGHT_COLOUR.search(rule["body"])
        if found is None:
            continue
        for selector in top_level(rule["selectors"]):
            for scope in (f"{block} ", f".jupyter-wrapper {block} "):
                if selector.startswith(scope):
                    colours.update(dict.fromkeys(CLASS.findall(selector[len(scope) :]), found[1]))
    return colours


def top_level(selectors: str) -> list[str]:
    """Return the selectors of a list, split at its own commas (not those inside ``:is()``).

    >>> top_level(".a :is(.b, .c), .d")
    ['.a :is(.b, .c)', '.d']
    """
    parts, depth, start = [], 0, 0
    for at, character in enumerate(selectors):
        depth += {"(": 1, ")": -1}.get(character, 0)
        if character == "," and depth == 0:
            parts.append(selectors[start:at].strip())
            start = at + 1
    return [*parts, selectors[start:].strip()]


@pytest.fixture(scope="module")
def full_css() -> str:
    """mkdocs-jupyter's whole CSS, as its converter inlines it in every page."""
    return "\n".join(lab_css.mkdocs_jupyter_css())


@pytest.fixture(scope="module")
def ours() -> str:
    return (DOCS / stylesheet.stylesheet_uri(DOCS)).read_text(encoding="utf-8")


@pytest.mark.parametrize("page", NOTEBOOK_PAGES)
def test_every_class_a_notebook_page_uses_is_still_styled(
    site: Path, full_css: str, ours: str, page: str
) -> None:
    used = notebook_classes(soup(site / page))
    assert used, f"{page}: no notebook in it"
    assert styled_classes(full_css, used) - styled_classes(ours, used) == set(), (
        "run `make lab-css`"
    )


def test_every_class_of_every_kind_of_output_is_still_styled(full_css: str, ours: str) -> None:
    sample = BeautifulSoup(stylesheet.without_inline_styles(lab_css.sample_html()), "html.parser")
    used = notebook_classes(sample)
    # The sample has each kind of output the safelist names.
    assert {"jp-RenderedImage", "jp-RenderedSVG", "jp-RenderedHTML", "dataframe"} <= used
    assert {"jp-RenderedMarkdown", "jp-RenderedLatex", "ansi-red-fg"} <= used
    assert styled_classes(full_css, used) - styled_classes(ours, used) == set()


def test_a_code_cell_takes_materials_own_colours(ours: str) -> None:
    theme = Path(str(resources.files("material"))) / "templates/assets/stylesheets"
    (sheet,) = theme.glob("main.*.css")
    materials = token_colours(sheet.read_text(encoding="utf-8"), ".highlight")
    assert len(materials) > 40, "Material's token colours were not found"
    notebooks = token_colours(ours, ".highlight-ipynb")
    assert {token: notebooks.get(token) for token in materials} == materials


@pytest.mark.parametrize("page", NOTEBOOK_PAGES)
def test_a_notebook_page_has_no_style_element(site: Path, page: str) -> None:
    body = soup(site / page).body
    assert body is not None
    assert [str(style)[:80] for style in body.find_all("style")] == []


def test_the_stylesheet_is_linked_from_the_notebook_pages_only(site: Path) -> None:
    target = site / stylesheet.stylesheet_uri(DOCS)
    linking = []
    for path in sorted(site.rglob("*.html")):
        page = path.relative_to(site).as_posix()
        for link in soup(path).select('head link[rel="stylesheet"]'):
            href = str(link.get("href", ""))
            if "/lab/jupyterlab." in f"/{href}":
                assert (path.parent / href).resolve() == target.resolve(), (page, href)
                linking.append(page)
    assert sorted(linking) == sorted(NOTEBOOK_PAGES)


def test_the_site_has_the_stylesheet_once_with_its_licences(site: Path) -> None:
    uri = stylesheet.stylesheet_uri(DOCS)
    assert sorted(site.rglob("jupyterlab.*.css")) == [site / uri]
    for name in lab_css.LICENSES:
        beside = posixpath.join(posixpath.dirname(uri), name)
        assert (site / beside).read_bytes() == (DOCS / beside).read_bytes(), name


def test_the_name_is_the_hash_of_the_content() -> None:
    [path] = stylesheet.hashed_files(DOCS / stylesheet.FOLDER)
    assert path.name == lab_css.hashed_name(path.read_text(encoding="utf-8"))


def test_it_names_its_sources_and_licences(ours: str) -> None:
    head = ours[: ours.index("*/")]
    assert ours.startswith('@charset "UTF-8";\n/* ')
    assert f"mkdocs-jupyter {metadata.version('mkdocs-jupyter')} " in head, "run `make lab-css`"
    assert "make lab-css" in head
    assert all(name in head for name in lab_css.LICENSES)
    jupyterlab = (DOCS / stylesheet.FOLDER / "LICENSE-jupyterlab.txt").read_text(encoding="utf-8")
    assert jupyterlab.startswith("Copyright (c) 2015-")
    assert "Project Jupyter Contributors" in jupyterlab
    assert "Redistribution and use in source and binary forms" in jupyterlab
    mkdocs_jupyter = (DOCS / stylesheet.FOLDER / "LICENSE-mkdocs-jupyter.txt").read_text("utf-8")
    assert "Apache License" in mkdocs_jupyter


def test_the_committed_stylesheet_is_what_make_lab_css_makes(site: Path, ours: str) -> None:
    # After the site's build, the runs are in the cache: no kernel starts here.
    fresh = lab_css.stylesheet([*lab_css.lab_pages_html(), lab_css.sample_html()])
    assert fresh == ours, "run `make lab-css`"


def test_one_stylesheet_or_the_build_says_what_to_do(tmp_path: Path) -> None:
    folder = tmp_path / stylesheet.FOLDER
    folder.mkdir(parents=True)
    (folder / "jupyterlab.0123456789.css").write_text("a{}", encoding="utf-8")
    assert stylesheet.stylesheet_uri(tmp_path) == "assets/lab/jupyterlab.0123456789.css"
    (folder / "jupyterlab.abcdefabcd.css").write_text("b{}", encoding="utf-8")
    with pytest.raises(ValueError, match=r"several stylesheets .* run `make lab-css`"):
        stylesheet.stylesheet_uri(tmp_path)
