"""Bots: players for simulations, one interface, every decision taken from the kernel's options.

A bot answers the two decisions of a turn: the dice step (:func:`~..play.kernel.dice_decisions`)
and, once the dice are rolled, the heading among the legal ones
(:func:`~..play.kernel.heading_choices`). Chance is not the bot's: whoever runs the race rolls
the dice with a seeded roller. So a bot never makes an illegal move, and a game played by bots is
an ordinary game record.

* :class:`RandomBot`: any dice step, any legal heading.
* :class:`GreedyBot`: fastest towards the next rounding line and the finish. Each legal heading
  is played through the kernel and judged by the race's guide (:mod:`.guide`: the fewest moves
  home with a free choice of total) plus the damage it takes; the dice step aims the total at the
  guide's best next run.
* :class:`CautiousBot`: the greedy bot that never takes a heading that crashes when a legal one
  does not, and aims a little short.
* :class:`LookaheadBot`: the dice step with the best expectation over every roll, each roll
  answered by the greedy heading (one turn deep).

The strong bot (:mod:`.strong`) and the perfect bot (:mod:`.perfect`) live in their own modules.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

from course_builder.core.values import replace
from course_builder.powerboats.course.progress import advance
from course_builder.powerboats.play.kernel import (
    Outcome,
    apply,
    dice_decisions,
    heading_choices,
    roll_outcomes,
)
from course_builder.powerboats.play.position import (
    Boat,
    DiceChange,
    DiceStep,
    Move,
    Position,
    Turn,
)
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.study.guide import FAR, TurnsToGo, guide_for
from course_builder.powerboats.study.protocol import Bot

DAMAGE_TURNS = 1.5
"""Greedy bots: moves a damage counter is worth (four sink the boat: :data:`SUNK`)."""
SUNK = float(FAR)
FINISHED = -1.0
SHORTCUT = True
"""Judge plain runs from the race's tables (tests turn it off to compare with the kernel)."""


class RandomBot:
    """Any dice step and any legal heading, uniformly (seeded)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_dice(self, position: Position) -> DiceStep:
        return self.rng.choice(dice_decisions(position))

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn:
        return self.rng.choice([c.turn for c in heading_choices(position, dice) if c.legal])


# ------------------------------------------------------------------------------------------------
# judging an outcome by the guide
# ------------------------------------------------------------------------------------------------


def outcome_cost(position: Position, outcome: Outcome) -> float:
    """Moves home after ``outcome`` by the race's guide, plus :data:`DAMAGE_TURNS` per damage
    counter taken; finishing is best, sinking worst."""
    boat = outcome.position.boats[position.to_move]
    if boat.finished:
        return FINISHED
    if boat.sunk:
        return SUNK
    race = position.race
    phase, counts = boat.progress
    moves = guide_for(race).value(race.board.index_of[boat.hex], boat.heading, phase, counts)
    return moves + DAMAGE_TURNS * outcome.damage


_NOBODY: frozenset[int] = frozenset()

Judged = tuple[float, Turn, bool, "Outcome | None"]
"""A heading's cost, its turn, whether it crashes, and its outcome when it was played."""


def headings_judged(position: Position, dice: Sequence[int]) -> list[Judged]:
    """Each legal heading for ``dice`` (rolled already): its cost, whether it crashes, and the
    kernel's outcome where it was played. A plain run (open water, no boat at the end, no tile
    or expansion hex on the way; rounding lines counted by the rule) is judged from the race's
    tables; any other is played through the kernel."""
    dice = tuple(dice)
    boat = position.boat
    race = position.race
    total = sum(dice)
    index_of = race.board.index_of
    start = index_of[boat.hex]
    guide = guide_for(race)
    row = guide.row(*boat.progress)
    plain = SHORTCUT and total > 0 and not boat.redoubt and row >= 0
    if plain:
        others = (_NOBODY if len(position.boats) == 1
                  else {index_of[b.hex] for b in position.boats if b is not boat})
        clear, free, gap, tiles = (race.clear_run[start], race.gate_free[start],
                                   race.tile_gap[start], race.tile_ahead[start])
        lines, flat = race.lines_ahead[start], guide.flat
    moving: Position | None = None
    judged: list[Judged] = []
    for c in heading_choices(position, dice):
        if not c.legal:
            continue
        d = c.heading
        if (plain and clear[d] >= total and gap[d] > total and tiles[d] > total
                and (end := lines[d][total - 1]) not in others):
            at = row if free[d] >= total else _row_after(race, guide, boat, start,
                                                         lines[d][:total])
            if at >= 0:
                judged.append((float(flat[at + end * 6 + d]), c.turn, False, None))
                continue
        moving = moving or _holding(position, dice or (1,))
        outcome = apply(moving, _KEEP[c.turn] if dice else _DROP_ONE[c.turn])
        judged.append((outcome_cost(moving, outcome), c.turn, outcome.crash, outcome))
    return judged


def _row_after(race: Race, guide: TurnsToGo, boat: Boat, start: int, path: Sequence[int]) -> int:
    """The guide's row for the rounding state after sailing ``path`` from ``start``: the
    crossings of rounding lines counted by the rule itself (:func:`~..course.progress.advance`),
    as the kernel counts them on a straight run."""
    phase, counts = boat.progress
    n = race.n
    gate_steps = race.gate_steps
    previous = start
    for h in path:
        step = previous * n + h
        if step in gate_steps:
            phase, counts = advance(phase, counts, step, race.gates)
        previous = h
    return guide.row(phase, counts)


def _holding(position: Position, dice: tuple[int, ...]) -> Position:
    """The position with the boat to move holding ``dice`` (rolled already): a heading is then
    played by a move that keeps them and re-rolls nothing; only the dice change."""
    boats = list(position.boats)
    boats[position.to_move] = replace(boats[position.to_move], dice=dice)
    return position.derive(tuple(boats), position.to_move, position.turn)


_KEEP: dict[Turn, Move] = {t: DiceStep(DiceChange.KEEP).then((), t) for t in Turn}
_DROP_ONE: dict[Turn, Move] = {t: DiceStep(DiceChange.REMOVE, 1).then((), t) for t in Turn}
"""With no dice after the roll, a heading is played by holding a 1 and dropping it: the same
move, and allowed under every rules option (MOVE-02 forbids keeping no dice, not dropping one)."""


_ADD_ONE = DiceStep(DiceChange.ADD)
_KEEP_ALL = DiceStep(DiceChange.KEEP)
_REMOVE = {v: DiceStep(DiceChange.REMOVE, v) for v in (1, 2, 3)}


def plain_steps(position: Position) -> list[DiceStep]:
    """The dice steps that re-roll nothing (keep, add one, remove one of each value held): the
    same as :func:`dice_decisions` without re-rolls, made directly (a bot's hot path)."""
    return list(_plain_steps(position.boat.dice, position.race.rules.zero_dice_turn))


@functools.cache
def _plain_steps(dice: tuple[int, ...], zero_dice_turn: bool) -> tuple[DiceStep, ...]:
    steps = [_KEEP_ALL] if dice or zero_dice_turn else []
    steps.append(_ADD_ONE)
    steps.extend(_REMOVE[v] for v in sorted(set(dice)))
    return tuple(steps)


def aimed_step(position: Position, target: float, max_dice: int) -> DiceStep:
    """The dice step without re-rolls whose expected total is nearest ``target``, holding at most
    ``max_dice`` dice (the faster on a tie; never standing still with no dice when it can
    move)."""
    return _aimed_step(position.boat.dice, position.race.rules.zero_dice_turn, target, max_dice)


@functools.cache
def _aimed_step(dice: tuple[int, ...], zero_dice_turn: bool, target: float, max_dice: int
                ) -> DiceStep:
    """:func:`aimed_step` from what it depends on (remembered: a bot's hot path, few keys)."""
    held = sum(dice)
    steps = _plain_steps(dice, zero_dice_turn)
    best: tuple[float, float, DiceStep] | None = None
    for step in steps:
        adds = step is _ADD_ONE
        if (not dice and not adds) or (adds and len(dice) >= max_dice):
            continue  # never stand still without dice; never above max_dice
        expected = held - (step.removed or 0) + (2.0 if adds else 0.0)
        key = (abs(expected - target), -expected, step)
        if best is None or key[:2] < best[:2]:
            best = key
    return best[2] if best is not None else steps[0]


# ------------------------------------------------------------------------------------------------
# the bots that steer by the guide
# ------------------------------------------------------------------------------------------------


class GreedyBot:
    """Fastest towards the next rounding line and the finish (see the module docstring)."""

    name = "greedy"
    max_dice = 4
    aim = 1.0
    """The share of the guide's best run the dice step aims at."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose_dice(self, position: Position) -> DiceStep:
        boat = position.boat
        race = position.race
        phase, counts = boat.progress
        run = guide_for(race).best_run(race.board.index_of[boat.hex], boat.heading, phase, counts)
        return aimed_step(position, max(run, 1) * self.aim, self.max_dice)

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn:
        return self._chose(position, dice, headings_judged(position, dice))

    def _chose(self, position: Position, dice: Sequence[int], judged: list[Judged]) -> Turn:
        best = min(judged, key=lambda j: j[0])
        self._last = (position, tuple(dice), best[1], best[3])
        return best[1]

    def played(self, position: Position, dice: Sequence[int], turn: Turn) -> Outcome | None:
        """The kernel's outcome of the heading just chosen, when choosing it played it (the
        same move: the boat holds the dice rolled and keeps them), so a simulator need not play
        it again; None otherwise."""
        last = getattr(self, "_last", None)
        if last is None or last[0] is not position or last[1] != tuple(dice) or last[2] != turn:
            return None
        return last[3]


class CautiousBot(GreedyBot):
    """The greedy bot that never takes a heading that crashes when a legal one does not, holds
    three dice at most and aims a little short."""

    name = "cautious"
    max_dice = 3
    aim = 0.8

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn:
        judged = headings_judged(position, dice)
        return self._chose(position, dice, [j for j in judged if not j[2]] or judged)


class LookaheadBot(GreedyBot):
    """The dice step (re-rolling one die at most) with the least expected greedy cost over every
    roll; then the greedy heading."""

    name = "lookahead"

    def choose_dice(self, position: Position) -> DiceStep:
        steps = [s for s in dice_decisions(position) if len(s.reroll) <= 1]
        if not position.boat.dice:  # standing still is never the way home
            steps = [s for s in steps if s.rolled_count] or steps
        return min(steps, key=lambda s: self.expected(position, s))

    def expected(self, position: Position, step: DiceStep) -> float:
        return sum(roll.probability * min(j[0] for j in headings_judged(position, roll.dice))
                   for roll in roll_outcomes(position, step))


def _strong(rng: random.Random) -> Bot:
    from course_builder.powerboats.study.strong import StrongBot

    return StrongBot(rng)


def _perfect(rng: random.Random) -> Bot:
    from course_builder.powerboats.study.perfect import PerfectPlayer

    return PerfectPlayer(rng)


BOTS: dict[str, Callable[[random.Random], Bot]] = {
    "strong": _strong,
    "random": RandomBot,
    "cautious": CautiousBot,
    "greedy": GreedyBot,
    "lookahead": LookaheadBot,
    "perfect": _perfect,
}
"""The bots by name, each made from a seeded random source; ``strong`` (the default of the
commands) plays from the race's plan (:mod:`.plan`, built in a fraction of a second), ``perfect``
plays the par policy (docs/par.md), solved once per race: tens of seconds."""

DEFAULT_BOT = "strong"


def make_bot(name: str, rng: random.Random) -> Bot:
    try:
        return BOTS[name](rng)
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
