"""The kernel's decisions and chance, counted like chess engines' perft, and played end to end.

A Powerboats turn is a dice decision (reference, "Rolling Dice"), chance (the values rolled) and a
heading decision (reference, "Turning Your Speedboat"; MOVE-01). The golden counts pin how many of
each the kernel offers on fixed positions: any change to the rules code that changes them must be
deliberate.
"""

from __future__ import annotations

import math
import random

import pytest

from course_builder.core.hexgrid import Direction, from_offset
from course_builder.core.values import replace
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.play.kernel import (
    IllegalMove,
    apply,
    dice_decisions,
    heading_choices,
    initial_position,
    roll_outcomes,
    start_hexes,
)
from course_builder.powerboats.play.notation import RaceBook, parse_position
from course_builder.powerboats.play.position import (
    Boat,
    DiceChange,
    DiceStep,
    Move,
    Position,
    PositionError,
    Turn,
)
from course_builder.powerboats.play.race import Race

BOOK = RaceBook()
A = "classic:A:A1,A2cw,A4cw,A3cw:E,E"
B = "classic:B:B4,B1cw,B2ccw,B3cw:NW,NW"


def perft(position: Position) -> tuple[int, int, int]:
    """Dice decisions, roll outcomes over all decisions, legal headings over all outcomes."""
    steps = dice_decisions(position)
    outcomes = [(s, o) for s in steps for o in roll_outcomes(position, s)]
    legal = sum(1 for _s, o in outcomes for c in heading_choices(position, o.dice) if c.legal)
    return len(steps), len(outcomes), legal


@pytest.mark.parametrize(("text", "counts"), [
    # yellow holds 3-2: keep/add with 4 re-roll choices each, remove a 2 or a 3 with 2 each = 12;
    # outcomes 13 + 25 + 4 + 4 = 46 (rolling n dice has C(n+2, 2) multisets)
    (f"{A} | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | yellow 2", (12, 46, 76)),
    # red holds no dice: keep none (MOVE-02) or add one: 1 + 3 outcomes
    (f"{A} | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | red 2", (2, 4, 8)),
    (f"{A} | yellow 14,14 NW 3312 d1 n2 | yellow 4", (44, 302, 332)),
    # 1-1-1: keep 4, add 4, remove a 1 then 3 = 11; outcomes 20 + 34 + 10 = 64
    (f"{B} | orange 16,10 W 111 d2 n3 ; black 12,9 SE 2 d0 nF | orange 7", (11, 64, 73)),
])
def test_golden_counts(text: str, counts: tuple[int, int, int]) -> None:
    assert perft(parse_position(text, book=BOOK)) == counts


def test_golden_counts_with_expansion_tiles_and_a_redoubt_wait() -> None:
    """A boat waiting on a redoubt may only go straight (EXP-07): one legal heading per roll."""
    board = classic_board()
    race = Race(board, CourseMaker(board).generate("A", 1, expansion=True))
    redoubt = next(t for t in race.course.expansion_tiles if t.kind == "redoubt")
    boat = Boat("red", redoubt.hexes[0], Direction.E, (2, 1), redoubt=True)
    position = Position(race, (boat,))
    steps, outcomes, legal = perft(position)
    assert (steps, outcomes) == (12, 46) and legal == outcomes
    assert all(c.turn is Turn.STRAIGHT for o in roll_outcomes(position, dice_decisions(position)[0])
               for c in heading_choices(position, o.dice) if c.legal)


def test_roll_outcomes_are_a_probability_distribution() -> None:
    position = parse_position(f"{A} | yellow 14,14 NW 3312 d1 n2 | yellow 4", book=BOOK)
    for step in dice_decisions(position):
        outcomes = roll_outcomes(position, step)
        assert math.isclose(sum(o.probability for o in outcomes), 1.0)
        assert sum(o.ways for o in outcomes) == 3 ** step.rolled_count
        assert all(len(o.dice) == len(position.boat.dice) - len(step.reroll)
                   - (step.change is DiceChange.REMOVE) + step.rolled_count for o in outcomes)


def test_no_dice_without_the_zero_dice_turn_must_add() -> None:
    """MOVE-02 option zero_dice_turn=False: keeping no dice is not a decision on offer."""
    from course_builder.powerboats.play.rules import Rules

    position = parse_position(f"{A} | red 7,13 E - d0 n1 | red 1", Rules(zero_dice_turn=False),
                              book=BOOK)
    assert [s.change for s in dice_decisions(position)] == [DiceChange.ADD]


def test_every_offered_decision_is_legal_and_the_rest_are_not() -> None:
    position = parse_position(f"{A} | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | yellow 2",
                              book=BOOK)
    for step in dice_decisions(position):
        for outcome in roll_outcomes(position, step):
            for choice in heading_choices(position, outcome.dice):
                move = step.then(outcome.rolled, choice.turn)
                if choice.legal:
                    assert apply(position, move).dice == outcome.dice
                else:
                    with pytest.raises(IllegalMove):
                        apply(position, move)
    with pytest.raises(IllegalMove, match="holds no 1 to re-roll"):
        apply(position, DiceStep(DiceChange.KEEP, None, (1,)).then((2,)))


def test_a_random_four_boat_race_plays_to_the_end() -> None:
    """What the README's Python example does: decisions and chance through the API alone."""
    rng = random.Random(1)
    board = classic_board()
    race = Race(board, CourseMaker(board).generate("A", seed=1))
    position = initial_position(race, ["yellow", "red", "orange", "purple"])
    assert [b.hex for b in position.boats] == list(start_hexes(race)[:4])
    moves = 0
    while not position.race_over and position.turn <= 300:
        step = rng.choice(dice_decisions(position))
        outcomes = roll_outcomes(position, step)
        roll = rng.choices(outcomes, [o.probability for o in outcomes])[0]
        turn = rng.choice([c.turn for c in heading_choices(position, roll.dice) if c.legal])
        position = apply(position, step.then(roll.rolled, turn)).position
        moves += 1
    assert position.race_over and moves > 20
    assert all(b.finished or b.sunk for b in position.boats)


def test_initial_position_places_boats_on_and_behind_the_tile() -> None:
    board = classic_board()
    race = Race(board, CourseMaker(board).generate("B", seed=3))
    position = initial_position(race, ["yellow", "red", "orange", "purple", "black", "green"])
    tile = set(race.course.tile.hexes)
    assert {b.hex for b in position.boats[:4]} == tile
    assert all(b.heading is race.course.tile.start_direction and b.dice == ()
               for b in position.boats)
    assert position.to_move == 0 and position.turn == 1
    assert from_offset(0, 0) not in {b.hex for b in position.boats}


def test_initial_position_lists_boats_from_the_start_player_move08() -> None:
    """MOVE-08: with seat 2 to start, the position lists the boats clockwise from it, so the
    turn number grows when play comes back to seat 2 (not at seat 0)."""
    board = classic_board()
    race = Race(board, CourseMaker(board).generate("A", seed=1))
    position = initial_position(race, ["yellow", "red", "orange", "purple"], start_player=2)
    assert [b.colour for b in position.boats] == ["orange", "purple", "yellow", "red"]
    assert position.to_move == 0 and position.turn == 1
    assert [b.hex for b in position.boats] == list(start_hexes(race)[2:4] + start_hexes(race)[:2])
    with pytest.raises(PositionError, match="start player is seat 0 to 3"):
        initial_position(race, ["yellow", "red", "orange", "purple"], start_player=4)


def test_a_derived_position_is_a_frozen_position_like_a_checked_one() -> None:
    """The kernel makes its positions without the checks (:meth:`Position.derive`): they are
    Positions in every way, equal to and hashing like the same position made by the checking
    constructor, frozen, and pickled and unpickled as they are."""
    import pickle

    position = parse_position(f"{A} | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | yellow 2",
                              book=BOOK)
    derived = position.derive(position.boats, 1, 3)
    made = Position(position.race, position.boats, 1, 3)
    assert type(derived) is Position and derived == made and hash(derived) == hash(made)
    assert derived.race is position.race and repr(derived) == repr(made)
    with pytest.raises(AttributeError):
        derived.turn = 4  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(derived))
    assert type(again) is Position and again == derived and again.race.code == derived.race.code
    turn = next(c.turn for c in heading_choices(position, (3, 2)) if c.legal)
    after = apply(position, Move(DiceChange.KEEP, turn=turn)).position
    assert type(after) is Position and after == Position(race=after.race, boats=after.boats,
                                                         to_move=after.to_move, turn=after.turn)


def test_dice_steps_are_judged_alike_however_the_dice_are_given() -> None:
    """The dice after a step are looked up once worked out; dice given as lists (not hashable)
    are worked out every time, with the same result and the same reasons for illegal steps."""
    position = parse_position(f"{A} | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | yellow 2",
                              book=BOOK)
    listed = Position(position.race, (replace(position.boats[0], dice=[3, 2]),
                                       position.boats[1]))
    def legal(dice: tuple[int, ...]) -> Turn:
        return next(c.turn for c in heading_choices(position, dice) if c.legal)

    for p in (position, listed, position):
        assert apply(p, Move(DiceChange.ADD, None, (3,), (1, 2), legal((2, 1, 2)))).dice == (2, 1, 2)
        assert apply(p, Move(DiceChange.REMOVE, 3, (), (), legal((2,)))).dice == (2,)
        for move, reason in (
                (Move(DiceChange.KEEP, None, (1,), (2,)), "holds no 1 to re-roll"),
                (Move(DiceChange.REMOVE, 1), "holds no 1 to remove"),
                (Move(DiceChange.ADD, None, (), ()), "0 dice values given, but 1 die is rolled"),
                (Move(DiceChange.ADD, None, (), (4,)), "the dice show 1, 2 or 3 only")):
            with pytest.raises(IllegalMove, match=reason):
                apply(p, move)
