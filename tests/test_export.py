"""The one export path of sheets (render/kit/export.py): every game's sheet command gives only its
pages, and the formats, file names and what standard output takes are the same in all three."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.render.kit.export import Page, Sheet, export, file_names, stdout_refusal

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="210.0mm" height="297.0mm" '
       'viewBox="0 0 210 297"><rect x="10" y="10" width="20" height="20"/></svg>')
SHEETS = {
    "powerboats": ["powerboats", "sheet", "--race", "A", "--seed", "3"],
    "tortuga": ["tortuga", "sheet", "--players", "3", "--seed", "3"],
    "vanuatu": ["vanuatu", "sheet", "--seed", "3"],
}


def test_one_file_a_page_except_a_pdf() -> None:
    sheet = Sheet((Page("A", SVG), Page("mats", SVG)), "two pages")
    assert [name for name, _ in export(sheet, "svg")] == ["A", "mats"]
    assert [name for name, _ in export(sheet, "png", dpi=50)] == ["A", "mats"]
    [(name, pdf)] = export(sheet, "pdf")
    assert name == "" and pdf.startswith(b"%PDF") and b"/Count 2" in pdf


def test_several_files_add_their_page_names_and_an_unnamed_page_keeps_the_name() -> None:
    target = Path("out/sheet.svg")
    assert file_names(target, ["A"]) == [target]
    assert file_names(target, ["A", "mats"]) == [Path("out/sheet-A.svg"),
                                                 Path("out/sheet-mats.svg")]
    assert file_names(target, ["", "dice"]) == [target, Path("out/sheet-dice.svg")]


def test_stdout_takes_one_svg_page() -> None:
    assert stdout_refusal("svg", 1) is None
    assert "binary" in (stdout_refusal("pdf", 1) or "")
    assert "2 pages" in (stdout_refusal("svg", 2) or "")


@pytest.mark.parametrize("fmt", ["pdf", "png"])
def test_every_game_refuses_a_binary_sheet_on_stdout_in_the_same_words(fmt: str) -> None:
    errors = set()
    for args in SHEETS.values():
        result = CliRunner().invoke(cli, [*args, "--format", fmt, "-o", "-"])
        assert result.exit_code == 2 and result.stdout == ""
        errors.add(result.stderr.split(" (see ")[0])
    assert errors == {f"Error: a {fmt.upper()} sheet is binary: it is written to a file, not to "
                      "stdout ('-o -' takes one SVG page)"}


@pytest.mark.parametrize("game", sorted(SHEETS))
def test_every_game_writes_its_pages_beside_the_name_given(game: str, tmp_path: Path) -> None:
    extra = {"powerboats": ["--mats"], "tortuga": [], "vanuatu": ["--pre-roll"]}[game]
    result = CliRunner().invoke(cli, [*SHEETS[game], *extra, "--format", "svg", "-o",
                                      str(tmp_path / "s.svg")])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == {"powerboats": ["s-A.svg", "s-mats.svg"], "tortuga": ["s.svg"],
                       "vanuatu": ["s-dice.svg", "s.svg"]}[game]
