"""The strong bot: plays like a good player from the race's plan (:mod:`.plan`), no solve needed.

Each decision is one ply of expectimax over the kernel's own options, valued by the plan:

* the dice step: every step the kernel offers (``dice_decisions``), each valued by the chance of
  every roll it can bring (``roll_outcomes``, as the plan's roll plans) times the value of the
  best heading after that roll, the boat's real damage weighed (:func:`damage_cost`);
* the heading: every legal heading (``heading_choices``) played by the kernel in the real
  position (``apply``: other boats can hold the boat back), valued by the plan where it leaves
  the boat, plus what the damage taken costs a boat with the damage it has.

With no damage the plan's own values after the roll serve the dice step (they were computed with
the same costs); with damage the values after the roll are worked out again from the plan's
moves, a crash that would sink the boat costing the sinking.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from course_builder.core.values import replace
from course_builder.powerboats.play.kernel import Outcome, apply, dice_decisions, heading_choices
from course_builder.powerboats.play.position import Boat, DiceStep, Position, Turn
from course_builder.powerboats.study.dice import DiceModel
from course_builder.powerboats.study.plan import Plan, plan_for
from course_builder.powerboats.study.plan_model import DAMAGE_COSTS, SINK_TURNS
from course_builder.powerboats.study.plan_sweep import after_roll
from course_builder.powerboats.study.transitions import EMPTY_MOVES, MOVES, held_for


class StrongBot:
    """A good player (see the module docstring); a :class:`~.protocol.Bot`."""

    name = "strong"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    # ---- the dice step ----

    def choose_dice(self, position: Position) -> DiceStep:
        plan = plan_for(position.race)
        boat = position.boat
        state = plan.state(boat)
        dice = plan.dice
        held = dice.index.get(tuple(sorted(boat.dice)))
        if state is None or held is None or not boat.racing:
            return _fallback(dice_decisions(position), boat.dice, dice.cap)
        r, p = state
        if boat.damage:
            after = after_roll(plan.values, plan.moves, r, p, DAMAGE_COSTS[min(boat.damage, 3)],
                               dice, self._scratch(len(dice.sets)))
        else:
            after = plan.after[r, p]
        if len(position.boats) > 1:
            after = self._among_boats(plan, position, r, p, after)
        steps, plans = _steps(dice, held)
        expected = dice.roll[plans] @ after
        return steps[int(np.argmin(expected))]

    def _among_boats(self, plan: Plan, position: Position, r: int, p: int,
                     after: np.ndarray) -> np.ndarray:
        """The values after the roll with the other boats in the way: where the plan's move of a
        total would end on another boat's hex, the kernel plays that total's headings in the
        real position (a boat stops short of one, MOVE-05; one flying from a redoubt may then
        come down on land, EXP-07) and those values replace the plan's."""
        race = position.race
        boat = position.boat
        blocking = race.rules.finished_boats_block
        index_of = race.board.index_of
        others = [index_of[b.hex] for b in position.boats
                  if b is not boat and not b.sunk and (blocking or not b.finished)]
        if not others:
            return after
        ends = plan.ends[p]
        hit = ends == others[0]
        for other in others[1:]:
            hit |= ends == other
        if not hit.any():
            return after
        out = np.array(after, dtype=np.float64)
        dice = plan.dice
        cost = DAMAGE_COSTS[min(boat.damage, 3)]
        for t in np.unique(np.nonzero(hit)[0]):
            sl = dice.total_slice(int(t))
            rolled = dice.sets[sl.start]
            moving = _holding(position, rolled)
            best = np.full(sl.stop - sl.start, np.inf)
            moves = MOVES if rolled else EMPTY_MOVES
            for k, choice in enumerate(heading_choices(moving, rolled)):
                if not choice.legal:
                    continue
                outcome = apply(moving, moves[k])
                a = outcome.position.boats[position.to_move]
                state = plan.state(a)
                if a.finished:
                    value: np.ndarray | float = 0.0
                elif a.sunk or state is None or cost[outcome.damage] >= SINK_TURNS:
                    value = SINK_TURNS
                elif tuple(sorted(a.dice)) == tuple(sorted(rolled)):  # kept: each set its own
                    value = plan.values[state[0], state[1], sl] + cost[outcome.damage]
                else:
                    value = float(plan.value(a) + cost[outcome.damage])
                best = np.minimum(best, value)
            out[sl] = 1.0 + best
        return out

    def _scratch(self, n: int) -> np.ndarray:
        found = getattr(self, "_out", None)
        if found is None or len(found) != n:
            found = self._out = np.empty(n)
        return found

    # ---- the heading ----

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn:
        plan = plan_for(position.race)
        dice = tuple(dice)
        moving = _holding(position, dice)
        moves = MOVES if dice else EMPTY_MOVES
        before = position.boat
        damage = before.damage
        best: tuple[bool, float, Turn, Outcome] | None = None
        for k, choice in enumerate(heading_choices(moving, dice)):
            if not choice.legal:
                continue
            outcome = apply(moving, moves[k])
            after = outcome.position.boats[position.to_move]
            if after.finished:
                value = 0.0
            elif after.sunk:
                value = SINK_TURNS
            else:
                value = plan.value(after) + float(DAMAGE_COSTS[min(damage, 3), outcome.damage])
            # staying put (the same place, dice and rounding state as before the turn) spends a
            # turn for nothing: only when nothing else is legal (see :mod:`.plan_sweep`)
            key = (_same(before, after), value, choice.turn, outcome)
            if best is None or key[:2] < best[:2]:
                best = key
        assert best is not None
        self._last = (position, dice, best[2], best[3])
        return best[2]

    def played(self, position: Position, dice: Sequence[int], turn: Turn) -> Outcome | None:
        """The kernel's outcome of the heading just chosen (choosing it played it: the same
        move, the boat holding the dice rolled), so a simulator need not play it again; None
        for any other (see :meth:`~.bots.GreedyBot.played`)."""
        last = getattr(self, "_last", None)
        if last is None or last[0] is not position or last[1] != tuple(dice) or last[2] != turn:
            return None
        return last[3]


def _same(before: Boat, after: Boat) -> bool:
    """Whether a move left the boat as it was before its turn (place, dice, rounding state)."""
    return (after.hex == before.hex and after.heading == before.heading
            and after.redoubt == before.redoubt and after.progress == before.progress
            and sorted(after.dice) == sorted(before.dice) and after.damage == before.damage)


def _holding(position: Position, dice: tuple[int, ...]) -> Position:
    """The position with the boat to move holding ``dice`` as rolled (see
    :func:`~.transitions.held_for`)."""
    boats = list(position.boats)
    boats[position.to_move] = replace(boats[position.to_move], dice=held_for(dice))
    return position.derive(tuple(boats), position.to_move, position.turn)


_STEPS: dict[tuple[int, int], tuple[tuple[DiceStep, ...], np.ndarray]] = {}


def _steps(dice: DiceModel, held: int) -> tuple[tuple[DiceStep, ...], np.ndarray]:
    """The kernel's dice steps for a held set (within the cap) and their roll plans, as the
    dice model read them off ``dice_decisions`` (kept per model and set: a bot's hot path)."""
    key = (id(dice), held)
    found = _STEPS.get(key)
    if found is None:
        pairs = dice.steps[held]
        found = _STEPS[key] = (tuple(st for st, _q in pairs),
                               np.array([q for _st, q in pairs], dtype=np.intp))
    return found


def _fallback(steps: Sequence[DiceStep], held: Sequence[int], cap: int) -> DiceStep:
    """A dice step where the plan has no value: remove a die above the cap, else add one."""
    from course_builder.powerboats.play.position import DiceChange

    wanted = DiceChange.REMOVE if len(held) >= cap else DiceChange.ADD
    return next((s for s in steps if s.change is wanted and not s.reroll), steps[0])
