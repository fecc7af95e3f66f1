"""Course generation: buoys, start/finish tile, arrows, routes (reference, "Building a Course")."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.core.hexgrid import Direction
from course_builder.powerboats.course.circles import forced_circles, route_over_land, sweeps
from course_builder.powerboats.course.codec import spec_from_json
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.model import CourseError
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.course.tile import start_tile_at
from course_builder.powerboats.course.validate import validate
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.lake.lakegen import random_lake
from tests.helpers import lake

# a 16 x 20 lake of open water; the start spot A4 is at the bottom with its side east
SQUARE = {"A1": ((3, 4), "E"), "A2": ((3, 15), "E"), "A3": ((12, 3), "E"), "A4": ((13, 8), "E")}


def arrows(course) -> list[str]:
    return [course.buoy(n).arrow.value for n in (1, 2, 3)]


def line_dirs(course) -> list[str]:
    return [line.direction.name for line in course.rounding_lines]


@pytest.fixture(scope="module")
def classic_maker():
    return CourseMaker(classic_board())


def test_start_finish_tile_runs_out_from_the_letter_side() -> None:
    board = lake(16, 20, SQUARE)
    course = CourseMaker(board).build("A", ("A4", "A2", "A1", "A3"))
    assert [h.offset for h in course.tile.hexes] == [(13, 9), (13, 10), (13, 11), (13, 12)]
    assert course.buoy("finish").hex.offset == (13, 13)
    assert course.buoy(0).hex.offset == (13, 8)
    assert course.tile.axis is Direction.E


def test_left_turns_all_round_counter_clockwise() -> None:
    """Tile -> top right -> top left -> bottom left -> tile: three left turns."""
    board = lake(16, 20, SQUARE)
    course = CourseMaker(board).build("A", ("A4", "A2", "A1", "A3"))
    assert arrows(course) == ["ccw", "ccw", "ccw"]
    assert line_dirs(course) == ["NE", "NW", "SW"]
    assert course.route.length == 41
    assert course.tile.start_direction is Direction.NE  # leaving north, towards buoy 1
    assert course.tile.finish_direction is Direction.SE


def test_right_turns_all_round_clockwise() -> None:
    board = lake(16, 20, SQUARE)
    course = CourseMaker(board).build("A", ("A4", "A3", "A1", "A2"))
    assert arrows(course) == ["cw", "cw", "cw"]
    assert line_dirs(course) == ["SW", "NW", "NE"]
    assert course.route.length == 41


def test_straight_pass_takes_the_side_of_its_line() -> None:
    """Buoy 2 lies on the straight line from buoy 1 to buoy 3; either arrow is fine, and the
    rounding line points to the side the boat passes on (COURSE-03)."""
    board = lake(16, 20, {"A1": ((8, 16), "E"), "A2": ((8, 10), "E"), "A3": ((8, 4), "E"),
                          "A4": ((13, 2), "E")})
    course = CourseMaker(board).build("A", ("A4", "A1", "A2", "A3"))
    assert arrows(course) == ["ccw", "ccw", "ccw"]
    # heading west past buoy 2 counter-clockwise: the boat passes north of it
    assert course.rounding_lines[1].direction is Direction.NW
    spec = spec_from_json(course.to_json())
    flipped = _with_arrow(course, 2, "cw")
    assert validate(spec, board).ok
    assert validate(flipped, board).ok  # a straight pass allows both arrows


def test_hairpin_allows_both_arrows() -> None:
    board = lake(16, 20, {"A1": ((2, 10), "E"), "A2": ((11, 11), "E"), "A3": ((6, 3), "E"),
                          "A4": ((13, 14), "W")})
    course = CourseMaker(board).build("A", ("A4", "A1", "A2", "A3"))
    for arrow in ("cw", "ccw"):
        # a laid-out course may leave the start and finish directions to the validator
        result = validate(_with_arrow(course, 1, arrow, free_sides=True), board)
        assert result.ok, [str(p) for p in result.problems]


def test_islands_between_buoy_and_route() -> None:
    """Rules: the buoy need not be approached closely; the rounding line runs through islands
    and the route crosses it beyond them (PB-22)."""
    land = {(2, 3), (2, 4), (3, 3), (2, 2)}
    board = lake(16, 20, SQUARE, land)
    course = CourseMaker(board).build("A", ("A4", "A2", "A1", "A3"))
    assert arrows(course) == ["ccw", "ccw", "ccw"]
    line = course.rounding_lines[1]
    assert [h.offset for h in line.hexes] == [(2, 3), (1, 3), (0, 2)]
    i = course.route.roundings[1]
    step = (course.route.hexes[i - 1].offset, course.route.hexes[i].offset)
    assert step == ((1, 4), (1, 3))  # crossed at the second line hex, beyond the island
    assert not route_over_land(board, course.route)


def test_wrong_arrow_is_rejected_naming_the_buoy() -> None:
    board = lake(16, 20, SQUARE)
    course = CourseMaker(board).build("A", ("A4", "A2", "A1", "A3"))
    result = validate(_with_arrow(course, 2, "cw"), board)
    assert [str(p) for p in result.problems] == [
        "buoy 2: arrow cw forces a complete circle: the shortest route sweeps 461 degrees round "
        "the buoy; ccw would not (narrative, \"Building a Course\"; COURSE-06)"
    ]


def test_the_route_with_a_wrong_arrow_circles_the_buoy() -> None:
    """The dip across the line is no rounding (COURSE-04): the route must go all the way round."""
    from course_builder.powerboats.course.arrows import rounding_lines, route

    board = lake(16, 20, SQUARE)
    maker = CourseMaker(board)
    course = maker.build("A", ("A4", "A2", "A1", "A3"))
    spots = [board.spot(s) for s in course.assignment]
    frame = maker.frame(spots, course.tile.hexes, course.buoy("finish").hex)
    wrong = (Sense.CCW, Sense.CW, Sense.CCW)
    result = route(frame, rounding_lines(frame, wrong), wrong)
    assert result.route.length > course.route.length
    assert forced_circles(result.route, frame.buoys) == [2]
    assert abs(sweeps(result.route, frame.buoys)[1]) >= 360


def test_assignment_and_enumeration(classic_maker) -> None:
    course = classic_maker.generate("A", 5, assign="A3,A1,A2,A4")
    assert course.assignment == ("A3", "A1", "A2", "A4")
    orders = classic_maker.enumerate("B")
    assert len(orders) == 24
    assert len({o for o, _ in orders}) == 24
    assert all(not isinstance(c, str) for _, c in orders)
    with pytest.raises(CourseError, match="--assign needs the four A spots"):
        classic_maker.generate("A", 5, assign="A3,A1,A2")
    with pytest.raises(CourseError, match="--assign needs the four A spots"):
        classic_maker.generate("A", 5, assign="A3,A1,A2,B1")


def test_a_spot_where_the_tile_does_not_fit_is_reported() -> None:
    # A4's letter faces west, straight into the lake's edge two hexes away
    board = lake(16, 20, {**SQUARE, "A4": ((13, 1), "W")})
    maker = CourseMaker(board)
    with pytest.raises(CourseError, match=r"spot A4 cannot take buoy 0: hex 2 of the start/finish "
                       r"tile would be off the lake"):
        maker.build("A", ("A4", "A1", "A2", "A3"))
    course = maker.generate("A", 1)
    assert course.buoy(0).spot != "A4"
    assert "spot A4 cannot take buoy 0: hex 2 of the start/finish tile would be off the lake" in (
        course.notes)


def test_finish_buoy_on_water_option() -> None:
    """COURSE-01: on the classic lake C3's side leaves exactly 4 water hexes."""
    board = classic_board()
    spot = board.spot("C3")
    assert start_tile_at(board, spot).problem is None
    strict = start_tile_at(board, spot, finish_on_water=True)
    assert strict.problem == ("the finish buoy's hex (5, 11) is land (option "
                              "finish_buoy_on_water)")


def test_same_seed_same_course(classic_maker) -> None:
    a = classic_maker.generate("C", 77, expansion=True).to_json()
    b = CourseMaker(classic_board()).generate("C", 77, expansion=True).to_json()
    assert a == b
    assert classic_maker.generate("C", 78, expansion=True).to_json() != a


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from("ABC"))
def test_generated_courses_are_legal(seed: int, race: str) -> None:
    maker = _MAKER
    course = maker.generate(race, seed)
    assert [b.spot[0] for b in course.buoys[:4]] == [race] * 4
    # a crossing left in the route is one no arrow can undo (validate checks every flip)
    assert validate(spec_from_json(json.loads(json.dumps(course.to_json()))), maker.board).ok


_MAKER = CourseMaker(classic_board())


@pytest.mark.parametrize("race", ["A", "B", "C"])
@pytest.mark.parametrize("expansion", [False, True])
def test_many_classic_seeds_validate(race: str, expansion: bool) -> None:
    """Every generated course passes validation after a JSON round trip (the full 1,000-seed
    run is benchmarks/soak_courses.py)."""
    board = _MAKER.board
    for seed in range(60):
        course = _MAKER.generate(race, seed, expansion=expansion)
        data = json.loads(json.dumps(course.to_json()))
        result = validate(spec_from_json(data), board)
        assert result.ok, (seed, [str(p) for p in result.problems])
        assert result.course.route == course.route


@pytest.mark.parametrize("lake_seed", range(8))
def test_random_lakes_give_legal_courses(lake_seed: int) -> None:
    board = random_lake(lake_seed)
    maker = CourseMaker(board)
    for race in "ABC":
        course = maker.generate(race, lake_seed, expansion=lake_seed % 2 == 0)
        result = validate(spec_from_json(json.loads(json.dumps(course.to_json()))), board)
        assert result.ok, [str(p) for p in result.problems]


def _with_arrow(course, number: int, arrow: str, free_sides: bool = False):
    data = course.to_json()
    if free_sides:
        del data["start_finish_tile"]["start_direction"]
        del data["start_finish_tile"]["finish_direction"]
    for b in data["buoys"]:
        if b["number"] == number:
            b["arrow"] = arrow
    return spec_from_json(data)


def test_route_hexes_are_water_and_connected(classic_maker) -> None:
    course = classic_maker.generate("B", 9)
    hexes = course.route.hexes
    board = classic_maker.board
    assert all(board.is_water(h) for h in hexes)
    assert all(a.distance(b) == 1 for a, b in itertools.pairwise(hexes))
    assert not set(hexes) & {b.hex for b in course.buoys}
    assert hexes[0] in course.tile.hexes and hexes[-1] in course.tile.hexes
    assert len(course.route.roundings) == 3
