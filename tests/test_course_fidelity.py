"""Course and rounding fidelity, checked against the rule texts (issue: course and rounding
fidelity): a rounding is credited only for a net crossing of the buoy's line (COURSE-04); a
complete circle is judged by the angle a route sweeps (COURSE-06); expansion tiles keep off the
start/finish tile's lake section with every hex (COURSE-08); laid-out tiles follow the placement
rule (COURSE-09..COURSE-11); random lakes put buoys only where boats can go round them
(COURSE-13).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from course_builder.core.hexgrid import Direction, from_offset
from course_builder.core.values import replace
from course_builder.powerboats.course.arrows import CourseFrame, best_route
from course_builder.powerboats.course.audit import circle_faults, rounding_faults, section_faults
from course_builder.powerboats.course.circles import sweeps
from course_builder.powerboats.course.codec import spec_from_json
from course_builder.powerboats.course.expansion import expansion_sections
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.model import Course, Route
from course_builder.powerboats.course.rounding import Sense, line_to_edge
from course_builder.powerboats.course.routing import NoRoute, shortest_route
from course_builder.powerboats.course.validate import validate
from course_builder.powerboats.lake.board import Board, BoardSource, Section, Spot
from course_builder.powerboats.lake.catalog import board_from_source, classic_board
from course_builder.powerboats.lake.lakegen import encircled, shore_bound

DATA = Path(__file__).parent / "data"


def old_lake(seed: int) -> Board:
    """A random lake as the generator made it before COURSE-13 (stored: the generator changed)."""
    d = json.loads((DATA / f"old-random-lake-{seed}.json").read_text())
    spots = [Spot(i, i[0], from_offset(*rc), land, Direction[side]) for i, rc, land, side in
             d["spots"]]
    return Board("random", d["terrain"], [row.split("|") for row in d["sections"]], spots,
                 slots=[Section(*s) for s in d["slots"]])


def random_lake(seed: int) -> Board:
    return board_from_source(BoardSource("random", seed=seed, tile_size=(12, 8), density=0.12))


def laid_out(race: str, spots: list[str], arrows: list[str]) -> dict:
    return {"race": race, "board": {"board": "random"},
            "buoys": [{"number": 0, "spot": spots[0]}] + [
                {"number": n, "spot": s, "arrow": a}
                for n, (s, a) in enumerate(zip(spots[1:], arrows, strict=True), start=1)]}


# -- defect 1: a rounding credited without crossing the line ------------------------------------


def test_buoy_3_of_the_peninsula_lake_cannot_be_rounded_clockwise_course04() -> None:
    """The old random lake of seed 1, race A on A3, A4, A1, A2 (buoy 3 at (5, 19), the tip of a
    peninsula): the shortest route for ccw/cw/cw used to cross buoy 3's line the wrong way, go
    back round buoy 2 and cross buoy 3's line again, and was credited with buoy 3. The wrong-way
    crossing is now still owed: no route rounds buoy 3 clockwise."""
    board = old_lake(1)
    result = validate(spec_from_json(laid_out("A", ["A3", "A4", "A1", "A2"],
                                              ["ccw", "cw", "cw"])), board)
    assert [str(p) for p in result.problems] == [
        "buoy 3: cannot be rounded clockwise: no water route crosses its rounding line that way"]
    course = CourseMaker(board).build("A", ("A3", "A4", "A1", "A2"))
    arrows = [str(course.buoy(k).arrow) for k in (1, 2, 3)]
    assert validate(spec_from_json(laid_out("A", ["A3", "A4", "A1", "A2"], arrows)), board).ok


def _net_crossings_hold(board: Board, course: Course) -> None:
    """Each buoy is rounded only after a positive net crossing of its line since the buoy
    before was first rounded (the audit adds up the gate steps, not the state machine)."""
    assert rounding_faults(board, course) == [], course.assignment


def _frame(board: Board, course: Course) -> CourseFrame:
    return CourseMaker(board).frame([board.spot(s) for s in course.assignment],
                                    course.tile.hexes, course.buoy("finish").hex)


def test_a_line_crossed_while_the_buoy_before_stands_undone_does_not_round_course04() -> None:
    """Random lake 320, race B (B1, B3, B4, B2), issue "a buoy credited out of order": with buoy
    2's line W and buoy 3's NE from their buoys, the shortest route used to round buoy 1 at step
    19, undo it at 20, cross buoy 2's line at 34 while buoy 1 stood undone and be credited with
    buoys 1 and 2 at once at 47. Only crossings made after the buoy before is rounded count now:
    no route rounds buoy 3 across those lines, so they turn (COURSE-03) to SE and SW, and the
    route is 49 steps long (it was 65)."""
    board = random_lake(320)
    maker = CourseMaker(board)
    course = maker.generate("B", 320)
    assert course.assignment == ("B1", "B3", "B4", "B2")
    assert [(line.buoy.offset, line.direction.name) for line in course.rounding_lines] == [
        ((15, 18), "E"), ((16, 9), "SE"), ((15, 12), "SW")]
    assert course.route is not None and course.route.roundings == (19, 29, 30)
    assert len(course.route.hexes) - 1 == 49
    assert rounding_faults(board, course) == []
    frame = _frame(board, course)
    old_lines = [line_to_edge(board, from_offset(*at), Direction[d])
                 for at, d in (((15, 18), "E"), ((16, 9), "W"), ((15, 12), "NE"))]
    gates = [frame.gates.gate(line, course.buoy(k).arrow)
             for k, line in enumerate(old_lines, start=1)]
    assert shortest_route(board, blocked=frame.blocked, tile=frame.tile, axis=frame.axis,
                          gates=gates) == NoRoute(3)


@pytest.mark.parametrize(("seed", "roundings", "steps", "directions", "old"), [
    (7, [20, 35, 62], 87, ("E", "W"), [20, 67, 67]),
    (10, [16, 36, 64], 81, ("SW", "NW"), [54, 54, 63]),
])
def test_the_issues_courses_round_each_buoy_after_the_one_before_course04(
        seed, roundings, steps, directions, old) -> None:
    """Issue "a buoy credited out of order": `course --race A --seed 7 --board random` used to
    credit buoys 2 and 3 at once at step 67 (buoy 3's line crossed at step 49 while buoy 2 stood
    undone; the route wound 0 degrees net round buoy 2); seed 10, buoys 1 and 2 at once at 54.
    Each buoy is now rounded by crossings after the one before, one after the other, and the
    route sweeps most of a turn round each buoy."""
    from click.testing import CliRunner

    from course_builder.cli import cli

    out = CliRunner().invoke(cli, ["powerboats", "course", "--race", "A", "--seed", str(seed),
                                   "--board", "random", "--format", "json"])
    data = json.loads(out.stdout)
    assert data["route"]["roundings"] == roundings and data["route"]["length"] == steps
    tile = data["start_finish_tile"]
    assert (tile["start_direction"], tile["finish_direction"]) == directions
    board = random_lake(seed)
    course = CourseMaker(board).generate("A", seed)
    assert course.route is not None and rounding_faults(board, course) == []
    buoys = tuple(course.buoy(k).hex for k in (1, 2, 3))
    assert all(abs(a) > 300 for a in sweeps(course.route, buoys))
    assert roundings != old


def test_the_audit_flags_a_rounding_credited_too_early_course04() -> None:
    board = random_lake(0)
    course = CourseMaker(board).generate("A", 0)
    assert course.route is not None
    early = replace(course, route=Route(course.route.hexes, (1, 2, 3)))
    assert rounding_faults(board, early) == [
        f"buoy {k}: credited at step {k}, but the net crossings of its line there are 0 "
        "(COURSE-04)" for k in (1, 2, 3)]


@pytest.mark.parametrize("seed", range(8))
def test_roundings_are_net_crossings_on_random_lakes_course04(seed: int) -> None:
    board = random_lake(seed)
    maker = CourseMaker(board)
    for race in "ABC":
        _net_crossings_hold(board, maker.generate(race, seed))


def test_roundings_are_net_crossings_on_the_old_peninsula_lake_course04() -> None:
    board = old_lake(1)
    maker = CourseMaker(board)
    for seed in range(6):
        _net_crossings_hold(board, maker.generate("A", seed))


# -- defect 2: a full circle the arrow check missed ------------------------------------------


def test_a_full_circle_round_buoy_1_is_seen_course06() -> None:
    """Random lake seed 10, race C on C2, C3, C1, C4: the course turns about 136 degrees left at
    buoy 1 (18, 5), so its arrow is counter-clockwise; clockwise loops 378 degrees round it."""
    board = random_lake(10)
    course = CourseMaker(board).generate("C", 10)
    assert course.assignment == ("C2", "C3", "C1", "C4")
    assert [course.buoy(k).arrow for k in (1, 2, 3)] == [Sense.CCW, Sense.CW, Sense.CW]
    spots = [board.spot(s) for s in course.assignment]
    frame = CourseMaker(board).frame(spots, course.tile.hexes, course.buoy("finish").hex)
    _lines, wrong = best_route(frame, [Sense.CW, Sense.CW, Sense.CW])
    assert not isinstance(wrong, NoRoute)
    assert [round(s) for s in sweeps(wrong.route, frame.buoys)] == [-378, -338, -270]
    assert course.route is not None
    assert [round(s) for s in sweeps(course.route, frame.buoys)] == [323, -340, -270]
    result = validate(spec_from_json(laid_out("C", list(course.assignment), ["cw", "cw", "cw"])),
                      board)
    assert [str(p) for p in result.problems] == [
        "buoy 1: arrow cw forces a complete circle: the shortest route sweeps 378 degrees round "
        "the buoy; ccw would not (narrative, \"Building a Course\"; COURSE-06)"]
    assert circle_faults(frame, course) == []
    flipped = replace(course, route=wrong.route)
    assert circle_faults(frame, flipped) == [
        "with arrows ccw/cw/cw the route sweeps a complete circle round 1 buoy(s); arrows "
        "ccw/cw/cw would round 0 (COURSE-06)"]


@pytest.mark.parametrize("seed", [3, 5, 11])
def test_no_other_arrows_sweep_fewer_circles_on_random_lakes_course06(seed: int) -> None:
    board = random_lake(seed)
    maker = CourseMaker(board)
    for race in "ABC":
        course = maker.generate(race, seed)
        assert circle_faults(_frame(board, course), course) == [], (race, course.assignment)


# -- defect 3: expansion tiles on the start/finish section -----------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_no_expansion_hex_on_the_start_sections_course08(seed: int) -> None:
    board = random_lake(seed)
    maker = CourseMaker(board)
    for race in "ABC":
        course = maker.generate(race, seed, expansion=True)
        assert section_faults(board, course) == []


def test_the_old_peninsula_lake_keeps_its_redoubt_off_section_t12_course08() -> None:
    """Old random lake seed 1, race A with the expansion: the start/finish tile lies on T11 and
    T12; a redoubt used to lie on (14, 20) (15, 21) (16, 21) in T12."""
    board = old_lake(1)
    course = CourseMaker(board).generate("A", 1, expansion=True)
    excluded = expansion_sections(board, course.tile.hexes, course.buoy(0).hex)
    assert excluded == {"T11", "T12"}
    assert all(board.section(h) not in excluded for t in course.expansion_tiles for h in t.hexes)
    assert from_offset(15, 21) not in {h for t in course.expansion_tiles for h in t.hexes}


# -- defect 4: the validator and misplaced expansion tiles ----------------------------------

CLASSIC = classic_board()
EXPANSION_COURSE = CourseMaker(CLASSIC).generate("A", 1, expansion=True).to_json()


def tiles_problems(edit) -> list[str]:
    data = copy.deepcopy(json.loads(json.dumps(EXPANSION_COURSE)))
    edit(data["expansion_tiles"])
    return [str(p) for p in validate(spec_from_json(data), CLASSIC).problems]


def by_spot(tiles: list, spot: str) -> dict:
    return next(t for t in tiles if t["spot"] == spot)


def test_the_course_as_generated_is_valid() -> None:
    assert tiles_problems(lambda tiles: None) == []


@pytest.mark.parametrize(("edit", "expected"), [
    # a tile's hexes moved away from its letter
    (lambda tiles: by_spot(tiles, "C2").update(hexes=[[6, 24], [7, 25], [8, 25]]),
     ["maelstrom tile at C2: must run straight out from the side of C2's letter: (5, 24), "
      "(6, 24), (7, 25) (expansion, \"Preparation\")"]),
    # a tile moved onto the start/finish section (T10), its spot unchanged
    (lambda tiles: by_spot(tiles, "C1").update(hexes=[[14, 2], [14, 3], [14, 4]]),
     ["redoubt tile at C1: must run straight out from the side of C1's letter: (5, 6), (6, 5), "
      "(7, 5) (expansion, \"Preparation\")",
      "redoubt tile at C1: hex (14, 2) lies on lake section T10 with the start/finish tile "
      "(expansion, \"Preparation\"; COURSE-08)",
      "redoubt tile at C1: hex (14, 3) lies on lake section T10 with the start/finish tile "
      "(expansion, \"Preparation\"; COURSE-08)",
      "redoubt tile at C1: hex (14, 4) lies on lake section T10 with the start/finish tile "
      "(expansion, \"Preparation\"; COURSE-08)"]),
    # a bent tile
    (lambda tiles: by_spot(tiles, "C2").update(hexes=[[5, 24], [6, 24], [6, 25]]),
     ["maelstrom tile at C2: must run straight out from the side of C2's letter: (5, 24), "
      "(6, 24), (7, 25) (expansion, \"Preparation\")"]),
    # a water-letter tile laid over its letter with nothing crossed
    (lambda tiles: by_spot(tiles, "B1").update(hexes=[[11, 4], [12, 4], [13, 5]], shifted=True),
     ["current tile at B1: is laid over its letter, but laid from the side of B1's letter it "
      "crosses no other tile (expansion, \"Preparation\"; COURSE-09)"]),
    # two tiles at one letter
    (lambda tiles: by_spot(tiles, "C3").update(spot="C2", hexes=[[5, 24], [6, 24], [7, 25]]),
     ["maelstrom tile at C2: hex (5, 24) is under the maelstrom tile at C2",
      "maelstrom tile at C2: hex (6, 24) is under the maelstrom tile at C2",
      "maelstrom tile at C2: hex (7, 25) is under the maelstrom tile at C2",
      "maelstrom tile at C2: hex (5, 24) is under the maelstrom tile at C2",
      "maelstrom tile at C2: hex (6, 24) is under the maelstrom tile at C2",
      "maelstrom tile at C2: hex (7, 25) is under the maelstrom tile at C2",
      "maelstrom tile at C2: spot C2 already holds the maelstrom tile"]),
    # three redoubts
    (lambda tiles: by_spot(tiles, "B3").update(kind="redoubt", rocks=None),
     ["expansion tiles: 3 Redoubt tiles, but Expansion 1 has 2 (expansion, \"Contents\")"]),
    # only six tiles while a letter is free
    (lambda tiles: tiles.remove(by_spot(tiles, "C3")),
     ["expansion tiles: only 6 of the 7 tiles are laid, but a tile fits at free spot C3 "
      "(expansion, \"Preparation\"; COURSE-11)"]),
    # an island letter left free while water letters hold tiles
    (lambda tiles: tiles.remove(by_spot(tiles, "C2")),
     ["expansion tiles: only 6 of the 7 tiles are laid, but a tile fits at free spot C2 "
      "(expansion, \"Preparation\"; COURSE-11)",
      "expansion tiles: island letter C2 is free while water letter B1 holds a tile: island "
      "letters come first (expansion, \"Preparation\")"]),
])
def test_validate_refuses_misplaced_expansion_tiles_course09_11(edit, expected) -> None:
    assert tiles_problems(edit) == expected


# -- random lakes: buoys where boats can go round them ----------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_random_lake_spots_can_be_sailed_round_course13(seed: int) -> None:
    board = random_lake(seed)
    ashore = shore_bound(board)
    assert all(encircled(board, s.hex, ashore) for s in board.spots)


def test_the_old_lake_3_had_a_spot_no_boat_could_sail_round_course13() -> None:
    """Old random lake seed 3 (race B: buoy 1 was 'rounded' three steps after the start)."""
    board = old_lake(3)
    ashore = shore_bound(board)
    assert [s.id for s in board.spots if not encircled(board, s.hex, ashore)]
