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
from course_builder.vanuatu.planner import deadlines, dikes_needed, plan_dikes, plan_survival
from course_builder.vanuatu.state import LOSS_AT, State
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
