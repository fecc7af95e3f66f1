"""The strong bot's plan: expected turns to finish for a boat alone, for every place, rounding
state and set of dice held, built in a fraction of a second per course (SIM-06 in
docs/rulings.md): the model and its moves (:mod:`.plan_model`, from the kernel) solved by
:mod:`.plan_sweep`. :func:`plan_for` gives a race's plan, kept with the race; the strong bot
(:mod:`.strong`) plays from it, the stall watch (:mod:`.watch`) reads its lower bound.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

import numpy as np

from course_builder.core.hexgrid import Hex
from course_builder.core.values import Frozen
from course_builder.powerboats.play.kernel import apply, heading_choices
from course_builder.powerboats.play.position import Boat
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import SINK_AT
from course_builder.powerboats.study.dice import DiceModel
from course_builder.powerboats.study.plan_model import (
    DEAD,
    FINISHED,
    LOSE_DICE,
    ROUNDINGS,
    SET_DICE,
    SINK_TURNS,
    TOLERANCE,
    MoveTable,
    Places,
    _MoveBuilder,
    build_moves,
    dice_model,
    rounding_code,
)
from course_builder.powerboats.study.plan_sweep import lower_bound, solve
from course_builder.powerboats.study.transitions import EMPTY_MOVES, MOVES


class Plan(Frozen):
    """A race's plan: the places, the dice model, the moves and the values (rounding state x
    place x dice set): ``values`` before the dice step, ``after`` after the roll (the best
    heading's, this turn included). It keeps the board's index of hexes, not the race: the race
    keeps the plan (``race.memo``), and a plan that kept the race would make a cycle that only
    the garbage collector's rare full passes free (an atlas's worker plays course after
    course)."""

    index_of: Mapping[Hex, int]
    places: Places
    dice: DiceModel
    moves: MoveTable
    ends: np.ndarray
    """The hex (board index) each move of :attr:`moves` ends on, -1 where it is not legal
    (place x total x turn): where another boat may be in the way (:mod:`.strong`)."""
    values: np.ndarray
    after: np.ndarray
    sweeps: int
    build_seconds: float
    solve_seconds: float

    def state(self, boat: Boat) -> tuple[int, int] | None:
        """(rounding state, place) of a racing boat, or None where the plan has none."""
        place = self.places.of(self.index_of[boat.hex], boat.heading, boat.redoubt)
        if place < 0:
            return None
        return rounding_code(boat), place

    def value(self, boat: Boat) -> float:
        """Expected turns to finish of a boat before its dice step, by the plan (finished: 0;
        sunk, or holding more dice than the plan knows: the sinking cost)."""
        if boat.finished:
            return 0.0
        if boat.sunk:
            return SINK_TURNS
        state = self.state(boat)
        dice = self.dice.index.get(tuple(sorted(boat.dice)))
        if state is None or dice is None:
            return SINK_TURNS
        return float(self.values[state[0], state[1], dice])


def race_moves(race: Race) -> tuple[Places, MoveTable]:
    """The places and moves of ``race`` (:func:`build_moves`), built on first use and kept with
    the race: the plan and the stall watch (:mod:`.watch`) share them."""
    found = race.memo.get("plan-moves")
    if found is None:
        places = Places(race)
        found = race.memo["plan-moves"] = (places, build_moves(
            race, places, dice_model(race.rules.zero_dice_turn)))
    return found


def race_bound(race: Race) -> np.ndarray:
    """The fewest moves home with a free choice of total from each (rounding state, place) of
    :func:`race_moves` (:func:`~.plan_sweep.lower_bound`), kept with the race: the plan's
    values start from it and the stall watch measures progress by it."""
    found = race.memo.get("plan-bound")
    if found is None:
        found = race.memo["plan-bound"] = lower_bound(race_moves(race)[1], len(ROUNDINGS))
    return found


def build_plan(race: Race, *, tolerance: float = TOLERANCE, float64: bool = False) -> Plan:
    """The plan of ``race`` (see the module docstring); values in float32 unless ``float64``."""
    started = time.perf_counter()
    dice = dice_model(race.rules.zero_dice_turn)
    places, moves = race_moves(race)
    ends = np.where(moves.target >= 0, places.hex_of[np.maximum(moves.target, 0)], -1)
    built = time.perf_counter()
    values, after, sweeps = solve(moves, dice, places, tolerance,
                                  np.float64 if float64 else np.float32, race_bound(race))
    return Plan(race.board.index_of, places, dice, moves, ends.astype(np.int32), values, after,
                sweeps, built - started, time.perf_counter() - built)


def plan_for(race: Race) -> Plan:
    """The race's plan, built on first use and kept with the race."""
    plan = race.memo.get("strong-plan")
    if plan is None:
        plan = race.memo["strong-plan"] = build_plan(race)
    return plan


def check_moves(race: Race, table: Plan, places: Sequence[int] | None = None) -> int:
    """Compare the table's moves with the kernel's (``heading_choices`` and ``apply``) for
    ``places`` (default: all), every total, every rounding state; raises AssertionError at the
    first difference, returns the moves compared. For tests."""
    builder = _MoveBuilder(race, table.places, table.dice)
    moves = table.moves
    compared = 0
    for place in places if places is not None else range(table.places.count):
        for total in range(builder.max_total + 1):
            for r in range(len(ROUNDINGS)):
                position, dice = builder.position(place, total, r)
                for turn, choice in enumerate(heading_choices(position, dice)):
                    got = moves.target[place, total, turn]
                    if not choice.legal:
                        assert got == -1, (place, total, turn, "illegal heading in the table")
                        continue
                    assert got >= 0, (place, total, turn, "legal heading missing")
                    out = apply(position, (MOVES if dice else EMPTY_MOVES)[turn])
                    boat = out.position.boats[0]
                    compared += 1
                    sig = moves.signature[place, total, turn]
                    after = r if sig < 0 else moves.answers[sig, r]
                    if boat.finished:
                        assert after == FINISHED, (place, total, turn, r, "finish")
                        continue
                    mode = moves.dice_mode[place, total, turn]
                    if boat.sunk:
                        assert mode == DEAD or moves.damage[place, total, turn] >= SINK_AT, (
                            place, total, turn, "sinks")
                        continue
                    assert after == rounding_code(boat), (place, total, turn, r, "rounding")
                    where = table.places.of(race.board.index_of[boat.hex], boat.heading,
                                            boat.redoubt)
                    assert where == got, (place, total, turn, "target")
                    assert moves.damage[place, total, turn] == out.damage, (place, total, turn,
                                                                             "damage")
                    kept = tuple(sorted(boat.dice))
                    if mode == LOSE_DICE:
                        assert not kept, (place, total, turn, "dice lost")
                    elif mode == SET_DICE:
                        assert table.dice.index[kept] == moves.dice_to[place, total, turn], (
                            place, total, turn, "dice left")
                    else:
                        assert kept == tuple(sorted(dice)), (place, total, turn, "dice kept")
    return compared
