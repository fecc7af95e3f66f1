"""The flood forecast: if nothing on the board changes, what each remaining flood does.

Beyond the rule sheet (issue 16, item 6). With no new tile and no new dike, an afloat island's
open ocean sides stay the same, so each flood brings it the same number of markers (RW-SIDES)
until the fifth submerges it (RW-FIFTH); islands never share a side that matters, so one sinking
does not change another's count. The forecast therefore needs no simulation: after ``j`` more
floods an island holds ``min(5, w + j * k)`` markers. The game stops at the flood that submerges
the third island (RW-LOST). What "nothing changes" includes is ruling VAN-11.

Under the limited water supply (ruling VAN-04) the supply, not the board alone, decides how many
markers an island gets, so the forecast then plays the floods one by one with
:func:`course_builder.vanuatu.flood.rising_waters`.
"""

from __future__ import annotations

from course_builder.core.values import Frozen
from course_builder.vanuatu.flood import rising_waters
from course_builder.vanuatu.options import WaterSupply
from course_builder.vanuatu.state import LOSS_AT, SINK_AT, State


class IslandOutlook(Frozen):
    """One afloat island: markers now, markers each flood brings, the total after each flood
    that takes place, and the round of the flood that would submerge it."""

    space: int
    tile: str
    water: int
    per_flood: int
    totals: tuple[int, ...]
    sinks_in: int | None


class Forecast(Frozen):
    """The floods still to come (cut short at the one that loses the game) and each island's
    outlook. ``lost_in`` is the round of the losing flood, if any."""

    floods: tuple[int, ...]
    islands: tuple[IslandOutlook, ...]
    submerged_now: int
    lost_in: int | None
    rule: str = "VAN-11"

    @property
    def sinking(self) -> tuple[IslandOutlook, ...]:
        return tuple(i for i in self.islands if i.sinks_in is not None)


def forecast(state: State) -> Forecast:
    """The outlook of every afloat island over the floods still to come."""
    if state.lost:
        return Forecast((), (), len(state.submerged()), None)
    if state.rules.water_supply is WaterSupply.LIMITED:
        return _played(state)
    rounds = state.remaining_floods()
    sinks: dict[int, int | None] = {}
    for space in state.afloat():
        w, k = state.placed[space].water, len(state.open_sides(space))
        j = next((j for j in range(1, len(rounds) + 1) if w + j * k >= SINK_AT), None)
        sinks[space] = rounds[j - 1] if j is not None else None
    already = len(state.submerged())
    lost_in = None
    for number, r in enumerate(rounds, start=1):
        if already + sum(1 for s in sinks.values() if s is not None and s <= r) >= LOSS_AT:
            lost_in, rounds = r, rounds[:number]
            break
    outlooks = []
    for space in state.afloat():
        w, k = state.placed[space].water, len(state.open_sides(space))
        totals = tuple(min(SINK_AT, w + j * k) for j in range(1, len(rounds) + 1))
        sink = sinks[space] if sinks[space] is not None and sinks[space] in rounds else None
        outlooks.append(IslandOutlook(space, state.placed[space].tile, w, k, totals, sink))
    return Forecast(rounds, tuple(outlooks), already, lost_in)


def _played(state: State) -> Forecast:
    """The forecast by playing each flood (needed under the limited water supply)."""
    rounds: list[int] = []
    totals: dict[int, list[int]] = {s: [] for s in state.afloat()}
    sinks: dict[int, int] = {}
    current = state
    for r in state.remaining_floods():
        result = rising_waters(current)
        rounds.append(r)
        for f in result.islands:
            totals[f.space].append(f.after)
            if f.submerged:
                sinks[f.space] = r
        current = result.state
        if current.lost:
            break
    outlooks = tuple(IslandOutlook(s, state.placed[s].tile, state.placed[s].water,
                                   len(state.open_sides(s)), tuple(_padded(totals[s], rounds)),
                                   sinks.get(s)) for s in state.afloat())
    return Forecast(tuple(rounds), outlooks, len(state.submerged()),
                    rounds[-1] if current.lost else None)


def _padded(totals: list[int], rounds: list[int]) -> list[int]:
    """An island that went under stays at five markers for the later floods."""
    return totals + [SINK_AT] * (len(rounds) - len(totals))
