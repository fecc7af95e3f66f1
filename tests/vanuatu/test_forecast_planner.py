"""The flood forecast and the dike planner (beyond the rule sheet; ruling VAN-11): exact cases,
and the planner checked against brute force on small boards."""

from __future__ import annotations

from itertools import combinations

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from course_builder.core.hexgrid import Direction as D
from course_builder.core.values import replace
from course_builder.vanuatu.flood import rising_waters
from course_builder.vanuatu.forecast import forecast
from course_builder.vanuatu.options import Rules, WaterSupply
from course_builder.vanuatu.planner import deadlines, dikes_needed, plan_dikes, plan_survival
from course_builder.vanuatu.state import LOSS_AT, Placed, State
from tests.vanuatu.helpers import OCEANS, START, board, island

# after round 2's flood: Efate 2 markers (E diked, SW SE open), A1 3 markers (NE NW W open)
MIDGAME = board({**START, 2: island("efate", 2, dikes=["E"]), 4: "B1", 8: island("A1", 3)},
                round=3, floods=(2,))


def test_forecast_exact() -> None:
    result = forecast(MIDGAME)
    assert result.floods == (4, 6, 8) and result.lost_in is None
    by_space = {o.space: o for o in result.islands}
    assert (by_space[2].per_flood, by_space[2].totals, by_space[2].sinks_in) == (2, (4, 5, 5), 6)
    assert (by_space[8].per_flood, by_space[8].totals, by_space[8].sinks_in) == (3, (5, 5, 5), 4)


def test_forecast_stops_at_the_losing_flood() -> None:
    state = board({2: island("efate", 4), 3: "B1", 8: island("A1", 2), 9: "B2", 13: island("D1", 5)},
                  round=4, floods=(2,))
    result = forecast(state)
    assert result.floods == (4, 6) and result.lost_in == 6
    assert {o.space: o.sinks_in for o in result.islands} == {2: 4, 8: 6}


def test_dikes_needed_and_deadlines() -> None:
    assert dikes_needed(0, 6, 4) == 5  # 4 floods x 1 open side = 4 markers
    assert dikes_needed(3, 3, 3) == 3 and dikes_needed(2, 2, 3) == 2
    assert dikes_needed(4, 0, 4) == 0 and dikes_needed(0, 3, 0) == 0
    assert deadlines(3, 3, (4, 6, 8), 3) == (4, 4, 6)  # 1 marker at round 4, then sealed
    assert deadlines(2, 2, (4, 6, 8), 2) == (6, 6)  # 2 markers at round 4, then sealed


def test_plan_exact_with_deadlines() -> None:
    plan = plan_dikes(MIDGAME)
    assert plan.feasible and plan.total == 5 and plan.keep == (2, 8)
    assert [(d.by_round, d.space, d.side, d.toward) for d in plan.dikes] == [
        (4, 8, D.NE, 4), (4, 8, D.NW, 3), (6, 2, D.SW, 6), (6, 2, D.SE, 7), (6, 8, D.W, 7)]
    assert plan_dikes(MIDGAME, keep=[2]).total == 2


def test_plan_needs_the_supply() -> None:
    plan = plan_dikes(replace(MIDGAME, dikes_left=4))
    assert not plan.feasible
    assert plan.reason == "5 dikes needed but only 4 left in the supply"


def test_survival_lets_two_islands_go() -> None:
    plan = plan_survival(MIDGAME)
    assert plan.total == 0 and plan.let_go == (2, 8) and plan.feasible
    lost = board({2: island("efate", 4), 3: "B1", 8: island("A1", 4), 9: "B2",
                  13: island("D1", 4), 14: "C1"}, round=4, floods=(2,))
    plan = plan_survival(lost)
    assert (plan.total, plan.keep, plan.let_go) == (1, (2,), (8, 13))  # one island is enough


def simulate(state: State, dikes: list[tuple[int, D, int]]) -> State:
    """Play every remaining flood, each dike built just before the flood of its round (on past a
    lost game: a plan keeps its islands afloat through all the floods)."""
    for r in state.remaining_floods():
        for space, side, by_round in dikes:
            if by_round == r:
                placed = state.placed[space]
                state = state.with_placed(space, replace(placed, dikes=placed.dikes | {side}))
        state = rising_waters(state).state
    return state


def open_sides(state: State, spaces: tuple[int, ...]) -> list[tuple[int, D]]:
    return [(s, d) for s in spaces for d in state.open_sides(s)]


def fewest_by_brute_force(state: State, sides: list[tuple[int, D]], ok) -> int:
    first = state.remaining_floods()[0]
    for k in range(len(sides) + 1):
        for chosen in combinations(sides, k):
            if ok(simulate(state, [(s, d, first) for s, d in chosen])):
                return k
    raise AssertionError("diking every open side always works")


@st.composite
def threatened(draw: st.DrawFn) -> State:
    """Up to four islands, none touching another, with ocean tiles on some of the other spaces
    and water already on them, early in the game: plans need dikes."""
    spaces = draw(st.lists(st.sampled_from((2, 8, 11, 15)), min_size=1, max_size=4, unique=True))
    placed = {s: island(t, draw(st.integers(0, 4)))
              for s, t in zip(spaces, ("efate", "A1", "A2", "D1"), strict=False)}
    free = [s for s in range(1, 17) if s not in placed]
    chosen = [s for s in free if draw(st.booleans())]
    placed |= dict(zip(chosen, OCEANS, strict=False))
    return board(placed, round=draw(st.sampled_from((1, 2, 3, 5))))


@settings(max_examples=60, deadline=None)
@given(threatened(), st.data())
def test_the_plan_keeps_the_islands_afloat_and_is_minimal(state: State, data) -> None:
    assume(not state.lost and state.remaining_floods())
    keep = tuple(s for s in state.afloat() if data.draw(st.booleans()))
    plan = plan_dikes(state, keep)
    after = simulate(state, [(d.space, d.side, d.by_round) for d in plan.dikes])
    assert all(not after.placed[s].submerged for s in keep)
    sides = open_sides(state, keep)
    assume(len(sides) <= 9)
    best = fewest_by_brute_force(state, sides,
                                 lambda s: all(not s.placed[k].submerged for k in keep))
    assert plan.total == best
    event(f"dikes in the plan: {min(plan.total, 3)}")


@settings(max_examples=40, deadline=None)
@given(threatened())
def test_the_survival_plan_saves_the_game_and_is_minimal(state: State) -> None:
    assume(not state.lost and state.remaining_floods())
    plan = plan_survival(state)
    after = simulate(state, [(d.space, d.side, d.by_round) for d in plan.dikes])
    assert len(after.submerged()) < LOSS_AT
    sides = open_sides(state, state.afloat())
    assume(len(sides) <= 9)
    assert plan.total == fewest_by_brute_force(state, sides,
                                               lambda s: len(s.submerged()) < LOSS_AT)
    event(f"dikes in the plan: {min(plan.total, 3)}")


# -- the limited water supply (ruling VAN-04): plans played through the referee ---------------


def _one_side_open(state: State, space: int, tile: str, water: int) -> Placed:
    """An island with every ocean side but the first diked."""
    return island(tile, water, dikes=[d.name for d in state.ocean_sides(space)[1:]])


ISSUE_OCEANS = {1: "B1", 3: "start-boat", 5: "B2", 6: "start-fish", 7: "start-wreck", 8: "C1",
                9: "C2", 11: "E1", 12: "E2", 14: "F1", 15: "F2"}
ISSUE_ISLANDS = {2: ("efate", 4), 4: ("A1", 4), 10: ("A2", 4), 13: ("D1", 4), 16: ("D2", 3)}


def issue_board(supply: WaterSupply) -> State:
    """Five islands with one open ocean side each, 19 markers out (4, 4, 4, 4 and 3 on the last
    island in space order), 4 dikes in the box, the floods of rounds 6 and 8 to come."""
    bare = board({**ISSUE_OCEANS, **{s: t for s, (t, _) in ISSUE_ISLANDS.items()}})
    return board({**ISSUE_OCEANS, **{s: _one_side_open(bare, s, t, w)
                                     for s, (t, w) in ISSUE_ISLANDS.items()}},
                 round=5, floods=(2, 4), dikes_left=4, rules=Rules(water_supply=supply))


def test_van_04_limited_supply_the_planner_plans_under_the_rules_in_force() -> None:
    """VAN-04 (limited) with VAN-11: with 1 marker in the box, the island that takes it need
    not be diked; the planner said "5 dikes needed but only 4 left" as if every marker due were
    placed."""
    state = issue_board(WaterSupply.LIMITED)
    assert state.water_in_play() == 19 and state.dikes_left == 4
    # the referee: dike the four islands before the last one, and nothing sinks
    by_hand = simulate(state, [(s, state.open_sides(s)[0], 6) for s in (2, 4, 10, 13)])
    assert by_hand.afloat() == (2, 4, 10, 13, 16) and by_hand.placed[16].water == 4
    plan = plan_dikes(state)
    assert plan.feasible and plan.total == 4, plan.reason
    assert sorted(d.space for d in plan.dikes) == [2, 4, 10, 13]
    after = simulate(state, [(d.space, d.side, d.by_round) for d in plan.dikes])
    assert after.afloat() == (2, 4, 10, 13, 16)
    # three dikes are not enough: the undiked island takes the last marker and goes under,
    # its five come back, and the next flood sinks the last island
    for three in combinations((2, 4, 10, 13), 3):
        played = simulate(state, [(s, state.open_sides(s)[0], 6) for s in three])
        assert len(played.afloat()) < 5
    # under the default reading every marker due is placed: 5 are needed
    unlimited = plan_dikes(issue_board(WaterSupply.UNLIMITED))
    assert not unlimited.feasible and unlimited.total == 5


@st.composite
def crowded(draw: st.DrawFn) -> State:
    """Up to five islands apart (spaces 2, 4, 10, 13, 16), much water and some dikes already, so
    that the 20 water markers run short; either reading of VAN-04."""
    spaces = draw(st.lists(st.sampled_from((2, 4, 10, 13, 16)), min_size=4, max_size=5,
                           unique=True))
    lettered = iter(("A1", "A2", "D1", "D2"))
    tiles = {s: "efate" if s == 2 else next(lettered) for s in sorted(spaces)}
    free = [s for s in range(1, 17) if s not in spaces]
    oceans = dict(zip([s for s in free if draw(st.integers(0, 3))], OCEANS, strict=False))
    bare = board({**oceans, **tiles})
    placed: dict[int, str | Placed] = dict(oceans)
    for s, tile in tiles.items():
        sides = bare.ocean_sides(s)
        diked = [d.name for d in sides if draw(st.integers(0, 2)) > 0]
        placed[s] = island(tile, draw(st.sampled_from((2, 3, 3, 4, 4, 4))), dikes=diked)
    supply = draw(st.sampled_from(WaterSupply))
    return board(placed, round=draw(st.sampled_from((1, 3, 5, 6, 7))), rules=Rules(
        water_supply=supply))


@settings(max_examples=60, deadline=None)
@given(crowded(), st.data())
def test_van_11_the_plan_survives_the_flood_referee_under_both_water_supplies(
        state: State, data) -> None:
    """The planner's dikes, each built before the flood it names, played through the referee
    keep the chosen islands afloat, and no fewer dikes built at once would (VAN-04, VAN-11)."""
    assume(not state.lost and state.remaining_floods())
    keep = tuple(s for s in state.afloat() if data.draw(st.booleans()))
    plan = plan_dikes(state, keep)
    after = simulate(state, [(d.space, d.side, d.by_round) for d in plan.dikes])
    assert all(not after.placed[s].submerged for s in keep)
    event(f"{state.rules.water_supply}, markers in the box: {min(20 - state.water_in_play(), 6)}")
    sides = open_sides(state, state.afloat())
    assume(len(sides) <= 8)
    best = fewest_by_brute_force(state, sides,
                                 lambda s: all(not s.placed[k].submerged for k in keep))
    assert plan.total == best


@settings(max_examples=40, deadline=None)
@given(crowded())
def test_van_11_the_survival_plan_survives_the_flood_referee_under_both_water_supplies(
        state: State) -> None:
    assume(not state.lost and state.remaining_floods())
    plan = plan_survival(state)
    after = simulate(state, [(d.space, d.side, d.by_round) for d in plan.dikes])
    assert len(after.submerged()) < LOSS_AT
    assert all(s in after.afloat() for s in plan.keep)
    event(f"{state.rules.water_supply}, markers in the box: {min(20 - state.water_in_play(), 6)}")
    sides = open_sides(state, state.afloat())
    assume(len(sides) <= 8)
    assert plan.total == fewest_by_brute_force(state, sides,
                                               lambda s: len(s.submerged()) < LOSS_AT)
