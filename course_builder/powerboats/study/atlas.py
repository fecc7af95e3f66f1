"""A course atlas: every course of a lake (three races, every order of the race's spots, with
and without Expansion 1), each rated by a quick simulation, and the best by the user's measure.

Measures (SIM-03 in docs/rulings.md), each with its 95% interval (SIM-07):

* ``short`` / ``long``: the mean turns to finish of the boats that finish, or the course's exact
  par where it is known (``atlas --par``: no sampling error, so it separates courses that games
  cannot);
* ``dangerous``: crashes plus sinkings per boat and race;
* ``fair``: how little the seat decides, the gap between the best and worst seat's win rate
  (start hexes are dealt at random, so the seat is what a player brings to the table).

A ranking says which of its top entries the games cannot tell apart: those whose intervals
overlap the best one's (SIM-07). Every course is a :class:`~.runner.SimJob`; all of them share
one process pool or Dask cluster, and so do their par solves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from course_builder.core.values import Frozen
from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.generate import RACES, CourseMaker
from course_builder.powerboats.course.model import Course, CourseError
from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.study.intervals import Estimate
from course_builder.powerboats.study.runner import (
    SimJob,
    simulate_many,
    simulate_until,
)
from course_builder.powerboats.study.simulate import MAX_TURNS
from course_builder.powerboats.study.stats import Summary, summarize

MEASURES = ("short", "long", "fair", "dangerous")

PAR_TOLERANCE = 1e-3
"""Par is solved to this many turns (:class:`~.par.ParOptions`): its interval in a ranking."""

AUTO_TOLERANCE = {"short": 1.0, "long": 1.0, "dangerous": 0.1, "fair": 0.2}
"""``--games auto``: the default width of the ranking measure's interval to play down to (in
turns for short and long, crashes and sinkings per boat and race, win rate)."""


class Rated(Frozen):
    """One course of the atlas with its numbers (``par``: its exact par, where computed)."""

    code: str
    race: str
    order: tuple[str, ...]
    expansion: bool
    summary: Summary
    par: float | None = None

    @property
    def mean_turns(self) -> float:
        return self.summary.turns_to_finish.mean or float("inf")

    def estimate(self, measure: str) -> Estimate:
        """The figure a measure ranks by, with its interval."""
        s = self.summary
        if measure in ("short", "long"):
            if self.par is not None:
                return Estimate(self.par, self.par - PAR_TOLERANCE, self.par + PAR_TOLERANCE)
            return s.turns_to_finish.interval
        if measure == "dangerous":
            return s.danger
        if measure == "fair":
            return s.seat_gap
        raise ValueError(f"unknown measure {measure!r} ({', '.join(MEASURES)})")

    def score(self, measure: str) -> float:
        """Smaller is better for ``measure``."""
        value = self.estimate(measure).value
        if value is None:
            return float("inf")
        return -value if measure in ("long", "dangerous") else value

    def to_json(self) -> dict[str, Any]:
        s = self.summary
        t = s.turns_to_finish
        return {"code": self.code, "race": self.race, "order": list(self.order),
                "expansion": self.expansion, "par": None if self.par is None else
                round(self.par, 4),
                "games": s.games, "unfinished_games": s.unfinished_games,
                "mean_turns": t.interval.to_json(3), "stdev_turns": _r(t.stdev),
                "finish_rate": s.finish_rate.to_json(3), "sink_rate": s.sink_rate.to_json(3),
                "crashes_per_race": s.crashes_per_race.to_json(3),
                "danger": s.danger.to_json(3), "seat_gap": s.seat_gap.to_json(3)}


def _r(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def courses_of(board: Board, seed: int, *, races: Sequence[str] = RACES,
               expansion: Sequence[bool] = (False, True)) -> list[tuple[Course, bool]]:
    """Every legal course of the lake for ``races``: each order of a race's four spots whose
    arrows can be solved, with and/or without the expansion tiles (laid with ``seed``)."""
    maker = CourseMaker(board)
    out = []
    for race in races:
        for order, found in maker.enumerate(race):
            if isinstance(found, str):
                continue
            for with_tiles in expansion:
                try:
                    course = maker.build(race, order, seed=seed, expansion=with_tiles)
                except CourseError:
                    continue  # no room for the tiles on this lake
                out.append((course, with_tiles))
    return out


def rate(courses: Sequence[tuple[Board, Course, bool]], *, games: int | None, seed: int,
         bots: Sequence[str], rules: str = "", max_turns: int = MAX_TURNS,
         workers: int | None = None, scheduler: Any = None,
         progress: Callable[[int, int], None] | None = None, measure: str = "short",
         tolerance: float | None = None, most: int = 2000,
         pars: Sequence[float | None] | None = None) -> list[Rated]:
    """Simulate ``games`` games of each course (its lake, the course, whether it has the
    expansion tiles; the same seed for all) and rate them; ``games=None`` plays each course
    until ``measure``'s interval is narrower than ``tolerance`` (or ``most`` games: ``--games
    auto``); ``pars``: each course's exact par, where known (:func:`exact_pars`)."""
    jobs = jobs_of(courses, bots=bots, seed=seed, rules=rules, max_turns=max_turns)
    pars = list(pars) if pars is not None else [None] * len(jobs)
    if games is None:
        width = AUTO_TOLERANCE[measure] if tolerance is None else tolerance

        def narrow(k: int, runs: list[Any]) -> bool:
            rated = Rated(jobs[k].codes[0], "", (), False, summarize(runs), pars[k])
            return rated.estimate(measure).width <= width

        runs = simulate_until(jobs, narrow, first=20, most=most, workers=workers,
                              scheduler=scheduler, progress=progress)
    else:
        runs = simulate_many(jobs, games, workers=workers, scheduler=scheduler,
                             progress=progress)
    return [Rated(job.codes[0], c.race, tuple(c.assignment), with_tiles, summarize(r), p)
            for job, (_b, c, with_tiles), r, p in zip(jobs, courses, runs, pars, strict=True)]


def jobs_of(courses: Sequence[tuple[Board, Course, bool]], *, bots: Sequence[str], seed: int,
            rules: str = "", max_turns: int = MAX_TURNS) -> list[SimJob]:
    """The simulation job of each course of an atlas."""
    return [SimJob((course_code(c, board),), tuple(bots), seed, rules, max_turns)
            for board, c, _e in courses]


def exact_pars(jobs: Sequence[SimJob], *, workers: int | None = None, scheduler: Any = None,
               progress: Callable[[int, int], None] | None = None) -> list[float | None]:
    """Each job's course's exact par (docs/par.md), solved on the local workers or the
    cluster."""
    from course_builder.powerboats.study.runner import map_tasks

    return map_tasks(course_par, [(job.codes[0], job.rules) for job in jobs], workers=workers,
                     scheduler=scheduler, progress=progress)


def course_par(code: str, rules: str) -> float | None:
    """Exact par of one course (a worker's task: one core, the solve's own threads held to
    one)."""
    import numba

    from course_builder.powerboats.study.par import par_for
    from course_builder.powerboats.study.runner import races_of

    numba.set_num_threads(1)  # the workers already fill the cores
    race = races_of(SimJob((code,), (), 0, rules))[0]
    return par_for(race, keep_table=False).par


def best(rated: Sequence[Rated], measure: str, top: int) -> list[Rated]:
    """The ``top`` courses by ``measure`` (ties by code, so the list is stable)."""
    if measure not in MEASURES:
        raise ValueError(f"unknown measure {measure!r} ({', '.join(MEASURES)})")
    return sorted(rated, key=lambda r: (r.score(measure), r.code))[:top]


def tied_with_best(ranked: Sequence[Rated], measure: str) -> list[bool]:
    """For each entry of a ranking, whether the games cannot tell it from the first: its
    interval overlaps the first's (SIM-07; the first is tied with itself)."""
    if not ranked:
        return []
    first = ranked[0].estimate(measure)
    return [r.estimate(measure).overlaps(first) for r in ranked]
