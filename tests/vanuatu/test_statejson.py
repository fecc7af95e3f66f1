"""The board state's JSON form: round trip, errors that name the field, and any input at all
giving a one-line error (docs/vanuatu.md, "Board state")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.core.jsonwrite import fits, json_text
from course_builder.vanuatu.errors import StateError, VanuatuError
from course_builder.vanuatu.setup import make_setup
from course_builder.vanuatu.state import Facing, State
from course_builder.vanuatu.statejson import state_from_json
from tests.vanuatu.strategies import states

GOOD = {
    "round": 4, "floods": [2],
    "players": [{"name": "red", "boat": 3, "vatus": 2, "huts_left": 7}],
    "spaces": {"2": {"tile": "efate", "water": 2, "dikes": ["e"], "huts": ["red"]},
               "3": {"tile": "start-boat"}, "6": {"tile": "start-fish"}},
}


def test_a_hand_written_state_reads_with_defaults() -> None:
    state = state_from_json(GOOD)
    assert state.round == 4 and state.floods == (2,) and state.dikes_left == 19
    assert state.placed[2].water == 2 and state.facing(2, next(iter(state.placed[2].dikes))) \
        is Facing.OCEAN
    assert state.player("red").huts_left == 7


@settings(max_examples=60, deadline=None)
@given(states())
def test_round_trip(state: State) -> None:
    assert state_from_json(state.to_json()) == state


def test_setup_state_round_trips_through_text() -> None:
    import json

    state = make_setup(3, players=["red", "blue"]).state
    assert state_from_json(json.loads(json_text(state.to_json(), fold=fits(96)))) == state


def edited(path: str, value) -> dict:
    data = {k: (dict(v) if isinstance(v, dict) else v) for k, v in GOOD.items()}
    data["spaces"] = {k: dict(v) for k, v in GOOD["spaces"].items()}
    *parents, last = path.split(".")
    target = data
    for key in parents:
        target = target[key]
    target[last] = value
    return data


@pytest.mark.parametrize(("path", "value", "message"), [
    ("round", 9, "round: expected a whole number from 1 to 8, got 9"),
    ("round", True, "round: expected a whole number from 1 to 8, got true"),
    ("floods", [3], "floods[0]: the waters rise in rounds 2, 4, 6 and 8, got 3"),
    ("floods", [6], "floods[0]: round 6 has not come yet (round is 4)"),
    ("colour", "x", "colour: unknown field (known: format, version, round,"),
    ("spaces.2.water", 2.0, "spaces.2.water: expected a whole number from 0 to 5, got 2.0"),
    ("spaces.2.dikes", ["W"], "spaces.2.dikes: side W faces an empty space, not an ocean tile"),
    ("spaces.2.dikes", ["up"], "spaces.2.dikes[0]: expected a side E, NE, NW, W, SW or SE, got 'up'"),
    ("spaces.2.huts", ["blue"], "spaces.2.huts: 'blue' is not one of the players"),
    ("spaces.2.huts", ["red"] * 4, "spaces.2.huts: at most 3 entries, got 4"),
    ("spaces.2.submerged", True, "spaces.2: an island is submerged exactly when it has 5 water"),
    ("spaces.3.water", 1, "spaces.3.water: start-boat is an ocean tile; only islands carry water"),
    ("spaces.6.tile", "efate", "spaces.6.tile: efate also lies on space 2"),
    ("spaces.6.tile", "Z9", "spaces.6.tile: unknown tile 'Z9'"),
    ("spaces.17", {"tile": "B1"}, "spaces.17: not a space: keys are space numbers 1-16"),
    ("players", [{"name": "Red!"}], "players[0].name: expected a colour name"),
    ("players", [{"name": "red", "boat": 2}], "players[0].boat: space 2 holds no ocean tile"),
    ("dikes_left", 20, "dikes_left: 1 dikes on the board and 20 left, more than 20"),
    ("spaces.8", {"tile": "D1", "water": 4, "submerged": True},
     "spaces.8: an island is submerged exactly when it has 5 water markers (water 4, submerged true)"),
    ("spaces.8", {"tile": "D1", "water": 5, "submerged": False},
     "spaces.8: an island is submerged exactly when it has 5 water markers (water 5, submerged false)"),
])
def test_errors_name_the_field(path: str, value, message: str) -> None:
    with pytest.raises(StateError) as info:
        state_from_json(edited(path, value))
    assert str(info.value).startswith(message)


def test_a_submerged_island_holds_nothing() -> None:
    data = edited("spaces.2", {"tile": "efate", "submerged": True, "huts": ["red"]})
    with pytest.raises(StateError, match=r"spaces.2: a submerged island holds nothing"):
        state_from_json(data)
    assert state_from_json(edited("spaces.2", {"tile": "efate", "submerged": True})
                           ).placed[2].water == 5


def test_five_water_markers_mean_submerged_without_saying_so() -> None:
    """vanuatu-rising-waters.txt, "Rising Waters": the fifth water marker submerges an island, so
    `"water": 5` alone is a submerged island; `"submerged"` may be written and must agree
    (docs/vanuatu.md, "Board state"). Before, `"water": 5` alone was refused."""
    state = state_from_json(edited("spaces.8", {"tile": "D1", "water": 5}))
    assert state.submerged() == (8,) and state.placed[8].water == 5
    assert state == state_from_json(edited("spaces.8", {"tile": "D1", "water": 5,
                                                        "submerged": True}))
    assert state.to_json()["spaces"]["8"] == {"tile": "D1", "water": 5, "submerged": True}


@pytest.mark.parametrize(("space", "tile", "message"), [
    ("8", "efate", "spaces.8.tile: Efate always lies on space 2, not on space 8 (rule SETUP)"),
    ("16", "start-wreck", "spaces.16.tile: start-wreck is a start ocean tile, which lies on "
     "space 3, 6 or 7, not on space 16 (rule SETUP)"),
    ("7", "C1", "spaces.7.tile: C1 is a lettered tile, and space 7 is a start ocean tile's "
     "(rule SETUP)"),
])
def test_each_tile_lies_on_its_own_kind_of_space(space: str, tile: str, message: str) -> None:
    """Research 2.1, "Growing the board", Setup: Efate on its fixed space (2), the start ocean
    tiles on the three start spaces (3, 6, 7), the lettered tiles on the other twelve; the docs
    say Efate always lies on space 2. Before, `{"8": {"tile": "efate"}}` was accepted."""
    with pytest.raises(StateError) as info:
        state_from_json({"spaces": {space: {"tile": tile}}})
    assert str(info.value) == message
    data = edited("spaces.2", {"tile": "A1"})
    with pytest.raises(StateError, match=r"^spaces.2.tile: A1 is a lettered tile, and space 2 "
                       r"is Efate's \(rule SETUP\)$"):
        state_from_json(data)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["round", "floods", "spaces", "players", "tile", "water", "dikes",
                         "huts", "name", "boat", "2", "8", "reveal", "rules", "seed"]),
        inner, max_size=5),
    max_leaves=25)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_any_json_reads_or_gives_a_one_line_error(data) -> None:
    try:
        state_from_json(data)
    except VanuatuError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300
