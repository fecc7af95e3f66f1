"""Reading a game state from untrusted JSON data (the format is in docs/tortuga.md).

Every field is checked for its type, size and spelling, and every problem is one
:class:`~course_builder.tortuga.state.StateError` naming the field, e.g.
``hunt_tokens[2].shield: expected a whole number or null, got "3"``. Unknown keys are refused, so
a typo never passes silently. The rules the components obey (8 mine tokens, 10 System Fault cards)
are checked afterwards by :meth:`~course_builder.tortuga.state.GameState.check`.
"""

from __future__ import annotations

from typing import Any

from course_builder.core.hexgrid import from_offset
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


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "true/false", int: "a number", float: "a number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


_JSON_WORDS = {"True": "true", "False": "false", "nan": "NaN", "inf": "Infinity",
               "-inf": "-Infinity"}


def _show(value: Any) -> str:
    """A value for a message: strings and numbers as given (NaN, true and false as JSON spells
    them), lists and objects by their kind; cut short."""
    if isinstance(value, bool | int | float | str):
        text = repr(value)
        text = _JSON_WORDS.get(text, text)
    else:
        text = _kind(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Obj:
    """A JSON object being read at ``path``: typed getters that name the field on failure."""

    def __init__(self, data: Any, path: str, keys: tuple[str, ...]) -> None:
        if not isinstance(data, dict):
            raise StateError(f"{path or 'the state'}: expected an object, got {_kind(data)}")
        unknown = [k for k in data if k not in keys]
        if unknown:
            raise StateError(f"{self._at(path, str(unknown[0])[:40])}: unknown field (known: "
                             f"{', '.join(keys)})")
        self.data = data
        self.path = path

    @staticmethod
    def _at(path: str, key: str) -> str:
        return f"{path}.{key}" if path else key

    def at(self, key: str) -> str:
        return self._at(self.path, key)

    def raw(self, key: str, default: Any = ...) -> Any:
        if key in self.data:
            return self.data[key]
        if default is ...:
            raise StateError(f"{self.at(key)}: missing")
        return default

    def integer(self, key: str, default: Any = ..., *, null: bool = False,
                low: int = 0, high: int = MAX_NUMBER) -> Any:
        value = self.raw(key, default)
        if value is None and null:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise StateError(f"{self.at(key)}: expected a whole number{' or null' if null else ''}"
                             f", got {_show(value)}")
        if not low <= value <= high:
            raise StateError(f"{self.at(key)}: {value} is outside {low} to {high}")
        return value

    def text(self, key: str, default: Any = ..., *, null: bool = False, ident: bool = False
             ) -> Any:
        value = self.raw(key, default)
        if value is None and null:
            return None
        if not isinstance(value, str):
            raise StateError(f"{self.at(key)}: expected a string, got {_show(value)}")
        if ident and not ID_RE.match(value):
            raise StateError(f"{self.at(key)}: {_show(value)} is not an id (a letter or digit, "
                             "then up to 39 letters, digits, '_', '.' or '-')")
        if len(value) > MAX_TEXT:
            raise StateError(f"{self.at(key)}: longer than {MAX_TEXT} characters")
        return value

    def flag(self, key: str, default: Any = ...) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise StateError(f"{self.at(key)}: expected true or false, got {_show(value)}")
        return value

    def items(self, key: str, limit: int, default: Any = ...) -> list[Any]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise StateError(f"{self.at(key)}: expected a list, got {_show(value)}")
        if len(value) > limit:
            raise StateError(f"{self.at(key)}: at most {limit} entries, got {len(value)}")
        return value

    def ids(self, key: str, limit: int, default: Any = ...) -> tuple[str, ...]:
        out = []
        for i, item in enumerate(self.items(key, limit, default)):
            if not isinstance(item, str) or not ID_RE.match(item):
                raise StateError(f"{self.at(key)}[{i}]: {_show(item)} is not a card id")
            out.append(item)
        return tuple(out)


_TOP = ("format", "version", "label", "scenario", "map", "players", "control", "mines",
        "system_faults", "removed_cards", "hunt_tokens")


def read_state(data: Any) -> GameState:
    """A state from parsed JSON, each field checked (not yet :meth:`GameState.check`)."""
    top = _Obj(data, "", _TOP)
    if top.raw("format") != FORMAT:
        raise StateError(f"format: expected {FORMAT!r}, got {_show(top.raw('format'))}")
    version = top.integer("version", high=MAX_NUMBER)
    if version != VERSION:
        raise StateError(f"version: this program reads version {VERSION}, got {version}")
    scenario_text = top.text("scenario", Scenario.STANDARD.value)
    try:
        scenario = Scenario(scenario_text)
    except ValueError:
        raise StateError(f"scenario: expected one of {', '.join(s.value for s in Scenario)}, "
                         f"got {_show(scenario_text)}") from None
    mines = _Obj(top.raw("mines", {}), "mines", ("supply", "box", "board"))
    faults = _Obj(top.raw("system_faults", {}), "system_faults", ("supply",))
    return GameState(
        map=_read_map(top.raw("map")),
        players=_read_players(top),
        scenario=scenario,
        control=_read_control(top.raw("control", {})),
        mine_supply=mines.integer("supply", MINE_TOKENS, high=MINE_TOKENS),
        mines=_read_mines(mines),
        mines_boxed=mines.integer("box", 0, high=MINE_TOKENS),
        fault_supply=faults.ids("supply", len(FAULT_CARDS), list(FAULT_CARDS)),
        removed_cards=top.ids("removed_cards", MAX_CARDS, []),
        hunt_tokens=_read_tokens(top),
        label=top.text("label", ""),
    )


def _read_map(data: Any) -> SectorMap:
    m = _Obj(data, "map", ("name", "verified", "source", "sectors"))
    sectors = []
    for i, item in enumerate(m.items("sectors", MAX_SECTORS)):
        s = _Obj(item, f"map.sectors[{i}]", ("id", "kind", "name", "at", "slot", "defence_max"))
        kind_text = s.text("kind")
        try:
            kind = SectorKind(kind_text)
        except ValueError:
            raise StateError(f"{s.at('kind')}: expected one of "
                             f"{', '.join(k.value for k in SectorKind)}, got {_show(kind_text)}"
                             ) from None
        at = s.raw("at")
        if (not isinstance(at, list) or len(at) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool)
                           and abs(v) <= MAX_COORD for v in at)):
            raise StateError(f"{s.at('at')}: expected [row, col], two whole numbers up to "
                             f"{MAX_COORD} either way")
        sector_id = s.text("id", ident=True)
        sectors.append(Sector(sector_id, kind, s.text("name", sector_id),
                              from_offset(at[0], at[1]), s.text("slot", None, null=True),
                              s.integer("defence_max", None, null=True)))
    try:
        return SectorMap(sectors, m.text("name", ""), verified=m.flag("verified"),
                         source=m.text("source", ""))
    except SectorError as exc:
        raise StateError(f"map: {exc}") from None


def _read_players(top: _Obj) -> tuple[Player, ...]:
    players = []
    for i, item in enumerate(top.items("players", MAX_PLAYERS)):
        p = _Obj(item, f"players[{i}]", ("id", "ship", "influence", "cargo_mines", "discard"))
        players.append(Player(p.text("id", ident=True), p.text("ship", ident=True),
                              p.integer("influence", 0), p.integer("cargo_mines", 0,
                                                                   high=MINE_TOKENS),
                              p.ids("discard", MAX_CARDS, [])))
    return tuple(players)


def _read_control(data: Any) -> dict[str, str]:
    if not isinstance(data, dict):
        raise StateError(f"control: expected an object of sector: player, got {_kind(data)}")
    if len(data) > MAX_SECTORS:
        raise StateError(f"control: at most {MAX_SECTORS} entries")
    out = {}
    for sector, owner in data.items():
        if not isinstance(owner, str) or not ID_RE.match(owner):
            raise StateError(f"control.{str(sector)[:40]}: expected a player id, got "
                             f"{_show(owner)}")
        out[str(sector)] = owner
    return out


def _read_mines(mines: _Obj) -> tuple[MineToken, ...]:
    out = []
    for i, item in enumerate(mines.items("board", MINE_TOKENS, [])):
        m = _Obj(item, f"mines.board[{i}]", ("sector", "owner"))
        out.append(MineToken(m.text("sector", ident=True), m.text("owner", ident=True)))
    return tuple(out)


def _read_tokens(top: _Obj) -> tuple[HuntToken, ...]:
    out = []
    for i, item in enumerate(top.items("hunt_tokens", MAX_TOKENS, [])):
        t = _Obj(item, f"hunt_tokens[{i}]", ("id", "where", "explored", "shield", "value", "name",
                                             "captured_by"))
        out.append(HuntToken(
            t.text("id", ident=True), t.text("where", ident=True), t.flag("explored", False),
            t.integer("shield", None, null=True, high=100),
            t.integer("value", None, null=True, high=100), t.text("name", None, null=True),
            t.text("captured_by", None, null=True, ident=True)))
    return tuple(out)


def state_from_json(data: Any) -> GameState:
    """A checked state from parsed JSON; any problem is a :class:`StateError` naming the field."""
    return read_state(data).check()
