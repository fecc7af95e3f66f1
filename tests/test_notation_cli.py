"""Notation errors point at the bad part; the adjudicate and moves commands; position JSON."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.powerboats.play.notation import (
    NotationError,
    parse_move,
    parse_position,
    position_from_json,
)
from course_builder.powerboats.play.rules import Rules, start_damage

COURSE = "classic:A:A1,A2cw,A4cw,A3cw:E,E"
POSITION = f"{COURSE} | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | yellow 2"


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty move: expected e.g. '+r2/13R' (change, re-rolls, rolled values, turn)"),
    ("+r2/13", "move '+r2/13': it must end with the turn L, S or R"),
    ("+r2/14R", "move '+r2/14R': unexpected '4' at column 6 (dice values are 1, 2 or 3)"),
    ("++R", "move '++R': expected [+ | -N | =][rVALUES][/ROLLED](L|S|R), e.g. '+r2/13R', "
            "'-3S', 'L'"),
])
def test_bad_moves(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert str(info.value) == message


@pytest.mark.parametrize(("text", "message"), [
    ("nonsense", "position: expected 'COURSE | BOATS | COLOUR TURN [| RULES]' (3 or 4 parts split by "
     "'|'), got 1 part(s)"),
    (POSITION.replace("yellow 8,12 E", "yellow 8-12 E"),
     "position: boat 1 ('yellow 8-12 E 32 d0 n1'): hex '8-12' must be ROW,COL"),
    (POSITION.replace("32 d0", "34 d0"),
     "position: boat 1 ('yellow 8,12 E 34 d0 n1'): dice '34' must be digits 1-3 or '-'"),
    (POSITION.replace("n1 ;", "n5 ;"),
     "position: boat 1 ('yellow 8,12 E 32 d0 n5'): next buoy 'n5' must be n1, n2, n3 or nF"),
    (POSITION.replace("| yellow 2", "| blue 2"),
     "position: 'blue' is to move but has no boat (boats: yellow, red)"),
    (POSITION.replace("red 7,13", "red 8,12"), "position: red and yellow share the hex (8, 12)"),
    (POSITION.replace("A2cw", "A2up"),
     "course 'classic:A:A1,A2up,A4cw,A3cw:E,E': buoy 1 'A2up' must be a spot and an arrow, e.g. "
     "A1cw or A2ccw"),
])
def test_bad_positions(text: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert str(info.value) == message


def test_position_json_round_trip() -> None:
    position = parse_position(POSITION, Rules(finished_boats_block=True))
    data = json.loads(json.dumps(position.to_json()))
    again = position_from_json(data)
    assert again.boats == position.boats and again.race.rules.finished_boats_block
    assert data["notation"] == POSITION + " | finished-boats-block=yes"  # it carries its rules
    carried = parse_position(data["notation"])
    assert carried.race.rules == Rules(finished_boats_block=True)
    assert parse_position(data["notation"], Rules(finished_boats_block=True)) == carried
    with pytest.raises(NotationError, match="carries the rules 'finished-boats-block=yes'"):
        parse_position(data["notation"], Rules(zero_dice_turn=False))


def test_start_damage_options() -> None:
    """MOVE-09: damage in race A only; then what races B and C start with."""
    assert start_damage([2], Rules()) == 1
    assert start_damage([2, 0], Rules()) == 1
    assert start_damage([2, 0], Rules(damage_carry="one-per-race")) == 2
    assert start_damage([0, 0], Rules(damage_carry="one-per-race")) == 0
    assert start_damage([1, 3], Rules()) == 2


def test_adjudicate_command() -> None:
    runner = CliRunner()
    ok = runner.invoke(cli, ["powerboats", "adjudicate", POSITION, "--move",
                             "+r2/13R"])
    assert ok.exit_code == 0, ok.output
    lines = ok.stdout.splitlines()
    assert lines[0] == ('1. dice: yellow holds 3-2, adds a die, re-rolls 2, rolls 1-3 -> 3-1-3 = '
                        '7 (reference, "Rolling Dice")')
    assert lines[-1].startswith(f"position: {COURSE} | yellow ")
    illegal = runner.invoke(cli, ["powerboats", "adjudicate", POSITION, "--move",
                                  "+r2/13L"])
    assert illegal.exit_code == 4  # an illegal move: a verdict, not bad input
    assert illegal.stdout.splitlines() == [
        '1. dice: yellow holds 3-2, adds a die, re-rolls 2, rolls 1-3 -> 3-1-3 = 7 (reference, '
        '"Rolling Dice")',
        "2. headings: left NE: 3 water, then a crash; straight E: 4 water, then a crash; right "
        "SE: 5 water, then a crash (other boats do not count, MOVE-01)",
        "illegal: yellow may not go left: every heading crashes, so the one with the longest "
        "straight path through water is required (reference, \"Turning Your Speedboat\") "
        "(legal: right)"]
    verdict = json.loads(runner.invoke(cli, ["powerboats", "adjudicate", POSITION,
                                             "--move", "+r2/13L", "--format", "json"]).stdout)
    assert verdict["legal"] is False and verdict["legal_alternatives"] == ["right"]
    assert verdict["reason"].startswith("yellow may not go left: every heading crashes")
    assert len(verdict["trace"]) == 2 and verdict["position"] == POSITION
    bad = runner.invoke(cli, ["powerboats", "adjudicate", POSITION, "--move", "Q"])
    assert bad.exit_code == 1
    data = json.loads(runner.invoke(cli, ["powerboats", "adjudicate", POSITION,
                                          "--move", "+r2/13R", "--format", "json"]).stdout)
    assert data["legal"] and data["crash"] and data["damage"] == 2 and data["heading"] == "SE"
    assert data["path"][0] == [8, 12]


def test_moves_command(tmp_path) -> None:
    runner = CliRunner()
    file = tmp_path / "position.txt"
    file.write_text(POSITION + "\n")
    result = runner.invoke(cli, ["powerboats", "moves", str(file), "--dice",
                                 "3,1,3", "--format", "json"])
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)
    assert [(o["turn"], o["legal"], o["free"]) for o in options] == [
        ("L", False, 3), ("S", False, 4), ("R", True, 5)]
    bad = runner.invoke(cli, ["powerboats", "moves", str(file), "--dice", "4"])
    assert bad.exit_code == 2


def _course_with_a_tile_off_its_spot(tmp_path):
    """Race A of seed 1 with Expansion 1, its maelstrom at C3 laid one column east of where
    the placement rule puts it (a table whose tile lies slightly wrong)."""
    course = json.loads(CliRunner().invoke(cli, ["powerboats", "course", "--race", "A", "--seed",
                                                 "1", "--expansion", "--format", "json"]).stdout)
    tile = next(t for t in course["expansion_tiles"] if t["spot"] == "C3")
    assert tile["hexes"] == [[9, 13], [8, 12], [7, 12]] and tile["kind"] == "maelstrom"
    tile["hexes"] = [[r, c + 1] for r, c in tile["hexes"]]
    path = tmp_path / "laid.json"
    path.write_text(json.dumps(course))
    return path


def test_moves_are_judged_on_expansion_tiles_as_laid_with_a_warning_course19(tmp_path) -> None:
    """COURSE-19: `adjudicate` and `moves` judge the move on the tiles as laid (here a
    maelstrom one hex off its spot turns the boat), with one warning line naming what
    `validate` refuses; `--strict-course` refuses the course as before."""
    path = _course_with_a_tile_off_its_spot(tmp_path)
    position = f"@{path} | yellow 8,12 E - d0 n1 | yellow 1"
    runner = CliRunner()
    judged = runner.invoke(cli, ["powerboats", "adjudicate", position, "--move", "+/1S"])
    assert judged.exit_code == 0, judged.output
    assert judged.stderr == (
        f"warning: course '@{path}': judged on the expansion tiles as laid; `validate` would "
        "refuse the course: maelstrom tile at C3: must run straight out from the side of C3's "
        "letter: (9, 13), (8, 12), (7, 12) (expansion, \"Preparation\")\n")
    assert "5. a Maelstrom at (8, 13) turns it counter-clockwise to NE" in judged.stdout
    assert judged.stdout.splitlines()[-1] == f"position: @{path} | yellow 8,13 NE 1 d0 n1 | yellow 2"
    preview = runner.invoke(cli, ["powerboats", "moves", position, "--dice", "1", "--format",
                                  "json"])
    assert preview.exit_code == 0 and preview.stderr.startswith("warning: course ")
    assert json.loads(preview.stdout)[1]["path"] == [[8, 13]]
    for command in (["adjudicate", "--move", "+/1S"], ["moves", "--dice", "1"]):
        strict = runner.invoke(cli, ["powerboats", *command, position, "--strict-course"])
        assert strict.exit_code == 1 and "is not legal: maelstrom tile at C3" in strict.stderr
    refused = runner.invoke(cli, ["powerboats", "validate", str(path)])
    assert refused.exit_code == 1


def test_tiles_that_cannot_lie_where_they_are_are_still_refused_course19(tmp_path) -> None:
    """COURSE-19 forgives only the placement rule: a tile on land is no tile to judge on."""
    path = _course_with_a_tile_off_its_spot(tmp_path)
    course = json.loads(path.read_text())
    tile = next(t for t in course["expansion_tiles"] if t["spot"] == "C3")
    tile["hexes"] = [[9, 12], [8, 11], [7, 11]]
    path.write_text(json.dumps(course))
    result = CliRunner().invoke(cli, ["powerboats", "moves",
                                      f"@{path} | yellow 8,13 E - d0 n1 | yellow 1", "--dice", "1"])
    assert result.exit_code == 1 and "is not legal" in result.stderr


def test_position_files_name_the_line_column_and_field(tmp_path) -> None:
    """A position file's JSON is read as every JSON file is (docs/json.md): the message names the
    file, the line and column of the bad value (comment lines counted) and its path, down into
    the course it holds; a course file an ``@reference`` names is named itself."""
    data = parse_position(POSITION).to_json()
    data["boats"][1]["dice"] = [2, 4]
    text = json.dumps(data, indent=1)
    path = tmp_path / "position.json"
    path.write_text("# the dispute of tonight\n#\n" + text)
    result = CliRunner().invoke(cli, ["powerboats", "moves", str(path), "--dice", "1"])
    at = text.index("4", text.index('"dice": [\n    2'))
    line = text[:at].count("\n") + 3
    col = at - text.rfind("\n", 0, at)
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {path}:{line}:{col}: boats[1].dice[1]: expected a whole "
                             "number from 1 to 3, got 4\n")
    data["boats"][1]["dice"] = []
    data["course"]["race"] = "Z"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["powerboats", "moves", str(path), "--dice", "1"])
    assert result.stderr.startswith(f"Error: {path}:1:")
    assert result.stderr.endswith(": course.race: expected one of A, B, C, got 'Z'\n")
    course = tmp_path / "course.json"
    course.write_text(json.dumps({**data["course"], "race": "A", "seed": -1}, indent=1))
    result = CliRunner().invoke(cli, ["powerboats", "moves",
                                      f"@{course} | yellow 8,12 E 32 d0 n1 | yellow 2", "--dice",
                                      "1"])
    assert result.exit_code == 1 and result.stderr == (
        f"Error: {course}:5:10: seed: expected a whole number from 0 to 9223372036854775807 or "
        "null, got -1\n")


def test_a_broken_json_file_is_placed_alike_by_every_command_that_reads_it(tmp_path) -> None:
    """validate reads a course file, moves a position file and par either: the same broken text
    is refused at the same line and column by all three (the text is not cut at other line
    breaks than JSON's, its last newline kept), exit 1."""
    path = tmp_path / "broken.json"
    path.write_text('{"race": "A",\n')
    runner = CliRunner()
    validate = runner.invoke(cli, ["powerboats", "validate", str(path)])
    assert validate.exit_code == 1
    assert validate.stdout == (f"{path}:2:1: not valid JSON: Expecting property name enclosed in "
                               "double quotes\n")
    for args in (["moves", str(path), "--dice", "1"], ["par", str(path)]):
        result = runner.invoke(cli, ["powerboats", *args])
        assert result.exit_code == 1 and result.stderr == f"Error: {validate.stdout}", args


def test_par_reads_a_position_file_with_comment_lines_inside_its_json(tmp_path) -> None:
    """par's argument is a course file or a position file; a position's JSON may hold comment
    lines anywhere (docs/notation.md), not only above it."""
    lines = json.dumps(parse_position(POSITION).to_json(), indent=1).split("\n")
    path = tmp_path / "position.json"
    path.write_text("\n".join([*lines[:3], "  # the dispute of tonight", *lines[3:]]))
    result = CliRunner().invoke(cli, ["powerboats", "par", str(path), "--dice-cap", "1",
                                      "--tolerance", "0.1", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["position"] == POSITION
