"""Statistics of simulated races and games: turns to finish, crashes, sinkings, seats, start
hexes, legs. Plain arithmetic on :mod:`.simulate`'s records, in game order, so the same games
give the same numbers however they were spread over workers.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from course_builder.core.values import Frozen
from course_builder.powerboats.study.simulate import BoatRun, GameRun

PERCENTILES = (10, 25, 50, 75, 90)


class Spread(Frozen):
    """Mean, standard deviation and percentiles of a sample (None where it is empty)."""

    count: int
    mean: float | None
    stdev: float | None
    percentiles: dict[int, float]

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        if not values:
            return cls(0, None, None, {})
        ordered = sorted(values)
        cuts = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 \
            else [float(ordered[0])] * 99
        return cls(len(values), statistics.fmean(values),
                   statistics.stdev(values) if len(values) > 1 else 0.0,
                   {p: cuts[p - 1] for p in PERCENTILES})

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "mean": _round(self.mean), "stdev": _round(self.stdev),
                "percentiles": {str(p): _round(v) for p, v in self.percentiles.items()}}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


class Summary(Frozen):
    """What a batch of simulated games says about its course(s)."""

    games: int
    boat_races: int
    turns_to_finish: Spread
    finish_rate: float
    sink_rate: float
    stranded_rate: float
    crashes_per_race: float
    """Crashes per boat and race."""
    legs: tuple[Spread, ...]
    """Turns from the start to buoy 1, then to buoys 2, 3 and the finish (boats that got there)."""
    by_seat: dict[int, dict[str, float]]
    """Per seat: wins (races won), mean place points of whole games, mean finishing turn."""
    by_start: dict[tuple[int, int], dict[str, float]]
    """Per start hex (row, col): races started there, wins, mean turns to finish."""
    crash_hexes: Counter[tuple[int, int]]

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "boat_races": self.boat_races,
            "turns_to_finish": self.turns_to_finish.to_json(),
            "finish_rate": round(self.finish_rate, 4), "sink_rate": round(self.sink_rate, 4),
            "stranded_rate": round(self.stranded_rate, 4),
            "crashes_per_race": round(self.crashes_per_race, 4),
            "legs": [leg.to_json() for leg in self.legs],
            "by_seat": {str(k): {n: round(v, 4) for n, v in d.items()}
                        for k, d in self.by_seat.items()},
            "by_start_hex": {f"{r},{c}": {n: round(v, 4) for n, v in d.items()}
                             for (r, c), d in sorted(self.by_start.items())},
            "crash_hexes": {f"{r},{c}": n for (r, c), n in sorted(self.crash_hexes.items())},
        }


def summarize(runs: Sequence[GameRun]) -> Summary:
    """The summary of ``runs`` (in any order: they are sorted by game index first)."""
    runs = sorted(runs, key=lambda r: r.index)
    boats: list[BoatRun] = [b for run in runs for race in run.races for b in race.boats]
    n = max(len(boats), 1)
    finished = [b for b in boats if b.place]
    legs = tuple(Spread.of([b.legs[k] for b in boats if len(b.legs) > k]) for k in range(4))
    crash_hexes: Counter[tuple[int, int]] = Counter(h for b in boats for h in b.crash_hexes)
    return Summary(
        games=len(runs), boat_races=len(boats),
        turns_to_finish=Spread.of([b.turns for b in finished]),
        finish_rate=len(finished) / n, sink_rate=sum(b.sunk for b in boats) / n,
        stranded_rate=sum(b.stranded for b in boats) / n,
        crashes_per_race=sum(b.crashes for b in boats) / n,
        legs=legs, by_seat=_by_seat(runs), by_start=_by_start(boats), crash_hexes=crash_hexes)


def _by_seat(runs: Sequence[GameRun]) -> dict[int, dict[str, float]]:
    seats: dict[int, dict[str, list[float]]] = {}
    for run in runs:
        for race in run.races:
            for b in race.boats:
                d = seats.setdefault(b.seat, {"wins": [], "finish_turns": [], "points": []})
                d["wins"].append(1.0 if b.place == 1 else 0.0)
                if b.place:
                    d["finish_turns"].append(b.turns)
        for seat, points in enumerate(run.points):
            seats.setdefault(seat, {"wins": [], "finish_turns": [], "points": []})["points"].append(
                points)
    return {seat: {"win_rate": _mean(d["wins"]), "mean_finish_turns": _mean(d["finish_turns"]),
                   "mean_points": _mean(d["points"])}
            for seat, d in sorted(seats.items())}


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
