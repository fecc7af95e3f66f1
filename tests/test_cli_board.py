"""The command line for boards: formats, seeds, exit codes, one-line errors, whole files only."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from course_builder.cli import cli


@pytest.fixture()
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(cli, list(args))

    return invoke


def test_board_json_classic(run) -> None:
    result = run("powerboats", "board", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["counts"]["hexes"] == 784 and len(data["hexes"]) == 784
    assert data["counts"]["water"] == 621
    assert sum(h["terrain"] == "water" for h in data["hexes"]) == 621
    assert data["counts"]["spots"] == {"A": 4, "B": 4, "C": 4}
    spots = {s["id"]: s for s in data["spots"]}
    assert spots["B1"] == {"id": "B1", "letter": "B", "hex": [11, 4], "on_land": False,
                           "side": "NW", "approximate": False}
    assert spots["A4"]["approximate"] is True
    assert data["hexes"][0] == {"row": 0, "col": 0, "terrain": "land", "section": "border"}
    assert result.stderr == ""  # no randomness used: no seed printed


def test_board_text(run) -> None:
    result = run("powerboats", "board")
    assert result.exit_code == 0
    assert "B4: row 21, col 6, water, side W" in result.stdout


def test_board_text_has_a_key_to_every_character_it_draws(run) -> None:
    """The picture shows spots as C (on water) and c (on land): a key says so (BOARD-05)."""
    lines = run("powerboats", "board").stdout.splitlines()
    key = next(i for i, line in enumerate(lines) if line.startswith("Key: "))
    picture = {c for line in lines[3:key] for c in line.split()}
    assert picture == {".", "#", "A", "B", "C", "a", "b", "c"}
    for shown in (". water", "# land", "A B C a letter spot on water",
                  "a b c a letter spot on land"):
        assert shown in lines[key]
    assert lines[key + 1].startswith("Spots (side:")


def test_random_board_prints_its_seed_and_repeats(run) -> None:
    first = run("powerboats", "board", "--board", "random")
    assert first.exit_code == 0
    seed = first.stderr.strip().removeprefix("seed: ")
    again = run("powerboats", "board", "--board", "random", "--seed", seed)
    assert again.stdout == first.stdout


def test_shuffle_tiles_is_seeded(run) -> None:
    a = run("powerboats", "board", "--shuffle-tiles", "--seed", "3", "--format", "json")
    b = run("powerboats", "board", "--shuffle-tiles", "--seed", "3", "--format", "json")
    assert a.exit_code == 0 and a.stdout == b.stdout
    assert json.loads(a.stdout)["source"]["seed"] == 3


def test_svg_to_file(run, tmp_path) -> None:
    out = tmp_path / "deep" / "board.svg"
    result = run("powerboats", "board", "--format", "svg", "-o", str(out))
    assert result.exit_code == 0
    assert out.read_text().startswith("<svg")
    assert list(out.parent.iterdir()) == [out]  # no temporary file left behind


def test_check_board(run, tmp_path) -> None:
    from course_builder.core.resources import data_path

    ok = run("powerboats", "check-board", str(data_path("boards", "classic.board")))
    assert ok.exit_code == 0
    assert "ok: classic, 784 hexes, 621 water, spots 4 A, 4 B, 4 C" in ok.stdout
    bad = tmp_path / "bad.board"
    lines = data_path("boards", "classic.board").read_text().splitlines()
    row = lines.index("[tile 3 dark]") + 3  # the second row of hexes of tile 3
    lines[row] = lines[row].replace(".", "?", 1)
    bad.write_text("\n".join(lines) + "\n")
    result = run("powerboats", "check-board", str(bad))
    assert result.exit_code == 1
    col = lines[row].index("?") + 1
    assert result.stdout == (
        f"{bad}:{row + 1}:{col}: unknown hex '?' (expected '.', '#', '_' or a letter spot "
        "like 'A:NW')\n"
    )


def test_bad_input_exit_codes(run, tmp_path) -> None:
    missing = run("powerboats", "board", "--board", "nowhere.board")  # a file: exit 1
    assert missing.exit_code == 1 and missing.stderr == "Error: nowhere.board: no such file\n"
    typo = run("powerboats", "board", "--board", "clasic")  # not a name it knows: usage
    assert typo.exit_code == 2 and "no such board: 'clasic'" in typo.stderr
    assert run("powerboats", "board", "--format", "pdf").exit_code == 2
    assert run("powerboats", "board", "--rotate-tiles").exit_code == 2
    mixed = run("powerboats", "board", "--board", "random", "--shuffle-tiles", "--seed", "1")
    assert mixed.exit_code == 1
    assert mixed.stderr.count("\n") == 1 and "Traceback" not in mixed.output


def test_failed_write_keeps_the_old_file(run, tmp_path, monkeypatch) -> None:
    out = tmp_path / "board.svg"
    out.write_text("old")

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.fsync", boom)
    result = run("powerboats", "board", "--format", "svg", "-o", str(out))
    assert result.exit_code == 1
    assert f"cannot write {out}: no space left on device" in result.output
    assert out.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["board.svg"]
