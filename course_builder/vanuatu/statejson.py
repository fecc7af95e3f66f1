"""Reading board states from JSON (format in docs/vanuatu.md, "Board state"; schema:
docs/schemas/vanuatu-state.schema.json).

Reading goes through :mod:`course_builder.core.jsonread` and checks everything a referee relies
on, naming the field of the first problem, e.g. ``spaces.8.dikes: side W faces an empty space,
not an ocean tile``: types (whole numbers are never booleans or floats), ranges, unknown keys (a
typo is an error, not ignored), each tile once and on its own kind of space (Efate on 2, start
tiles on 3, 6, 7: rule SETUP), five water markers meaning submerged (RW-FIFTH), island-only
contents on islands only, dikes only on sides facing an ocean tile (rule BUILD-DIKE-SIDE), hut
owners among the players, boats on ocean tiles (BOAT-OCEAN), supplies that add up (SUPPLY,
BUILD-HUT-SPACE). Sizes are bounded by the game itself (16 spaces, 5 players), so no input can
make reading slow.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from course_builder.core.hexgrid import Direction
from course_builder.core.jsonread import JsonPath, Value, check_format, refuse, shown
from course_builder.vanuatu.archipelago import SpaceRole
from course_builder.vanuatu.errors import StateError
from course_builder.vanuatu.options import Rules, rules_from_json
from course_builder.vanuatu.state import (
    DIKE_SUPPLY,
    FORMAT,
    HUTS_PER_PLAYER,
    RISING_ROUNDS,
    ROUNDS,
    SINK_AT,
    VERSION,
    Facing,
    Placed,
    Player,
    State,
)
from course_builder.vanuatu.tiles import GOODS, TileRole, catalogue

MAX_PLAYERS = 5
MAX_VATUS = 10**6
MAX_TOURISTS = 99
MAX_SEED = 2**63 - 1
PLAYER_NAME = re.compile(r"[a-z][a-z0-9_-]{0,15}")
SPACE_NUMBER = re.compile(r"[1-9][0-9]?")

_TOP_KEYS = ("format", "version", "round", "floods", "dikes_left", "reveal", "rules", "seed",
             "players", "spaces")
_SPACE_KEYS = ("tile", "water", "submerged", "dikes", "huts", "tourists", "goods")
_PLAYER_KEYS = ("name", "boat", "vatus", "huts_left")


# -- reading -------------------------------------------------------------------------------------


def state_from_json(data: Any) -> State:
    """A state from JSON data; raises :class:`StateError` naming the first bad field."""
    top = Value(data, (), StateError).fields(_TOP_KEYS, what="a board state (a JSON object)")
    check_format(top, FORMAT, VERSION)
    round_ = top.get("round", 1).whole(1, ROUNDS)
    floods = _floods(top.get("floods", []), round_)
    rules_value = top.get("rules")
    rules = Rules() if rules_value.is_null else rules_from_json(rules_value.data)
    seed = top.get("seed").whole(0, MAX_SEED, null=True)
    players = _players(top.get("players", []))
    placed = _spaces(top["spaces"])
    reveal = _reveal(top.get("reveal", []))
    dikes_built = sum(len(p.dikes) for p in placed.values())
    dikes_left = top.get("dikes_left", DIKE_SUPPLY - dikes_built).whole(0, DIKE_SUPPLY)
    state = State(placed, players, round_, floods, dikes_left, reveal, rules, seed)
    check_state(state)
    return state


def _floods(value: Value, round_: int) -> tuple[int, ...]:
    rounds = []
    for item in value.items(longest=len(RISING_ROUNDS)):
        if type(item.data) is not int or item.data not in RISING_ROUNDS:  # never true or 2.0
            raise item.refuse(f"the waters rise in rounds 2, 4, 6 and 8, got {shown(item.data)}")
        if item.data > round_:
            raise item.refuse(f"round {item.data} has not come yet (round is {round_})")
        if item.data in rounds:
            raise item.refuse(f"round {item.data} is listed twice")
        rounds.append(item.data)
    return tuple(sorted(rounds))


def _reveal(value: Value) -> tuple[str, ...]:
    ids = value.items(longest=12)
    if not ids:
        return ()
    lettered = {t.id for t in catalogue().with_role(TileRole.LETTERED)}
    found: list[str] = []
    for item in ids:
        tile = catalogue().find(item.data) if isinstance(item.data, str) else None
        if tile is None or tile.id not in lettered:
            raise item.expected("a lettered tile A1-F2")
        if tile.id in found:
            raise item.refuse(f"{tile.id} is listed twice")
        found.append(tile.id)
    if len(found) != 12:
        raise value.refuse("lists each of the 12 lettered tiles once, or is empty")
    return tuple(found)


def _players(value: Value) -> tuple[Player, ...]:
    players: list[Player] = []
    for item in value.items(longest=MAX_PLAYERS):
        entry = item.fields(_PLAYER_KEYS)
        name = entry["name"].string(pattern=PLAYER_NAME, what="a colour name such as 'red' "
                                    "(a-z, 0-9, _ or -, up to 16 characters)")
        if name in [p.name for p in players]:
            raise entry["name"].refuse(f"{name!r} is listed twice")
        players.append(Player(name, entry.get("boat").whole(1, 16, null=True),
                              entry.get("vatus", 0).whole(0, MAX_VATUS),
                              entry.get("huts_left", HUTS_PER_PLAYER).whole(0, HUTS_PER_PLAYER)))
    return tuple(players)


def _spaces(value: Value) -> dict[int, Placed]:
    spaces = value.fields(None, what="an object from space numbers to tiles")
    placed: dict[int, Placed] = {}
    seen: dict[str, str] = {}
    for key in spaces:
        if not SPACE_NUMBER.fullmatch(key) or int(key) > 16:
            raise spaces[key].refuse("not a space: keys are space numbers 1-16")
        item = _placed(spaces[key])
        if item.tile in seen:
            raise spaces[key].child("tile", item.tile).refuse(
                f"{item.tile} also lies on space {seen[item.tile]}")
        seen[item.tile] = key
        placed[int(key)] = item
    return placed


def _placed(value: Value) -> Placed:
    entry = value.fields(_SPACE_KEYS, what="an object such as {\"tile\": \"A1\"}")
    tile_id = entry["tile"]
    tile = catalogue().find(tile_id.data) if isinstance(tile_id.data, str) else None
    if tile is None:
        raise tile_id.refuse(f"unknown tile {shown(tile_id.data)} (tiles: "
                             f"{', '.join(catalogue().tiles)})")
    if not tile.is_island:
        extra = [k for k in entry if k != "tile"]
        if extra:
            raise entry[extra[0]].refuse(f"{tile.id} is an ocean tile; only islands carry "
                                         f"{extra[0]}")
        return Placed(tile.id)
    return _island(value, tile.id, tile.huts, tile.tourists)


def _island(value: Value, tile: str, hut_spaces: int, capacity: int) -> Placed:
    # The fifth water marker submerges an island (vanuatu-rising-waters.txt, "Rising Waters"):
    # "water": 5 says it all, and "submerged", when written, must agree with it.
    entry = value.fields(_SPACE_KEYS)
    submerged = entry.get("submerged", False).boolean()
    water = entry.get("water", SINK_AT if submerged else 0).whole(0, SINK_AT)
    if "submerged" in entry and submerged != (water == SINK_AT):
        raise value.refuse(f"an island is submerged exactly when it has {SINK_AT} water markers "
                           f"(water {water}, submerged {str(submerged).lower()})")
    dikes = _names(entry.get("dikes", []), 6, _side)
    huts = _names(entry.get("huts", []), hut_spaces, _owner)
    goods = _names(entry.get("goods", []), 9, _good)
    tourists = entry.get("tourists", 0).whole(0, capacity)
    if len(set(dikes)) != len(dikes):
        raise entry["dikes"].refuse("a side is listed twice")
    if water == SINK_AT and (dikes or huts or goods or tourists):
        raise value.refuse("a submerged island holds nothing (rule RW-FIFTH)")
    return Placed(tile, water, frozenset(dikes), tuple(huts), tourists, tuple(sorted(goods)))


def _misplaced(state: State, tile_id: str, space: int) -> str:
    """Why a tile cannot lie on this space, in words."""
    tile = state.catalogue.get(tile_id)
    homes = home_spaces(state, tile_id)
    if tile.role is TileRole.EFATE:
        return f"Efate always lies on space {homes[0]}, not on space {space}"
    if tile.role is not TileRole.LETTERED:
        return (f"{tile.id} is a start ocean tile, which lies on space "
                f"{', '.join(str(h) for h in homes[:-1])} or {homes[-1]}, not on space {space}")
    role = state.board.role(space)
    holder = "Efate" if role is SpaceRole.EFATE else "a start ocean tile"
    return f"{tile.id} is a lettered tile, and space {space} is {holder}'s"


def _names(value: Value, longest: int, convert: Callable[[Value], Any]) -> list[Any]:
    return [convert(item) for item in value.items(longest=longest)]


def _side(value: Value) -> Direction:
    if not isinstance(value.data, str) or value.data.upper() not in Direction.__members__:
        raise value.expected("a side E, NE, NW, W, SW or SE")
    return Direction[value.data.upper()]


def _owner(value: Value) -> str:
    return value.string(pattern=PLAYER_NAME, what="a player's name")


def _good(value: Value) -> str:
    return str(value.choice(GOODS))


# -- consistency ---------------------------------------------------------------------------------


HOME = {TileRole.EFATE: SpaceRole.EFATE, TileRole.START: SpaceRole.START,
         TileRole.BOATS: SpaceRole.START, TileRole.LETTERED: SpaceRole.FREE}
"""Which spaces each kind of tile lies on (research 2.1, "Growing the board", Setup: Efate on
its fixed space, the three start ocean tiles on the start spaces, the lettered tiles filling the
rest; rule SETUP)."""


def home_spaces(state: State, tile_id: str) -> tuple[int, ...]:
    """The spaces a tile may lie on at all, by its role (rule SETUP)."""
    return state.board.with_role(HOME[state.catalogue.get(tile_id).role])


def check_state(state: State) -> None:
    """What must hold between the parts of a state; raises :class:`StateError` naming the
    field."""
    for space, placed in sorted(state.placed.items()):
        if space not in home_spaces(state, placed.tile):
            raise _refuse(("spaces", str(space), "tile"),
                          f"{_misplaced(state, placed.tile, space)} (rule SETUP)")
    for space, placed in state.placed.items():
        for side in sorted(placed.dikes):
            facing = state.facing(space, side)
            if facing is not Facing.OCEAN:
                raise _refuse(("spaces", str(space), "dikes"),
                              f"side {side.name} faces {facing.words}, not an ocean tile (rule "
                              "BUILD-DIKE-SIDE)")
    names = {p.name for p in state.players}
    for space, placed in state.placed.items():
        for owner in placed.huts:
            if owner not in names:
                raise _refuse(("spaces", str(space), "huts"),
                              f"{owner!r} is not one of the players")
    for i, player in enumerate(state.players):
        if player.boat is not None and not state.is_ocean(player.boat):
            raise _refuse(("players", i, "boat"),
                          f"space {player.boat} holds no ocean tile (rule BOAT-OCEAN)")
        built = sum(p.huts.count(player.name) for p in state.placed.values())
        if built + player.huts_left > HUTS_PER_PLAYER:
            raise _refuse(("players", i, "huts_left"),
                          f"{player.name} has {built} huts on the board and {player.huts_left} "
                          f"left, more than {HUTS_PER_PLAYER}")
    built = sum(len(p.dikes) for p in state.placed.values())
    if built + state.dikes_left > DIKE_SUPPLY:
        raise _refuse(("dikes_left",), f"{built} dikes on the board and {state.dikes_left} "
                      f"left, more than {DIKE_SUPPLY} (rule SUPPLY)")


def _refuse(path: JsonPath, reason: str) -> StateError:
    return refuse(StateError, path, reason)
