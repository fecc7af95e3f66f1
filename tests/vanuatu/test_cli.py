"""``course-builder vanuatu ...`` through click's CliRunner: outputs, exit codes, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.cli import cli
from course_builder.core.jsonwrite import fits, json_text
from tests.vanuatu.helpers import START, board, island


def run(*args: str, stdin: str | bytes | None = None):
    return CliRunner().invoke(cli, ["vanuatu", *args], input=stdin)


def write(tmp_path: Path, data, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json_text(data, fold=fits(96)), encoding="utf-8")
    return str(path)


@pytest.fixture
def game(tmp_path: Path) -> str:
    result = run("setup", "--seed", "7", "--players", "red,blue,green", "--vatus", "5",
                 "--format", "json")
    assert result.exit_code == 0 and result.stderr == ""
    return write(tmp_path, result.stdout)


def test_setup_json_is_a_board_state_and_repeats() -> None:
    a = run("setup", "--seed", "7", "--format", "json")
    assert a.exit_code == 0 and a.stdout == run("setup", "--seed", "7", "--format", "json").stdout
    data = json.loads(a.stdout)
    assert data["format"] == "course_builder/vanuatu-state" and data["seed"] == 7
    assert data["spaces"]["3"] == {"tile": "start-boat"} and data["round"] == 1


def test_setup_without_seed_prints_it() -> None:
    result = run("setup", "--format", "json")
    assert result.exit_code == 0 and result.stderr.startswith("seed: ")
    seed = result.stderr.split()[1]
    assert json.loads(result.stdout)["seed"] == int(seed)


def test_setup_text_lists_dice_and_first_player() -> None:
    result = run("setup", "--seed", "7", "--players", "red,blue,green", "--pre-roll")
    lines = result.stdout.splitlines()
    assert lines[0] == "Vanuatu: The Rising Waters, setup with seed 7"
    assert "Pre-rolled dice: round 2: 1, round 4: 1, round 6: 4, round 8: 4" in lines
    assert "First player: red." in lines


@pytest.mark.parametrize(("fmt", "magic"), [("pdf", b"%PDF"), ("png", b"\x89PNG"),
                                             ("svg", b"<svg")])
def test_setup_sheets(tmp_path: Path, fmt: str, magic: bytes) -> None:
    target = tmp_path / f"sheet.{fmt}"
    result = run("sheet", "--seed", "3", "--format", fmt, "-o", str(target))
    assert result.exit_code == 0 and result.stderr == f"wrote {target}\n"
    assert target.read_bytes().startswith(magic)


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_rw_countdown_pre_rolled_dice_are_a_file_of_their_own(tmp_path: Path, fmt: str) -> None:
    """The dice of ``--pre-roll`` go to a page beside the shared sheet, never onto it."""
    target = tmp_path / f"sheet.{fmt}"
    result = run("sheet", "--seed", "3", "--pre-roll", "--format", fmt, "-o", str(target))
    dice = tmp_path / f"sheet-dice.{fmt}"
    assert result.exit_code == 0 and result.stderr == f"wrote {target}\nwrote {dice}\n"
    assert target.is_file() and dice.is_file()
    if fmt == "svg":
        assert "pre-rolled dice" in dice.read_text() and "pre-rolled dice" not in \
            target.read_text()
    result = run("sheet", "--seed", "3", "--pre-roll", "--format", "svg", "-o", "-")
    assert result.exit_code == 2 and "this sheet has 2 pages" in result.stderr and not result.stdout


def test_binary_sheet_to_stdout_is_a_usage_error() -> None:
    result = run("sheet", "--seed", "3", "--format", "pdf", "-o", "-")
    assert result.exit_code == 2 and "written to a file" in result.stderr


def test_place_legal_saves_and_illegal_exits_1(game: str, tmp_path: Path) -> None:
    result = run("round", game, "--save", game)
    assert result.exit_code == 0 and result.stdout.startswith("Round 2.\nReveal and place: A1 and B1.")
    result = run("place", game, "--tile", "a1", "--space", "8", "--save", game)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "A1 on space 8: legal"
    assert json.loads(Path(game).read_text())["spaces"]["8"]["tile"] == "A1"
    result = run("place", game, "--tile", "B1", "--space", "12", "--save", game)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "B1 on space 12: illegal"
    assert "  NO  PLACE-OCEAN        space 12 touches no island" in result.stdout.splitlines()
    assert "12" not in json.loads(Path(game).read_text())["spaces"]  # nothing saved


def test_place_lists_the_spaces(game: str) -> None:
    run("round", game, "--save", game)
    result = run("place", game, "--tile", "A1", "--format", "json")
    data = json.loads(result.stdout)
    assert data["legal_spaces"] == [8, 12] and data["relaxed"] is False
    text = run("place", game, "--tile", "A1").stdout.splitlines()
    assert text[0] == "A1 may go on: 8, 12"
    assert "  space  1: no, space 1 touches island(s) on space(s) 2 (PLACE-ISLANDS)" in text


def test_build_and_its_errors(game: str) -> None:
    result = run("build", game, "--player", "red", "--hut", "2", "--dike", "2:3", "--format",
                 "json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["legal"] and data["cost"] == 4
    assert data["state"]["spaces"]["2"]["dikes"] == ["E"]
    result = run("build", game, "--player", "red", "--dike", "2:W")
    assert result.exit_code == 1 and "side W of space 2 faces an empty space" in result.stdout
    result = run("build", game, "--player", "pink", "--dike", "2:E")
    assert result.exit_code == 1
    assert result.stderr == "Error: --player: unknown player 'pink' (players: red, blue, green)\n"
    for bad, message in (("2:X", "unknown side 'X'"), ("2:9", "are not adjacent"),
                         ("two", "expected SPACE:SIDE")):
        result = run("build", game, "--player", "red", "--dike", bad)
        assert result.exit_code == 2 and message in result.stderr


@pytest.mark.parametrize("twice", [("--dike", "2:E", "--dike", "2:SW"),
                                   ("--hut", "2", "--hut", "2"),
                                   ("--hut", "2", "--dike", "2:E", "--dike", "2:E")])
def test_van_09_a_second_hut_or_dike_is_refused_not_dropped(game: str, tmp_path: Path,
                                                            twice: tuple[str, ...]) -> None:
    """Ruling VAN-09: one BUILD builds at most one hut and one dike; click kept only the last of
    a repeated option, so the first was judged away without a word."""
    saved = tmp_path / "after.json"
    result = run("build", game, "--player", "red", *twice, "--save", str(saved))
    assert result.exit_code == 2 and result.stdout == ""
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and "given 2 times" in errors[0] and "VAN-09" in errors[0]
    assert not saved.exists()


def test_flood_round_and_rules(tmp_path: Path) -> None:
    from course_builder.vanuatu.state import Player

    state = board({**START, 8: island("A1", 4, huts=["red"]), 4: "B1"},
                  players=[Player("red", 3, 0, 7)])
    path = write(tmp_path, state.to_json())
    result = run("flood", path, "--save", path)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Rising Waters, round 2:"
    assert lines[1] == ("  space  2 Efate: open ocean sides E SW SE, diked none: +3 -> 3 "
                        "marker(s) (RW-SIDES)")
    assert lines[2].startswith("  space  8 A1: open ocean sides NE NW W, diked none: +1 -> "
                               "SUBMERGED; discarded: huts red (out of the game)")
    result = run("flood", path)
    assert result.exit_code == 1
    assert result.stderr == "Error: the waters already rose in round 2 (rule RW-ROUNDS)\n"


def test_flood_skip_only_under_its_ruling(tmp_path: Path) -> None:
    path = write(tmp_path, board(START, round=4, floods=[2]).to_json())
    assert run("flood", path, "--skip").exit_code == 1
    result = run("flood", path, "--skip", "--short-round", "skip", "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["state"]["floods"] == [2, 4] and data["state"]["rules"]["short_round"] == "skip"


def test_countdown() -> None:
    result = run("countdown", "--die", "3", "--turns", "a,r,a,a", "--format", "json")
    assert json.loads(result.stdout)["after_turn"] == 4
    result = run("countdown", "--die", "3", "--turns", "a,r,a,a", "--count-retrievals")
    assert result.stdout.startswith("the waters rise after turn 3 (the die showed 3)")
    assert run("countdown", "--die", "3", "--turns", "a,x").exit_code == 2
    assert run("countdown", "--die", "7").exit_code == 2


def test_score_forecast_plan(tmp_path: Path) -> None:
    from course_builder.vanuatu.state import Player

    state = board({**START, 2: island("efate", 2, dikes=["E"], huts=["red", "blue"]), 4: "B1",
                   8: island("A1", 3, huts=["red"])}, round=3, floods=[2],
                  players=[Player("red", 3, 0, 6), Player("blue", 3, 0, 7)])
    path = write(tmp_path, state.to_json())
    result = run("score", path)
    assert result.stdout.splitlines()[1:3] == [
        "  red: -8  (Efate on space 2 with 2 marker(s): 1 hut(s) x -3; A1 on space 8 with 3 "
        "marker(s): 1 hut(s) x -5)", "  blue: -3  (Efate on space 2 with 2 marker(s): 1 hut(s) "
        "x -3)"]
    forecast = json.loads(run("forecast", path, "--format", "json").stdout)
    assert forecast["floods"] == [4, 6, 8]
    assert [(i["space"], i["sinks_in"]) for i in forecast["islands"]] == [(2, 6), (8, 4)]
    plan = json.loads(run("plan", path, "--format", "json").stdout)
    assert plan["total"] == 5 and plan["feasible"]
    assert run("plan", path, "--keep", "2", "--format", "json").exit_code == 0
    result = run("plan", path, "--keep", "3")
    assert result.exit_code == 1 and "space 3 cannot be kept afloat: it is not an island" in \
        result.stderr
    assert run("plan", path, "--keep", "2", "--survive").exit_code == 2


@pytest.mark.parametrize(("content", "message"), [
    ("{", "game.json:1:2: not valid JSON: Expecting property name enclosed in double quotes"),
    ("[" * 100000, "game.json:1:17: not usable JSON: nested more than 16 deep"),
    ('{"round": ' + "9" * 5000 + "}", "game.json:1:11: not usable JSON: a number with more than"),
    ('{"round": NaN}', "game.json:1:11: not valid JSON: NaN is not a JSON number"),
    ('{"a": ' + "[" * 16 + "1" + "]" * 16 + "}", "game.json:1:22: not usable JSON: nested more "
     "than 16 deep"),
    ('{"spaces": {}, "round": "2"}', "game.json:1:25: round: expected a whole number from 1 to 8, "
     "got '2'"),
    ('{"spaces": {},\n "colour": 1}', "game.json:2:12: colour: unknown field (known: format,"),
    ("[]", "game.json:1:1: expected a board state (a JSON object), got []"),
])
def test_bad_state_files_are_one_line_errors(tmp_path: Path, content: str, message: str) -> None:
    path = write(tmp_path, content)
    result = run("show", path)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: " + str(Path(path).parent) + "/" + message)
    assert result.stderr.count("\n") == 1


def test_binary_and_huge_files(tmp_path: Path) -> None:
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    result = run("show", str(binary))
    assert result.exit_code == 1 and "not UTF-8 text" in result.stderr
    huge = tmp_path / "huge.json"
    huge.write_text(" " * 1_000_001)
    result = run("show", str(huge))
    assert result.exit_code == 1 and "larger than 1000000 bytes" in result.stderr
    missing = run("show", str(tmp_path / "missing.json"))
    assert missing.exit_code == 1
    assert missing.stderr == f"Error: {tmp_path / 'missing.json'}: no such file\n"


def test_state_from_stdin() -> None:
    state = run("setup", "--seed", "2", "--format", "json").stdout
    result = run("show", "-", stdin=state)
    assert result.exit_code == 0 and result.stdout.startswith("Vanuatu, round 1;")
    assert run("show", "-", stdin="{").stderr.startswith("Error: stdin:1:2: not valid JSON")


def test_rule_options_override_the_state(tmp_path: Path) -> None:
    crowded = {**START, 1: "B1", 4: "B2", 5: "C1", 8: island("A1"), 9: "C2", 10: "E1",
               11: island("D1"), 14: "E2", 15: "F1", 16: "F2"}
    path = write(tmp_path, board(crowded).to_json())
    assert run("place", path, "--tile", "D2", "--space", "13").exit_code == 0
    result = run("place", path, "--tile", "D2", "--space", "13", "--no-legal-space", "refuse")
    assert result.exit_code == 1 and "NO  VAN-05" in result.stdout


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_mutated_state_files_never_end_in_an_internal_error(tmp_path_factory, data) -> None:
    text = run("setup", "--seed", "4", "--players", "red,blue", "--format", "json").stdout
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 5))):
        i = data.draw(st.integers(0, len(chars) - 1))
        chars[i] = data.draw(st.sampled_from(list('{}[]":,0123456789aeftnrx -')))
    path = write(tmp_path_factory.mktemp("fuzz"), "".join(chars))
    for command in (["show", path], ["flood", path], ["plan", path, "--survive"]):
        result = run(*command)
        assert result.exit_code in (0, 1), result.output
        assert "Traceback" not in result.output and result.stderr.count("\n") <= 1


def test_a_misplaced_efate_is_one_line_naming_the_file_and_the_space(tmp_path: Path) -> None:
    path = write(tmp_path, {"spaces": {"8": {"tile": "efate"}}})
    result = run("show", path)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"Error: {path}:1:27: spaces.8.tile: Efate always lies on space 2, not on space 8 "
        "(rule SETUP)"]


def test_water_5_alone_is_a_submerged_island(tmp_path: Path) -> None:
    path = write(tmp_path, {"spaces": {"2": {"tile": "efate"}, "8": {"tile": "A1", "water": 5}}})
    result = run("show", path)
    assert result.exit_code == 0, result.output
    assert "8 A1: submerged" in result.stdout


def test_an_unknown_tile_lists_the_tiles_as_they_are_written(game: str) -> None:
    result = run("place", game, "--tile", "Z9")
    assert result.exit_code == 2
    assert ("'Z9' is not one of 'efate', 'start-fish', 'start-wreck', 'start-boat', 'A1', 'A2', "
            "'B1'") in result.output
    assert "'a1'" not in result.output
    assert run("place", game, "--tile", "a1").exit_code == 0  # any case is still read


def test_van_04_plan_under_the_limited_water_supply(tmp_path: Path) -> None:
    """``plan`` plans under the rulings in force: the state's or ``--water-supply`` (VAN-04)."""
    from course_builder.vanuatu.options import WaterSupply
    from tests.vanuatu.test_forecast_planner import issue_board

    unlimited = write(tmp_path, issue_board(WaterSupply.UNLIMITED).to_json())
    result = run("plan", unlimited)
    assert result.exit_code == 1 and "5 dikes needed but only 4 left" in result.stdout
    for args in ([write(tmp_path, issue_board(WaterSupply.LIMITED).to_json(), "limited.json")],
                 [unlimited, "--water-supply", "limited"]):
        result = run("plan", *args, "--format", "json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["total"] == 4


def test_rw_fifth_show_counts_water_towards_the_fifth_marker(game: str) -> None:
    """Rule sheet, "Rising Waters" (RW-FIFTH): the fifth marker submerges; "water 0/4" read as
    if four did."""
    result = run("show", game)
    assert "   2 Efate: water 0 of 5 (the 5th submerges); open sides E SW SE;" in result.stdout
    assert "/4" not in result.stdout
