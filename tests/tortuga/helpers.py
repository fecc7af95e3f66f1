"""Small hand-made maps and states for the Tortuga tests."""

from __future__ import annotations

from typing import Any

from course_builder.core.hexgrid import Hex
from course_builder.core.values import replace
from course_builder.tortuga.layouts import builtin_layouts
from course_builder.tortuga.sectors import TORTUGA, Sector, SectorKind, SectorMap, Special
from course_builder.tortuga.state import GameState, HuntToken, MineToken, Player

FIVE = {"X1": Special.HUB, "X2": Special.VORTEX, "X3": Special.SHIPWRECK_BAY,
        "X4": Special.FORTRESS, "X5": Special.RESEARCH_LAB, "X6": Special.MINES}
"""A fixed deal of the six specials on the five-player spokes map (reading order of X1..X6):

      hub    .   vortex
    .   tu1  tr1  .
  sb   tr2  T   tu2  fortress
    .   tu3  tr3  .
      lab    .   mines
"""


def five_map(layout: str = "spokes") -> SectorMap:
    return builtin_layouts(layout).sector_map(5, FIVE)


def chain(*ids: str, verified: bool = False) -> SectorMap:
    """Sectors in a straight row, each adjacent to the next only."""
    sectors = [Sector(s, SectorKind.TORTUGA if s == TORTUGA else SectorKind.SPECIAL, s.title(),
                      Hex(i, 0)) for i, s in enumerate(ids)]
    return SectorMap(sectors, "chain", verified=verified)


def game(sector_map: SectorMap | None = None, players: tuple[str, ...] = ("red", "blue"),
         ships: dict[str, str] | None = None, **changes: Any) -> GameState:
    """A checked state: every ship on Tortuga unless ``ships`` says otherwise."""
    sector_map = sector_map or five_map()
    ships = ships or {}
    made = tuple(Player(p, ships.get(p, TORTUGA)) for p in players)
    return replace(GameState(sector_map, made), **changes).check()


def with_mines(state: GameState, *mines: tuple[str, str]) -> GameState:
    """Mines laid from the supply, in order: (sector, owner)."""
    laid = tuple(MineToken(s, o) for s, o in mines)
    return replace(state, mines=state.mines + laid, mine_supply=state.mine_supply - len(laid)
                   ).check()


def tokens(*specs: tuple[str, str]) -> tuple[HuntToken, ...]:
    """Hunt tokens (id, where)."""
    return tuple(HuntToken(i, w) for i, w in specs)


def ship(state: GameState, player: str) -> str:
    return state.player(player).ship
