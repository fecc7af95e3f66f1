"""Reading and writing board states as JSON (format in docs/vanuatu.md, "Board state").

Reading checks everything a referee relies on and names the field of the first problem, e.g.
``spaces.8.dikes[1]: side W faces an empty space, not an ocean tile``: types (whole numbers are
never booleans or floats), ranges, unknown keys (a typo is an error, not ignored), each tile once
and on its own kind of space (Efate on 2, start tiles on 3, 6, 7: rule SETUP), five water
markers meaning submerged (RW-FIFTH),
island-only contents on islands only, dikes only on sides facing an ocean tile (rule BUILD-DIKE-SIDE),
hut owners among the players, boats on ocean tiles (BOAT-OCEAN), supplies that add up
(SUPPLY, BUILD-HUT-SPACE). Sizes are bounded by the game itself (16 spaces, 5 players), so no
input can make reading slow.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from course_builder.core.hexgrid import Direction
from course_builder.vanuatu.archipelago import SpaceRole
from course_builder.vanuatu.errors import StateError, shown
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

_TOP_KEYS = ("format", "version", "round", "floods", "dikes_left", "reveal", "rules", "seed",
             "players", "spaces")
_SPACE_KEYS = ("tile", "water", "submerged", "dikes", "huts", "tourists", "goods")
_PLAYER_KEYS = ("name", "boat", "vatus", "huts_left")


# -- reading -------------------------------------------------------------------------------------


def state_from_json(data: Any) -> State:
    """A state from JSON data; raises :class:`StateError` naming the first bad field."""
    if not isinstance(data, dict):
        raise StateError(f"a board state is a JSON object, got {shown(data)}")
    _known_keys(data, _TOP_KEYS, "state")
    if data.get("format", FORMAT) != FORMAT:
        raise StateError(f"format: expected {FORMAT!r}, got {shown(data.get('format'))}")
    version = data.get("version", VERSION)
    if type(version) is not int or version != VERSION:  # never true or 1.0
        raise StateError(f"version: expected {VERSION}, got {shown(version)}")
    round_ = _int(data.get("round", 1), "round", 1, ROUNDS)
    floods = _floods(data.get("floods", []), round_)
    rules = rules_from_json(data["rules"], "rules") if data.get("rules") is not None else Rules()
    seed = None if data.get("seed") is None else _int(data["seed"], "seed", 0, MAX_SEED)
    players = _players(data.get("players", []))
    placed = _spaces(data.get("spaces"))
    reveal = _reveal(data.get("reveal", []))
    dikes_built = sum(len(p.dikes) for p in placed.values())
    dikes_left = _int(data.get("dikes_left", DIKE_SUPPLY - dikes_built), "dikes_left", 0,
                      DIKE_SUPPLY)
    state = State(placed, players, round_, floods, dikes_left, reveal, rules, seed)
    check_state(state)
    return state


def _known_keys(data: dict[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in data:
        if key not in allowed:
            raise StateError(f"{where}: unknown key {shown(key)} (expected {', '.join(allowed)})")


def _int(value: Any, where: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise StateError(f"{where}: expected a whole number {low}-{high}, got {shown(value)}")
    return value


def _list(value: Any, where: str, longest: int) -> list[Any]:
    if not isinstance(value, list):
        raise StateError(f"{where}: expected a list, got {shown(value)}")
    if len(value) > longest:
        raise StateError(f"{where}: at most {longest} entries, got {len(value)}")
    return value


def _floods(value: Any, round_: int) -> tuple[int, ...]:
    rounds = _list(value, "floods", len(RISING_ROUNDS))
    for i, r in enumerate(rounds):
        if type(r) is not int or r not in RISING_ROUNDS:  # never true or 2.0
            raise StateError(f"floods[{i}]: the waters rise in rounds 2, 4, 6 and 8, got "
                             f"{shown(r)}")
        if r > round_:
            raise StateError(f"floods[{i}]: round {r} has not come yet (round is {round_})")
    if len(set(rounds)) != len(rounds):
        raise StateError("floods: a round is listed twice")
    return tuple(sorted(rounds))


def _reveal(value: Any) -> tuple[str, ...]:
    ids = _list(value, "reveal", 12)
    if not ids:
        return ()
    lettered = {t.id for t in catalogue().with_role(TileRole.LETTERED)}
    found = []
    for i, tid in enumerate(ids):
        tile = catalogue().find(tid) if isinstance(tid, str) else None
        if tile is None or tile.id not in lettered:
            raise StateError(f"reveal[{i}]: expected a lettered tile A1-F2, got {shown(tid)}")
        found.append(tile.id)
    if len(set(found)) != 12 or len(found) != 12:
        raise StateError("reveal: lists each of the 12 lettered tiles once, or is empty")
    return tuple(found)


def _players(value: Any) -> tuple[Player, ...]:
    entries = _list(value, "players", MAX_PLAYERS)
    players = []
    for i, entry in enumerate(entries):
        where = f"players[{i}]"
        if not isinstance(entry, dict):
            raise StateError(f"{where}: expected an object, got {shown(entry)}")
        _known_keys(entry, _PLAYER_KEYS, where)
        name = entry.get("name")
        if not isinstance(name, str) or not PLAYER_NAME.fullmatch(name):
            raise StateError(f"{where}.name: expected a colour name such as 'red' (a-z, 0-9, _ "
                             f"or -, up to 16 characters), got {shown(name)}")
        boat = entry.get("boat")
        if boat is not None:
            boat = _int(boat, f"{where}.boat", 1, 16)
        players.append(Player(name, boat, _int(entry.get("vatus", 0), f"{where}.vatus", 0,
                                                MAX_VATUS),
                              _int(entry.get("huts_left", HUTS_PER_PLAYER), f"{where}.huts_left",
                                   0, HUTS_PER_PLAYER)))
    names = [p.name for p in players]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise StateError(f"players[{i}].name: {name!r} is listed twice")
    return tuple(players)


def _spaces(value: Any) -> dict[int, Placed]:
    if not isinstance(value, dict):
        raise StateError(f"spaces: expected an object from space numbers to tiles, got "
                         f"{shown(value)}")
    placed: dict[int, Placed] = {}
    seen: dict[str, str] = {}
    for key, entry in value.items():
        if not isinstance(key, str) or not re.fullmatch(r"[1-9][0-9]?", key) or int(key) > 16:
            raise StateError(f"spaces: keys are space numbers 1-16, got {shown(key)}")
        where = f"spaces.{key}"
        item = _placed(entry, where)
        if item.tile in seen:
            raise StateError(f"{where}.tile: {item.tile} also lies on space {seen[item.tile]}")
        seen[item.tile] = key
        placed[int(key)] = item
    return placed


def _placed(entry: Any, where: str) -> Placed:
    if not isinstance(entry, dict):
        raise StateError(f"{where}: expected an object such as {{\"tile\": \"A1\"}}, got "
                         f"{shown(entry)}")
    _known_keys(entry, _SPACE_KEYS, where)
    tile_id = entry.get("tile")
    tile = catalogue().find(tile_id) if isinstance(tile_id, str) else None
    if tile is None:
        raise StateError(f"{where}.tile: unknown tile {shown(tile_id)} (tiles: "
                         f"{', '.join(catalogue().tiles)})")
    if not tile.is_island:
        extra = [k for k in entry if k != "tile"]
        if extra:
            raise StateError(f"{where}.{extra[0]}: {tile.id} is an ocean tile; only islands "
                             f"carry {extra[0]}")
        return Placed(tile.id)
    return _island(entry, where, tile.id, tile.huts, tile.tourists)


def _island(entry: dict[str, Any], where: str, tile: str, hut_spaces: int,
            capacity: int) -> Placed:
    # The fifth water marker submerges an island (vanuatu-rising-waters.txt, "Rising Waters"):
    # "water": 5 says it all, and "submerged", when written, must agree with it.
    written = "submerged" in entry
    submerged = entry.get("submerged", False)
    if not isinstance(submerged, bool):
        raise StateError(f"{where}.submerged: expected true or false, got {shown(submerged)}")
    water = _int(entry.get("water", SINK_AT if submerged else 0), f"{where}.water", 0, SINK_AT)
    if written and submerged != (water == SINK_AT):
        raise StateError(f"{where}: an island is submerged exactly when it has {SINK_AT} water "
                         f"markers (water {water}, submerged {str(submerged).lower()})")
    dikes = _names(entry.get("dikes", []), f"{where}.dikes", 6, _side)
    huts = _names(entry.get("huts", []), f"{where}.huts", hut_spaces, _owner)
    goods = _names(entry.get("goods", []), f"{where}.goods", 9, _good)
    tourists = _int(entry.get("tourists", 0), f"{where}.tourists", 0, capacity)
    if len(set(dikes)) != len(dikes):
        raise StateError(f"{where}.dikes: a side is listed twice")
    if water == SINK_AT and (dikes or huts or goods or tourists):
        raise StateError(f"{where}: a submerged island holds nothing (rule RW-FIFTH)")
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


def _names(value: Any, where: str, longest: int, convert: Callable[[Any, str], Any]) -> list[Any]:
    items = _list(value, where, longest)
    return [convert(item, f"{where}[{i}]") for i, item in enumerate(items)]


def _side(value: Any, where: str) -> Direction:
    if not isinstance(value, str) or value.upper() not in Direction.__members__:
        raise StateError(f"{where}: expected a side E, NE, NW, W, SW or SE, got {shown(value)}")
    return Direction[value.upper()]


def _owner(value: Any, where: str) -> str:
    if not isinstance(value, str) or not PLAYER_NAME.fullmatch(value):
        raise StateError(f"{where}: expected a player's name, got {shown(value)}")
    return value


def _good(value: Any, where: str) -> str:
    if value not in GOODS:
        raise StateError(f"{where}: expected one of {', '.join(GOODS)}, got {shown(value)}")
    return str(value)


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
    """What must hold between the parts of a state; raises :class:`StateError`."""
    for space, placed in sorted(state.placed.items()):
        if space not in home_spaces(state, placed.tile):
            raise StateError(f"spaces.{space}.tile: {_misplaced(state, placed.tile, space)} "
                             "(rule SETUP)")
    for space, placed in state.placed.items():
        for side in sorted(placed.dikes):
            facing = state.facing(space, side)
            if facing is not Facing.OCEAN:
                raise StateError(f"spaces.{space}.dikes: side {side.name} faces "
                                 f"{facing.words}, not an ocean tile (rule "
                                 "BUILD-DIKE-SIDE)")
    names = {p.name for p in state.players}
    for space, placed in state.placed.items():
        for owner in placed.huts:
            if owner not in names:
                raise StateError(f"spaces.{space}.huts: {owner!r} is not one of the players")
    for i, player in enumerate(state.players):
        if player.boat is not None and not state.is_ocean(player.boat):
            raise StateError(f"players[{i}].boat: space {player.boat} holds no ocean tile (rule "
                             "BOAT-OCEAN)")
        built = sum(p.huts.count(player.name) for p in state.placed.values())
        if built + player.huts_left > HUTS_PER_PLAYER:
            raise StateError(f"players[{i}].huts_left: {player.name} has {built} huts on the "
                             f"board and {player.huts_left} left, more than {HUTS_PER_PLAYER}")
    built = sum(len(p.dikes) for p in state.placed.values())
    if built + state.dikes_left > DIKE_SUPPLY:
        raise StateError(f"dikes_left: {built} dikes on the board and {state.dikes_left} left, "
                         f"more than {DIKE_SUPPLY} (rule SUPPLY)")
