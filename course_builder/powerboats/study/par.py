"""Par: the expected number of turns one boat alone needs to finish a course with perfect play.

:func:`solve_par` builds the model of a race (:mod:`.transitions`, from the rules kernel) and
solves it (:mod:`.solve`) into a :class:`ParTable`, which answers for any position what the
boat to move can expect and which dice step and heading are best. :func:`par_for` is the short
way to a course's par from the start, as a :class:`ParResult` with the first moves of the
optimal policy (for the command line and the setup sheet).

The model and its assumptions are in docs/par.md; the choices made are rulings PAR-01 to PAR-05
in docs/rulings.md: a sinking costs ``sink_penalty`` turns (PAR-01), a boat holds at most
``dice_cap`` dice (PAR-02), outcomes come from the kernel (PAR-03), crossing counts are held
between ``crossings_floor`` and ``crossings_ceiling`` (PAR-04), the boat is alone and starts on
the best start hex (PAR-05).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

from course_builder.core.values import Frozen, Mutable, asdict, replace
from course_builder.powerboats.play.kernel import (
    apply,
    dice_decisions,
    heading_choices,
    roll_outcomes,
    start_hexes,
)
from course_builder.powerboats.play.position import Boat, DiceStep, Position, Turn
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.study.dice import build_dice_model
from course_builder.powerboats.study.distance import moves_to_go
from course_builder.powerboats.study.solve import Solution, move_indices, value_iteration
from course_builder.powerboats.study.transitions import (
    EMPTY_MOVES,
    MOVES,
    Transitions,
    build_transitions,
    held_for,
)

Progress = Callable[[str, float], None]
"""Told the stage ("build" or "solve") and the share of it done, 0 to 1."""

PAR_COLOUR = "yellow"
"""The colour of the boat par is computed for (any colour; one boat alone)."""


class ParOptions(Frozen):
    """The modelling choices of par (rulings PAR-01, PAR-02, PAR-04) and the solver's accuracy."""

    sink_penalty: float = 100.0
    """PAR-01: turns a sinking (or a bad redoubt landing) costs, in place of finishing."""
    dice_cap: int = 5
    """PAR-02: the most dice a boat holds."""
    crossings_floor: int = -1
    """PAR-04: crossings counts below this count as this."""
    crossings_ceiling: int = 0
    """PAR-04: counts of later lines (open after an undone rounding) above this count as this
    (0: 23 rounding states; 1: 37, the same par from the start in 1.6 times the solve)."""
    tolerance: float = 1e-3
    """Sweeps stop when no value moves by more than this (turns)."""
    float64: bool = False
    """Solve in float64 instead of float32 (about twice the time and memory)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class ParStats(Mutable):
    """How big the model was and what solving it took."""

    states: int
    places: int
    roundings: int
    dice_sets: int
    kernel_calls: int
    exceptions: int
    sweeps: int
    residual: float
    build_seconds: float
    solve_seconds: float

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class ParTable:
    """A solved race: values and the best choices for one boat alone (PAR-05)."""

    def __init__(self, race: Race, options: ParOptions, moves: Transitions, solution: Solution,
                 stats: ParStats) -> None:
        self.race = race
        self.options = options
        self.moves = moves
        self.solution = solution
        self.stats = stats
        self.space = moves.space
        self._roll = self.space.dice.roll

    # ---- values ----

    def value(self, boat: Boat) -> float | None:
        """Expected turns to finish for a racing boat before its dice step, alone on the lake,
        or None when the model has no such state (:meth:`~.space.StateSpace.state_of`). A
        boat holding more dice than the cap gets the best step that brings it within."""
        if boat.finished:
            return 0.0
        if boat.sunk:
            return self.options.sink_penalty
        state = self.space.state_of(replace(boat, dice=()))
        if state is None:
            return None
        if len(boat.dice) <= self.space.dice.cap:
            return self.solution.value(*self._state(boat))
        ranked = self.dice_values(self.alone(boat))
        return ranked[0][1] if ranked else None

    def _state(self, boat: Boat) -> tuple[int, int, int, int]:
        state = self.space.state_of(boat)
        assert state is not None
        return state

    def alone(self, boat: Boat) -> Position:
        """A position with ``boat`` alone on this race, its turn."""
        return Position(self.race, (boat,), 0, 1)

    def dice_values(self, position: Position) -> list[tuple[DiceStep, float]]:
        """The kernel's dice steps for the boat to move, each with the expected turns to finish
        after it (its own turn included), best first; steps that would hold more dice than the
        cap are left out. Other boats are ignored (PAR-05)."""
        boat = position.boat
        state = self.space.state_of(replace(boat, dice=()))
        if state is None or not boat.racing:
            return []
        r, d, _s, place = state
        dice = self.space.dice
        after = self.solution.after(r, d, place)
        expected = self._roll @ after.astype(np.float64)
        out = []
        for step in dice_decisions(position):
            plan = dice.plan_of(boat.dice, step, position)
            if plan.count <= dice.cap:
                out.append((step, float(expected[dice.plan_index[plan]])))
        return sorted(out, key=lambda sv: sv[1])

    def heading_values(self, position: Position, dice: Sequence[int]
                       ) -> list[tuple[Turn, float | None]]:
        """The legal headings for the dice rolled, each with the expected turns to finish after
        the move (its own turn included), best first. The move is played by the kernel in the
        real position (other boats can hold the boat back); what follows is valued alone."""
        dice = tuple(dice)
        boat = position.boat
        moving = position.derive(
            tuple(replace(b, dice=held_for(dice)) if k == position.to_move else b
                  for k, b in enumerate(position.boats)), position.to_move, position.turn)
        moves = MOVES if dice else EMPTY_MOVES
        out: list[tuple[Turn, float | None]] = []
        for k, choice in enumerate(heading_choices(moving, dice)):
            if not choice.legal:
                continue
            after = apply(moving, moves[k]).position.by_colour(boat.colour)
            value = self.value(after)
            out.append((choice.turn, None if value is None else 1.0 + value))
        return sorted(out, key=lambda tv: np.inf if tv[1] is None else tv[1])

    def par_of(self, position: Position) -> float | None:
        """Expected turns to finish for the boat to move (alone, PAR-05), None if unknown."""
        return self.value(position.boat)


# ------------------------------------------------------------------------------------------------
# solving
# ------------------------------------------------------------------------------------------------


def start_boats(race: Race, colour: str = PAR_COLOUR) -> list[Boat]:
    """A boat on each start hex, pointing the start direction, no dice, no damage (PAR-05)."""
    return [Boat(colour, h, race.course.tile.start_direction) for h in start_hexes(race)]


def lower_bound(moves: Transitions, sink_penalty: float) -> np.ndarray:
    """Values no state can beat (:mod:`.distance`), rounding states x places (the same for every
    damage and dice set), to start the sweeps from."""
    return np.minimum(moves_to_go(moves), sink_penalty)


@contextmanager
def free_cores() -> Iterator[int]:
    """numba's threads held to the cores this machine has free (its cores less the whole part of
    its load average, at least one), for the sweeps inside: two rounding states are swept at
    once, one a thread (study/sweep.py), and on a machine whose other core is busy a second
    thread only waits for it (measured: 6.9 s on two threads, 5.1 s on one, at a load of 1.5 to
    2). The values do not depend on the threads (``RowSweep.pair``), so this changes the time
    only."""
    import numba

    before = numba.get_num_threads()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    free = max(1, min(before, (cores or 1) - int(os.getloadavg()[0])))
    numba.set_num_threads(free)
    try:
        yield free
    finally:
        numba.set_num_threads(before)


def solve_par(race: Race, options: ParOptions | None = None, *,
              positions: Iterable[Position] = (), progress: Progress | None = None) -> ParTable:
    """Build and solve the model of ``race`` for one boat alone: from its start hexes and from
    the boats to move in ``positions`` (their places and rounding states are added)."""
    options = options or ParOptions()
    started = time.perf_counter()
    seeds = start_boats(race)
    seeds += [replace(p.boat, colour=PAR_COLOUR) for p in positions if p.boat.racing]
    template = Position(race, (seeds[0],), 0, 1)
    dice = build_dice_model(template, options.dice_cap)
    moves = build_transitions(template, dice, floor=options.crossings_floor,
                              ceiling=options.crossings_ceiling, seeds=seeds,
                              progress=(lambda f: progress("build", f)) if progress else None)
    index = move_indices(moves)
    start = lower_bound(moves, options.sink_penalty)
    built = time.perf_counter()
    dtype = np.float64 if options.float64 else np.float32

    def solving(sweep: int, residual: float) -> None:
        if progress:
            progress("solve", min(0.99, sweep / 40))

    with free_cores():
        solution = value_iteration(moves, index, sink_penalty=options.sink_penalty,
                                   tolerance=options.tolerance, dtype=dtype, progress=solving,
                                   start=start)
    if progress:
        progress("solve", 1.0)
    space = moves.space
    stats = ParStats(space.n_states, space.n_places, len(space.roundings), space.n_sets,
                     moves.kernel_calls, index.exceptions, solution.sweeps, solution.residual,
                     built - started, solution.seconds)
    return ParTable(race, options, moves, solution, stats)


# ------------------------------------------------------------------------------------------------
# the result for people
# ------------------------------------------------------------------------------------------------


class ParResult(Mutable):
    """Par of a race from the start, with where to start and the first moves of perfect play."""

    course: str
    par: float
    start: Boat
    starts: list[tuple[Boat, float]]
    first_turn: dict[str, Any]
    options: ParOptions
    stats: ParStats
    table: ParTable | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "course": self.course,
            "par": round(self.par, 4),
            "start": self.start.to_json(),
            "starts": [{"hex": list(b.hex.offset), "heading": b.heading.name,
                        "par": round(v, 4)} for b, v in self.starts],
            "first_turn": self.first_turn,
            "options": self.options.to_json(),
            "model": self.stats.to_json(),
        }


def best_turn(table: ParTable, position: Position) -> dict[str, Any]:
    """The best dice step for the boat to move and, for each roll it can bring, the best
    heading: what a player asks with "what was the best move here?"."""
    ranked = table.dice_values(position)
    if not ranked:
        return {"steps": [], "rolls": []}
    step = ranked[0][0]
    rolls = []
    for roll in roll_outcomes(position, step):
        headings = table.heading_values(position, roll.dice)
        turn, value = headings[0]
        rolls.append({"rolled": list(roll.rolled), "dice": list(roll.dice),
                      "probability": round(roll.probability, 6),
                      "move": step.then(roll.rolled, turn).notation(),
                      "turns_to_finish": None if value is None else round(value, 4)})
    return {"best": step.notation() or "=",
            "steps": [{"step": s.notation() or "=", "turns_to_finish": round(v, 4)}
                      for s, v in ranked],
            "rolls": rolls}


def par_for(race: Race, options: ParOptions | None = None, *,
            progress: Progress | None = None, keep_table: bool = True) -> ParResult:
    """Par of ``race`` from the start: the best start hex's value (PAR-05), the values of all
    start hexes, and the first turn of perfect play."""
    table = solve_par(race, options, progress=progress)
    starts = [(b, v) for b in start_boats(race) if (v := table.value(b)) is not None]
    start, par = min(starts, key=lambda bv: bv[1])
    first = best_turn(table, table.alone(start))
    return ParResult(race.code, par, start, starts, first, table.options, table.stats,
                     table if keep_table else None)
