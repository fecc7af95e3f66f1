"""Rounding lines and crossing them (docs/rulings.md COURSE-03, COURSE-04)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from course_builder.core.hexgrid import DIRECTIONS, Direction, Hex, distance, wedge
from course_builder.powerboats.course.progress import Gate, advance
from course_builder.powerboats.course.rounding import (
    Sense,
    crossing,
    crossing_edges,
    rounding_direction,
    rounding_line,
    sense_for_turn,
    snap,
)

B = Hex(0, 0)


def test_turns_give_senses() -> None:
    # y-up points: coming from the south, leaving to the west is a left turn
    assert sense_for_turn((0, -5), (0, 0), (-5, 0)) is Sense.CCW
    assert sense_for_turn((0, -5), (0, 0), (5, 0)) is Sense.CW


def test_rounding_line_points_away_from_both_waypoints() -> None:
    # from the south, then east: the line points away from both, to the north-west
    assert rounding_direction((0, -5), (0, 0), (5, 0), Sense.CW) is Direction.NW
    # hairpin: back towards the south, the line points north (snapped to NW on the tie)
    assert rounding_direction((0.1, -5), (0, 0), (-0.1, -5), Sense.CW) in (Direction.NE,
                                                                           Direction.NW)


def test_straight_pass_line_is_on_the_passing_side() -> None:
    # travelling west past the buoy: clockwise keeps it to starboard, so the boat passes south
    assert rounding_direction((5, 0), (0, 0), (-5, 0), Sense.CW) in (Direction.SW, Direction.SE)
    assert rounding_direction((5, 0), (0, 0), (-5, 0), Sense.CCW) in (Direction.NW, Direction.NE)


def test_snap() -> None:
    assert snap((1, 0)) is Direction.E
    assert snap((1, 1.2)) is Direction.NE
    assert snap((-1, -0.1)) is Direction.W


def test_crossing_senses_on_an_east_line() -> None:
    # the line runs east from the buoy: (1,0), (2,0), ...; the hexes below it on the page
    # ((1,1) and (0,1)) are just clockwise of it
    assert crossing(B, Direction.E, Hex(1, 1), Hex(1, 0)) is Sense.CCW  # moving up onto the line
    assert crossing(B, Direction.E, Hex(2, 0), Hex(1, 1)) is Sense.CW
    assert crossing(B, Direction.E, Hex(2, -1), Hex(2, 0)) is None  # from the ccw side: same side
    assert crossing(B, Direction.E, Hex(1, 0), Hex(2, 0)) is None  # along the line
    assert crossing(B, Direction.E, Hex(-1, 1), Hex(-1, 0)) is None  # the far side of the buoy


@given(st.sampled_from(DIRECTIONS), st.integers(-7, 7), st.integers(-7, 7),
       st.sampled_from(DIRECTIONS))
def test_crossing_matches_wedges(d: Direction, q: int, r: int, step: Direction) -> None:
    """Line hexes lie in the wedge just counter-clockwise of the line: a crossing is exactly a
    step between wedge d-1 and wedge d."""
    a = Hex(q, r)
    b = a.neighbor(step)
    if B in (a, b):
        return
    expected = None
    if wedge(a) == (d - 1) % 6 and wedge(b) == d:
        expected = Sense.CCW
    elif wedge(a) == d and wedge(b) == (d - 1) % 6:
        expected = Sense.CW
    assert crossing(B, d, a, b) is expected
    if max(distance(a, B), distance(b, B)) <= 8:
        assert crossing_edges(B, d, 9).get((a, b)) is expected


def test_rounding_line_hexes() -> None:
    line = rounding_line(Hex(3, 3), Direction.NE, 3)
    assert line.hexes == (Hex(4, 2), Hex(5, 1), Hex(6, 0))


def _gate(direction: Direction, sense: Sense) -> tuple[Gate, dict]:
    edges = crossing_edges(B, direction, 6)
    code = {}
    forward, back = set(), set()
    for k, ((a, b), s) in enumerate(edges.items()):
        code[(a, b)] = k
        (forward if s is sense else back).add(k)
    return Gate(frozenset(forward), frozenset(back)), code


def test_dipping_across_the_line_does_not_round() -> None:
    """COURSE-04: crossing against the sense first and back again nets zero."""
    gate, code = _gate(Direction.E, Sense.CW)
    wrong = code[(Hex(1, 1), Hex(1, 0))]  # ccw crossing of a clockwise buoy's line
    right = code[(Hex(1, 0), Hex(1, 1))]
    phase, counts = advance(0, (0,), wrong, [gate])
    assert (phase, counts) == (0, (-1,))
    assert advance(phase, counts, right, [gate]) == (0, (0,))  # back where it was: not rounded
    assert advance(0, (0,), right, [gate]) == (1, ())  # coming from the right side: rounded


def test_crossing_back_undoes_the_rounding() -> None:
    gate, code = _gate(Direction.E, Sense.CW)
    right = code[(Hex(2, 0), Hex(2, 1))]
    back = code[(Hex(2, 1), Hex(2, 0))]
    none = Gate(frozenset(), frozenset())
    assert advance(0, (0,), right, [gate, none]) == (1, (0,))
    assert advance(1, (0,), back, [gate, none]) == (0, (0, 0))
    # where two buoys' lines share the step, crossing it rounds both
    assert advance(0, (0,), right, [gate, gate]) == (2, ())


def test_a_later_buoys_count_survives_undoing_and_redoing_an_earlier_one() -> None:
    """COURSE-04 (issue: rounding credited without crossing the line): buoy 2's line crossed the
    wrong way, then buoy 1 undone and rounded again: buoy 2 still needs two crossings."""
    first, code1 = _gate(Direction.E, Sense.CW)
    second = Gate(frozenset({9001}), frozenset({9002}))  # buoy 2's line: right way, wrong way
    gates = [first, second]
    round1, undo1 = code1[(Hex(2, 0), Hex(2, 1))], code1[(Hex(2, 1), Hex(2, 0))]
    state = advance(0, (0,), round1, gates)
    assert state == (1, (0,))
    state = advance(*state, 9002, gates)  # buoy 2's line the wrong way
    assert state == (1, (-1,))
    state = advance(*state, undo1, gates)  # buoy 1 undone: buoy 2's -1 is kept
    assert state == (0, (0, -1))
    state = advance(*state, round1, gates)  # buoy 1 again
    assert state == (1, (-1,))
    assert advance(*state, 9001, gates) == (1, (0,))  # one right crossing: not yet rounded
    assert advance(*advance(*state, 9001, gates), 9001, gates) == (2, ())
    # crossed the wrong way while buoy 1 is undone: still owed (the line is open)
    state = advance(*advance(0, (0,), round1, gates), undo1, gates)
    assert state == (0, (0, 0))
    state = advance(*advance(*state, 9002, gates), round1, gates)
    assert state == (1, (-1,))


def test_a_buoy_is_rounded_only_by_crossings_after_the_buoy_before_is_rounded_course04() -> None:
    """COURSE-04 (issue: a buoy credited out of order): buoy 2's line crossed the right way
    while buoy 1 stands undone does not round buoy 2 when buoy 1 is rounded again; its debt
    is kept, and a crossing there and back while buoy 1 stands undone costs nothing."""
    first, code1 = _gate(Direction.E, Sense.CW)
    second = Gate(frozenset({9001}), frozenset({9002}))  # buoy 2's line: right way, wrong way
    third = Gate(frozenset({9003}), frozenset({9004}))
    gates = [first, second, third]
    round1, undo1 = code1[(Hex(2, 0), Hex(2, 1))], code1[(Hex(2, 1), Hex(2, 0))]
    undone = advance(*advance(0, (0,), round1, gates), undo1, gates)
    assert undone == (0, (0, 0))
    ahead = advance(*undone, 9001, gates)  # buoy 2's line the right way, out of order
    assert ahead == (0, (0, 1))
    assert advance(*ahead, round1, gates) == (1, (0,))  # buoy 1 again: buoy 2 not credited
    assert advance(*advance(*ahead, round1, gates), 9001, gates) == (2, (0,))
    there_and_back = advance(*ahead, 9002, gates)
    assert there_and_back == (0, (0, 0))
    assert advance(*there_and_back, round1, gates) == (1, (0,))  # no debt either
    owed = advance(*there_and_back, 9002, gates)  # a net wrong-way crossing: still owed
    assert advance(*owed, round1, gates) == (1, (-1,))
    # a step that rounds buoy 1 again and crosses buoy 2's line with it counts for both
    both = Gate(frozenset({round1}), frozenset())
    assert advance(*undone, round1, [first, both, third]) == (2, (0,))
    # and so it goes on down the course: buoy 3's line crossed while buoy 2 stands undone
    two = advance(*advance(0, (0,), round1, gates), 9001, gates)
    assert two == (2, (0,))
    later = advance(*advance(*two, 9002, gates), 9003, gates)
    assert later == (1, (0, 1))
    assert advance(*later, 9001, gates) == (2, (0,))


@pytest.mark.parametrize("text", ["cw", "CCW", " cw "])
def test_sense_parse(text: str) -> None:
    assert Sense.parse(text).value == text.strip().lower()
    with pytest.raises(ValueError, match="unknown arrow"):
        Sense.parse("left")
