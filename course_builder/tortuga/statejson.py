"""Reading a game state from untrusted JSON data (the format is in docs/tortuga.md; schema:
docs/schemas/tortuga-state.schema.json).

Every field is checked for its type, size and spelling through
:mod:`course_builder.core.jsonread`, and every problem is one
:class:`~course_builder.tortuga.state.StateError` naming the field, e.g.
``hunt_tokens[2].shield: expected a whole number from 0 to 100 or null, got '3'``. Unknown keys
are refused, so a typo never passes silently. The rules the components obey (8 mine tokens, 10
System Fault cards) are checked afterwards by :meth:`~course_builder.tortuga.state.GameState.check`.
"""

from __future__ import annotations

from typing import Any

from course_builder.core.hexgrid import from_offset
from course_builder.core.jsonread import Fields, Value, check_format
from course_builder.tortuga.sectors import MAX_SECTORS, Sector, SectorError, SectorKind, SectorMap
from course_builder.tortuga.state import (
    FAULT_CARDS,
    FORMAT,
    ID_RE,
    MAX_CARDS,
    MAX_PLAYERS,
    MAX_TOKENS,
    MINE_TOKENS,
    VERSION,
    GameState,
    HuntToken,
    MineToken,
    Player,
    Scenario,
    StateError,
)

MAX_TEXT = 200
MAX_NUMBER = 10_000
MAX_COORD = 1_000

TOP_FIELDS = ("format", "version", "label", "scenario", "map", "players", "control", "mines",
              "system_faults", "removed_cards", "hunt_tokens")


def _id(value: Value, what: str = "an id") -> str:
    return value.string(pattern=ID_RE, what=f"{what} (a letter or digit, then up to 39 letters, "
                        "digits, '_', '.' or '-')")


def _ids(value: Value, longest: int) -> tuple[str, ...]:
    return tuple(_id(item, "a card id") for item in value.items(longest=longest))


def read_state(data: Any) -> GameState:
    """A state from parsed JSON, each field checked (not yet :meth:`GameState.check`)."""
    top = Value(data, (), StateError).fields(TOP_FIELDS, what="a Tortuga state (a JSON object)")
    check_format(top, FORMAT, VERSION)
    scenario = Scenario(top.get("scenario", Scenario.STANDARD.value).choice(
        [s.value for s in Scenario]))
    mines = top.get("mines", {}).fields(("supply", "box", "board"))
    faults = top.get("system_faults", {}).fields(("supply",))
    return GameState(
        map=_read_map(top["map"]),
        players=tuple(_read_player(p) for p in top["players"].items(longest=MAX_PLAYERS)),
        scenario=scenario,
        control=_read_control(top.get("control", {})),
        mine_supply=mines.get("supply", MINE_TOKENS).whole(0, MINE_TOKENS),
        mines=_read_mines(mines),
        mines_boxed=mines.get("box", 0).whole(0, MINE_TOKENS),
        fault_supply=_ids(faults.get("supply", list(FAULT_CARDS)), len(FAULT_CARDS)),
        removed_cards=_ids(top.get("removed_cards", []), MAX_CARDS),
        hunt_tokens=_read_tokens(top),
        label=top.get("label", "").string(longest=MAX_TEXT),
    )


def _read_map(value: Value) -> SectorMap:
    m = value.fields(("name", "verified", "source", "sectors"))
    sectors = []
    for item in m["sectors"].items(longest=MAX_SECTORS):
        s = item.fields(("id", "kind", "name", "at", "slot", "defence_max"))
        kind = SectorKind(s["kind"].choice([k.value for k in SectorKind]))
        row, col = s["at"].pair(MAX_COORD)
        sector_id = _id(s["id"])
        sectors.append(Sector(sector_id, kind, s.get("name", sector_id).string(),
                              from_offset(row, col), s.get("slot").string(null=True),
                              s.get("defence_max").whole(0, MAX_NUMBER, null=True)))
    try:
        return SectorMap(sectors, m.get("name", "").string(), verified=m["verified"].boolean(),
                         source=m.get("source", "").string())
    except SectorError as exc:
        raise value.refuse(str(exc)) from None


def _read_player(value: Value) -> Player:
    p = value.fields(("id", "ship", "influence", "cargo_mines", "discard"))
    return Player(_id(p["id"]), _id(p["ship"], "a sector id"),
                  p.get("influence", 0).whole(0, MAX_NUMBER),
                  p.get("cargo_mines", 0).whole(0, MINE_TOKENS),
                  _ids(p.get("discard", []), MAX_CARDS))


def _read_control(value: Value) -> dict[str, str]:
    control = value.fields(None, what="an object of sector: player")
    if len(control.data) > MAX_SECTORS:
        raise value.refuse(f"at most {MAX_SECTORS} entries, got {len(control.data)}")
    return {str(sector): _id(control[sector], "a player id") for sector in control}


def _read_mines(mines: Fields) -> tuple[MineToken, ...]:
    out = []
    for item in mines.get("board", []).items(longest=MINE_TOKENS):
        m = item.fields(("sector", "owner"))
        out.append(MineToken(_id(m["sector"], "a sector id"), _id(m["owner"], "a player id")))
    return tuple(out)


def _read_tokens(top: Fields) -> tuple[HuntToken, ...]:
    out = []
    for item in top.get("hunt_tokens", []).items(longest=MAX_TOKENS):
        t = item.fields(("id", "where", "explored", "shield", "value", "name", "captured_by"))
        captured_by = t.get("captured_by")
        out.append(HuntToken(
            _id(t["id"]), _id(t["where"], "a sector id, 'box' or 'captured'"),
            t.get("explored", False).boolean(), t.get("shield").whole(0, 100, null=True),
            t.get("value").whole(0, 100, null=True), t.get("name").string(null=True),
            None if captured_by.is_null else _id(captured_by, "a player id")))
    return tuple(out)


def state_from_json(data: Any) -> GameState:
    """A checked state from parsed JSON; any problem is a :class:`StateError` naming the field."""
    return read_state(data).check()
