"""The Rising Waters phase: water markers on every island from the ocean sides it has no dike on.

vanuatu-rising-waters.txt, "Rising Waters": each side of an island that borders an ocean tile not
protected by a dike brings one water marker (RW-SIDES); the fifth marker submerges the island,
everything on it is discarded and its huts leave the game (RW-FIFTH); a submerged island takes no
more markers (RW-NO-MORE); three submerged islands end the game, every player losing (RW-LOST).

Every island is evaluated on the state *before* the flood, so the order islands are handled in
cannot change the outcome (other-games-research.md 2.6, item 6). Sides facing an empty space, the
edge, an island or a submerged island bring nothing (ruling VAN-07). The 20-marker supply is
ruling VAN-04; what becomes of a submerged island's dikes is VAN-08; when in a round the phase
comes is :mod:`course_builder.vanuatu.countdown`.
"""

from __future__ import annotations

from course_builder.core.hexgrid import Direction
from course_builder.core.values import Frozen, replace
from course_builder.vanuatu.errors import IllegalAction
from course_builder.vanuatu.options import WaterSupply
from course_builder.vanuatu.state import RISING_ROUNDS, SINK_AT, WATER_SUPPLY, Placed, State


class Discarded(Frozen):
    """What a submerged island lost: huts (by owner, out of the game), dikes, tourists, goods."""

    huts: tuple[str, ...]
    dikes: tuple[Direction, ...]
    tourists: int
    goods: tuple[str, ...]


class IslandFlood(Frozen):
    """One island in one flood: markers before, due (open ocean sides), placed, after."""

    space: int
    tile: str
    before: int
    open_sides: tuple[Direction, ...]
    diked_sides: tuple[Direction, ...]
    added: int
    after: int
    discarded: Discarded | None = None

    @property
    def due(self) -> int:
        return len(self.open_sides)

    @property
    def submerged(self) -> bool:
        """Submerged by this flood (RW-FIFTH)."""
        return self.discarded is not None

    @property
    def rule(self) -> str:
        return "RW-FIFTH" if self.submerged else "RW-SIDES"


class FloodResult(Frozen):
    """A resolved Rising Waters phase and the state after it."""

    islands: tuple[IslandFlood, ...]
    already_submerged: tuple[int, ...]
    state: State
    warnings: tuple[str, ...] = ()

    @property
    def submerged_now(self) -> tuple[int, ...]:
        return tuple(f.space for f in self.islands if f.submerged)

    @property
    def markers_placed(self) -> int:
        return sum(f.added for f in self.islands)

    @property
    def lost(self) -> bool:
        """The third island went under: the game ends, every player loses (RW-LOST)."""
        return self.state.lost


def rising_waters(state: State) -> FloodResult:
    """The Rising Waters phase applied to ``state`` now, whatever the round (RW-SIDES, RW-FIFTH,
    RW-NO-MORE; rulings VAN-04, VAN-07, VAN-08)."""
    supply = WATER_SUPPLY - state.water_in_play()
    limited = state.rules.water_supply is WaterSupply.LIMITED
    floods: list[IslandFlood] = []
    for space in state.afloat():
        placed = state.placed[space]
        open_sides = state.open_sides(space)
        diked = tuple(d for d in state.ocean_sides(space) if d in placed.dikes)
        added = min(len(open_sides), SINK_AT - placed.water)
        if limited:
            added = min(added, max(supply, 0))
        supply -= added
        after = placed.water + added
        discarded = _discarded(placed) if after >= SINK_AT else None
        floods.append(IslandFlood(space, placed.tile, placed.water, open_sides, diked, added,
                                  after, discarded))
    warnings = _supply_warnings(state, floods, limited)
    return FloodResult(tuple(floods), state.submerged(), _after(state, floods), warnings)


def _discarded(placed: Placed) -> Discarded:
    return Discarded(placed.huts, tuple(sorted(placed.dikes)), placed.tourists, placed.goods)


def _after(state: State, floods: list[IslandFlood]) -> State:
    """The state after the markers are placed and the submerged islands cleared."""
    after = state
    returned_dikes = 0
    for f in floods:
        placed = state.placed[f.space]
        if f.discarded is None:
            after = after.with_placed(f.space, replace(placed, water=f.after))
            continue
        after = after.with_placed(f.space, Placed(placed.tile, SINK_AT))
        if state.rules.submerged_dikes_return:
            returned_dikes += len(placed.dikes)
    return replace(after, dikes_left=after.dikes_left + returned_dikes)


def _supply_warnings(state: State, floods: list[IslandFlood], limited: bool) -> tuple[str, ...]:
    """Say when the 20 markers do not suffice (ruling VAN-04)."""
    due = sum(min(f.due, SINK_AT - f.before) for f in floods)
    placed = sum(f.added for f in floods)
    supply = WATER_SUPPLY - state.water_in_play()
    if due <= supply:
        return ()
    if limited:
        return (f"this flood needed {due} water markers but the supply held {supply}: "
                f"{due - placed} were not placed (ruling VAN-04, limited supply)",)
    return (f"this flood needs {due} water markers and the supply holds {supply}: all are "
            "placed anyway, taking back those of islands that go under (ruling VAN-04)",)


def check_flood_due(state: State) -> None:
    """Raise :class:`IllegalAction` unless this round's Rising Waters phase is still to come."""
    if state.lost:
        raise IllegalAction(f"the game is over: {len(state.submerged())} islands are submerged "
                            "(rule RW-LOST)")
    if state.round not in RISING_ROUNDS:
        raise IllegalAction(f"round {state.round} has no Rising Waters phase; the waters rise in "
                            "rounds 2, 4, 6 and 8 (rule RW-ROUNDS)")
    if state.round in state.floods:
        raise IllegalAction(f"the waters already rose in round {state.round} (rule RW-ROUNDS)")


def resolve_flood(state: State) -> FloodResult:
    """This round's Rising Waters phase, recorded in the state's ``floods``."""
    check_flood_due(state)
    result = rising_waters(state)
    recorded = replace(result.state, floods=(*state.floods, state.round))
    return replace(result, state=recorded)


def skip_flood(state: State) -> State:
    """Record this round's phase as over without a flood (ruling VAN-03, ``short_round=skip``)."""
    check_flood_due(state)
    return replace(state, floods=(*state.floods, state.round))

