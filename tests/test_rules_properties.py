"""Invariants of the adjudicator on random legal positions and moves on the classic lake."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.core.hexgrid import DIRECTIONS
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.play.events import Crashed, CurrentIntoLand, LowWater
from course_builder.powerboats.play.kernel import (
    apply,
    dice_decisions,
    heading_choices,
    roll_outcomes,
)
from course_builder.powerboats.play.notation import RaceBook, parse_move, parse_position
from course_builder.powerboats.play.position import Boat, Move, Position
from course_builder.powerboats.play.race import Race

BOARD = classic_board()
MAKER = CourseMaker(BOARD)
RACES = [Race(BOARD, MAKER.generate("B", 11))] + [
    Race(BOARD, MAKER.generate(race, seed, expansion=True))
    for race, seed in (("A", 1), ("B", 2), ("C", 3), ("A", 4))
]
COLOURS = ("yellow", "red", "orange", "purple", "black", "green")
BOOK = RaceBook()


def free_hexes(race: Race) -> list:
    return [h for i, h in enumerate(BOARD.hexes()) if BOARD.water[i] and i not in race.buoy_index]


FREE = {id(r): free_hexes(r) for r in RACES}


@st.composite
def positions(draw) -> Position:
    race = draw(st.sampled_from(RACES))
    count = draw(st.integers(1, 6))
    hexes = draw(st.lists(st.sampled_from(FREE[id(race)]), min_size=count, max_size=count,
                          unique=True))
    boats = []
    for colour, h in zip(COLOURS, hexes, strict=False):
        boats.append(Boat(
            colour, h, draw(st.sampled_from(DIRECTIONS)),
            tuple(draw(st.lists(st.integers(1, 3), max_size=5))),
            draw(st.integers(0, 3)), draw(st.integers(1, 4)), draw(st.sampled_from((0, 0, -1))),
        ))
    return Position(race, tuple(boats), draw(st.integers(0, count - 1)), draw(st.integers(5, 40)))


@st.composite
def legal_moves(draw, position: Position) -> Move:
    """A legal move through the kernel's own decisions and chance: a dice step, a roll outcome,
    a legal heading."""
    step = draw(st.sampled_from(dice_decisions(position)))
    outcome = draw(st.sampled_from(roll_outcomes(position, step)))
    legal = [c.turn for c in heading_choices(position, outcome.dice) if c.legal]
    return step.then(outcome.rolled, draw(st.sampled_from(legal)))


@settings(max_examples=500, deadline=None)
@given(st.data())
def test_invariants(data) -> None:
    position = data.draw(positions())
    move = data.draw(legal_moves(position))
    before = position.boat
    out = apply(position, move)
    after = out.position.boats[position.to_move]
    race = position.race
    # a boat never ends on land, on a buoy or on another boat
    if not after.sunk:
        i = BOARD.index(after.hex)
        assert BOARD.water[i] and i not in race.buoy_index
        others = {b.hex for k, b in enumerate(out.position.boats)
                  if k != position.to_move and not b.sunk and not b.finished}
        assert after.hex not in others
    # damage never decreases; a crash always empties the dice; no crash keeps the rolled dice
    assert after.damage >= before.damage
    assert after.damage == before.damage + out.damage
    if out.crash:  # 0 damage only when a current pushes into land after the last step (EXP-05)
        assert after.dice == ()
        assert out.damage > 0 or any(isinstance(e, CurrentIntoLand) for e in out.events)
    else:
        left = list(out.dice)
        for v in after.dice:
            left.remove(v)  # only low water takes dice without a crash
        assert not left or any(race.tiles.get(BOARD.index(h), ("",))[0] == "low-water"
                               for h in out.path)
    # every step goes to a neighbouring hex; without tiles on the way the path is straight and
    # the boat keeps the heading it moved in
    assert all(a.distance(b) == 1 for a, b in zip(out.path, out.path[1:], strict=False))
    if not any(BOARD.index(h) in race.tiles for h in out.path):
        assert after.heading is out.heading
        for a, b in zip(out.path, out.path[1:], strict=False):
            assert b == a.neighbor(out.heading)
    # the same input gives the same outcome and the same events
    again = apply(position, move)
    assert again.path == out.path and again.events == out.events and again.trace == out.trace
    assert again.position.notation() == out.position.notation()
    # events and outcome agree: the path sailed, the damage, the rounding
    assert sum(e.damage for e in out.events if isinstance(e, Crashed)) + sum(
        e.rocks for e in out.events if isinstance(e, LowWater)) <= out.damage


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_notation_round_trips(data) -> None:
    position = data.draw(positions())
    move = data.draw(legal_moves(position))
    assert parse_move(move.notation()) == move
    text = position.notation()
    again = parse_position(text, book=BOOK)
    assert again.boats == position.boats
    assert (again.to_move, again.turn) == (position.to_move, position.turn)
    assert again.notation() == text
