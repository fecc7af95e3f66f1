"""The one-line course code: lake arrangement, expansion tiles, round trips, one-line errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.core.hexgrid import from_offset
from course_builder.core.values import replace
from course_builder.powerboats.course.code import (
    CourseCodeError,
    course_code,
    course_code_data,
)
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.laying import tile_hexes
from course_builder.powerboats.course.load import load_course
from course_builder.powerboats.lake.board import BoardError
from course_builder.powerboats.lake.catalog import BoardChoice, Catalog, classic_board
from course_builder.powerboats.lake.lakegen import LakeParams

CATALOG = Catalog()


def _round_trip(board, course) -> str:
    code = course_code(course, board)
    board2, course2 = load_course(course_code_data(code), CATALOG)
    assert course_code(course2, board2) == code
    assert course_code(course2) == code  # without the board: the same when tiles follow spots
    assert course2.buoys == course.buoys and course2.tile == course.tile
    assert course2.expansion_tiles == course.expansion_tiles
    assert course2.rounding_lines == course.rounding_lines and course2.route == course.route
    assert board2.source.arrangement == board.source.arrangement
    return code


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), race=st.sampled_from("ABC"), expansion=st.booleans(),
       shuffle=st.booleans(), rotate=st.booleans())
def test_code_course_code_round_trip(seed, race, expansion, shuffle, rotate) -> None:
    choice = BoardChoice("classic", shuffle_tiles=shuffle, rotate_tiles=shuffle and rotate)
    board = CATALOG.make(choice, seed)
    course = CourseMaker(board).generate(race, seed, expansion=expansion)
    code = _round_trip(board, course)
    assert ("@" in code.split(":")[0]) == (board.source.arrangement != classic_board()
                                           .source.arrangement)
    assert (len(code.split(":")) == 5) == bool(course.expansion_tiles)


def test_an_example_code_in_full() -> None:
    board = CATALOG.make(BoardChoice("classic", shuffle_tiles=True, rotate_tiles=True), 0)
    course = CourseMaker(board).generate("C", 0, expansion=True)
    assert _round_trip(board, course) == (
        "classic@3dr,5d,6dr,2dr,4d,1dr:C:C2,C3ccw,C4ccw,C1ccw:SW,SW:"
        "A4=Csw,B2=R,A3=L213,B1=R,A1=Ce,B3=Mccw,B4=Mcw")


def test_shifted_tile_carries_its_mark() -> None:
    board = classic_board()
    course = CourseMaker(board).generate("B", 4, expansion=True)  # C3 is laid over its letter
    code = _round_trip(board, course)
    assert "C3=Cse^" in code.split(":")[4].split(",")
    shifted = next(t for t in course.expansion_tiles if t.spot == "C3")
    assert tile_hexes(board, "C3", shifted=True) == shifted.hexes


def test_old_codes_keep_their_meaning() -> None:
    data = course_code_data("classic:A:A3,A1cw,A2cw,A4ccw:NE,W")
    assert data == {"race": "A", "board": {"board": "classic"},
                    "buoys": [{"number": 0, "spot": "A3"},
                              {"number": 1, "spot": "A1", "arrow": "cw"},
                              {"number": 2, "spot": "A2", "arrow": "cw"},
                              {"number": 3, "spot": "A4", "arrow": "ccw"}],
                    "start_finish_tile": {"start_direction": "NE", "finish_direction": "W"}}


def test_random_lake_in_the_code() -> None:
    board = CATALOG.make(BoardChoice("random", lake=LakeParams(12, 8, 0.12)), 7)
    course = CourseMaker(board).generate("A", 7)
    code = _round_trip(board, course)
    assert code.startswith("random@7,12x8,0.12:A:")


def test_a_tile_off_its_spot_gets_its_hexes() -> None:
    """Only a hand-made course can have a tile where its spot does not put it: with the board the
    code then lists its hexes, and reads back to the same tile."""
    board = classic_board()
    course = CourseMaker(board).generate("B", 4, expansion=True)
    tile = course.expansion_tiles[0]
    moved = replace(tile, hexes=tuple(reversed(tile.hexes)))
    odd = replace(course, expansion_tiles=(moved, *course.expansion_tiles[1:]))
    code = course_code(odd, board)
    rows = "-".join(f"{r}.{c}" for r, c in (h.offset for h in moved.hexes))
    assert code.split(":")[4].split(",")[0] == f"{tile.spot}=Mccw@{rows}"
    data = course_code_data(code)
    assert data["expansion_tiles"][0]["hexes"] == [list(h.offset) for h in moved.hexes]


@pytest.mark.parametrize(("code", "message"), [
    ("classic:A:A3,A1cw", "course 'classic:A:A3,A1cw': expected LAKE:RACE:SPOTS:START,FINISH"
                          "[:TILES], e.g. 'classic:A:A3,A4ccw,A1cw,A2cw:E,SW', or @course.json"),
    ("classic:D:A3,A4ccw,A1cw,A2cw:E,SW", "course 'classic:D:A3,A4ccw,A1cw,A2cw:E,SW': race 'D' "
                                          "(column 9): expected A, B or C"),
    ("classic:A:A3,A4ccw,A1cw,A2cw:E,UP", "course 'classic:A:A3,A4ccw,A1cw,A2cw:E,UP': "
                                           "direction 'UP' (column 32): expected E, NE, NW, W, "
                                           "SW or SE"),
    ("classic@1d,2x:A:A3,A4ccw,A1cw,A2cw:E,SW", "course 'classic@1d,2x:A:A3,A4ccw,A1cw,A2cw:E,SW'"
                                                ": lake tile '2x' (column 12): expected a tile "
                                                "code such as 1d (tile 1, dark side up) or 6dr "
                                                "(turned by 180 degrees)"),
    ("classic:A:A3,A4ccw,A1cw,A2cw:E,SW:B1=Cup", "course 'classic:A:A3,A4ccw,A1cw,A2cw:E,SW:B1="
                                                 "Cup': expansion tile 'B1=Cup' (column 35): a "
                                                 "current needs its flow: e, ne, nw, w, sw or "
                                                 "se, e.g. C1=Csw"),
    ("classic:A:A3,A4ccw,A1cw,A2cw:E,SW:B1=Q", "course 'classic:A:A3,A4ccw,A1cw,A2cw:E,SW:B1=Q'"
                                               ": expansion tile 'B1=Q' (column 35): the kind is "
                                               "R (redoubt), C (current), M (maelstrom) or L "
                                               "(low water)"),
    ("classic:A:A3,A4ccw,A1cw,A2cw:E,SW:B1=L124", "course 'classic:A:A3,A4ccw,A1cw,A2cw:E,SW:B1="
                                                  "L124': expansion tile 'B1=L124' (column 35): "
                                                  "low water needs 1, 2 or 3 rocks for each of "
                                                  "its 3 hexes, e.g. A2=L321"),
    ("classic:A:A3,A4ccw,A1cw,A2cw:E,SW:B1", "course 'classic:A:A3,A4ccw,A1cw,A2cw:E,SW:B1': "
                                             "expansion tile 'B1' (column 35): expected "
                                             "SPOT=KIND[EFFECT][^], e.g. C2=R, C1=Csw, A3=Mccw, "
                                             "A2=L321, C3=Cse^"),
    ("random@7:A:A1,A2cw,A3cw,A4cw:E,E", "course 'random@7:A:A1,A2cw,A3cw,A4cw:E,E': lake "
                                         "'random@7' (column 1): a random lake is "
                                         "random@SEED,ROWSxCOLS,DENSITY, e.g. random@7,12x8,0.12"),
])
def test_errors_are_one_line_and_point_at_the_part(code, message) -> None:
    with pytest.raises(CourseCodeError) as info:
        course_code_data(code)
    assert str(info.value) == message
    assert "\n" not in message


def test_a_lake_with_a_tile_twice_is_refused() -> None:
    with pytest.raises(BoardError, match="tile 1 is already laid"):
        load_course(course_code_data("classic@1d,1d,3d,4d,5d,6d:A:A3,A4ccw,A1cw,A2cw:E,SW"))


def test_tile_hexes_from_the_spot() -> None:
    board = classic_board()
    c1 = board.spot("C1")
    assert tile_hexes(board, "C1") == (c1.hex.neighbor(c1.side),
                                       c1.hex.neighbor(c1.side).neighbor(c1.side),
                                       c1.hex.neighbor(c1.side).neighbor(c1.side)
                                       .neighbor(c1.side))
    assert tile_hexes(board, "C3", shifted=True)[0] == board.spot("C3").hex
    assert from_offset(10, 13) == board.spot("C3").hex


def test_course_command_prints_the_code_in_text_and_json() -> None:
    import json

    from click.testing import CliRunner

    from course_builder.cli import cli

    runner = CliRunner()
    args = ["powerboats", "course", "--race", "B", "--seed", "4", "--expansion",
            "--shuffle-tiles", "--rotate-tiles"]
    text = runner.invoke(cli, args)
    data = json.loads(runner.invoke(cli, [*args, "--format", "json"]).stdout)
    line = next(x for x in text.stdout.splitlines() if x.startswith("Course code: "))
    code = line.removeprefix("Course code: ")
    assert data["code"] == code
    board, course = load_course(course_code_data(code), CATALOG)
    assert [t.to_json() for t in course.expansion_tiles] == data["expansion_tiles"]
    assert board.source.arrangement == data["board"]["arrangement"]
    assert "0. Lay the six lake tiles in the frame, dark side up" in text.stdout


def test_a_position_with_expansion_tiles_needs_no_file() -> None:
    from course_builder.powerboats.play.notation import parse_position

    board = classic_board()
    course = CourseMaker(board).generate("B", 4, expansion=True)
    text = f"{course_code(course)} | red 22,16 NE 31 d0 n1 | red 2"
    position = parse_position(text)
    assert position.race.course.expansion_tiles == course.expansion_tiles
    assert position.notation() == text


def test_the_codes_in_the_notation_doc_read_back() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "notation.md").read_text()
    block = doc.split("## Course codes")[1].split("```")[1]
    codes = [line for line in block.splitlines() if line.strip()]
    assert len(codes) == 3
    for code in codes:
        board, course = load_course(course_code_data(code), CATALOG)
        assert course_code(course, board) == code
