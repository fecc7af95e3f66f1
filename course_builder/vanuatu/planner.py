"""The dike planner: the fewest dikes that keep chosen islands afloat through the floods to come.

Beyond the rule sheet (issue 16, item 6). Every open ocean side of an island brings one marker
per flood (RW-SIDES) and a dike closes one side (BUILD-DIKE-SIDE); dikes on one island do nothing
for another. So an island holding ``w`` markers with ``k`` open sides, facing ``F`` more floods,
stays afloat (at most 4 markers, RW-FIFTH) exactly when ``w + F * (k - x) <= 4`` with ``x`` new
dikes, and the fewest is ``x = max(0, k - (4 - w) // F)``; the islands' minima simply add up.
A dike built earlier never hurts, and the plan says for each dike the latest flood it must be in
place for while the total stays minimal.

Two goals: keep a chosen set of islands (default: all afloat) afloat, or *survive*: the fewest
dikes such that fewer than three islands are ever submerged (RW-LOST), trying every set of
islands to protect (at most 2^5). The supply of dikes (SUPPLY) bounds every plan. What the plan
assumes is ruling VAN-11.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import combinations

from course_builder.core.hexgrid import Direction
from course_builder.core.values import Frozen
from course_builder.vanuatu.errors import VanuatuError
from course_builder.vanuatu.state import LOSS_AT, SINK_AT, State

MOST = SINK_AT - 1  # markers an island can hold and stay afloat


class PlannedDike(Frozen):
    """A dike to build: island space, side, the ocean space it faces, and the round whose flood
    it must be in place for."""

    space: int
    side: Direction
    toward: int
    by_round: int


class DikePlan(Frozen):
    """A plan: the islands kept afloat, those left to the water, the dikes, and whether the
    supply allows it (``reason`` says why not)."""

    floods: tuple[int, ...]
    keep: tuple[int, ...]
    let_go: tuple[int, ...]
    dikes: tuple[PlannedDike, ...]
    dikes_left: int
    feasible: bool
    reason: str
    rule: str = "VAN-11"

    @property
    def total(self) -> int:
        return len(self.dikes)


def dikes_needed(water: int, open_sides: int, floods: int) -> int:
    """The fewest new dikes keeping an island with ``water`` markers and ``open_sides`` open
    ocean sides afloat through ``floods`` floods."""
    if floods == 0 or water + floods * open_sides <= MOST:
        return 0
    return max(0, open_sides - (MOST - water) // floods)


def deadlines(water: int, open_sides: int, rounds: Sequence[int], count: int) -> tuple[int, ...]:
    """For each of ``count`` dikes (enough for the island), the round whose flood it must be in
    place for: as late as possible while ``count`` dikes still suffice."""
    slack = MOST - water - len(rounds) * (open_sides - count)
    in_place = []
    for _ in rounds:
        later = min(count, slack)
        in_place.append(count - later)
        slack -= later
    return tuple(next(r for r, d in zip(rounds, in_place, strict=True) if d >= m)
                 for m in range(1, count + 1))


def _island_dikes(state: State, space: int, rounds: Sequence[int]) -> list[PlannedDike]:
    water = state.placed[space].water
    sides = state.open_sides(space)
    count = dikes_needed(water, len(sides), len(rounds))
    due = deadlines(water, len(sides), rounds, count)
    return [PlannedDike(space, side, _toward(state, space, side), by_round)
            for side, by_round in zip(sides[:count], due, strict=True)]


def _toward(state: State, space: int, side: Direction) -> int:
    other = state.board.neighbor(space, side)
    assert other is not None  # an open side faces an ocean tile on the board
    return other


def plan_dikes(state: State, keep: Collection[int] | None = None) -> DikePlan:
    """The fewest dikes keeping ``keep`` (default: every afloat island) afloat."""
    afloat = state.afloat()
    chosen = tuple(sorted(set(afloat if keep is None else keep)))
    for space in chosen:
        if space not in afloat:
            what = ("submerged" if state.is_island(space) else "not an island")
            raise VanuatuError(f"space {space} cannot be kept afloat: it is {what}")
    rounds = state.remaining_floods() if not state.lost else ()
    dikes = [d for space in chosen for d in _island_dikes(state, space, rounds)]
    let_go = tuple(s for s in afloat if s not in chosen)
    return _with_supply(state, rounds, chosen, let_go, dikes)


def _with_supply(state: State, rounds: Sequence[int], keep: tuple[int, ...],
                 let_go: tuple[int, ...], dikes: list[PlannedDike]) -> DikePlan:
    ok = len(dikes) <= state.dikes_left
    reason = (f"{len(dikes)} dike(s) needed, {state.dikes_left} in the supply" if ok else
              f"{len(dikes)} dikes needed but only {state.dikes_left} left in the supply")
    return DikePlan(tuple(rounds), keep, let_go, tuple(sorted(dikes, key=_order)),
                    state.dikes_left, ok, reason)


def _order(d: PlannedDike) -> tuple[int, int, int]:
    return d.by_round, d.space, int(d.side)


def plan_survival(state: State) -> DikePlan:
    """The fewest dikes such that fewer than three islands are ever submerged (RW-LOST): try
    every set of islands to protect; unprotected islands may sink if the water takes them.
    Ties go to the plan keeping more islands, then to lower space numbers."""
    afloat = state.afloat()
    floods = len(state.remaining_floods())
    doomed = {s for s in afloat
              if dikes_needed(state.placed[s].water, len(state.open_sides(s)), floods) > 0}
    best: DikePlan | None = None
    for size in range(len(afloat), -1, -1):
        for keep in combinations(afloat, size):
            sinking = len(state.submerged()) + sum(1 for s in doomed if s not in keep)
            if sinking >= LOSS_AT:
                continue
            plan = plan_dikes(state, keep)
            if best is None or plan.total < best.total:
                best = plan
    if best is None:
        submerged = len(state.submerged())
        return DikePlan((), (), afloat, (), state.dikes_left, False,
                        f"{submerged} islands are already submerged: the game is lost")
    return best
