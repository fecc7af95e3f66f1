"""The perfect bot: the par policy as a player, and single-boat races to check it against par.

A bot answers the two decisions of a turn (the dice step, then the heading once the dice are
rolled); chance is the simulator's. :class:`PerfectBot` takes them from a solved
:class:`~.par.ParTable`: the dice step with the least expected turns to finish and the legal
heading whose outcome (played by the kernel in the real position) has the least. In a race of
one boat that is an optimal policy of the model; among other boats it still plays as if alone
(PAR-05), except that the kernel's own outcome of each heading sees them.

:func:`race_alone` plays one boat through a race with any bot and seeded dice, through the
kernel's ``apply``: the checks of par (the perfect bot's mean is par; no bot beats it) and the
benchmark use it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from course_builder.core.values import Frozen
from course_builder.powerboats.play.kernel import apply, dice_decisions, roll_outcomes
from course_builder.powerboats.play.position import (
    DiceChange,
    DiceStep,
    Position,
    Turn,
)
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.study.par import ParTable, start_boats
from course_builder.powerboats.study.protocol import Bot


class PerfectBot:
    """Plays the par policy of a solved race (see the module docstring); a
    :class:`~.bots.Bot`."""

    name = "perfect"

    def __init__(self, table: ParTable) -> None:
        self.table = table

    def choose_dice(self, position: Position) -> DiceStep:
        """The dice step with the least expected turns to finish; where the model has no value
        (a place a boat alone never reaches), add a die up to three, else keep."""
        ranked = self.table.dice_values(position)
        if ranked:
            return ranked[0][0]
        steps = dice_decisions(position)
        wanted = DiceChange.ADD if len(position.boat.dice) < 3 else DiceChange.KEEP
        return next((s for s in steps if s.change is wanted and not s.reroll), steps[0])

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn:
        """The legal heading with the least expected turns to finish after the move."""
        return self.table.heading_values(position, dice)[0][0]


class PerfectPlayer:
    """The perfect bot for the simulator: the par policy of whatever race it is put in, solved on
    first use and kept with the race (a solve takes tens of seconds: use it for one course)."""

    name = "perfect"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def _bot(self, race: Race) -> PerfectBot:
        table = race.memo.get("par-table")
        if table is None:
            from course_builder.powerboats.study.par import solve_par

            table = race.memo["par-table"] = solve_par(race)
        return PerfectBot(table)

    def choose_dice(self, position: Position) -> DiceStep:
        return self._bot(position.race).choose_dice(position)

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn:
        return self._bot(position.race).choose_turn(position, dice)


class RaceRun(Frozen):
    """One boat's race: turns played, and whether it finished or sank (or ran out of turns)."""

    turns: int
    finished: bool
    sunk: bool

    def cost(self, sink_penalty: float) -> float:
        """The race in the currency of par: turns, plus the penalty for a sinking (PAR-01)."""
        return self.turns + (sink_penalty if self.sunk else 0.0)


def race_alone(race: Race, bot: Bot, rng: random.Random, *, start: Position | None = None,
               max_turns: int = 500) -> RaceRun:
    """Play one boat alone from ``start`` (default: the first start hex) until it finishes,
    sinks or has played ``max_turns`` turns; the dice come from ``rng``."""
    position = start or Position(race, (start_boats(race)[0],), 0, 1)
    turns = 0
    while position.boat.racing and turns < max_turns:
        step = bot.choose_dice(position)
        outcomes = roll_outcomes(position, step)
        roll = rng.choices(outcomes, [o.probability for o in outcomes])[0]
        turn = bot.choose_turn(position, roll.dice)
        position = apply(position, step.then(roll.rolled, turn)).position
        turns += 1
    boat = position.boat
    return RaceRun(turns, bool(boat.finished), boat.sunk and not boat.finished)
