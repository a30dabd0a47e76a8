"""Where the pages are, and which are twins: ``NAME.zh.md`` (the source) and ``NAME.en.md``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEED = FIXTURES / "R36.seed.md"


def page_names() -> list[str]:
    """Return every page's name (``R36``, ``index`` …): those with a Chinese source."""
    return sorted(p.name.removesuffix(".zh.md") for p in DOCS.rglob("*.zh.md"))


def notebook_names() -> list[str]:
    """Return every notebook page's path without suffix (``lab/LAB-02``): ``.zh.py`` sources."""
    return sorted(
        p.relative_to(DOCS).as_posix().removesuffix(".zh.py") for p in DOCS.rglob("*.zh.py")
    )


def published_sources() -> list[str]:
    """Return the raw file every page publishes for agents: ``R36.md`` …, ``lab/LAB-02.py``."""
    return [f"{name}.md" for name in page_names()] + [f"{name}.py" for name in notebook_names()]


def translations() -> list[tuple[Path, Path]]:
    """Return each Chinese source with its English translation: the pages, then the notebooks."""
    pages = [(twin(name, "zh"), twin(name, "en")) for name in page_names()]
    notebooks = [(DOCS / f"{n}.zh.py", DOCS / f"{n}.en.py") for n in notebook_names()]
    return pages + notebooks


def sources_of(published: str) -> dict[str, Path]:
    """Return, by language, the files a published source (``R36.md``, ``lab/LAB-02.py``) comes from."""
    stem, suffix = published.rsplit(".", 1)
    return {locale: DOCS / f"{stem}.{locale}.{suffix}" for locale in ("zh", "en")}


def twin(name: str, locale: str) -> Path:
    """Return the path of page ``name`` in ``locale``."""
    return DOCS / f"{name}.{locale}.md"
