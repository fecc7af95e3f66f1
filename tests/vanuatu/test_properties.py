"""Invariants of the Rising Waters referee on random board states (hypothesis)."""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from course_builder.core.values import replace
from course_builder.vanuatu.build import BuildRequest, build, judge_build
from course_builder.vanuatu.flood import rising_waters
from course_builder.vanuatu.forecast import forecast
from course_builder.vanuatu.options import Rules, WaterSupply
from course_builder.vanuatu.state import SINK_AT, Facing, Placed, State
from course_builder.vanuatu.statejson import check_state, state_from_json
from tests.vanuatu.strategies import SPACES, sides, states


@settings(max_examples=150, deadline=None)
@given(states(), st.integers(1, 4), st.booleans())
def test_markers_never_exceed_five(state: State, floods: int, limited: bool) -> None:
    if limited:
        state = replace(state, rules=Rules(water_supply=WaterSupply.LIMITED))
    for _ in range(floods):
        state = rising_waters(state).state
        assert all(0 <= state.placed[s].water <= SINK_AT for s in state.islands())


@settings(max_examples=150, deadline=None)
@given(states())
def test_a_submerged_island_never_gains_markers_or_anything(state: State) -> None:
    sunk = state.submerged()
    result = rising_waters(state)
    assert result.already_submerged == sunk
    assert not {f.space for f in result.islands} & set(sunk)
    for space in sunk:
        assert result.state.placed[space] == Placed(state.placed[space].tile, SINK_AT)


@settings(max_examples=100, deadline=None)
@given(states(), st.data())
def test_dikes_only_on_ocean_sides(state: State, data: st.DataObject) -> None:
    """Builds aimed at islands (often next to the builder's boat), floods in between: every
    legal dike faces an ocean tile, and so does every dike of every state reached."""
    legal = 0
    for _ in range(data.draw(st.integers(3, 8))):
        player = data.draw(st.sampled_from(state.players))
        near = [s for s in state.afloat() if player.boat in state.board.adjacent(s)]
        space = data.draw(st.sampled_from(near or list(state.islands()) or SPACES))
        hut = data.draw(st.sampled_from((None, space, space, data.draw(st.sampled_from(SPACES)))))
        dike = data.draw(st.none() | st.tuples(st.just(space), sides()))
        if hut is None and dike is None:
            dike = (space, data.draw(sides()))
        request = BuildRequest(player.name, hut, dike)
        if judge_build(state, request).legal:
            legal += 1
            if dike is not None:
                assert state.facing(*dike) is Facing.OCEAN
            state = build(state, request)
        if data.draw(st.booleans()):
            state = rising_waters(state).state
    for space, placed in state.placed.items():
        assert all(state.facing(space, side) is Facing.OCEAN for side in placed.dikes)
    check_state(state)
    assert state_from_json(state.to_json()) == state
    event(f"legal builds: {min(legal, 3)}+" if legal >= 3 else f"legal builds: {legal}")


@settings(max_examples=120, deadline=None)
@given(states())
def test_the_forecast_equals_the_floods_one_by_one(state: State) -> None:
    result = forecast(state)
    current = state
    totals: dict[int, list[int]] = {} if state.lost else {s: [] for s in state.afloat()}
    sinks: dict[int, int] = {}
    played = []
    for r in ([] if state.lost else state.remaining_floods()):
        flood = rising_waters(current)
        played.append(r)
        current = flood.state
        for space in totals:
            totals[space].append(current.placed[space].water)
        sinks.update({s: r for s in flood.submerged_now})
        if current.lost:
            break
    assert result.floods == tuple(played)
    assert result.lost_in == (played[-1] if current.lost and played else None)
    assert {o.space: list(o.totals) for o in result.islands} == totals
    assert {o.space: o.sinks_in for o in result.islands if o.sinks_in} == sinks


@settings(max_examples=60, deadline=None)
@given(states(rules=Rules(water_supply=WaterSupply.LIMITED)))
def test_the_limited_supply_forecast_plays_the_same_floods(state: State) -> None:
    result = forecast(state)
    current = state
    for i, _round in enumerate(result.floods):
        current = rising_waters(current).state
        for o in result.islands:
            assert o.totals[i] == current.placed[o.space].water
