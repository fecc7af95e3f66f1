"""No bot stalls: a watch on every simulated boat that changes its plan when it makes no progress
(SIM-05 in docs/rulings.md).

A bot can circle where a person would not: the greedy bot once turned left on the spot for 175
turns, next to the shore, holding one die that showed 2. The watch measures a boat's progress by
the fewest moves it still needs home with a free choice of total (the strong bot's lower bound,
:func:`~.plan_sweep.lower_bound`, for its hex, heading and rounding state). A boat that has not
come nearer than its best so far for :data:`STALL_TURNS` turns has *stalled*, and its play is
handed on, in turn: from its own bot to the strong bot, from the strong bot to random moves for
:data:`DETOUR_TURNS` turns, then back to the strong bot, until the boat beats its best again and
its own bot takes over once more. Every hand-over is counted (:attr:`Watched.stalls`).

A course on which the finish cannot be reached at all (no way home from the start hexes) makes
finishing impossible: the watch cannot help there, and the race ends at the turn limit (SIM-01).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from course_builder.powerboats.play.kernel import Outcome, dice_decisions, heading_choices
from course_builder.powerboats.play.position import Boat, DiceStep, Position, Turn
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.study.protocol import Bot

STALL_TURNS = 12
"""Turns without coming nearer home than ever before in the race after which a boat has
stalled."""

DETOUR_TURNS = 3
"""Turns of random moves when even the strong bot's play stalled."""

OWN, STRONG, DETOUR = "own", "strong", "detour"


def progress_table(race: Race) -> tuple[Any, np.ndarray]:
    """The race's plan places and the fewest moves home from each (rounding state x place):
    built on first use and kept with the race (about a twentieth of a second)."""
    found = race.memo.get("progress")
    if found is None:
        from course_builder.powerboats.study.plan import race_bound, race_moves

        found = race.memo["progress"] = (race_moves(race)[0], race_bound(race))
    return found


def moves_home(race: Race, boat: Boat) -> float:
    """The fewest moves a racing boat needs home with a free choice of total (inf where it cannot
    get there at all)."""
    from course_builder.powerboats.study.plan_model import SINK_TURNS, rounding_code

    places, bound = progress_table(race)
    place = places.of(race.board.index_of[boat.hex], boat.heading, boat.redoubt)
    if place < 0:
        return float("inf")
    value = float(bound[rounding_code(boat), place])
    return float("inf") if value >= SINK_TURNS else value


def finishing_possible(race: Race, boats: Sequence[Boat]) -> bool:
    """Whether every boat can get home from where it is (some way, however slow)."""
    return all(moves_home(race, b) < float("inf") for b in boats if b.racing)


class Watched:
    """A bot with the watch (see the module docstring); a :class:`~.protocol.Bot` of the same
    name. ``rng`` draws the random detours."""

    def __init__(self, bot: Bot, rng: random.Random) -> None:
        self.bot = bot
        self.name = bot.name
        self.rng = rng
        self.stalls = 0
        """Hand-overs in the current race."""
        self._race: Race | None = None
        self._strong: Bot | None = None
        self._decider: Bot = bot
        self._mode = OWN
        self._best = float("inf")
        self._since = 0
        self._detour = 0

    def _start(self, race: Race) -> None:
        self._race = race
        self.stalls = 0
        self._mode = OWN
        self._best = float("inf")
        self._since = 0

    def _choose_decider(self, position: Position) -> Bot:
        if position.race is not self._race:
            self._start(position.race)
        home = moves_home(position.race, position.boat)
        if home < self._best:
            self._best = home
            self._since = 0
            self._mode = OWN
        else:
            self._since += 1
        if self._mode == DETOUR:
            self._detour -= 1
            if self._detour <= 0:
                self._mode = STRONG
                self._since = 0
        elif self._since >= STALL_TURNS and home < float("inf"):
            self.stalls += 1
            self._since = 0
            if self._mode == OWN and self.bot.name != "strong":
                self._mode = STRONG
            else:
                self._mode = DETOUR
                self._detour = DETOUR_TURNS
        if self._mode == OWN:
            return self.bot
        if self._mode == DETOUR:
            return _Detour(self.rng)
        if self._strong is None:
            from course_builder.powerboats.study.strong import StrongBot

            self._strong = StrongBot()
        return self._strong

    def choose_dice(self, position: Position) -> DiceStep:
        self._decider = self._choose_decider(position)
        return self._decider.choose_dice(position)

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn:
        return self._decider.choose_turn(position, dice)

    def played(self, position: Position, dice: Sequence[int], turn: Turn) -> Outcome | None:
        """The kernel's outcome of the heading just chosen, when the bot that chose it kept it
        (see :meth:`~.bots.GreedyBot.played`)."""
        played = getattr(self._decider, "played", None)
        return played(position, dice, turn) if played else None


class _Detour:
    """Random moves that still move: any dice step that rolls a die, any legal heading."""

    name = "detour"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose_dice(self, position: Position) -> DiceStep:
        steps = dice_decisions(position)
        moving = [s for s in steps if s.rolled_count] or list(steps)
        return self.rng.choice(moving)

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn:
        return self.rng.choice([c.turn for c in heading_choices(position, dice) if c.legal])
