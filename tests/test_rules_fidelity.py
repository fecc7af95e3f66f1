"""Expansion 1 outcomes as an independent referee reads the rule texts (issue: rules fidelity).

All on the rulebook's race-A course (``course --race A --seed 1 --assign A3,A2,A1,A4``) with one
expansion tile laid by hand. Rules: expansion, "Rules" (a tile acts when a boat enters it);
reference, "Passing Boats" (a boat that would end on another stops on the last free space before
it); rulings EXP-05, EXP-11 and EXP-13 in docs/rulings.md.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.core.hexgrid import DIRECTIONS, Direction, from_offset
from course_builder.core.values import replace
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.model import ExpansionTile
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.play import events as ev
from course_builder.powerboats.play.kernel import (
    IllegalMove,
    apply,
    dice_decisions,
    heading_choices,
    roll_outcomes,
)
from course_builder.powerboats.play.notation import parse_move
from course_builder.powerboats.play.position import Boat, Position
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import Rules
from tests.helpers import expansion_race, tile

BOARD = classic_board()
COURSE = CourseMaker(BOARD).generate("A", 1, assign="A3,A2,A1,A4")


def laid(kind: str, hexes, **data) -> ExpansionTile:
    return ExpansionTile(kind, "X1", tuple(from_offset(*rc) for rc in hexes), **data)


REDOUBT = laid("redoubt", [(18, 14), (18, 15), (18, 16)])
LOW_WATER = laid("low-water", [(10, 13), (11, 13), (12, 12)], rocks=(2, 1, 3))
MAELSTROM = laid("maelstrom", [(11, 14), (11, 15), (11, 16)], sense=Sense.CW)
CURRENT = laid("current", [(4, 12), (3, 12), (2, 11)], flow=Direction.NW)


def race(tile: ExpansionTile, **rules) -> Race:
    return Race(BOARD, replace(COURSE, expansion_tiles=(tile,)), Rules(**rules))


def boat(colour: str, row: int, col: int, heading: str, dice=()) -> Boat:
    return Boat(colour, from_offset(row, col), Direction[heading], tuple(dice))


def play(tile, boats, text, **rules):
    return apply(Position(race(tile, **rules), tuple(boats)), parse_move(text))


def test_held_back_before_a_redoubt_does_not_wait_on_it_exp13() -> None:
    out = play(REDOUBT, [boat("yellow", 18, 12, "E", (2,)), boat("red", 18, 14, "W")], "S")
    yellow = out.position.boats[0]
    assert yellow.hex == from_offset(18, 13) and not yellow.redoubt and yellow.dice == (2,)
    assert out.trace[-2:] == (
        'moves east: (18, 13) (18, 14) (reference, "Moving")',
        'taken: (18, 14) by red: it stays on the last free hex it passed, (18, 13) (reference, '
        '"Passing Boats"; MOVE-05)')
    assert not any(isinstance(e, ev.RedoubtWait) for e in out.events)
    # its next turn is a normal one: the 2 is not doubled
    again = out.position.derive(out.position.boats, 0, 2)
    turn = next(c.turn for c in heading_choices(again, (2,)) if c.legal)
    after = apply(again, parse_move(f"{turn.value}"))
    judged = next(e for e in after.events if isinstance(e, ev.HeadingsJudged))
    assert judged.total == 2 and not any(isinstance(e, ev.RedoubtDoubled) for e in after.events)


def test_held_back_before_low_water_takes_no_damage_and_keeps_its_die_exp13() -> None:
    out = play(LOW_WATER, [boat("yellow", 11, 11, "E", (2,)), boat("red", 11, 13, "E")], "S")
    yellow = out.position.boats[0]
    assert yellow.hex == from_offset(11, 12) and yellow.damage == 0 and yellow.dice == (2,)
    assert out.damage == 0 and not out.crash


def test_held_back_before_a_maelstrom_keeps_its_heading_exp13() -> None:
    out = play(MAELSTROM, [boat("yellow", 11, 11, "E", (3,)), boat("red", 11, 14, "E")], "S")
    yellow = out.position.boats[0]
    assert yellow.hex == from_offset(11, 13) and yellow.heading is Direction.E


def test_a_current_into_land_makes_straight_illegal_exp11() -> None:
    """Straight reaches the current with its last step and is pushed into land: a crash, so not
    a full heading; right has 14 clear hexes and is the only legal heading."""
    with pytest.raises(IllegalMove) as info:
        play(CURRENT, [boat("yellow", 2, 10, "E", (1,))], "S")
    assert info.value.legal == ("right",)
    assert [str(e) for e in info.value.events][:1]
    headings = next(e for e in info.value.events if isinstance(e, ev.HeadingsJudged))
    straight = headings.headings[1]
    assert (straight.water, straight.reach, straight.full) == (9, 1, False)
    assert headings.headings[2].water == 14 and headings.headings[2].full
    out = play(CURRENT, [boat("yellow", 2, 10, "E", (1,))], "R")
    assert not out.crash and out.position.boats[0].hex == from_offset(3, 11)
    assert out.trace[1] == (
        "headings: left NE: 0 water, then a crash; straight E: 1 hex, then a Current pushes it "
        "NW into land: a crash; right SE: 14 water, free (other boats do not count, MOVE-01, "
        "expansion tiles played out, EXP-11)")


@pytest.mark.parametrize(("min_one", "damage"), [(False, 0), (True, 1)])
def test_a_current_into_land_with_no_steps_left_exp05(min_one: bool, damage: int) -> None:
    """The damage rule counts the unused movement: 0 here; the option makes it 1."""
    out = play(CURRENT, [boat("yellow", 2, 10, "E", (1,))], "S", heading_with_tiles="straight",
               current_crash_min_one=min_one)
    yellow = out.position.boats[0]
    assert out.crash and yellow.damage == damage and yellow.dice == ()
    assert yellow.hex == from_offset(2, 11)
    assert any(f"a crash with {damage} damage for the steps it had left" in line
               for line in out.trace)


EVERY_TILE = [
    tile("redoubt", [(8, 10), (8, 11), (8, 12)]),
    tile("current", [(8, 10), (8, 11), (8, 12)], flow="E"),
    tile("maelstrom", [(8, 10), (8, 11), (8, 12)], sense="ccw"),
    tile("low-water", [(8, 10), (8, 11), (8, 12)], rocks=[3, 2, 1]),
]


@pytest.mark.parametrize("laid_tile", EVERY_TILE, ids=lambda t: str(t.kind))
@pytest.mark.parametrize("before", [1, 2, 3])
def test_held_back_several_hexes_before_any_tile_meets_nothing_exp13(laid_tile, before) -> None:
    """On an open lake, boats sit on the tile's first hex and the ``before - 1`` hexes in front
    of it; a boat whose move would end on the tile stops on the last free hex, unchanged. (The
    current's other hexes hold boats too: a current pushes a boat that ends on it on to free
    water, EXP-05, and onto a boat not at all, EXP-06.)"""
    square = expansion_race([laid_tile])
    blockers = [boat(c, 8, 10 - k, "W") for k, c in enumerate(["red", "blue", "green"][:before])]
    if laid_tile.kind == "current":
        blockers += [boat("purple", 8, 11, "W"), boat("black", 8, 12, "W")]
    dice = (2,) + (1,) * before
    out = apply(Position(square, (boat("yellow", 8, 8 - before, "E", dice), *blockers)),
                parse_move("S"))
    yellow = out.position.boats[0]
    assert yellow.hex == from_offset(8, 10 - before)
    assert (yellow.heading, yellow.damage, yellow.dice, yellow.redoubt) == (
        Direction.E, 0, dice, False)
    assert not any(isinstance(e, ev.EFFECTS) for e in out.events)
    assert out.trace[-1].startswith("taken: ")


def test_a_crash_beyond_the_boats_still_counts_mv04() -> None:
    """Yellow (3+3+3) would meet 1 rock on (8, 16) and crash into the lake's edge with 1 step
    left after (8, 19); boats lie from (8, 16) to (8, 19), so it is held back to (8, 15): no
    rocks (EXP-13), but the crash and its damage stand (MOVE-04, reference "Damage")."""
    square = expansion_race([tile("low-water", [(8, 16), (9, 16), (10, 16)], rocks=[1, 2, 3])])
    boats = [boat("yellow", 8, 12, "E", (3, 3, 3))] + [
        boat(c, 8, col, "E") for c, col in (("blue", 16), ("red", 17), ("purple", 18),
                                           ("black", 19))]
    out = apply(Position(square, tuple(boats)), parse_move("S"))
    yellow = out.position.boats[0]
    assert (yellow.hex, yellow.damage, yellow.dice) == (from_offset(8, 15), 1, ())
    assert out.crash and not any(isinstance(e, ev.LowWater) for e in out.events)
    assert out.trace[-2:] == (
        "taken: (8, 19) by black, (8, 18) by purple, (8, 17) by red, (8, 16) by blue: it stays "
        'on the last free hex it passed, (8, 15) (reference, "Passing Boats"; MOVE-05)',
        'crash after 7 of 9: 1 damage (total 1) and all dice lost; it stops at (8, 15) '
        '(reference, "Damage")')


def test_a_full_heading_crashes_when_its_flight_lands_on_a_boat_by_a_current_exp04_exp05() -> None:
    """The other way a boat can crash a heading judged full (EXP-11): the flight lands on red,
    yellow steps one hex back along it (EXP-04) onto a current, which pushes it ashore with no
    steps left: a crash of 0 damage (EXP-05). Without red the same move does not crash. Found by
    an independent review."""
    tiles = (laid("redoubt", [(1, 3), (2, 2), (3, 2)]),
             laid("current", [(4, 1), (4, 2), (4, 3)], flow=Direction.SE))
    on_course = Race(BOARD, replace(COURSE, expansion_tiles=tiles), Rules())
    yellow, red = boat("yellow", 0, 3, "SW", (3,)), boat("red", 5, 1, "SW")
    alone = apply(Position(on_course, (yellow,)), parse_move("S"))
    out = apply(Position(on_course, (yellow, red)), parse_move("S"))
    chosen = [e for e in out.events if isinstance(e, ev.HeadingChosen)]
    assert not alone.crash and chosen[0].basis == "full" and out.crash
    assert (out.position.boats[0].hex, out.position.boats[0].damage) == (from_offset(4, 1), 0)
    assert out.trace[-3:] == (
        'lands on water at (4, 1) (expansion, "Redoubt")',
        'a Current at (4, 1) pushes it SE into land, a buoy or the edge: a crash with 0 damage '
        'for the steps it had left (expansion, "Current"; EXP-05)',
        'crash after 1 of 3: 0 damage (total 0) and all dice lost; it stops at (4, 1) '
        '(reference, "Damage")')


def test_trace_wording_singular_and_ordinals() -> None:
    with pytest.raises(IllegalMove, match="2 dice values given, but 1 die is rolled"):
        play(REDOUBT, [boat("yellow", 11, 11, "E", (2,))], "+/12S")
    assert "3 rocks, 3 damage, 0 steps lost" in " ".join(play(
        EVERY_TILE[3], [boat("yellow", 8, 7, "E", (3,))], "S",
        heading_with_tiles="straight").trace)
    one = play(LOW_WATER, [boat("yellow", 11, 11, "E", (3,))], "S")
    assert "1 rock, 1 damage, 1 step lost" in one.trace[-1]


# ------------------------------------------------------------------------------------------------
# properties over random positions on random expansion courses
# ------------------------------------------------------------------------------------------------

MAKER = CourseMaker(BOARD)
RACES = [Race(BOARD, MAKER.generate(r, seed, expansion=True)) for r, seed in
         (("A", 2), ("B", 5), ("C", 7))]
FREE = {id(r): [h for i, h in enumerate(BOARD.hexes()) if BOARD.water[i]
                and i not in r.buoy_index] for r in RACES}
COLOURS = ("yellow", "red", "orange", "purple", "black", "green")


@st.composite
def near_tiles(draw) -> tuple[Position, object]:
    """A boat aimed at an expansion tile a few hexes away, other boats around, a legal move."""
    r = draw(st.sampled_from(RACES))
    free = FREE[id(r)]
    tile_hex = BOARD.hex_at(draw(st.sampled_from(sorted(r.tiles))))
    d = draw(st.sampled_from(DIRECTIONS))
    start = tile_hex
    for _ in range(draw(st.integers(1, 4))):
        start = start.neighbor(d.opposite())
    if start not in free:
        start = draw(st.sampled_from(free))
    others = draw(st.lists(st.sampled_from(free), max_size=4, unique=True))
    hexes = [start, *[h for h in others if h != start]]
    boats = [Boat(c, h, draw(st.sampled_from(DIRECTIONS)) if k else d,
                  tuple(draw(st.lists(st.integers(1, 3), max_size=4))), draw(st.integers(0, 2)))
             for k, (c, h) in enumerate(zip(COLOURS, hexes, strict=False))]
    position = Position(r, tuple(boats))
    step = draw(st.sampled_from(dice_decisions(position)))
    roll = draw(st.sampled_from(roll_outcomes(position, step)))
    legal = [c.turn for c in heading_choices(position, roll.dice) if c.legal]
    return position, step.then(roll.rolled, draw(st.sampled_from(legal)))


@settings(max_examples=300, deadline=None)
@given(near_tiles())
def test_tiles_act_only_on_hexes_entered_and_kept(case) -> None:
    """Every tile effect happens on a hex of the path actually sailed (start excluded), never on
    one the boat was held back from (EXP-13)."""
    position, move = case
    out = apply(position, move)
    kept = set(out.path[1:])
    for e in out.events:
        if isinstance(e, ev.EFFECTS) and not isinstance(e, ev.BadLanding | ev.LandingStepBack):
            assert e.hex in kept, (e, out.trace)


@settings(max_examples=300, deadline=None)
@given(near_tiles())
def test_a_heading_accepted_as_full_never_crashes(case) -> None:
    """EXP-11: a move the heading rule accepts as full ends without a crash, unless its flight
    lands on another boat (EXP-04): the landing one hex back can crash (land, a redoubt, a buoy,
    or a current there pushing it ashore, EXP-05). The heading rule does not count other boats
    (MOVE-01), and that is the only way a boat can bring a crash about."""
    position, move = case
    out = apply(position, move)
    judged = [e for e in out.events if isinstance(e, ev.HeadingsJudged)]
    chosen = [e for e in out.events if isinstance(e, ev.HeadingChosen)]
    stepped_back = any(isinstance(e, ev.LandingStepBack) for e in out.events)
    if judged and chosen and chosen[0].basis == "full" and not stepped_back:
        assert not out.crash, out.trace


def test_a_full_heading_still_crashes_when_its_flight_lands_on_a_boat_exp04_exp11() -> None:
    """A heading judged full (EXP-11: other boats ignored, MOVE-01) flies over a redoubt to a hex
    that holds a boat: one hex back along the flight is land, so the flier crashes and its race ends
    (expansion, "Redoubt"; EXP-04, the designer's ruling). Found by the property above."""
    race_b = RACES[1]
    yellow = Boat("yellow", from_offset(22, 8), Direction.NW, (1, 1, 2))
    red = Boat("red", from_offset(16, 5), Direction.E, ())
    out = apply(Position(race_b, (yellow, red)), parse_move("S"))
    chosen = [e for e in out.events if isinstance(e, ev.HeadingChosen)]
    assert chosen[0].basis == "full" and out.crash
    assert out.position.boats[0].damage == 4 and out.position.boats[0].sunk
    assert out.trace[-2:] == (
        'the landing hex (16, 5) holds a boat: one hex back along the flight (expansion, '
        '"Redoubt"; EXP-04)',
        'lands on land at (17, 6): 4 damage, and its race is over: it leaves the lake (expansion, '
        '"Redoubt"; EXP-04)')
