"""A course atlas: every course of a lake (three races, every order of the race's spots, with
and without Expansion 1), each rated by a quick simulation, and the best by the user's measure.

Measures (SIM-03 in docs/rulings.md):

* ``short`` / ``long``: the mean turns to finish of the boats that finish;
* ``dangerous``: crashes per boat and race plus the share of boats that sink (and strand);
* ``fair``: how little the seat decides, the gap between the best and worst seat's win rate
  (start hexes are dealt at random, so the seat is what a player brings to the table).

Every course is a :class:`~.runner.SimJob`; all of them share one process pool or Dask cluster.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from course_builder.core.values import Frozen
from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.generate import RACES, CourseMaker
from course_builder.powerboats.course.model import Course, CourseError
from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.study.runner import SimJob, simulate_many
from course_builder.powerboats.study.stats import Summary, summarize

MEASURES = ("short", "long", "fair", "dangerous")


class Rated(Frozen):
    """One course of the atlas with its numbers."""

    code: str
    race: str
    order: tuple[str, ...]
    expansion: bool
    summary: Summary

    @property
    def mean_turns(self) -> float:
        return self.summary.turns_to_finish.mean or float("inf")

    @property
    def danger(self) -> float:
        s = self.summary
        return s.crashes_per_race + s.sink_rate + s.stranded_rate

    @property
    def seat_gap(self) -> float:
        rates = [d["win_rate"] for d in self.summary.by_seat.values()]
        return max(rates) - min(rates) if rates else 0.0

    def score(self, measure: str) -> float:
        """Smaller is better for ``measure``."""
        return {"short": self.mean_turns, "long": -self.mean_turns, "fair": self.seat_gap,
                "dangerous": -self.danger}[measure]

    def to_json(self) -> dict[str, Any]:
        s = self.summary
        return {"code": self.code, "race": self.race, "order": list(self.order),
                "expansion": self.expansion, "mean_turns": _r(s.turns_to_finish.mean),
                "stdev_turns": _r(s.turns_to_finish.stdev), "finish_rate": _r(s.finish_rate),
                "sink_rate": _r(s.sink_rate), "crashes_per_race": _r(s.crashes_per_race),
                "seat_gap": _r(self.seat_gap)}


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


def rate(board: Board, courses: Sequence[tuple[Course, bool]], *, games: int, seed: int,
         bots: Sequence[str], rules: str = "", workers: int | None = None,
         scheduler: Any = None, progress: Callable[[int, int], None] | None = None
         ) -> list[Rated]:
    """Simulate ``games`` games of each course (the same seed for all) and rate them."""
    jobs = [SimJob((course_code(c, board),), tuple(bots), seed, rules) for c, _e in courses]
    runs = simulate_many(jobs, games, workers=workers, scheduler=scheduler, progress=progress)
    return [Rated(job.codes[0], c.race, tuple(c.assignment), with_tiles, summarize(r))
            for job, (c, with_tiles), r in zip(jobs, courses, runs, strict=True)]


def best(rated: Sequence[Rated], measure: str, top: int) -> list[Rated]:
    """The ``top`` courses by ``measure`` (ties by code, so the list is stable)."""
    if measure not in MEASURES:
        raise ValueError(f"unknown measure {measure!r} ({', '.join(MEASURES)})")
    return sorted(rated, key=lambda r: (r.score(measure), r.code))[:top]
