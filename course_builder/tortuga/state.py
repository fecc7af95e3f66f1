"""A Tortuga 2199 game as the referee sees it, and its JSON form (docs/tortuga.md, "The state").

The state holds what the expansion's rules act on and nothing more: the sector map, each player's
ship, influence, mine tokens in the cargo bay and the cards the expansion's effects put into the
player's discard pile; who controls which sector; the mine tokens (supply beside the Hub, on the
board with their owner's marker, in the box); the System Fault cards in the common supply; the
cards removed from the game; and the hunt tokens (on a sector, explored or not, in the box, or
captured). Base-game decks, hands and markets stay at the table.

Two totals never change (expansion, "Components"): 8 mine tokens and 10 System Fault cards, each
always in exactly one place; :meth:`GameState.check` holds every state to that.

:func:`~.statejson.state_from_json` reads untrusted data: every problem is a :class:`StateError` naming the
field (``players[1].ship: ...``), with limits on sizes so no input can exhaust memory or time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.values import Frozen, field, replace
from course_builder.tortuga.sectors import TORTUGA, SectorMap

FORMAT = "course_builder/tortuga-state"
VERSION = 1

MINE_TOKENS = 8
"""Mine tokens in the box (expansion, "Components")."""
FAULT_CARDS: tuple[str, ...] = tuple(f"system-fault-{i}" for i in range(1, 11))
"""The 10 System Fault cards (expansion, "Components"), by their ids in a state."""

BOX = "box"
"""Where a hunt token removed from the game lies (expansion, "Result of combat")."""
CAPTURED = "captured"
"""Where a captured hunt target lies: with the player who captured it (ruling TOR-18)."""

MAX_PLAYERS = 5
MAX_TOKENS = 100
MAX_CARDS = 1000
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")
"""Player, token and card ids: a letter or digit, then up to 39 letters, digits, ``_ . -``."""


class StateError(CourseBuilderError):
    """A game state that breaks the rules of the format or of the components."""


class Scenario(StrEnum):
    """Which scoring applies: the base game's or the Monster Hunters scenario's (expansion,
    "New Scenario: Monster Hunters")."""

    STANDARD = "standard"
    MONSTER_HUNTERS = "monster-hunters"


def is_fault(card: str) -> bool:
    """Whether a card id names one of the System Fault cards."""
    return card in _FAULT_SET


_FAULT_SET = frozenset(FAULT_CARDS)


def check_card_id(card: str) -> str:
    """``card`` if it is a card id (:data:`ID_RE`), else a :class:`StateError` saying so: an
    action never writes a card into the state that the state's reader would refuse."""
    if not ID_RE.fullmatch(card):
        raise StateError(f"card id {card[:50]!r}: a letter or digit, then up to 39 letters, "
                         "digits, '_', '.' or '-'")
    return card


class Player(Frozen):
    """One player: ``id`` doubles as the colour of their markers. ``discard`` lists the cards the
    expansion's effects put into their discard pile (System Fault and replacement cards); the
    referee keeps them as the player's until a System Fault card goes back to the supply."""

    id: str
    ship: str
    influence: int = 0
    cargo_mines: int = 0
    discard: tuple[str, ...] = ()

    def faults(self) -> tuple[str, ...]:
        return tuple(c for c in self.discard if is_fault(c))


class MineToken(Frozen):
    """A mine token on the board, with its owner's marker (expansion, "Mine Placement Rules")."""

    sector: str
    owner: str


class HuntToken(Frozen):
    """A hunt token. ``where`` is a sector id, :data:`BOX` or :data:`CAPTURED`. ``explored``:
    shown face up; a face-down token lies exclamation side up. ``shield`` (its combat strength)
    and ``value`` (its influence, Monster Hunters) are filled in once known (ruling TOR-22)."""

    id: str
    where: str
    explored: bool = False
    shield: int | None = None
    value: int | None = None
    name: str | None = None
    captured_by: str | None = None


class GameState(Frozen):
    """Everything the expansion's referee needs, as plain data. Players are in turn order
    (ruling TOR-19)."""

    map: SectorMap
    players: tuple[Player, ...]
    scenario: Scenario = Scenario.STANDARD
    control: Mapping[str, str] = field(default_factory=dict)
    mine_supply: int = MINE_TOKENS
    mines: tuple[MineToken, ...] = ()
    mines_boxed: int = 0
    fault_supply: tuple[str, ...] = FAULT_CARDS
    removed_cards: tuple[str, ...] = ()
    hunt_tokens: tuple[HuntToken, ...] = ()
    label: str = ""

    # -- lookups -----------------------------------------------------------------------------

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise StateError(f"no player {player_id!r} (players: "
                         f"{', '.join(p.id for p in self.players)})")

    def token(self, token_id: str) -> HuntToken:
        for t in self.hunt_tokens:
            if t.id == token_id:
                return t
        raise StateError(f"no hunt token {token_id!r} (tokens: "
                         f"{', '.join(t.id for t in self.hunt_tokens) or 'none'})")

    def tokens_on_board(self) -> tuple[HuntToken, ...]:
        return tuple(t for t in self.hunt_tokens if self.map.has(t.where))

    def controller(self, sector_id: str) -> str | None:
        return self.control.get(sector_id)

    def ships_in(self, sector_id: str) -> tuple[str, ...]:
        return tuple(p.id for p in self.players if p.ship == sector_id)

    # -- updates (each returns a new state) --------------------------------------------------

    def with_player(self, player: Player) -> GameState:
        return replace(self, players=tuple(player if p.id == player.id else p
                                           for p in self.players))

    def with_token(self, token: HuntToken) -> GameState:
        return replace(self, hunt_tokens=tuple(token if t.id == token.id else t
                                               for t in self.hunt_tokens))

    # -- invariants --------------------------------------------------------------------------

    def mine_count(self) -> int:
        """Mine tokens accounted for: supply, cargo bays, board and box."""
        return (self.mine_supply + sum(p.cargo_mines for p in self.players) + len(self.mines)
                + self.mines_boxed)

    def check(self) -> GameState:
        """Raise :class:`StateError` (naming the field) if the state is not one a game can be in;
        return the state otherwise."""
        _check_map(self)
        _check_players(self)
        _check_mines(self)
        _check_cards(self)
        _check_tokens(self)
        for sector, owner in self.control.items():
            if not self.map.has(sector):
                _fail(f"control: no sector {sector!r} on the map")
            if owner not in {p.id for p in self.players}:
                _fail(f"control.{sector}: no player {owner!r}")
        return self


def _fail(message: str) -> Any:
    raise StateError(message)


def _check_players(state: GameState) -> None:
    if not 2 <= len(state.players) <= MAX_PLAYERS:
        _fail(f"players: 2 to {MAX_PLAYERS} players, got {len(state.players)}")
    seen: set[str] = set()
    for i, p in enumerate(state.players):
        if p.id in seen:
            _fail(f"players[{i}].id: {p.id!r} is listed twice")
        seen.add(p.id)
        if not state.map.has(p.ship):
            _fail(f"players[{i}].ship: no sector {p.ship!r} on the map")
        if p.influence < 0 or p.cargo_mines < 0:
            _fail(f"players[{i}]: influence and cargo_mines cannot be negative")


def _check_mines(state: GameState) -> None:
    if state.mine_supply < 0 or state.mines_boxed < 0:
        _fail("mines: supply and box cannot be negative")
    ids = {p.id for p in state.players}
    for i, m in enumerate(state.mines):
        if not state.map.has(m.sector):
            _fail(f"mines.board[{i}].sector: no sector {m.sector!r} on the map")
        if m.owner not in ids:
            _fail(f"mines.board[{i}].owner: no player {m.owner!r}")
    if state.mine_count() != MINE_TOKENS:
        _fail(f"mines: supply, cargo bays, board and box hold {state.mine_count()} tokens; the "
              f"game has {MINE_TOKENS}")


def _check_cards(state: GameState) -> None:
    places: dict[str, str] = {}
    held = [("system_faults.supply", c) for c in state.fault_supply]
    for i, p in enumerate(state.players):
        held += [(f"players[{i}].discard", c) for c in p.discard if is_fault(c)]
    for where, card in held:
        if not is_fault(card):
            _fail(f"{where}: {card!r} is not a System Fault card (system-fault-1 to -10)")
        if card in places:
            _fail(f"{where}: {card} is also in {places[card]}")
        places[card] = where
    missing = [c for c in FAULT_CARDS if c not in places]
    if missing:
        _fail(f"system_faults: {', '.join(missing)} missing; every System Fault card is in the "
              "supply or in a player's discard pile")
    if any(is_fault(c) for c in state.removed_cards):
        _fail("removed_cards: a System Fault card cannot be destroyed or removed from the game")
    removed: set[str] = set()
    for i, card in enumerate(state.removed_cards):
        if not ID_RE.fullmatch(card):
            _fail(f"removed_cards[{i}]: {card!r} is not a card id")
        if card in removed:
            _fail(f"removed_cards[{i}]: {card} is listed twice; a card is removed from the game "
                  "once (ruling TOR-25)")
        removed.add(card)


def _check_map(state: GameState) -> None:
    """Every sector reachable from every other (ruling TOR-04): on a map in pieces the
    distances, "within three" and "furthest" (TOR-05, TOR-06) would silently leave some out."""
    first = TORTUGA if state.map.has(TORTUGA) else state.map.ids()[0]
    cut_off = [s for s in state.map.ids() if state.map.distance(first, s) is None]
    if cut_off:
        _fail(f"map: {', '.join(cut_off)} cannot be reached from {first}; every sector must be "
              "reachable by steps to adjacent sectors (ruling TOR-04)")


def _check_tokens(state: GameState) -> None:
    ids = {p.id for p in state.players}
    seen: set[str] = set()
    for i, t in enumerate(state.hunt_tokens):
        where = f"hunt_tokens[{i}]"
        if t.id in seen:
            _fail(f"{where}.id: {t.id!r} is listed twice")
        seen.add(t.id)
        if t.where not in (BOX, CAPTURED) and not state.map.has(t.where):
            _fail(f"{where}.where: {t.where!r} is no sector on the map, '{BOX}' or "
                  f"'{CAPTURED}'")
        if (t.where == CAPTURED) != (t.captured_by is not None):
            _fail(f"{where}.captured_by: names the player exactly when where is '{CAPTURED}'")
        if t.captured_by is not None and t.captured_by not in ids:
            _fail(f"{where}.captured_by: no player {t.captured_by!r}")
        for name, value in (("shield", t.shield), ("value", t.value)):
            if value is not None and value < 0:
                _fail(f"{where}.{name}: cannot be negative")


def initial_state(sector_map: SectorMap, player_ids: Iterable[str], *,
                  scenario: Scenario = Scenario.STANDARD, label: str = "") -> GameState:
    """A game at the start: every ship on Tortuga (research 3.2), all mine tokens and System Fault
    cards in their supplies, nothing controlled, no hunt token recorded yet."""
    start = TORTUGA if sector_map.has(TORTUGA) else sector_map.ids()[0]
    players = tuple(Player(pid, start) for pid in player_ids)
    return GameState(sector_map, players, scenario, label=label).check()


# -- JSON ----------------------------------------------------------------------------------------


def state_to_json(state: GameState) -> dict[str, Any]:
    """The documented JSON form (docs/tortuga.md)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "label": state.label,
        "scenario": state.scenario.value,
        "map": state.map.to_json(),
        "players": [{"id": p.id, "ship": p.ship, "influence": p.influence,
                     "cargo_mines": p.cargo_mines, "discard": list(p.discard)}
                    for p in state.players],
        "control": dict(sorted(state.control.items())),
        "mines": {"supply": state.mine_supply, "box": state.mines_boxed,
                  "board": [{"sector": m.sector, "owner": m.owner} for m in state.mines]},
        "system_faults": {"supply": list(state.fault_supply)},
        "removed_cards": list(state.removed_cards),
        "hunt_tokens": [{"id": t.id, "where": t.where, "explored": t.explored,
                         "shield": t.shield, "value": t.value, "name": t.name,
                         "captured_by": t.captured_by} for t in state.hunt_tokens],
    }
