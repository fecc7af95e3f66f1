"""The trace speaks to the points players argue about: crossings that round nothing, the tile
crossed without finishing, a finish the boats held off, flights, landings that end a race.

Exact text on the square test lake (tests/helpers.py): the start/finish tile lies on (13, 9) to
(13, 12) along E; boats start towards NE and finish crossing it towards SE; buoy 1 stands at
(3, 15), counter-clockwise, its rounding line running NE over (2, 15), (1, 16), (0, 16).
"""

from __future__ import annotations

from course_builder.core.hexgrid import Direction, from_offset
from course_builder.powerboats.play.kernel import apply
from course_builder.powerboats.play.notation import parse_move
from course_builder.powerboats.play.position import FINISH_NEXT, Boat, Position
from tests.helpers import expansion_race, square_race, tile


def boat(colour, row, col, heading, dice=(), **kw) -> Boat:
    return Boat(colour, from_offset(row, col), Direction[heading], tuple(dice), **kw)


def trace(race, boats, move: str) -> tuple[str, ...]:
    return apply(Position(race, tuple(boats)), parse_move(move)).trace


def test_crossing_the_next_buoys_line_the_wrong_way_course04() -> None:
    lines = trace(square_race(), [boat("red", 2, 15, "E", (1,))], "S")
    assert lines[-1] == (
        "crosses buoy 1's rounding line the wrong way (clockwise) between (2, 15) and (2, 16): no "
        "rounding, and that crossing must be made good before buoy 1 counts (COURSE-04)")


def test_the_tile_entered_before_buoy_3_is_no_finish_mv06() -> None:
    lines = trace(square_race(), [boat("red", 12, 9, "SE", (1,))], "S")
    assert lines[-1] == ("enters the start/finish tile at (13, 10): no finish, buoy 3 is not "
                         "rounded yet (MOVE-06)")


def test_the_tile_entered_from_the_start_side_is_no_finish_mv06() -> None:
    lines = trace(square_race(), [boat("red", 14, 10, "NE", (1,), next_buoy=FINISH_NEXT)], "S")
    assert lines[-1] == ("enters the start/finish tile at (13, 11): no finish, it does not cross "
                         "it towards the finish side (MOVE-06)")


def test_a_finish_held_off_by_boats_mv05() -> None:
    race = square_race()
    lines = trace(race, [boat("red", 12, 9, "SE", (1,), next_buoy=FINISH_NEXT),
                         boat("blue", 13, 10, "E")], "S")
    assert lines[-2:] == (
        'taken: (13, 10) by blue: it stays on the last free hex it passed, (12, 9) (reference, '
        '"Passing Boats"; MOVE-05)',
        "held off the start/finish tile at (13, 10) by the boats there: no finish (MOVE-05)")
    finished = trace(race, [boat("red", 12, 9, "SE", (1,), next_buoy=FINISH_NEXT)], "S")
    assert finished[-1] == ('enters the start/finish tile at (13, 10) from the finish side: '
                            'finishes 1st (reference, "Completing a Course"; MOVE-06)')


def test_a_flight_reads_as_a_flight_and_a_bad_landing_ends_the_race() -> None:
    """Expansion, "Redoubt": 3+3, the redoubt is the 2nd hex, 4 steps remain: 8 hexes flown."""
    race = expansion_race([tile("redoubt", [(9, 7), (8, 7), (7, 8)])], land=[(8, 15)],
                          heading_with_tiles="straight")
    lines = trace(race, [boat("red", 8, 5, "E", (3, 3))], "S")
    assert lines[3:] == (
        'moves east: (8, 6) (8, 7) (reference, "Moving")',
        'enters a Redoubt at (8, 7) with 4 steps left: flies 8 hexes on (expansion, "Redoubt"; '
        'EXP-02)',
        'flies east over (8, 8) (8, 9) (8, 10) (8, 11) (8, 12) (8, 13) (8, 14) (8, 15) '
        '(expansion, "Redoubt"; EXP-02)',
        'lands on land at (8, 15): 4 damage, and its race is over: it leaves the lake '
        '(expansion, "Redoubt"; EXP-04)')
