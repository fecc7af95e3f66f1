"""95% confidence intervals for the statistics of simulated games (SIM-07 in docs/rulings.md).

The independent samples are the *games*: a game (one race, or a whole game of three) is played
with its own dice and seeds, but the boats of one race race each other (one holds another back,
only one wins), so they are not independent. Hence:

* a **mean over boats** (turns to finish, crashes per boat and race, turns per leg) is a ratio
  of two sums over games, and its interval is Student's t with the games as the samples
  (:func:`mean_interval`: the cluster-robust standard error of a ratio mean; with one boat a
  game it is the plain t-interval);
* a **rate** (finishing, sinking, winning) is Wilson's score interval (:func:`rate_interval`),
  which stays inside 0..1 and is sound near 0 and 1, with the number of boats discounted by how
  much the games' boats go together (the design effect; one boat a game: the plain interval);
* anything else, such as the gap between the best and worst seat's win rate, is a seeded
  bootstrap over games (:func:`bootstrap_interval`, percentile method, :data:`RESAMPLES`
  resamples): the same games give the same interval, however they were spread over workers.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from course_builder.core.values import Frozen

LEVEL = 0.95
RESAMPLES = 1000
BOOTSTRAP_SEED = 20_261_202
"""The bootstrap's own seed: fixed, so an interval depends on the games only."""

METHODS = {
    "level": LEVEL,
    "means": "Student t over games (a ratio mean: the boats of one race are not independent)",
    "rates": "Wilson score interval, boats discounted by the design effect of their games",
    "seat_gap": f"percentile bootstrap over games, {RESAMPLES} resamples, fixed seed",
}
"""How each kind of interval is made, for JSON outputs and the docs."""


class Estimate(Frozen):
    """A figure and its 95% interval (``low``/``high`` None where the games cannot give one:
    too few, or nothing to measure)."""

    value: float | None
    low: float | None = None
    high: float | None = None

    @property
    def width(self) -> float:
        """The interval's width (inf without one)."""
        if self.low is None or self.high is None:
            return math.inf
        return self.high - self.low

    def overlaps(self, other: Estimate) -> bool:
        """Whether the two intervals share a point (a figure without an interval overlaps
        everything: it cannot be told apart)."""
        if None in (self.low, self.high, other.low, other.high):
            return True
        assert self.low is not None and self.high is not None
        assert other.low is not None and other.high is not None
        return self.low <= other.high and other.low <= self.high

    def to_json(self, digits: int = 4) -> dict[str, Any]:
        def r(x: float | None) -> float | None:
            return None if x is None else round(x, digits)

        return {"value": r(self.value),
                "ci95": None if self.low is None else [r(self.low), r(self.high)]}

    def text(self, fmt: str = ".1f", percent: bool = False) -> str:
        """``12.3 (11.8-12.9)``; rates as percentages with ``percent``."""
        if self.value is None:
            return "-"
        scale, unit = (100.0, "%") if percent else (1.0, "")
        head = f"{self.value * scale:{fmt}}{unit}"
        if self.low is None or self.high is None:
            return head
        return f"{head} ({self.low * scale:{fmt}}-{self.high * scale:{fmt}}{unit})"


@functools.cache
def t_quantile(df: int, level: float = LEVEL) -> float:
    """The two-sided ``level`` quantile of Student's t with ``df`` degrees of freedom (e.g.
    2.262 for 9, 1.960 in the limit), by bisection on its distribution function."""
    if df < 1:
        raise ValueError("Student's t needs at least one degree of freedom")
    target = 1.0 - (1.0 - level) / 2.0
    low, high = 0.0, 1000.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if _t_cdf(mid, df) < target:
            low = mid
        else:
            high = mid
    return (low + high) / 2.0


def _t_cdf(t: float, df: int) -> float:
    x = df / (df + t * t)
    return 1.0 - 0.5 * _betainc(df / 2.0, 0.5, x)


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function (continued fraction, Lentz's method)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1.0) / (a + b + 2.0):
        return 1.0 - _betainc(b, a, 1.0 - x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 500):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return front * f / a


def _ratio(sums: Sequence[float], counts: Sequence[float]) -> tuple[float, float, int] | None:
    """The ratio mean of per-game sums over per-game counts, its cluster-robust standard error
    and the number of games (None when nothing was counted)."""
    y = np.asarray(sums, dtype=np.float64)
    n = np.asarray(counts, dtype=np.float64)
    total = float(n.sum())
    games = len(n)
    if total <= 0:
        return None
    mean = float(y.sum()) / total
    if games < 2:
        return mean, math.nan, games
    residual = y - mean * n
    spread = float((residual * residual).sum()) / (games - 1)
    return mean, math.sqrt(spread / games) / (total / games), games


POISSON_NONE = -math.log((1.0 - LEVEL) / 2.0)
"""The upper 95% bound of a Poisson mean when no event was seen (3.69 events)."""


def mean_interval(sums: Sequence[float], counts: Sequence[float], *, counts_of_events: bool = False
                  ) -> Estimate:
    """The mean over boats of a figure, from each game's sum of it and number of boats counted,
    with its t-interval over games (see the module docstring). ``counts_of_events``: the figure
    counts events (crashes), so it is never below 0, and where none was seen at all the upper
    bound is Poisson's (:data:`POISSON_NONE` over the boats counted) instead of 0."""
    found = _ratio(sums, counts)
    if found is None:
        return Estimate(None)
    mean, error, games = found
    if counts_of_events and mean == 0.0:
        return Estimate(0.0, 0.0, POISSON_NONE / float(np.sum(counts)))
    if games < 2 or math.isnan(error):
        return Estimate(mean)
    half = t_quantile(games - 1) * error
    low = max(0.0, mean - half) if counts_of_events else mean - half
    return Estimate(mean, low, mean + half)


def rate_interval(hits: Sequence[float], counts: Sequence[float]) -> Estimate:
    """A rate over boats (hits per boat counted), from each game's hits and boats, with Wilson's
    interval (see the module docstring)."""
    found = _ratio(hits, counts)
    if found is None:
        return Estimate(None)
    p, error, games = found
    boats = float(np.sum(counts))
    effective = boats
    if games >= 2 and 0.0 < p < 1.0 and error > 0.0:
        effective = min(boats, max(float(games), p * (1.0 - p) / (error * error)))
    return _wilson(p, effective)


def _wilson(p: float, n: float) -> Estimate:
    z = t_quantile(10**9)  # the normal quantile: Student's t in the limit
    denominator = 1.0 + z * z / n
    centre = (p + z * z / (2.0 * n)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / n + z * z / (4.0 * n * n)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half))


def bootstrap_interval(statistic: Callable[[np.ndarray], np.ndarray], data: np.ndarray
                       ) -> Estimate:
    """``statistic`` of ``data`` (games on axis 0) with its percentile bootstrap interval over
    games. ``statistic`` takes an array of resamples (resamples x games x ...) and returns one
    value per resample; it is also called with the data itself as a single resample."""
    games = len(data)
    value = float(statistic(data[None])[0])
    if games < 2:
        return Estimate(value)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    picks = rng.integers(0, games, size=(RESAMPLES, games))
    values = np.sort(statistic(data[picks]))
    tail = (1.0 - LEVEL) / 2.0
    return Estimate(value, float(np.quantile(values, tail)), float(np.quantile(values, 1 - tail)))
