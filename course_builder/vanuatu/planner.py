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

Under the limited water supply (ruling VAN-04, ``water_supply=limited``) the box, not the sides
alone, decides how many markers an island takes: a flood stops when the box is empty, and the
markers of an island that goes under come back. The islands' needs no longer add up, so the
planner then searches: every count of dikes per island up to what the island needs under the
unlimited supply (more never helps: an island that takes fewer markers leaves more for the
others), dikes built before the next flood, each candidate played through the referee
(:func:`~course_builder.vanuatu.flood.rising_waters`), the fewest that works; then each dike in
turn waits for as late a flood as the referee still allows.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import combinations, product

from course_builder.core.hexgrid import Direction
from course_builder.core.values import Frozen, replace
from course_builder.vanuatu.errors import VanuatuError
from course_builder.vanuatu.flood import rising_waters
from course_builder.vanuatu.options import WaterSupply
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
    let_go = tuple(s for s in afloat if s not in chosen)
    if _limited(state):
        dikes = _kept_plan(state, rounds, chosen)
    else:
        dikes = [d for space in chosen for d in _island_dikes(state, space, rounds)]
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
    if _limited(state) and len(state.submerged()) < LOSS_AT:
        return _survival_searched(state)
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


# -- the limited water supply: search, each candidate played through the referee -------------------


def _limited(state: State) -> bool:
    return state.rules.water_supply is WaterSupply.LIMITED


Goal = Callable[[State], bool]
"""Whether the state after every flood to come is what the plan wants."""


def _played(state: State, dikes: Sequence[PlannedDike]) -> State:
    """Every flood to come through the referee, each dike built just before the flood of its
    round (played on past a lost game: a plan keeps its islands afloat through every flood)."""
    for r in state.remaining_floods():
        for d in dikes:
            if d.by_round == r:
                placed = state.placed[d.space]
                state = state.with_placed(d.space, replace(placed, dikes=placed.dikes | {d.side}))
        state = rising_waters(state).state
    return state


def _candidates(state: State, rounds: Sequence[int]) -> list[tuple[int, ...]]:
    """Every count of dikes per afloat island (in space order), from none up to what the island
    needs under the unlimited supply, fewest in all first."""
    bounds = [range(dikes_needed(state.placed[s].water, len(state.open_sides(s)), len(rounds)) + 1)
              for s in state.afloat()]
    return sorted(product(*bounds), key=sum)


def _dikes_for(state: State, counts: Sequence[int], by_round: int) -> list[PlannedDike]:
    return [PlannedDike(space, side, _toward(state, space, side), by_round)
            for space, count in zip(state.afloat(), counts, strict=True)
            for side in state.open_sides(space)[:count]]


def _searched(state: State, rounds: Sequence[int], goal: Goal,
              rank: Callable[[Sequence[int], State], int]) -> tuple[list[PlannedDike], State]:
    """The fewest dikes for ``goal`` under the limited supply (ties: the lowest ``rank`` of the
    counts per island and the state after the floods, then earlier islands), each as late as
    the referee allows without losing an island the plan saves; and the state after them."""
    best: tuple[tuple[int, int], list[PlannedDike], State] | None = None
    for counts in _candidates(state, rounds):
        if best is not None and sum(counts) > best[0][0]:
            break
        dikes = _dikes_for(state, counts, rounds[0])
        after = _played(state, dikes)
        if goal(after) and (best is None or (sum(counts), rank(counts, after)) < best[0]):
            best = (sum(counts), rank(counts, after)), dikes, after
    if best is None:  # cannot happen: the unlimited needs always suffice (fewer markers)
        raise AssertionError("no plan under the limited supply")
    saved = set(best[2].afloat())

    def still(after: State) -> bool:
        return goal(after) and saved <= set(after.afloat())

    return _as_late_as_allowed(state, rounds, best[1], still), best[2]


def _as_late_as_allowed(state: State, rounds: Sequence[int], dikes: list[PlannedDike],
                        goal: Goal) -> list[PlannedDike]:
    """Each dike in turn moved to the latest flood for which the plan still works."""
    planned = list(dikes)
    for i, dike in enumerate(planned):
        for later in reversed(rounds[1:]):
            moved = [*planned[:i], PlannedDike(dike.space, dike.side, dike.toward, later),
                     *planned[i + 1:]]
            if goal(_played(state, moved)):
                planned = moved
                break
    return planned


def _kept_plan(state: State, rounds: Sequence[int], keep: tuple[int, ...]) -> list[PlannedDike]:
    """:func:`plan_dikes` under the limited supply (ties: fewer dikes on islands not kept)."""
    if not rounds:
        return []
    afloat = state.afloat()

    def off_keep(counts: Sequence[int], after: State) -> int:
        return sum(c for s, c in zip(afloat, counts, strict=True) if s not in keep)

    return _searched(state, rounds, lambda after: set(keep) <= set(after.afloat()), off_keep)[0]


def _survival_searched(state: State) -> DikePlan:
    """:func:`plan_survival` under the limited supply: the fewest dikes after which fewer than
    three islands are submerged; of those, the plan keeping the most islands afloat."""
    rounds = state.remaining_floods()
    afloat = state.afloat()
    if not rounds:
        return _with_supply(state, rounds, afloat, (), [])
    dikes, after = _searched(state, rounds, lambda after: len(after.submerged()) < LOSS_AT,
                             lambda counts, after: -len(after.afloat()))
    keep = tuple(s for s in afloat if s in after.afloat())
    return _with_supply(state, rounds, keep, tuple(s for s in afloat if s not in keep), dikes)
