"""The game state's JSON form: round trip, errors naming the field, limits (docs/tortuga.md)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from course_builder.core.errors import CourseBuilderError
from course_builder.tortuga.layouts import builtin_layouts
from course_builder.tortuga.setup import make_setup
from course_builder.tortuga.state import StateError, state_to_json
from course_builder.tortuga.statejson import state_from_json


def base() -> dict[str, Any]:
    data = state_to_json(make_setup(builtin_layouts("spokes"), 3, 7).state)
    data["hunt_tokens"] = [{"id": "h1", "where": "hub", "explored": False, "shield": None,
                            "value": None, "name": None, "captured_by": None}]
    return json.loads(json.dumps(data))


def test_round_trip() -> None:
    data = base()
    data["control"] = {"hub": "p1"}
    data["mines"] = {"supply": 5, "box": 1, "board": [{"sector": "hub", "owner": "p2"}]}
    data["players"][0]["cargo_mines"] = 1
    data["players"][1]["discard"] = ["system-fault-1", "assassin"]
    data["system_faults"]["supply"] = data["system_faults"]["supply"][1:]
    data["removed_cards"] = ["psionic"]
    state = state_from_json(data)
    assert state_to_json(state) == data
    assert state.player("p2").faults() == ("system-fault-1",)


def test_defaults_for_optional_fields() -> None:
    data = base()
    for key in ("label", "scenario", "control", "mines", "system_faults", "removed_cards",
                "hunt_tokens"):
        del data[key]
    state = state_from_json(data)
    assert state.mine_supply == 8 and len(state.fault_supply) == 10 and state.hunt_tokens == ()


def edit(path: str, value: Any) -> dict[str, Any]:
    """A copy of the base state with the field at ``path`` (dots and [i]) set (or deleted)."""
    data = copy.deepcopy(base())
    keys = [int(k) if k.isdigit() else k for k in path.replace("[", ".").replace("]", "").split(".")]
    node: Any = data
    for k in keys[:-1]:
        node = node[k]
    if value is DELETE:
        del node[keys[-1]]
    else:
        node[keys[-1]] = value
    return data


DELETE = object()


@pytest.mark.parametrize(("path", "value", "message"), [
    ("format", "chess", "format: expected 'course_builder/tortuga-state', got 'chess'"),
    ("version", 2, "version: this program reads version 1, got 2"),
    ("version", True, "version: expected a whole number, got true"),
    ("scenario", "pirates", "scenario: expected one of standard, monster-hunters, got 'pirates'"),
    ("players", [], "players: 2 to 5 players, got 0"),
    ("players[1].ship", "nowhere", "players[1].ship: no sector 'nowhere' on the map"),
    ("players[1].ship", 3, "players[1].ship: expected a sector id (a letter or digit, then up to "
                           "39 letters, digits, '_', '.' or '-'), got 3"),
    ("players[0].influence", -1, "players[0].influence: expected a whole number from 0 to "
                                  "10000, got -1"),
    ("players[0].influence", 1.5, "players[0].influence: expected a whole number from 0 to "
                                   "10000, got 1.5"),
    ("players[0].colour", "red", "players[0].colour: unknown field (known: id, ship,"),
    ("players[2].id", "p1", "players[2].id: 'p1' is listed twice"),
    ("players[2].id", "bad id", "players[2].id: expected an id (a letter or digit, then "
                                 "up to 39 letters, digits, '_', '.' or '-'), got 'bad id'"),
    ("players[0].discard", ["system-fault-1"], "players[0].discard: system-fault-1 is also in "
                                               "system_faults.supply"),
    ("players[0].discard", "x", "players[0].discard: expected a list, got 'x'"),
    ("mines", {"supply": 7}, "mines: supply, cargo bays, board and box hold 7 tokens; the game "
                             "has 8"),
    ("mines", {"supply": 7, "board": [{"sector": "hub", "owner": "p9"}]},
     "mines.board[0].owner: no player 'p9'"),
    ("system_faults", {"supply": ["system-fault-1"]}, "system_faults: system-fault-2, "),
    ("system_faults", {"supply": ["joker"] * 10}, "system_faults.supply: 'joker' is not a "
                                                  "System Fault card"),
    ("removed_cards", ["system-fault-1"], "removed_cards: a System Fault card cannot be "
                                          "destroyed"),
    ("control", {"hub": "p9"}, "control.hub: no player 'p9'"),
    ("control", {"nowhere": "p1"}, "control: no sector 'nowhere' on the map"),
    ("control", [], "control: expected an object of sector: player, got []"),
    ("hunt_tokens[0].where", "space", "hunt_tokens[0].where: 'space' is no sector on the map"),
    ("hunt_tokens[0].captured_by", "p1", "hunt_tokens[0].captured_by: names the player exactly "
                                         "when where is 'captured'"),
    ("hunt_tokens[0].shield", "3", "hunt_tokens[0].shield: expected a whole number from 0 to "
                                   "100 or null, got '3'"),
    ("map.sectors[0].kind", "moon", "map.sectors[0].kind: expected one of tortuga, turret,"),
    ("map.sectors[0].at", [1], "map.sectors[0].at: expected [row, col]"),
    ("map.sectors[0].at", [10**9, 0], "map.sectors[0].at: expected [row, col]"),
    ("map.sectors[1].id", "fortress", "map: sector 'fortress' is listed twice"),
    ("map.sectors[1].at", [0, 0], "map: two sectors lie on the same hex"),
    ("map.verified", "no", "map.verified: expected true or false, got 'no'"),
    ("map.sectors", [], "map: a sector map needs at least one sector"),
    ("map", DELETE, "map: missing"),
    ("label", "x" * 300, "label: longer than 200 characters"),
])
def test_errors_name_the_field(path: str, value: Any, message: str) -> None:
    with pytest.raises(StateError) as info:
        state_from_json(edit(path, value))
    assert str(info.value).startswith(message), str(info.value)
    assert "\n" not in str(info.value)


def test_not_an_object() -> None:
    with pytest.raises(StateError, match=r"^expected a Tortuga state \(a JSON object\), got \[\]$"):
        state_from_json([])


def test_size_limits() -> None:
    big = base()
    big["removed_cards"] = ["c"] * 1001
    with pytest.raises(StateError, match="removed_cards: at most 1000 entries, got 1001"):
        state_from_json(big)
    big = base()
    big["hunt_tokens"] = [{"id": f"h{i}", "where": "box"} for i in range(101)]
    with pytest.raises(StateError, match="hunt_tokens: at most 100 entries"):
        state_from_json(big)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["id", "ship", "where", "kind", "at", "supply", "board", "players",
                         "map", "sectors", "format", "version", "x"]), inner, max_size=4),
    max_leaves=15)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_junk_is_a_one_line_state_error(data: Any) -> None:
    try:
        state_from_json(data)
    except CourseBuilderError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["players", "map", "mines", "hunt_tokens", "system_faults", "control",
                        "removed_cards", "label", "scenario"]), json_values)
def test_any_field_replaced_by_junk(key: str, value: Any) -> None:
    data = base()
    data[key] = value
    try:
        state_from_json(data)
    except CourseBuilderError as exc:
        assert "\n" not in str(exc)


def test_tor_25_check_refuses_a_card_removed_twice() -> None:
    """Ruling TOR-25: the state a repeated ``hunt redeem`` wrote (the card listed twice) is not
    a state a game can be in."""
    with pytest.raises(StateError, match=r"removed_cards\[1\]: psionic is listed twice.*TOR-25"):
        state_from_json(edit("removed_cards", ["psionic", "psionic"]))


@pytest.mark.parametrize("far", [[9, 9], [0, 40]])
def test_tor_04_check_refuses_a_map_in_pieces(far: list[int]) -> None:
    """Ruling TOR-04: every sector reachable; otherwise "furthest" (TOR-06) and "within three"
    (TOR-05) silently leave out the sectors cut off."""
    data = edit("map.sectors[1].at", far)
    cut = data["map"]["sectors"][1]["id"]
    with pytest.raises(StateError, match=f"map: {cut} cannot be reached from tortuga.*TOR-04"):
        state_from_json(data)
