"""The planet of Tortuga 2199 as a map of sectors: large hexes on the shared hex core.

Each sector tile is one hex of a :class:`SectorMap` (a :class:`~course_builder.core.hexboard.HexBoard`),
so neighbours, distances and the networkx graph come from the core. Two sectors are adjacent when
their tiles share a side, and the distance between two sectors is the fewest moves to adjacent
sectors from one to the other (ruling TOR-04; base rule BASE-MOVE: one Manoeuvre moves a ship to an
adjacent sector, ``other-games-research.md`` 3.2).

Which tiles exist: Tortuga in the centre, Turret and Trade Terminal sectors in a ring around it,
the special sectors at the ends (``other-games-research.md`` 3.2); the expansion adds the Hub and
Shipwreck Bay, each with a maximum defence of 10 (``tortuga2199-shipwreck-bay.txt``, "New
Sectors"). The maxima of the base sectors are not in our sources.

Pure: no I/O, no randomness.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexboard import HexBoard
from course_builder.core.hexgrid import Hex, to_offset
from course_builder.core.values import Frozen

if TYPE_CHECKING:
    import networkx as nx


class SectorKind(StrEnum):
    """What kind of tile a sector is (``other-games-research.md`` 3.2)."""

    TORTUGA = "tortuga"
    TURRET = "turret"
    TRADE_TERMINAL = "trade-terminal"
    SPECIAL = "special"


class Special(StrEnum):
    """The six special sectors: four from the base game, Hub and Shipwreck Bay from the expansion.
    The value is the sector's id in maps and game states."""

    VORTEX = "vortex"
    RESEARCH_LAB = "research-lab"
    MINES = "mines"
    FORTRESS = "fortress"
    HUB = "hub"
    SHIPWRECK_BAY = "shipwreck-bay"

    @property
    def label(self) -> str:
        return _TITLES[self]

    @property
    def from_expansion(self) -> bool:
        return self in NEW_SPECIALS


_TITLES = {
    Special.VORTEX: "Vortex",
    Special.RESEARCH_LAB: "Research Lab",
    Special.MINES: "Mines",
    Special.FORTRESS: "Fortress",
    Special.HUB: "Hub",
    Special.SHIPWRECK_BAY: "Shipwreck Bay",
}

BASE_SPECIALS: tuple[Special, ...] = (Special.VORTEX, Special.RESEARCH_LAB, Special.MINES,
                                      Special.FORTRESS)
NEW_SPECIALS: tuple[Special, ...] = (Special.HUB, Special.SHIPWRECK_BAY)

DEFENCE_MAX: dict[str, int] = {Special.HUB: 10, Special.SHIPWRECK_BAY: 10}
"""Maximum sector defence where a source gives it (expansion, "New Sectors": Hub and Shipwreck
Bay, 10 each)."""

TORTUGA = "tortuga"
"""The id of the central sector."""

MAX_SECTORS = 64
"""No real map has more than 13 sectors; a hand-made map is refused beyond this."""


class SectorError(CourseBuilderError):
    """A sector map that cannot be built, or a sector id it does not know."""


class Sector(Frozen):
    """One sector tile on the map: its id (``tortuga``, ``turret-2``, ``hub``...), kind, printed
    name, hex, the special position it fills (``X1``...) if any, and its maximum defence where a
    source gives it."""

    id: str
    kind: SectorKind
    name: str
    hex: Hex
    slot: str | None = None
    defence_max: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind.value, "name": self.name,
                "at": list(to_offset(self.hex)), "slot": self.slot,
                "defence_max": self.defence_max}


class SectorMap(HexBoard):
    """The sectors in play and the distances between them.

    ``verified`` says whether the positions were checked against the rulebook's diagrams; when it
    is false every answer that depends on adjacency or distance carries :attr:`warning` (ruling
    TOR-01).
    """

    def __init__(self, sectors: Iterable[Sector], name: str = "", *, verified: bool = False,
                 source: str = "") -> None:
        ordered = tuple(sectors)
        if not ordered:
            raise SectorError("a sector map needs at least one sector")
        if len(ordered) > MAX_SECTORS:
            raise SectorError(f"a sector map has at most {MAX_SECTORS} sectors")
        by_id: dict[str, Sector] = {}
        for s in ordered:
            if s.id in by_id:
                raise SectorError(f"sector {s.id!r} is listed twice")
            by_id[s.id] = s
        hexes = [s.hex for s in ordered]
        if len(set(hexes)) != len(hexes):
            raise SectorError("two sectors lie on the same hex")
        super().__init__(hexes, name)
        self.sectors: tuple[Sector, ...] = ordered
        self.verified = verified
        self.source = source
        self._by_id = by_id
        self._ids = tuple(s.id for s in ordered)

    # -- lookup ------------------------------------------------------------------------------

    def ids(self) -> tuple[str, ...]:
        return self._ids

    def has(self, sector_id: str) -> bool:
        return sector_id in self._by_id

    def sector(self, sector_id: str) -> Sector:
        """The sector with this id; an unknown id is a :class:`SectorError` listing the ids."""
        try:
            return self._by_id[sector_id]
        except KeyError:
            raise SectorError(f"no sector {sector_id!r} on this map (sectors: "
                              f"{', '.join(self._ids)})") from None

    def specials(self) -> tuple[Sector, ...]:
        return tuple(s for s in self.sectors if s.kind is SectorKind.SPECIAL)

    @property
    def warning(self) -> str | None:
        """The unverified-layout warning (TOR-01), or None for a verified map."""
        if self.verified:
            return None
        return (f"UNVERIFIED LAYOUT ({self.name or 'unnamed map'}): sector positions are a "
                "candidate, not the rulebook's diagram; adjacency and distances may be wrong "
                "(docs/tortuga.md, ruling TOR-01)")

    # -- the core's graph, with sector data ------------------------------------------------------

    def node_attributes(self, index: int) -> dict[str, Any]:
        s = self.sectors[index]
        return {"id": s.id, "kind": s.kind.value, "name": s.name, "slot": s.slot,
                "defence_max": s.defence_max, "row": to_offset(s.hex)[0],
                "col": to_offset(s.hex)[1]}

    @cached_property
    def sector_graph(self) -> nx.Graph:
        """The map as an undirected networkx graph: one node per sector id (with kind, name,
        slot, defence maximum and hex) and one edge per shared side."""
        import networkx as nx

        g = nx.Graph(name=self.name)
        for i, s in enumerate(self.sectors):
            g.add_node(s.id, **self.node_attributes(i), hex=s.hex)
        for i, row in enumerate(self.neighbors):
            for j in row:
                if j > i:
                    g.add_edge(self._ids[i], self._ids[j])
        return g

    @cached_property
    def _distances(self) -> dict[str, dict[str, int]]:
        import networkx as nx

        return {a: dict(d) for a, d in nx.all_pairs_shortest_path_length(self.sector_graph)}

    # -- queries (TOR-04) ------------------------------------------------------------------------

    def adjacent(self, sector_id: str) -> tuple[str, ...]:
        """The sectors sharing a side with this one, in map order."""
        i = self.index(self.sector(sector_id).hex)
        return tuple(self._ids[j] for j in sorted(j for j in self.neighbors[i] if j != -1))

    def is_adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacent(a)

    def distance(self, a: str, b: str) -> int | None:
        """Fewest moves to adjacent sectors from ``a`` to ``b`` (None if no way connects them)."""
        self.sector(a)
        self.sector(b)
        return self._distances[a].get(b)

    def distances_from(self, sector_id: str) -> dict[str, int]:
        """Distance from this sector to every sector it connects to (itself at 0), in map order."""
        self.sector(sector_id)
        found = self._distances[sector_id]
        return {s: found[s] for s in self._ids if s in found}

    def within(self, sector_id: str, k: int) -> tuple[str, ...]:
        """The sectors 1 to ``k`` moves away (not the sector itself; TOR-05), in map order."""
        return tuple(s for s, d in self.distances_from(sector_id).items() if 1 <= d <= k)

    def furthest_from(self, sector_id: str) -> tuple[int, tuple[str, ...]]:
        """The greatest distance from this sector and every sector at it, ties all returned in map
        order (TOR-06). A one-sector map answers ``(0, (itself,))``."""
        found = self.distances_from(sector_id)
        top = max(found.values())
        return top, tuple(s for s, d in found.items() if d == top)

    def shortest_paths(self, a: str, b: str) -> tuple[tuple[str, ...], ...]:
        """Every shortest path from ``a`` to ``b`` (sector ids, both ends included), sorted."""
        import networkx as nx

        self.sector(a)
        self.sector(b)
        try:
            paths = nx.all_shortest_paths(self.sector_graph, a, b)
            return tuple(sorted(tuple(p) for p in paths))
        except nx.NetworkXNoPath:
            return ()

    def is_connected(self) -> bool:
        return len(self.distances_from(self._ids[0])) == len(self._ids)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "verified": self.verified, "source": self.source,
                "sectors": [s.to_json() for s in self.sectors]}
