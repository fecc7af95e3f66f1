"""A simple greedy bot, the yardstick par must never lose to.

It holds three dice (adds one each turn until it has them, never re-rolls) and takes the legal
heading that leaves it the fewest moves from the finish by a distance-to-go table: for every
rounding state and place, the fewest moves to finish if the boat could pick any total from 1 to
the most it can roll and never crashed (:func:`~.distance.moves_to_go`, found breadth first
backwards over the moves the par model precomputed from the kernel).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from course_builder.powerboats.play.kernel import apply, dice_decisions, heading_choices
from course_builder.powerboats.play.position import DiceChange, DiceStep, Position, Turn
from course_builder.powerboats.study.distance import moves_to_go
from course_builder.powerboats.study.space import StateSpace
from course_builder.powerboats.study.transitions import (
    EMPTY_MOVES,
    MOVES,
    Transitions,
    held_for,
)

GREEDY_DICE = 3
"""Dice the greedy bot holds."""


class GreedyBot:
    """Three dice, and the heading nearest the finish by :func:`moves_to_go`."""

    def __init__(self, moves: Transitions) -> None:
        self.space: StateSpace = moves.space
        self.go = moves_to_go(moves, crashes=False)

    def choose_dice(self, position: Position) -> DiceStep:
        held = len(position.boat.dice)
        wanted = (DiceChange.ADD if held < GREEDY_DICE else
                  DiceChange.KEEP if held == GREEDY_DICE else DiceChange.REMOVE)
        return next(s for s in dice_decisions(position) if s.change is wanted and not s.reroll)

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn:
        dice = tuple(dice)
        moving = position.derive(
            tuple(b._replace(dice=held_for(dice)) if k == position.to_move else b
                  for k, b in enumerate(position.boats)), position.to_move, position.turn)
        best: tuple[float, int, Turn] | None = None
        for k, choice in enumerate(heading_choices(moving, dice)):
            if not choice.legal:
                continue
            after = apply(moving, (MOVES if dice else EMPTY_MOVES)[k]).position.boats[
                position.to_move]
            key = (0.0 if after.finished else np.inf if after.sunk else self._go(after),
                   abs(k - 1), choice.turn)
            if best is None or key[:2] < best[:2]:
                best = key
        assert best is not None
        return best[2]

    def _go(self, boat) -> float:
        state = self.space.state_of(boat._replace(dice=()))
        if state is None:
            return float(np.inf)
        r, d, _s, place = state
        return float(self.go[r, place]) + 2.0 * d  # damage taken: a crash is a last resort
