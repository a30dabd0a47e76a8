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
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "R37.zh.md").write_text("# R37 · 缩放与遮罩 { #r37 }\n\n正文。\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "docs"


def stamp_says(capsys: pytest.CaptureFixture[str]) -> str:
    """Run `make stamp PAGE=R37`'s command; return what it printed."""
    main(["docs/R37.en.md"])
    return capsys.readouterr().out


def test_a_page_without_front_matter_gets_the_stamp(
    docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (docs / "R37.en.md").write_text(ENGLISH, encoding="utf-8")
    source = sha256(docs / "R37.zh.md")
    assert stamp_says(capsys) == (
        f"docs/R37.en.md: front matter added (translated_from: R37.zh.md, "
        f"source_sha256: {source[:12]}…)\n"
    )
    text = (docs / "R37.en.md").read_text(encoding="utf-8")
    assert front_matter(text) == {"translated_from": "R37.zh.md", "source_sha256": source}
    assert body(text).lstrip("\n") == ENGLISH


def test_missing_keys_are_added_and_the_others_kept(
    docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = docs / "R37.en.md"
    page.write_text('---\ndescription: "A page."\nfigure: r36-states\n---\n' + ENGLISH, "utf-8")
    said = stamp_says(capsys)
    assert said.startswith("docs/R37.en.md: translated_from set to R37.zh.md (was missing); ")
    assert page.read_text(encoding="utf-8").splitlines()[:5] == [
        "---",
        "translated_from: R37.zh.md",
        f"source_sha256: {sha256(docs / 'R37.zh.md')}",
        'description: "A page."',
        "figure: r36-states",
    ]


def test_a_stale_stamp_is_replaced_saying_both_hashes(
    docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = "0" * 64
    page = docs / "R37.en.md"
    page.write_text(
        f"---\ntranslated_from: R37.zh.md\nsource_sha256: {old}\n---\n" + ENGLISH, "utf-8"
    )
    new = sha256(docs / "R37.zh.md")
    assert stamp_says(capsys) == (
        f"docs/R37.en.md: source_sha256 set to {new[:12]}… (was {old[:12]}…)\n"
    )
    assert front_matter(page.read_text(encoding="utf-8"))["source_sha256"] == new


def test_a_current_page_is_left_as_it_is_and_says_so(
    docs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = docs / "R37.en.md"
    page.write_text(ENGLISH, encoding="utf-8")
    main(["docs/R37.en.md"])
    capsys.readouterr()
    stamped = page.read_bytes()
    assert (
        stamp_says(capsys) == "docs/R37.en.md: already current (source_sha256 matches R37.zh.md)\n"
    )
    assert page.read_bytes() == stamped


@pytest.mark.parametrize(
    ("present", "named"),
    [
        ("R37.zh.md", "docs/R37.en.md does not exist: translate docs/R37.zh.md into it"),
        ("R37.en.md", "docs/R37.zh.md, the Chinese source of docs/R37.en.md, does not exist"),
        (None, "neither docs/R37.zh.md nor docs/R37.en.md exists: "),
    ],
)
def test_a_missing_page_or_source_fails_naming_it(
    docs: Path, capsys: pytest.CaptureFixture[str], present: str | None, named: str
) -> None:
    (docs / "R37.zh.md").unlink()
    if present:
        (docs / present).write_text(ENGLISH, encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main(["docs/R37.en.md"])
    assert stopped.value.code == 1
    said = capsys.readouterr().err
    assert said.startswith(named)
    assert "make " in said, "the message names the command to run"
    assert not (docs / "R37.en.md").exists() or (docs / "R37.en.md").read_text("utf-8") == ENGLISH
