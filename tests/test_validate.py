"""Validating laid-out courses: every problem, one line each, naming the piece concerned."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.powerboats.course.codec import spec_from_json
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.model import CourseError
from course_builder.powerboats.course.validate import validate
from tests.helpers import lake

SQUARE = {"A1": ((3, 4), "E"), "A2": ((3, 15), "E"), "A3": ((12, 3), "E"), "A4": ((13, 8), "E"),
          "B1": ((8, 12), "E"), "C1": ((6, 6), "E")}
BOARD = lake(16, 20, SQUARE, land={(6, 6)})


def laid_out(**changes) -> dict:
    """A legal hand-laid course on BOARD (no derived data), with changes."""
    data = {
        "race": "A",
        "board": {"board": "test"},
        "buoys": [
            {"number": 0, "spot": "A4"},
            {"number": 1, "spot": "A2", "arrow": "ccw"},
            {"number": 2, "spot": "A1", "arrow": "ccw"},
            {"number": 3, "spot": "A3", "arrow": "ccw"},
        ],
    }
    data.update(changes)
    return data


def problems(data: dict) -> list[str]:
    return [str(p) for p in validate(spec_from_json(data), BOARD).problems]


def test_legal_course_gives_the_full_course() -> None:
    result = validate(spec_from_json(laid_out()), BOARD)
    assert result.ok
    assert result.course.route.length == 41
    assert [b.hex.offset for b in result.course.buoys] == [(13, 8), (3, 15), (3, 4), (12, 3),
                                                           (13, 13)]


def test_buoy_on_a_spot_of_another_race() -> None:
    data = laid_out()
    data["buoys"][2]["spot"] = "B1"
    assert problems(data) == [
        "buoy 2: stands on B1, but race A uses the A spots (reference, \"Building a Course\")"]


def test_two_buoys_on_one_spot_and_an_unknown_spot() -> None:
    data = laid_out()
    data["buoys"][2]["spot"] = "A2"
    data["buoys"][3]["spot"] = "A9"
    assert problems(data) == ["buoy 2: spot A2 already holds buoy 1",
                              "buoy 3: the board has no spot A9"]


def test_missing_arrow() -> None:
    data = laid_out()
    del data["buoys"][3]["arrow"]
    assert problems(data) == ["buoy 3: has no arrow: give 'cw' or 'ccw'"]


def test_tile_that_does_not_fit() -> None:
    board = lake(16, 20, {**SQUARE, "A4": ((13, 1), "W")}, land={(6, 6)})
    result = validate(spec_from_json(laid_out()), board)
    assert [str(p) for p in result.problems] == [
        "start/finish tile: does not fit at A4: hex 2 of the start/finish tile would be off the "
        "lake"]


def test_wrong_finish_buoy_and_tile_positions() -> None:
    data = laid_out(start_finish_tile={"hexes": [[12, 9], [12, 10], [12, 11], [12, 12]]})
    data["buoys"].append({"number": "finish", "hex": [13, 14]})
    assert problems(data) == [
        "start/finish tile: must run straight out from the side of A4's letter: (13, 9), "
        "(13, 10), (13, 11), (13, 12)",
        "finish buoy: stands at (13, 14), but belongs on the hex past the tile's far end, "
        "(13, 13)",
    ]


def test_start_direction_along_the_tile() -> None:
    data = laid_out(start_finish_tile={"start_direction": "W", "finish_direction": "SE"})
    assert problems(data) == [
        "start/finish tile: the start direction W runs along the tile (E-W), it does not cross it"]


def test_wrong_arrow_names_the_buoy() -> None:
    data = laid_out()
    data["buoys"][1]["arrow"] = "cw"
    assert problems(data) == [
        "buoy 1: arrow cw forces a complete circle: the shortest route sweeps 420 degrees round "
        "the buoy; ccw would not (narrative, \"Building a Course\"; COURSE-06)"]


def test_unreachable_buoy() -> None:
    """An island ring round a buoy is no obstacle (its line runs on beyond the ring), but a
    shore cutting the lake in two is: buoys 1 and 2 lie north of it, the tile south."""
    wall = {(7, c) for c in range(20)}
    board = lake(16, 20, SQUARE, land={(6, 6)} | wall)
    result = validate(spec_from_json(laid_out()), board)
    assert [str(p) for p in result.problems] == [
        "buoy 1: cannot be rounded counter-clockwise: no water route crosses its rounding line "
        "that way"]


def test_expansion_tile_problems() -> None:
    data = laid_out(expansion_tiles=[
        {"kind": "redoubt", "spot": "C1", "hexes": [[6, 7], [6, 8], [6, 9]]},
        {"kind": "maelstrom", "spot": "B1", "hexes": [[6, 9], [6, 10], [6, 11]], "sense": "cw"},
        {"kind": "current", "spot": "A1", "hexes": [[3, 5], [3, 6], [13, 9]], "flow": "E"},
        {"kind": "low-water", "spot": "B1", "hexes": [[5, 5], [6, 6], [7, 6]],
         "rocks": [1, 2, 3]},
    ])
    assert problems(data) == [
        "redoubt tile at C1: hex (6, 9) is under the maelstrom tile at B1",
        "maelstrom tile at B1: must run straight out from the side of B1's letter: (8, 13), "
        "(8, 14), (8, 15) (expansion, \"Preparation\")",
        "maelstrom tile at B1: hex (6, 9) is under the redoubt tile at C1",
        "current tile at A1: stands on a A spot, which race A uses for buoys (expansion, "
        "\"Preparation\")",
        "current tile at A1: must run straight out from the side of A1's letter: (3, 5), (3, 6), "
        "(3, 7) (expansion, \"Preparation\")",
        "current tile at A1: hex (13, 9) holds a buoy or lies under the start/finish tile",
        "low-water tile at B1: must run straight out from the side of B1's letter: (8, 13), "
        "(8, 14), (8, 15) (expansion, \"Preparation\")",
        "low-water tile at B1: hex (6, 6) is land or off the lake",
        "low-water tile at B1: spot B1 already holds the maelstrom tile",
    ]


@pytest.mark.parametrize(("data", "message"), [
    ([], "expected a course (a JSON object), got []"),
    ({"race": "D"}, "race: expected one of A, B, C, got 'D'"),
    ({"race": "A", "buoys": [{"number": 7}]}, "buoys[0].number: expected 0, 1, 2, 3 or 'finish', got 7"),
    ({"race": "A", "buoys": [{"number": 0, "spot": "A1", "hex": [1]}]},
     "buoys[0].hex: expected [row, col], two whole numbers, got [1]"),
    ({"race": "A", "buoys": [{"number": 0, "spot": "A1"}]}, "buoys: buoy 1 is missing"),
    (laid_out(version=9), "version: this program reads version 1, got 9"),
    (laid_out(start_finish_tile={"start_direction": "N"}),
     "start_finish_tile.start_direction: expected a direction E, NE, NW, W, SW or SE, got 'N'"),
])
def test_bad_course_files(data, message: str) -> None:
    with pytest.raises(CourseError) as info:
        spec_from_json(data)
    assert str(info.value) == message


def test_round_trip_course_json_validate() -> None:
    course = CourseMaker(BOARD).build("A", ("A4", "A2", "A1", "A3"), expansion=True)
    data = json.loads(json.dumps(course.to_json()))
    result = validate(spec_from_json(data), BOARD)
    assert result.ok
    assert result.course.to_json()["buoys"] == data["buoys"]
    assert result.course.route.hexes == course.route.hexes


def test_validate_command(tmp_path) -> None:
    runner = CliRunner()
    out = tmp_path / "course.json"
    made = runner.invoke(cli, ["powerboats", "course", "--race", "B", "--seed", "12",
                               "--format", "json", "-o", str(out)])
    assert made.exit_code == 0, made.output
    ok = runner.invoke(cli, ["powerboats", "validate", str(out)])
    assert ok.exit_code == 0
    assert ok.stdout.startswith(f"{out}: ok: race B course, shortest legal route ")
    data = json.loads(out.read_text())
    for b in data["buoys"]:
        if b["number"] == 0:
            b["spot"] = "A1"
        if b["number"] == 2:
            b["arrow"] = "up"
    text = json.dumps(data, indent=1)
    out.write_text(text)
    bad = runner.invoke(cli, ["powerboats", "validate", str(out)])
    assert bad.exit_code == 1
    line = text[:text.index('"up"')].count("\n") + 1  # the message says where the value stands
    col = text.index('"up"') - text.rfind("\n", 0, text.index('"up"'))
    assert bad.stdout == (f"{out}:{line}:{col}: buoys[2].arrow: expected an arrow, 'cw' or "
                          "'ccw', got 'up'\n")
    data["buoys"][2]["arrow"] = "cw"
    out.write_text(json.dumps(data))
    bad = runner.invoke(cli, ["powerboats", "validate", str(out)])
    assert bad.exit_code == 1
    assert bad.stdout.splitlines()[0] == (
        f"{out}: buoy 0: stands on A1, but race B uses the B spots (reference, \"Building a "
        "Course\")")


def test_expansion_tiles_may_be_given_by_their_spot_alone(tmp_path) -> None:
    """docs/course-format.md: a hand-laid course gives what is on the table and "everything else
    is recomputed"; a tile given by its spot is laid from it as a course code lays it (expansion,
    "Preparation"; COURSE-09 for a shifted tile). Before, `validate` refused such a file with "a
    tile has exactly 3 hexes" (while `sheet --course` accepted it)."""
    from course_builder.powerboats.course.load import load_course

    runner = CliRunner()
    out = tmp_path / "course.json"
    made = runner.invoke(cli, ["powerboats", "course", "--race", "B", "--seed", "0",
                               "--expansion", "--format", "json", "-o", str(out)])
    assert made.exit_code == 0, made.output
    full = json.loads(out.read_text())
    assert any(t.get("shifted") for t in full["expansion_tiles"])  # both ways of laying
    by_spot = {**full, "expansion_tiles": [{k: v for k, v in t.items() if k != "hexes"}
                                           for t in full["expansion_tiles"]]}
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(by_spot))
    ok = runner.invoke(cli, ["powerboats", "validate", str(hand)])
    assert ok.exit_code == 0, ok.output
    assert ok.stdout == (f"{hand}: ok: race B course, shortest legal route "
                         f"{full['route']['length']} hexes\n")
    _, course = load_course(by_spot)
    assert [t.to_json() for t in course.expansion_tiles] == full["expansion_tiles"]
    by_spot["expansion_tiles"][0] = {"kind": "redoubt", "spot": "Z9"}
    hand.write_text(json.dumps(by_spot))
    bad = runner.invoke(cli, ["powerboats", "validate", str(hand)])
    assert bad.exit_code == 1 and bad.stdout.endswith(
        "expansion_tiles[0].spot: the board has no spot Z9\n")
    by_spot["expansion_tiles"][0] = {"kind": "redoubt"}
    with pytest.raises(CourseError, match=r"^expansion_tiles\[0\].spot: missing \(a tile gives "
                       r"its spot, its hexes or both\)$"):
        load_course(by_spot)
