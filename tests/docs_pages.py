"""Where the pages are, and which are twins: ``docs/zh/NAME.md`` (the source) and
``docs/en/NAME.md``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
WORDS = DOCS / "words"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEED = FIXTURES / "R36.seed.md"


def page_names() -> list[str]:
    """Return every page's name (``R36``, ``index`` …): those with a Chinese source."""
    return sorted(p.stem for p in (DOCS / "zh").glob("*.md"))


def notebook_names() -> list[str]:
    """Return every notebook page's path without suffix (``lab/LAB-02``): ``.py`` sources."""
    zh = DOCS / "zh"
    return sorted(p.relative_to(zh).with_suffix("").as_posix() for p in zh.glob("lab/*.py"))


def published_sources() -> list[str]:
    """Return the raw file every page publishes for agents: ``R36.md`` …, ``lab/LAB-02.py``."""
    return [f"{name}.md" for name in page_names()] + [f"{name}.py" for name in notebook_names()]


def page_of(published: str) -> str:
    """Return the built page of a raw file the site publishes, both from the site's root."""
    path = Path(published)
    folder = path.parent if path.stem == "index" else path.with_suffix("")
    return (folder / "index.html").as_posix()


def address(name: str) -> str:
    """Return a page's address from its language's root (``R36/``; the home page's is empty)."""
    return "" if name == "index" else f"{name}/"


def built_page(name: str) -> str:
    """Return the file a page is built to, from its language's root (``R36/index.html``)."""
    return address(name) + "index.html"


def translations() -> list[tuple[Path, Path]]:
    """Return each Chinese source with its English translation: the pages, then the notebooks."""
    return [tuple(sources_of(name).values()) for name in published_sources()]  # type: ignore[misc]


def sources_of(published: str) -> dict[str, Path]:
    """Return, by language, the files a published source (``R36.md``, ``lab/LAB-02.py``) comes from."""
    return {locale: DOCS / locale / published for locale in ("zh", "en")}


def shown(path: Path) -> str:
    """Return ``path`` as the README names files (``docs/zh/R36.md``) when it is the
    repository's, else whole."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def twin(name: str, locale: str) -> Path:
    """Return the path of page ``name`` in ``locale``."""
    return DOCS / locale / f"{name}.md"
