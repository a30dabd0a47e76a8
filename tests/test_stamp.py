"""`make stamp PAGE=…` (authoring.stamp's command line); a page without front matter and a page
already current: the module's examples."""

from __future__ import annotations

from pathlib import Path

import pytest

from authoring.stamp import main, sha256

ENGLISH = "# R37 · Scale and mask { #r37 }\n\nText.\n"


@pytest.fixture
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A docs folder with a Chinese page R37, run from its parent as `make stamp` is."""
    for language in ("zh", "en"):
        (tmp_path / "docs" / language).mkdir(parents=True)
    (tmp_path / "docs" / "zh" / "R37.md").write_text(
        "# R37 · 缩放与遮罩 { #r37 }\n\n正文。\n", "utf-8"
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path / "docs"


def test_missing_keys_are_added_and_the_others_kept(
    docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = docs / "en" / "R37.md"
    page.write_text('---\ndescription: "A page."\nfigure: r36-states\n---\n' + ENGLISH, "utf-8")
    main(["docs/en/R37.md"])
    said = capsys.readouterr().out
    assert said == "docs/en/R37.md: translated_from, source_sha256 set from ../zh/R37.md\n"
    assert page.read_text(encoding="utf-8").splitlines()[:5] == [
        "---",
        "translated_from: ../zh/R37.md",
        f"source_sha256: {sha256(docs / 'zh' / 'R37.md')}",
        'description: "A page."',
        "figure: r36-states",
    ]


@pytest.mark.parametrize(
    ("present", "named"),
    [
        ("zh/R37.md", "missing docs/en/R37.md: "),
        ("en/R37.md", "missing docs/zh/R37.md: "),
        (None, "missing docs/zh/R37.md and docs/en/R37.md: "),
        ("both", "docs/en/R37.md: its front matter is not YAML keys and values"),
    ],
)
def test_a_missing_page_or_source_fails_naming_it(
    docs: Path, present: str | None, named: str
) -> None:
    # "both": the two pages are there, the English one's front matter not YAML keys.
    english = "---\ntitle: [unclosed\n---\n\n" + ENGLISH if present == "both" else ENGLISH
    if present != "both":
        (docs / "zh" / "R37.md").unlink()
    if present:
        (docs / present.replace("both", "en/R37.md")).write_text(english, encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:  # its message on stderr, exit status 1
        main(["docs/en/R37.md"])
    said = str(stopped.value.code)
    assert said.startswith(named)
    assert "make " in said, "the message names the command to run"
    assert (
        not (docs / "en" / "R37.md").exists()
        or (docs / "en" / "R37.md").read_text("utf-8") == english
    )
