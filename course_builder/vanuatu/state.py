"""The board state of a game of Vanuatu with Rising Waters: what lies where, plain data.

A :class:`State` records which tile lies on each space of the footprint, and on each island its
water markers, dikes (by side), huts (by owner), tourists and goods; the players in turn order
with their boat's space, vatus and huts left; the round, the rounds whose Rising Waters phase is
over, the dikes left in the supply, the reveal order of the lettered tiles and the rulings in
force. States are values: every rule function returns a new one.

An island with five water markers is submerged (vanuatu-rising-waters.txt, "Rising Waters"):
:attr:`Placed.submerged` is derived from the count, so the two cannot disagree. Which side of an
island faces what (:meth:`State.facing`) is the question every Rising Waters rule asks.

The JSON form is :meth:`State.to_json` / :func:`course_builder.vanuatu.statejson.state_from_json`
(documented in docs/vanuatu.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from course_builder.core.hexgrid import DIRECTIONS, Direction
from course_builder.core.jsonwrite import fits, json_text
from course_builder.core.values import Frozen, field, force_setattr, replace
from course_builder.vanuatu.archipelago import Archipelago, archipelago
from course_builder.vanuatu.errors import VanuatuError, shown
from course_builder.vanuatu.options import Rules
from course_builder.vanuatu.tiles import Catalogue, Tile, catalogue

if TYPE_CHECKING:
    import networkx as nx

FORMAT = "course_builder/vanuatu-state"
VERSION = 1

ROUNDS = 8
RISING_ROUNDS = (2, 4, 6, 8)  # vanuatu-rising-waters.txt, "Rising Waters"
SINK_AT = 5  # the fifth marker submerges (same section)
LOSS_AT = 3  # three submerged islands lose the game (same section)
DIKE_SUPPLY = 20  # "Components"
WATER_SUPPLY = 20  # "Components"
HUTS_PER_PLAYER = 8  # other-games-research.md 2.3, "Build"


class Facing(StrEnum):
    """What one side of a tile faces."""

    OCEAN = "ocean"
    ISLAND = "island"
    SUBMERGED = "submerged"  # a submerged island: neither island nor ocean any more
    EMPTY = "empty"  # a footprint space no tile lies on yet
    EDGE = "edge"  # off the footprint

    @property
    def words(self) -> str:
        """What the side faces, in words: "an ocean tile", "the edge of the board"."""
        return _FACING_WORDS[self]


_FACING_WORDS = {Facing.OCEAN: "an ocean tile", Facing.ISLAND: "an island",
                 Facing.SUBMERGED: "a submerged island", Facing.EMPTY: "an empty space",
                 Facing.EDGE: "the edge of the board"}


class Placed(Frozen):
    """A tile lying on a space, and on an island what is on it."""

    tile: str
    water: int = 0
    dikes: frozenset[Direction] = frozenset()
    huts: tuple[str, ...] = ()
    tourists: int = 0
    goods: tuple[str, ...] = ()

    @property
    def submerged(self) -> bool:
        return self.water >= SINK_AT


class Player(Frozen):
    """A player: colour name, the space of their boat (``None``: not on the board), vatus, huts
    not yet built (huts lost with a submerged island do not come back)."""

    name: str
    boat: int | None = None
    vatus: int = 0
    huts_left: int = HUTS_PER_PLAYER


class State(Frozen):
    """A whole board state. ``placed`` maps a space number to the tile on it."""

    placed: Mapping[int, Placed]
    players: tuple[Player, ...] = ()
    round: int = 1
    floods: tuple[int, ...] = ()
    dikes_left: int = DIKE_SUPPLY
    reveal: tuple[str, ...] = ()
    rules: Rules = field(default_factory=Rules)
    seed: int | None = None

    def __post_init__(self) -> None:
        force_setattr(self, "placed", MappingProxyType(dict(sorted(self.placed.items()))))

    # -- the board -------------------------------------------------------------------------------

    @property
    def board(self) -> Archipelago:
        return archipelago()

    @property
    def catalogue(self) -> Catalogue:
        return catalogue()

    def tile(self, space: int) -> Tile | None:
        """The tile on a space, ``None`` if the space is empty."""
        placed = self.placed.get(space)
        return None if placed is None else self.catalogue.get(placed.tile)

    def space_of(self, tile_id: str) -> int | None:
        """Where a tile lies, ``None`` if it is not on the board."""
        wanted = self.catalogue.get(tile_id).id
        return next((s for s, p in self.placed.items() if p.tile == wanted), None)

    def is_island(self, space: int) -> bool:
        """An island tile lies on the space (afloat or submerged)."""
        tile = self.tile(space)
        return tile is not None and tile.is_island

    def is_afloat(self, space: int) -> bool:
        """An island that is not submerged lies on the space."""
        return self.is_island(space) and not self.placed[space].submerged

    def is_ocean(self, space: int) -> bool:
        tile = self.tile(space)
        return tile is not None and not tile.is_island

    def islands(self) -> tuple[int, ...]:
        """Spaces holding an island tile, afloat or submerged, in space order."""
        return tuple(s for s in self.placed if self.is_island(s))

    def afloat(self) -> tuple[int, ...]:
        return tuple(s for s in self.placed if self.is_afloat(s))

    def submerged(self) -> tuple[int, ...]:
        return tuple(s for s in self.islands() if self.placed[s].submerged)

    @property
    def lost(self) -> bool:
        """Three islands are submerged: the game is over and every player lost (RW-LOST)."""
        return len(self.submerged()) >= LOSS_AT

    # -- sides -----------------------------------------------------------------------------------

    def facing(self, space: int, side: Direction) -> Facing:
        """What the given side of a space faces."""
        other = self.board.neighbor(space, side)
        if other is None:
            return Facing.EDGE
        if other not in self.placed:
            return Facing.EMPTY
        if self.is_ocean(other):
            return Facing.OCEAN
        return Facing.SUBMERGED if self.placed[other].submerged else Facing.ISLAND

    def ocean_sides(self, space: int) -> tuple[Direction, ...]:
        """The sides of a space that face an ocean tile (ocean tiles never submerge)."""
        return tuple(d for d in DIRECTIONS if self.facing(space, d) is Facing.OCEAN)

    def open_sides(self, space: int) -> tuple[Direction, ...]:
        """The ocean sides of an island without a dike: each brings one marker (RW-SIDES)."""
        dikes = self.placed[space].dikes
        return tuple(d for d in self.ocean_sides(space) if d not in dikes)

    # -- players and supplies --------------------------------------------------------------------

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.players) or "none in this state"
        raise VanuatuError(f"unknown player {shown(name)} (players: {known})")

    def water_in_play(self) -> int:
        """Markers on islands that are afloat; a submerged island's go back (ruling VAN-04)."""
        return sum(self.placed[s].water for s in self.afloat())

    def remaining_floods(self) -> tuple[int, ...]:
        """The Rising Waters rounds still to come, this round's included if not yet resolved."""
        return tuple(r for r in RISING_ROUNDS if r >= self.round and r not in self.floods)

    # -- new states ------------------------------------------------------------------------------

    def with_placed(self, space: int, placed: Placed | None) -> State:
        """This state with a space's contents replaced (``None`` empties the space)."""
        spaces = dict(self.placed)
        if placed is None:
            spaces.pop(space, None)
        else:
            spaces[space] = placed
        return replace(self, placed=spaces)

    def with_player(self, player: Player) -> State:
        return replace(self, players=tuple(player if p.name == player.name else p
                                           for p in self.players))

    # -- views -----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The JSON form (docs/vanuatu.md, "Board state");
        :func:`~.statejson.state_from_json` reads it back to an equal state."""
        spaces: dict[str, Any] = {}
        for space, placed in self.placed.items():
            entry: dict[str, Any] = {"tile": placed.tile}
            if self.is_island(space):
                entry["water"] = placed.water
                if placed.submerged:
                    entry["submerged"] = True
                else:
                    entry["dikes"] = [d.name for d in sorted(placed.dikes)]
                    entry["huts"] = list(placed.huts)
                    entry["tourists"] = placed.tourists
                    entry["goods"] = list(placed.goods)
            spaces[str(space)] = entry
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "round": self.round,
            "floods": list(self.floods),
            "dikes_left": self.dikes_left,
            "reveal": list(self.reveal),
            "rules": self.rules.to_json(),
            "players": [{"name": p.name, "boat": p.boat, "vatus": p.vatus, "huts_left": p.huts_left}
                        for p in self.players],
            "spaces": spaces,
        }

    def dumps(self) -> str:
        """The JSON text of the state: what fits on a line of 96 stays on one, so that a state
        reads well in a diff."""
        return json_text(self.to_json(), fold=fits(96))

    def graph(self) -> nx.DiGraph:
        """The footprint's networkx graph with what lies on each space as node attributes:
        ``kind`` (island, ocean or empty), ``tile``, ``water``, ``submerged``, ``dikes`` (side
        names) and ``huts``; edges carry their ``direction`` and what the side ``faces``."""
        g = self.board.graph.copy()
        for space in self.board.spaces:
            h = self.board.hex_of(space)
            tile = self.tile(space)
            placed = self.placed.get(space, Placed(""))
            g.nodes[h].update(kind=str(tile.kind) if tile else "empty",
                              tile=tile.id if tile else None, water=placed.water,
                              submerged=placed.submerged,
                              dikes=sorted(d.name for d in placed.dikes), huts=list(placed.huts))
        for a, _b, data in g.edges(data=True):
            data["faces"] = str(self.facing(g.nodes[a]["space"], data["direction"]))
        return g
