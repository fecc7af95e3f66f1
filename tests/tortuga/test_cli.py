"""``course-builder tortuga ...`` through click's CliRunner: outputs, the warning, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from course_builder.cli import cli
from course_builder.tortuga.statejson import state_from_json

WARNING = "UNVERIFIED LAYOUT"


def run(*args: str):
    return CliRunner().invoke(cli, ["tortuga", *args])


def new_game(tmp_path: Path, players: int = 3, seed: int = 7) -> Path:
    path = tmp_path / "game.json"
    result = run("setup", "--players", ",".join(["red", "blue", "green", "pink", "cyan"][:players]),
                 "--seed", str(seed), "--format", "json", "-o", str(path))
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_text_for_each_player_count(players: int) -> None:
    result = run("setup", "--players", str(players), "--seed", "2199")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"Tortuga 2199: Shipwreck Bay, {players} players, seed 2199"
    assert lines[1].startswith(f"WARNING: {WARNING} (spokes, {players} players)")
    assert "Checklist:" in lines
    assert ("fifth player" in result.stdout) == (players == 5)


def test_setup_json_is_a_state_and_repeats_with_its_seed() -> None:
    first = run("setup", "--players", "4", "--format", "json")
    seed_line, warning_line = first.stderr.strip().splitlines()
    seed = seed_line.removeprefix("seed: ")
    assert warning_line.startswith(f"WARNING: {WARNING}")
    again = run("setup", "--players", "4", "--format", "json", "--seed", seed)
    assert first.exit_code == 0 and again.stdout == first.stdout
    state = state_from_json(json.loads(first.stdout))
    assert len(state.players) == 4 and state.label.endswith(f"seed {seed}")
    assert '"at": [0, 0]' in first.stdout  # pairs on one line


def test_sheet_formats(tmp_path: Path) -> None:
    svg = tmp_path / "s.svg"
    result = run("sheet", "--players", "5", "--seed", "3", "--format", "svg", "-o", str(svg))
    assert result.exit_code == 0, result.output
    text = svg.read_text()
    assert WARNING in text and "Setting up" in text and "False Signal" not in text
    png = tmp_path / "s.png"
    assert run("sheet", "--players", "2", "--seed", "3", "--format", "png", "-o",
               str(png)).exit_code == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    pdf = tmp_path / "s.pdf"
    assert run("sheet", "--players", "3", "--seed", "3", "--paper", "letter", "-o",
               str(pdf)).exit_code == 0
    assert pdf.read_bytes()[:4] == b"%PDF"


def test_map_of_a_player_count_shows_the_positions() -> None:
    result = run("map", "--players", "5")
    assert result.exit_code == 0 and result.stderr == ""  # nothing random
    assert result.stdout.startswith(f"WARNING: {WARNING}")
    assert "X6               special position X6 (special, X6; row 4, col 3)" in result.stdout


def test_map_questions_in_json(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    result = run("map", str(game), "--from", "hub", "--within", "3", "--furthest",
                 "--path-to", "tortuga", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert WARNING in data["warning"]
    assert data["furthest"] == {"distance": 4, "sectors": ["fortress", "research-lab"]}
    assert data["paths"] == {"to": "tortuga", "paths": [["hub", "turret-3", "tortuga"]]}
    assert [s["rule"] for s in data["steps"]] == ["TOR-04", "TOR-05", "TOR-06"]


def test_map_svg_carries_the_warning() -> None:
    result = run("map", "--players", "4", "--seed", "1", "--format", "svg")
    assert result.exit_code == 0 and WARNING in result.stdout and "<svg" in result.stdout


def test_a_game_played_through_files(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    for args in (["move", "--player", "red", "--to", "turret-3"],
                 ["move", "--player", "red", "--to", "hub"],
                 ["control", "set", "--sector", "hub", "--player", "red"],
                 ["mine", "buy", "--player", "red"],
                 ["mine", "play", "--player", "red"]):
        result = run(*args, str(game), "--save", str(game))
        assert result.exit_code == 0, (args, result.output)
    result = run("move", str(game), "--player", "blue", "--to", "hub", "--accelerator",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert WARNING in data["warning"]
    assert [s["rule"] for s in data["steps"]][-2:] == ["SB-MINE-ENTER", "SB-MINE-ENTER"]
    assert data["state"]["players"][1]["discard"] == ["system-fault-1"]
    text = run("move", str(game), "--player", "blue", "--to", "hub", "--accelerator")
    assert text.stdout.splitlines()[0].startswith(f"WARNING: {WARNING}")
    assert "[SB-MINE-ENTER: tortuga2199-shipwreck-bay.txt, Mine Placement Rules]" in text.stdout
    score = run("score", str(game))
    assert score.exit_code == 0 and "red: 0 influence, controls hub" in score.stdout


def test_hunt_commands(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    data = json.loads(game.read_text())
    data["hunt_tokens"] = [{"id": "h1", "where": "box"}, {"id": "h2", "where": "box"}]
    game.write_text(json.dumps(data))
    first = run("hunt", "return", str(game), "--player", "red", "--save",
                str(game))
    assert first.exit_code == 0, first.output
    assert first.stderr.startswith("seed: ")
    assert first.stdout.startswith(f"WARNING: {WARNING}")
    placed = [t for t in json.loads(game.read_text())["hunt_tokens"] if t["where"] != "box"]
    assert len(placed) == 1 and placed[0]["where"] in ("fortress", "research-lab", "hub",
                                                       "shipwreck-bay")
    moved = run("hunt", "move", str(game), "--player", "blue", "--token",
                placed[0]["id"], "--to", "tortuga")
    assert moved.exit_code == 1
    assert "is not adjacent to" in moved.stderr and "SB-HUNT-MOVE" in moved.stderr


def test_check_command(tmp_path: Path) -> None:
    result = run("check", str(new_game(tmp_path)))
    assert result.exit_code == 0
    assert "ok: 3 players, 11 sectors, 0 hunt token(s) on the board" in result.stdout
    assert WARNING in result.stdout


@pytest.mark.parametrize(("content", "message"), [
    ("{", "game.json:1:2: not valid JSON: Expecting property name"),
    ("[" * 100_000 + "]" * 100_000, "game.json:1:17: not usable JSON: nested more than 16 deep"),
    ('{"version": ' + "9" * 5000 + "}", "game.json:1:13: not usable JSON: a number with more "
     "than 4300 digits"),
    ('{"format": 1}', "game.json:1:12: format: expected 'course_builder/tortuga-state', got 1"),
    ("x" * 1_000_001, "game.json: larger than 1000000 bytes"),
    ("\udcff", "game.json: not UTF-8 text (byte 1)"),
])
def test_bad_state_files_are_one_line_errors(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    result = run("score", str(path))
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("args", "message"), [
    (["move", "--player", "red", "--to", "hub"], "hub is not adjacent to tortuga"),
    (["move", "--player", "pink", "--to", "hub"], "no player 'pink'"),
    (["move", "--player", "red", "--to", "nowhere"], "no sector 'nowhere'"),
    (["mine", "buy", "--player", "red"], "not in the Hub"),
    (["hunt", "attack", "--player", "red", "--token", "h9", "--defender", "blue", "--winner",
      "attacker"], "no hunt token 'h9'"),
    (["control", "hub", "--player", "red", "--token", "h1"], "red does not control Hub"),
    (["fault", "return", "--player", "red"], "red holds no System Fault card"),
    (["hunt", "capture", "--player", "red", "--token", "h1"], "no hunt token 'h1'"),
])
def test_illegal_actions_exit_1_naming_the_rule(tmp_path: Path, args: list[str],
                                                message: str) -> None:
    game = new_game(tmp_path)
    result = run(*args, str(game))
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_choice_needed_lists_the_options(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    data = json.loads(game.read_text())
    data["players"][0]["discard"] = data["system_faults"]["supply"]
    data["system_faults"]["supply"] = []
    data["removed_cards"] = ["assassin"]
    data["players"][0]["ship"] = "shipwreck-bay"
    data["control"] = {"shipwreck-bay": "red"}
    game.write_text(json.dumps(data))
    args = ["control", "shipwreck-bay", str(game), "--player", "red", "--target", "blue"]
    result = run(*args)
    assert result.exit_code == 1 and "choose one of assassin or 'none' (--card)" in result.stderr
    chosen = run(*args, "--card", "assassin", "--format", "json")
    assert json.loads(chosen.stdout)["state"]["players"][1]["discard"] == ["assassin"]


@pytest.mark.parametrize("args", [
    ["setup", "--players", "6"],
    ["setup", "--players", "3", "--swap", "kraken"],
    ["setup", "--players", "5", "--swap", "hub"],
    ["setup", "--players", "3", "--layout", "no-such-layout"],
    ["map"],
    ["map", "--players", "3", "--furthest"],
    ["move", "--player", "red"],
])
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output


def test_a_broken_layout_file_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "mine.layout"
    path.write_text("[layout]\nname = x\ntitle = x\nverified = no\nsource = x\n[players 2]\nT Q\n")
    result = run("setup", "--players", "2", "--layout", str(path), "--seed", "1")
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"Error: {path}:7:3: unknown token 'Q' (expected T, Tu, Tr, "
                                     "X or .)")


def test_a_corrected_verified_layout_drops_the_warning(tmp_path: Path) -> None:
    from course_builder.core.resources import data_path

    path = tmp_path / "checked.layout"
    path.write_text(data_path("tortuga", "spokes.layout").read_text().replace(
        "verified = no", "verified = yes"))
    result = run("setup", "--players", "4", "--layout", str(path), "--seed", "1")
    assert result.exit_code == 0 and WARNING not in result.stdout


def test_an_unwritable_output_is_a_one_line_error(tmp_path: Path) -> None:
    game = new_game(tmp_path)
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    for option in ("-o", "--save"):
        result = run("move", str(game), "--player", "red", "--to", "turret-1", option,
                     str(blocked / "out.json"))
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(f"Error: cannot write {blocked / 'out.json'}: ")
    sheet = run("sheet", "--players", "2", "--seed", "1", "-o", str(blocked / "s.pdf"))
    assert sheet.exit_code == 1 and f"cannot write {blocked / 's.pdf'}" in sheet.stderr


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_no_input_file_is_an_internal_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "fuzz.json"
    path.write_bytes(content)
    result = run("check", str(path))
    assert result.exit_code == 1, result.output
    assert result.stderr == "" and len(result.stdout.strip().splitlines()) == 1


def _png_size(path: Path) -> tuple[int, int, int]:
    """Width and height in pixels and the dots per metre recorded in the pHYs chunk."""
    import struct

    data = path.read_bytes()
    width, height = struct.unpack(">II", data[16:24])
    at = data.index(b"pHYs")
    return width, height, struct.unpack(">I", data[at + 4:at + 8])[0]


def test_sheet_dpi_sets_the_png_resolution(tmp_path: Path) -> None:
    """--dpi as for powerboats sheet: 50 to 1200, PNG only, recorded in the file."""
    sizes = {}
    for dpi in (50, 300):
        png = tmp_path / f"s{dpi}.png"
        result = run("sheet", "--players", "4", "--seed", "7", "--format", "png", "--dpi",
                     str(dpi), "-o", str(png))
        assert result.exit_code == 0, result.output
        sizes[dpi] = _png_size(png)
    assert abs(sizes[300][0] - 6 * sizes[50][0]) <= 6
    assert sizes[300][2] == round(300 / 0.0254) and sizes[50][2] == round(50 / 0.0254)


@pytest.mark.parametrize("args, message", [
    (["--format", "png", "--dpi", "49"], "49 is not in the range 50<=x<=1200"),
    (["--format", "png", "--dpi", "1201"], "1201 is not in the range"),
    (["--dpi", "300"], "--dpi only applies to --format png"),
    (["--format", "svg", "--dpi", "300", "-o", "-"], "--dpi only applies to --format png"),
])
def test_sheet_dpi_is_checked_like_powerboats(args: list[str], message: str) -> None:
    result = run("sheet", "--players", "2", "--seed", "1", *args)
    assert result.exit_code == 2 and message in result.output


def test_hunt_place_records_tokens_for_the_other_commands(tmp_path: Path) -> None:
    """TOR-24: before, no command put a hunt token into the state, so control hub and hunt move
    could only be used on a hand-edited file."""
    path = new_game(tmp_path)
    result = run("hunt", "place", str(path), "--token", "h1", "--sector", "turret-3",
                 "--shield", "4", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert "TOR-24" in result.stdout and "shield" not in result.stdout
    data = json.loads(path.read_text())
    assert data["hunt_tokens"] == [{"id": "h1", "where": "turret-3", "explored": False,
                                    "shield": 4, "value": None, "name": None,
                                    "captured_by": None}]
    again = run("hunt", "place", str(path), "--token", "h1", "--sector", "hub")
    assert again.exit_code == 1
    assert again.output.strip().splitlines() == [
        "Error: hunt token h1 is already recorded (turret-3) (TOR-24: docs/rulings.md, "
        "Tortuga 2199, TOR-24)"]
    moved = run("hunt", "move", str(path), "--player", "red", "--token", "h1",
                "--to", "hub")
    assert moved.exit_code == 0, moved.output
