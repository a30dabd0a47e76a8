"""`make stamp PAGE=…` (authoring.stamp's command line): it makes the front matter the parity
tests read, keeps the page's other keys, says what it changed, and refuses a missing page."""

from __future__ import annotations

from pathlib import Path

import pytest

from authoring.stamp import main, sha256
from tests.markdown_parts import body, front_matter

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


def stamp_says(capsys: pytest.CaptureFixture[str]) -> str:
    """Run `make stamp PAGE=R37`'s command; return what it printed."""
    main(["docs/en/R37.md"])
    return capsys.readouterr().out


def test_a_page_without_front_matter_gets_the_stamp(
    docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (docs / "en" / "R37.md").write_text(ENGLISH, encoding="utf-8")
    source = sha256(docs / "zh" / "R37.md")
    assert stamp_says(capsys) == (
        f"docs/en/R37.md: front matter added (translated_from: ../zh/R37.md, "
        f"source_sha256: {source[:12]}…)\n"
    )
    text = (docs / "en" / "R37.md").read_text(encoding="utf-8")
    assert front_matter(text) == {"translated_from": "../zh/R37.md", "source_sha256": source}
    assert body(text).lstrip("\n") == ENGLISH


def test_missing_keys_are_added_and_the_others_kept(
    docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = docs / "en" / "R37.md"
    page.write_text('---\ndescription: "A page."\nfigure: r36-states\n---\n' + ENGLISH, "utf-8")
    said = stamp_says(capsys)
    assert said.startswith("docs/en/R37.md: translated_from set to ../zh/R37.md (was missing); ")
    assert page.read_text(encoding="utf-8").splitlines()[:5] == [
        "---",
        "translated_from: ../zh/R37.md",
        f"source_sha256: {sha256(docs / 'zh' / 'R37.md')}",
        'description: "A page."',
        "figure: r36-states",
    ]


def test_a_current_page_is_left_as_it_is_and_says_so(
    docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = docs / "en" / "R37.md"
    page.write_text(ENGLISH, encoding="utf-8")
    main(["docs/en/R37.md"])
    capsys.readouterr()
    stamped = page.read_bytes()
    assert (
        stamp_says(capsys)
        == "docs/en/R37.md: already current (source_sha256 matches ../zh/R37.md)\n"
    )
    assert page.read_bytes() == stamped


@pytest.mark.parametrize(
    ("present", "named"),
    [
        ("zh/R37.md", "docs/en/R37.md does not exist: translate docs/zh/R37.md into it"),
        ("en/R37.md", "docs/zh/R37.md, the Chinese source of docs/en/R37.md, does not exist"),
        (None, "neither docs/zh/R37.md nor docs/en/R37.md exists: "),
        ("both", "docs/en/R37.md: its front matter is not YAML keys and values"),
    ],
)
def test_a_missing_page_or_source_fails_naming_it(
    docs: Path, capsys: pytest.CaptureFixture[str], present: str | None, named: str
) -> None:
    # "both": the two pages are there, the English one's front matter not YAML keys.
    english = "---\ntitle: [unclosed\n---\n\n" + ENGLISH if present == "both" else ENGLISH
    if present != "both":
        (docs / "zh" / "R37.md").unlink()
    if present:
        (docs / present.replace("both", "en/R37.md")).write_text(english, encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main(["docs/en/R37.md"])
    assert stopped.value.code == 1
    said = capsys.readouterr().err
    assert said.startswith(named)
    assert "make " in said, "the message names the command to run"
    assert (
        not (docs / "en" / "R37.md").exists()
        or (docs / "en" / "R37.md").read_text("utf-8") == english
    )
