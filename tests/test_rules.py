"""The move adjudicator on the rulebook's worked examples and the rulings (docs/rulings.md)."""

from __future__ import annotations

import pytest

from course_builder.core.hexgrid import Direction, from_offset
from course_builder.powerboats.play.kernel import IllegalMove, apply, heading_choices
from course_builder.powerboats.play.notation import parse_move
from course_builder.powerboats.play.position import FINISH_NEXT, Boat, Position, PositionError
from tests.helpers import square_race


def boat(colour, row, col, heading="E", dice=(), **kw) -> Boat:
    return Boat(colour, from_offset(row, col), Direction[heading], tuple(dice), **kw)


def offsets(hexes) -> list[tuple[int, int]]:
    return [h.offset for h in hexes]


def test_yellow_must_turn_right_rulebook_turning_example() -> None:
    """Reference, "Turning Your Speedboat"; narrative Yellow example: 3-1-3 = 7, left crashes at
    once, straight after 6, right is free: only right is legal (PB-06)."""
    race = square_race(land=[(5, 7), (6, 13)])
    pos = Position(race, (boat("yellow", 6, 6, "E", (3, 2)),))
    with pytest.raises(IllegalMove) as info:
        apply(pos, parse_move("+r2/13S"))
    assert str(info.value) == (
        'yellow may not go straight: a heading that allows the full 7 is required (reference, '
        '"Turning Your Speedboat") (legal: right)')
    assert info.value.legal == ("right",)
    out = apply(pos, parse_move("+r2/13R"))
    assert sorted(out.dice) == [1, 3, 3]
    assert out.heading is Direction.SE and not out.crash and out.damage == 0
    assert offsets(out.path) == [(6, 6), (7, 7), (8, 7), (9, 8), (10, 8), (11, 9), (12, 9),
                                 (13, 10)]
    assert out.trace[0] == ('dice: yellow holds 3-2, adds a die, re-rolls 2, rolls 1-3 -> 3-1-3 '
                            '= 7 (reference, "Rolling Dice")')
    assert out.trace[1] == ("headings: left NE: 0 water, then a crash; straight E: 6 water, then "
                            "a crash; right SE: 9 water, free (other boats do not count, MOVE-01)")
    assert out.trace[2].startswith("a heading that allows the full 7 is required: right legal")
    new = out.position.by_colour("yellow")
    assert new.hex == from_offset(13, 10) and new.heading is Direction.SE and new.dice == out.dice


def test_any_subset_of_held_dice_may_be_rerolled_narrative_one_die_sentence_move12() -> None:
    """MOVE-12: reference, "Rolling Dice" and "Actions" (re-roll any or all) and the narrative's
    Yellow example (keeps the 3, re-rolls the 2 and adds a die) against the narrative's "if I
    want to reroll my dice, I can only change one of them": any subset of the held dice, none
    to all, may be re-rolled, with a die added, removed or neither."""
    from course_builder.powerboats.play.kernel import dice_decisions, kept_dice

    race = square_race(land=[])
    pos = Position(race, (boat("red", 9, 14, "E", (3, 2, 2)),), 0, 5)
    steps = {s.notation() for s in dice_decisions(pos)}
    assert {"", "r2", "r3", "r22", "r23", "r223"} <= steps  # keep the count: any subset
    assert {"+r22", "+r223", "-3r22", "-2r23"} <= steps  # two or more, with a die added/removed

    def played(position: Position, move: str) -> list[int]:
        """The dice after ``move`` played with a heading the rule allows."""
        step = parse_move(move + "S")
        dice = (*kept_dice(position.boat, step.dice_step), *step.rolled)
        legal = next(c.turn.value for c in heading_choices(position, dice) if c.legal)
        return sorted(apply(position, parse_move(move + legal)).dice)

    assert played(pos, "r223/111") == [1, 1, 1]
    assert played(pos, "+r22/123") == [1, 2, 3, 3]
    yellow = Position(race, (boat("yellow", 9, 14, "E", (3, 2)),), 0, 2)
    assert played(yellow, "+r2/13") == [1, 3, 3]  # 3 + 1 + 3 = 7


RED_CRASH_LAND = [(7, 15), (9, 17), (13, 16)]


def test_red_takes_the_longest_path_and_crashes_rulebook_damage_example() -> None:
    """Narrative, "Damage": Red 2+3 = 5, every heading crashes, the longest is 3 (right): 2 damage,
    both dice lost (PB-08, PB-16)."""
    race = square_race(land=RED_CRASH_LAND)
    pos = Position(race, (boat("red", 9, 14, "E", (2, 2)),))
    with pytest.raises(IllegalMove, match=r"every heading crashes, so the one with the longest "
                       r"straight path through water is required .* \(legal: right\)"):
        apply(pos, parse_move("r2/3S"))
    out = apply(pos, parse_move("r2/3R"))
    assert out.crash and out.damage == 2
    assert offsets(out.path) == [(9, 14), (10, 14), (11, 15), (12, 15)]
    red = out.position.by_colour("red")
    assert red.dice == () and red.damage == 2 and red.heading is Direction.SE
    assert out.trace[-1] == ('crash after 3 of 5: 2 damage (total 2) and all dice lost; it stops '
                             'at (12, 15) (reference, "Damage")')


def test_orange_stops_behind_yellow_rulebook_passing_example() -> None:
    """Reference, "Passing Boats": Orange drops its 3 and moves 2+1 = 3; Yellow is on the third
    hex, so Orange stays on the last free hex behind it (PB-19)."""
    race = square_race()
    pos = Position(race, (boat("orange", 5, 10, "E", (3, 2, 1)), boat("yellow", 5, 13)))
    out = apply(pos, parse_move("-3S"))
    assert sum(out.dice) == 3
    assert offsets(out.path) == [(5, 10), (5, 11), (5, 12)]
    assert not out.crash and out.damage == 0
    assert out.position.by_colour("orange").dice == (2, 1)
    assert out.position.by_colour("yellow").hex == from_offset(5, 13)
    assert ('taken: (5, 13) by yellow: it stays on the last free hex it passed, (5, 12) '
            '(reference, "Passing Boats"; MOVE-05)') in out.trace


def test_red_ends_behind_purple_rulebook_example() -> None:
    """Rulebook p. 4: Red 3, every heading has 2 water hexes, straight has Purple on the second:
    Red takes 1 damage (counted from the crash point), ends behind Purple; Purple undamaged
    (PB-09, PB-10, PB-15)."""
    race = square_race(land=[(6, 10), (9, 12), (12, 10)])
    pos = Position(race, (boat("red", 9, 9, "E", (3,)), boat("purple", 9, 11)))
    options = heading_choices(pos, (3,))
    assert [(o.turn, o.reach, o.legal) for o in options] == [("L", 2, True), ("S", 2, True),
                                                          ("R", 2, True)]
    out = apply(pos, parse_move("S"))
    assert out.crash and out.damage == 1
    assert offsets(out.path) == [(9, 9), (9, 10)]
    assert out.position.by_colour("red").damage == 1
    assert out.position.by_colour("red").dice == ()
    assert out.position.by_colour("purple").damage == 0


def test_yellow_finishes_rulebook_example() -> None:
    """Rulebook p. 4: Yellow 1+3 moves 4 and ends on the start/finish tile: it finishes."""
    race = square_race()
    pos = Position(race, (boat("yellow", 9, 9, "SE", (1, 3), next_buoy=FINISH_NEXT),
                          boat("red", 2, 10)))
    out = apply(pos, parse_move("S"))
    assert not out.position.race_over
    assert offsets(out.path) == [(9, 9), (10, 9), (11, 10), (12, 10), (13, 11)]
    assert out.finished == 1
    assert out.position.by_colour("yellow").finished == 1
    assert out.position.boat.colour == "red"


def test_race_over_when_every_boat_is_done() -> None:
    race = square_race()
    pos = Position(race, (boat("yellow", 9, 9, "SE", (1, 3), next_buoy=FINISH_NEXT),
                          boat("red", 2, 10, sunk=True)))
    out = apply(pos, parse_move("S"))
    assert out.finished == 1 and out.position.race_over


def test_finish_only_from_the_finish_side() -> None:
    """PB-27: entering the tile against the finish direction does not finish."""
    race = square_race()
    pos = Position(race, (boat("yellow", 15, 12, "NW", (1, 1), next_buoy=FINISH_NEXT),))
    out = apply(pos, parse_move("S"))
    assert from_offset(13, 11) in out.path and out.finished == 0


def test_crash_after_finishing_still_damages_and_a_sunk_finisher_keeps_its_place() -> None:
    """Reference, "Completing a Course" (PB-29): Yellow finishes on its second hex, crashes at
    the lake's edge after 4 of 6, and sinks with 2 + 2 damage, keeping its place."""
    race = square_race(land=[(11, 12)])
    pos = Position(race, (boat("yellow", 11, 10, "SE", (3, 3), damage=2,
                               next_buoy=FINISH_NEXT),))
    out = apply(pos, parse_move("S"))
    assert offsets(out.path) == [(11, 10), (12, 10), (13, 11), (14, 11), (15, 12)]
    assert out.finished == 1 and out.crash and out.damage == 2 and out.sunk
    yellow = out.position.by_colour("yellow")
    assert yellow.finished == 1 and not yellow.sunk and yellow.damage == 4  # a finisher (MOVE-11)


def test_four_damage_sinks() -> None:
    """Reference, "Damage": 4 or more counters sink the boat (PB-17)."""
    race = square_race(land=[(8, 9), (9, 12), (10, 9)])
    pos = Position(race, (boat("red", 9, 9, "E", (3, 3), damage=1), boat("blue", 2, 10)))
    out = apply(pos, parse_move("S"))
    assert out.crash and out.damage == 4 and out.sunk
    red = out.position.by_colour("red")
    assert red.sunk and red.damage == 5 and red.dice == ()
    assert out.position.boat.colour == "blue"  # a sunk boat has no more turns
    after = apply(out.position, parse_move("S")).position
    assert after.boat.colour == "blue" and after.turn == 2


def test_rounding_a_buoy_during_a_move() -> None:
    race = square_race()
    # buoy 1 (3, 15) is rounded counter-clockwise across its line to the north-east:
    # (2, 15), (1, 16), (0, 16). Moving west along row 1 from col 18 crosses it at col 16.
    pos = Position(race, (boat("red", 1, 18, "W", (3, 2)),))
    out = apply(pos, parse_move("S"))
    assert out.rounded == (1,)
    assert out.position.by_colour("red").next_buoy == 2
    assert any(t.startswith("rounds buoy 1: crosses its rounding line counter-clockwise") for t
               in out.trace)


def test_dice_step_errors() -> None:
    race = square_race()
    pos = Position(race, (boat("red", 9, 9, "E", (3, 2)),))
    cases = {
        "-1S": "red holds no 1 to remove (dice: 3-2) (legal: -2, -3)",
        "r1/2S": "red holds no 1 to re-roll (dice kept: 3-2)",
        "+/12S": "2 dice values given, but 1 die is rolled (0 re-rolled, 1 added)",
        "r3S": "0 dice values given, but 1 die is rolled (1 re-rolled)",
    }
    for text, message in cases.items():
        with pytest.raises(IllegalMove) as info:
            apply(pos, parse_move(text))
        assert str(info.value) == message


def test_zero_dice_boat_may_only_turn_or_add_one_die() -> None:
    """PB-05 / MOVE-02: with no dice a boat adds one die or only turns."""
    race = square_race()
    pos = Position(race, (boat("red", 9, 9, "E"),))
    out = apply(pos, parse_move("L"))
    assert out.path == (from_offset(9, 9),) and out.heading is Direction.NE
    with pytest.raises(IllegalMove, match="holds no die to remove"):
        apply(pos, parse_move("-1L"))
    strict = square_race(zero_dice_turn=False)
    with pytest.raises(IllegalMove, match="has no dice and must add one"):
        apply(Position(strict, (boat("red", 9, 9, "E"),)), parse_move("L"))


def test_finished_boats_as_obstacles_option() -> None:
    """MOVE-07 (PB-33): by default a finished boat is lifted off and others may end there."""
    for block, end in ((False, (5, 13)), (True, (5, 12))):
        race = square_race(finished_boats_block=block)
        pos = Position(race, (boat("orange", 5, 10, "E", (3,)),
                              boat("yellow", 5, 13, finished=1)))
        out = apply(pos, parse_move("S"))
        assert out.path[-1].offset == end


def test_start_and_finish_buoys_as_obstacles_option() -> None:
    """MOVE-03 (PB-11): the finish buoy at (13, 13) stops a boat unless the option is off."""
    for block in (True, False):
        race = square_race(start_finish_buoys_block=block)
        pos = Position(race, (boat("red", 13, 15, "W", (2,)),))
        options = heading_choices(pos, (2,))
        assert [o.reach for o in options if o.turn == "S"] == [1 if block else 15]


def test_impossible_positions() -> None:
    race = square_race(land=[(9, 12)])
    with pytest.raises(PositionError, match="red is on land"):
        Position(race, (boat("red", 9, 12),))
    with pytest.raises(PositionError, match="share the hex"):
        Position(race, (boat("red", 9, 9), boat("blue", 9, 9)))
    with pytest.raises(PositionError, match="on a buoy"):
        Position(race, (boat("red", 3, 15),))
    with pytest.raises(PositionError, match="4 or more sinks"):
        Position(race, (boat("red", 9, 9, damage=4),))


def test_finished_boat_does_not_move() -> None:
    race = square_race()
    pos = Position(race, (boat("red", 9, 9, finished=1), boat("blue", 2, 10)))
    with pytest.raises(IllegalMove, match="red has finished 1 and does not move any more"):
        apply(pos, parse_move("S"))


def test_turn_order_and_number() -> None:
    race = square_race()
    pos = Position(race, (boat("red", 9, 9, "E", (1,)), boat("blue", 5, 5, "E", (1,))))
    first = apply(pos, parse_move("S")).position
    assert (first.boat.colour, first.turn) == ("blue", 1)
    second = apply(first, parse_move("S")).position
    assert (second.boat.colour, second.turn) == ("red", 2)
