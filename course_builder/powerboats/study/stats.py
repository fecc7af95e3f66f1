"""Statistics of simulated races and games: turns to finish, crashes, sinkings, seats, start
hexes, legs, each mean and rate with its 95% interval (:mod:`.intervals`, SIM-07). Plain
arithmetic on :mod:`.simulate`'s records, in game order, so the same games give the same numbers
however they were spread over workers.

A game that reached the turn limit with a boat still racing is *unfinished* (SIM-01): it is
counted and reported as such, and left out of every other figure (SIM-05), so that no figure
mixes finished races with ones cut short.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from course_builder.core.values import Frozen
from course_builder.powerboats.study.intervals import (
    METHODS,
    Estimate,
    bootstrap_interval,
    mean_interval,
    rate_interval,
)
from course_builder.powerboats.study.simulate import BoatRun, GameRun

PERCENTILES = (10, 25, 50, 75, 90)

NOTHING = Estimate(None)
"""No figure (an immutable value: one shared default is safe)."""


class Spread(Frozen):
    """Mean (with its interval over games), standard deviation and percentiles of a figure of
    boats (None where there is none)."""

    count: int
    mean: float | None
    stdev: float | None
    percentiles: dict[int, float]
    interval: Estimate = NOTHING

    @classmethod
    def of_games(cls, games: Sequence[Sequence[float]]) -> Spread:
        """From each game's values (the boats of one game go together: :mod:`.intervals`)."""
        values = [v for game in games for v in game]
        if not values:
            return cls(0, None, None, {})
        ordered = sorted(values)
        cuts = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 \
            else [float(ordered[0])] * 99
        interval = mean_interval([sum(g) for g in games], [len(g) for g in games])
        return cls(len(values), statistics.fmean(values),
                   statistics.stdev(values) if len(values) > 1 else 0.0,
                   {p: cuts[p - 1] for p in PERCENTILES}, interval)

    def to_json(self) -> dict[str, Any]:
        i = self.interval
        return {"count": self.count, "mean": _round(self.mean),
                "mean_ci95": None if i.low is None else [_round(i.low), _round(i.high)],
                "stdev": _round(self.stdev),
                "percentiles": {str(p): _round(v) for p, v in self.percentiles.items()}}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


class Summary(Frozen):
    """What a batch of simulated games says about its course(s)."""

    games: int
    """Games played."""
    unfinished_games: int
    """Games stopped at the turn limit with a boat still racing: left out of everything else."""
    boat_races: int
    """Boat-races of the finished games."""
    turns_to_finish: Spread
    finish_rate: Estimate
    sink_rate: Estimate
    crashes_per_race: Estimate
    """Crashes per boat and race."""
    danger: Estimate
    """Crashes plus sinkings per boat and race (SIM-03, ``dangerous``)."""
    stalls_per_race: Estimate
    """Times per boat and race that a boat stalled and its play was handed on (SIM-05)."""
    legs: tuple[Spread, ...]
    """Turns from the start to buoy 1, then to buoys 2, 3 and the finish (boats that got there)."""
    by_seat: dict[int, dict[str, Estimate]]
    """Per seat: wins (races won), mean finishing turn and, for whole games, mean points."""
    seat_gap: Estimate
    """The best seat's win rate less the worst's (SIM-03, ``fair``)."""
    by_start: dict[tuple[int, int], dict[str, float]]
    """Per start hex (row, col): races started there, wins, mean turns to finish."""
    crash_hexes: Counter[tuple[int, int]]

    @property
    def unfinished_rate(self) -> float:
        return self.unfinished_games / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "unfinished_games": self.unfinished_games,
            "boat_races": self.boat_races,
            "turns_to_finish": self.turns_to_finish.to_json(),
            "finish_rate": self.finish_rate.to_json(), "sink_rate": self.sink_rate.to_json(),
            "crashes_per_race": self.crashes_per_race.to_json(),
            "stalls_per_race": self.stalls_per_race.to_json(),
            "legs": [leg.to_json() for leg in self.legs],
            "by_seat": {str(k): {n: v.to_json() for n, v in d.items()}
                        for k, d in self.by_seat.items()},
            "seat_gap": self.seat_gap.to_json(),
            "by_start_hex": {f"{r},{c}": {n: round(v, 4) for n, v in d.items()}
                             for (r, c), d in sorted(self.by_start.items())},
            "crash_hexes": {f"{r},{c}": n for (r, c), n in sorted(self.crash_hexes.items())},
            "intervals": METHODS,
        }


def finished(run: GameRun) -> bool:
    """Whether a game ended with every boat finished or sunk (not stopped at the turn limit)."""
    return all(not b.stranded for race in run.races for b in race.boats)


def summarize(runs: Sequence[GameRun]) -> Summary:
    """The summary of ``runs`` (in any order: they are sorted by game index first)."""
    runs = sorted(runs, key=lambda r: r.index)
    counted = [run for run in runs if finished(run)]
    games = [[b for race in run.races for b in race.boats] for run in counted]
    boats: list[BoatRun] = [b for game in games for b in game]
    sizes = [len(game) for game in games]

    def rate(hit: Any) -> Estimate:
        return rate_interval([sum(1 for b in game if hit(b)) for game in games], sizes)

    def mean(value: Any) -> Estimate:
        return mean_interval([sum(value(b) for b in game) for game in games], sizes,
                             counts_of_events=True)

    legs = tuple(Spread.of_games([[b.legs[k] for b in game if len(b.legs) > k]
                                  for game in games]) for k in range(4))
    crash_hexes: Counter[tuple[int, int]] = Counter(h for b in boats for h in b.crash_hexes)
    return Summary(
        games=len(runs), unfinished_games=len(runs) - len(counted), boat_races=len(boats),
        turns_to_finish=Spread.of_games([[b.turns for b in game if b.place] for game in games]),
        finish_rate=rate(lambda b: b.place), sink_rate=rate(lambda b: b.sunk),
        crashes_per_race=mean(lambda b: b.crashes),
        danger=mean(lambda b: b.crashes + (1 if b.sunk else 0)),
        stalls_per_race=mean(lambda b: b.stalls),
        legs=legs, by_seat=_by_seat(counted), seat_gap=_seat_gap(counted),
        by_start=_by_start(boats), crash_hexes=crash_hexes)


def _by_seat(runs: Sequence[GameRun]) -> dict[int, dict[str, Estimate]]:
    seats = sorted({b.seat for run in runs for race in run.races for b in race.boats})
    out: dict[int, dict[str, Estimate]] = {}
    for seat in seats:
        mine = [[b for race in run.races for b in race.boats if b.seat == seat] for run in runs]
        d = {"win_rate": rate_interval([sum(b.place == 1 for b in g) for g in mine],
                                       [len(g) for g in mine]),
             "mean_finish_turns": mean_interval([sum(b.turns for b in g if b.place) for g in mine],
                                                [sum(1 for b in g if b.place) for g in mine])}
        points = [run.points[seat] for run in runs if len(run.points) > seat]
        if points:
            d["mean_points"] = mean_interval(points, [1] * len(points))
        out[seat] = d
    return out


def _seat_gap(runs: Sequence[GameRun]) -> Estimate:
    """The gap between the best and worst seat's win rate, with its bootstrap interval."""
    seats = sorted({b.seat for run in runs for race in run.races for b in race.boats})
    if len(seats) < 2 or not runs:
        return Estimate(0.0 if runs else None)
    wins = np.array([[sum(1 for race in run.races for b in race.boats
                          if b.seat == seat and b.place == 1) for seat in seats]
                     for run in runs], dtype=np.float64)
    races = np.array([len(run.races) for run in runs], dtype=np.float64)
    data = np.concatenate([wins, races[:, None]], axis=1)

    def gap(samples: np.ndarray) -> np.ndarray:
        rates = samples[..., :-1].sum(axis=1) / samples[..., -1].sum(axis=1)[:, None]
        return np.asarray(rates.max(axis=1) - rates.min(axis=1))

    return bootstrap_interval(gap, data)


def _by_start(boats: Sequence[BoatRun]) -> dict[tuple[int, int], dict[str, float]]:
    hexes: dict[tuple[int, int], list[BoatRun]] = {}
    for b in boats:
        hexes.setdefault(b.start, []).append(b)
    return {h: {"races": float(len(bs)), "win_rate": _mean([1.0 if b.place == 1 else 0.0
                                                             for b in bs]),
                "mean_finish_turns": _mean([b.turns for b in bs if b.place])}
            for h, bs in hexes.items()}


def _mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0
