"""An indexed board of hexes, shared by every game: index, neighbour tables, lines, areas, graph.

A :class:`HexBoard` is any finite set of hexes (a rectangle of lake hexes in Powerboats, the
archipelago's footprint in Vanuatu, the sector map in Tortuga 2199) numbered ``0 .. n-1`` in a
fixed order. Hot loops work on the integer tables it precomputes (``neighbors[i][d]`` is the index
of the hex across side ``d`` of hex ``i``, -1 off the board); modelling, checks and queries can
use its networkx view (:attr:`HexBoard.graph`), built on first use.

Pure: no I/O, no randomness. networkx is imported only when the graph is asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from course_builder.core.hexgrid import DIRECTIONS, Direction, Hex, from_offset, to_offset
from course_builder.core.values import Frozen

if TYPE_CHECKING:
    import networkx as nx


class HexTables(Frozen):
    """What a :class:`HexBoard` is built on: its hexes in index order, the index of each hex,
    and the neighbour table. Immutable in use, so boards of one shape can share them."""

    hexes: tuple[Hex, ...]
    index_of: dict[Hex, int]
    neighbors: tuple[tuple[int, ...], ...]


def hex_tables(hexes: Iterable[Hex]) -> HexTables:
    """The tables of any set of hexes, numbered in the order given."""
    ordered = tuple(hexes)
    index = {h: i for i, h in enumerate(ordered)}
    if len(index) != len(ordered):
        raise ValueError("a hex board lists every hex once")
    vectors = [d.vector for d in DIRECTIONS]
    get = index.get
    neighbors = tuple(tuple(get(Hex(h.q + v.q, h.r + v.r), -1) for v in vectors) for h in ordered)
    return HexTables(ordered, index, neighbors)


@lru_cache(maxsize=4)
def rectangle_tables(rows: int, cols: int) -> HexTables:
    """The tables of a ``rows x cols`` rectangle in reading order of even-r offset ``(row,
    col)`` (hex ``i`` at ``(i // cols, i % cols)``), as every Powerboats lake is. The neighbour
    of a hex is found by arithmetic on its row and column, and the tables of the last few shapes
    are kept: every board of a shape (the classic lake, random lakes of one tile size) shares
    them."""
    hexes = tuple(from_offset(r, c) for r in range(rows) for c in range(cols))
    index = {h: i for i, h in enumerate(hexes)}
    neighbors = []
    for r in range(rows):
        shift = -(r % 2)  # even rows lie half a hex right: their upper and lower neighbours
        up = (r - 1) * cols if r > 0 else -1  # are at columns c and c + 1, odd rows' at c - 1, c
        down = (r + 1) * cols if r < rows - 1 else -1
        for c in range(cols):
            left = c + shift  # the left one of the two neighbours above (and below)
            ul = up + left if up >= 0 and 0 <= left < cols else -1
            ur = up + left + 1 if up >= 0 and 0 <= left + 1 < cols else -1
            dl = down + left if down >= 0 and 0 <= left < cols else -1
            dr = down + left + 1 if down >= 0 and 0 <= left + 1 < cols else -1
            i = r * cols + c
            neighbors.append((i + 1 if c + 1 < cols else -1, ur, ul,
                              i - 1 if c > 0 else -1, dl, dr))
    return HexTables(hexes, index, tuple(neighbors))


class HexBoard:
    """A fixed set of hexes with the tables games need. Subclasses add what their game prints on
    the hexes (terrain, spots, kinds of sector) and describe a hex for the graph through
    :meth:`node_attributes`."""

    def __init__(self, hexes: Iterable[Hex] | HexTables, name: str = "") -> None:
        self.name = name
        tables = hexes if isinstance(hexes, HexTables) else hex_tables(hexes)
        self._hexes: tuple[Hex, ...] = tables.hexes
        self._index: dict[Hex, int] = tables.index_of
        self.index_of: dict[Hex, int] = tables.index_of
        """The index of each hex, for hot loops (do not modify)."""
        self.neighbors: tuple[tuple[int, ...], ...] = tables.neighbors
        """``neighbors[i][d]``: index of the hex across side ``d`` of hex ``i``, -1 off the board."""

    # -- hexes and indices ---------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._hexes)

    def hexes(self) -> tuple[Hex, ...]:
        """Every hex of the board in index order."""
        return self._hexes

    def contains(self, h: Hex) -> bool:
        return h in self._index

    def index(self, h: Hex) -> int:
        """Table index of a hex (raises ``KeyError`` off the board)."""
        return self._index[h]

    def index_or_none(self, h: Hex) -> int | None:
        return self._index.get(h)

    def hex_at(self, index: int) -> Hex:
        return self._hexes[index]

    # -- lines ---------------------------------------------------------------------------------

    def runs_ahead(self, passable: Sequence[bool]) -> tuple[tuple[int, ...], ...]:
        """For every hex ``i`` and direction ``d``: how many passable hexes follow one another
        straight ahead of it before the first impassable one or the board's edge."""
        runs = []
        n = len(self._hexes)
        for lines in self.line_walks:
            run = [0] * n
            for line in lines:  # from the far end back, so every run is counted once
                count = 0
                for j in line:
                    run[j] = count
                    count = count + 1 if passable[j] else 0
            runs.append(run)
        return tuple(zip(*runs, strict=True))

    @cached_property
    def line_walks(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``line_walks[d]``: every straight line of hexes in direction ``d`` (a line stops at
        the board's edge or the first gap), each listed from its far end back: the order in
        which the tables of what lies ahead of each hex are counted, once per board."""
        columns = tuple(zip(*self.neighbors, strict=True)) if self.neighbors else ((),) * 6
        walks = []
        for d in DIRECTIONS:
            ahead_of, back_of = columns[d], columns[d.opposite()]
            lines = []
            for i, ahead in enumerate(ahead_of):
                if ahead != -1:
                    continue  # not the far end of a line
                line = []
                j = i
                while j != -1:
                    line.append(j)
                    j = back_of[j]
                lines.append(tuple(line))
            walks.append(tuple(lines))
        return tuple(walks)

    @cached_property
    def paths_ahead(self) -> tuple[tuple[list[int], ...], ...]:
        """``paths_ahead[i][d]``: hex ``i`` and the hexes straight ahead of it in direction
        ``d`` (:attr:`lines_ahead` with the start), so that a straight move's path is a slice
        of it (shared by everyone reading the board: never change these lists). Built on its
        own, not from :attr:`lines_ahead`, which a plain straight move does not need."""
        paths = []
        for lines in self.line_walks:
            out: list[list[int]] = [[i] for i in range(len(self._hexes))]
            for whole in lines:
                walk = list(whole)
                for k in range(1, len(walk)):
                    out[walk[k]] = walk[k::-1]
            paths.append(out)
        return tuple(zip(*paths, strict=True))

    @cached_property
    def lines_ahead(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``lines_ahead[i][d]``: the indices of the hexes straight ahead of hex ``i`` in
        direction ``d``, nearest first, to the board's edge (a line stops at the first gap)."""
        lines_ahead = []
        for lines in self.line_walks:
            out: list[tuple[int, ...]] = [()] * len(self._hexes)
            for whole in lines:
                for k in range(1, len(whole)):
                    out[whole[k]] = whole[k - 1::-1]
            lines_ahead.append(out)
        return tuple(zip(*lines_ahead, strict=True))

    @cached_property
    def edge_runs(self) -> tuple[tuple[int, ...], ...]:
        """``edge_runs[i][d]``: how many board hexes lie straight ahead of hex ``i``."""
        return self.runs_ahead([True] * len(self._hexes))

    def edge_distance(self, h: Hex, direction: Direction) -> int:
        """How many hexes of the board lie straight ahead of a hex before the edge (or a gap).
        Works for hexes off the board too: it counts from the first board hex met, if any."""
        i = self._index.get(h)
        if i is not None:
            return self.edge_runs[i][direction]
        k = 0
        x = h.neighbor(direction)
        while x in self._index:
            k += 1
            x = x.neighbor(direction)
        return k

    def half_line_sides(self, index: int, direction: Direction) -> list[tuple[int, int]]:
        """The steps across the half-line of hexes that leaves hex ``index`` along ``direction``:
        each hex ``j`` on the line (to the board's edge) paired with each of its two neighbours
        just clockwise of the line (across sides ``direction.right(1)`` and ``right(2)``; -1 off
        the board). Rounding lines are made of these steps (Powerboats, COURSE-04)."""
        neighbors = self.neighbors
        cw1, cw2 = direction.right(1), direction.right(2)
        out = []
        j = neighbors[index][direction]
        while j != -1:
            out.append((j, neighbors[j][cw1]))
            out.append((j, neighbors[j][cw2]))
            j = neighbors[j][direction]
        return out

    # -- areas ---------------------------------------------------------------------------------

    def areas(self, passable: Sequence[bool]) -> tuple[int, ...]:
        """Connected areas of passable hexes: ``areas[i]`` numbers the area of hex ``i`` (from 0
        in index order), -1 for impassable hexes."""
        neighbors = self.neighbors
        area = [-1] * len(self._hexes)
        count = 0
        for start in range(len(self._hexes)):
            if not passable[start] or area[start] != -1:
                continue
            area[start] = count
            stack = [start]
            while stack:
                i = stack.pop()
                for j in neighbors[i]:
                    if j != -1 and passable[j] and area[j] == -1:
                        area[j] = count
                        stack.append(j)
            count += 1
        return tuple(area)

    # -- the networkx view ---------------------------------------------------------------------

    def node_attributes(self, index: int) -> dict[str, Any]:
        """What the graph records about a hex; subclasses add their game's data."""
        row, col = to_offset(self._hexes[index])
        return {"row": row, "col": col}

    @cached_property
    def graph(self) -> nx.DiGraph:
        """Every hex as a node (with :meth:`node_attributes`) and an edge to each neighbour
        carrying the ``direction`` of that step. Built on first use."""
        import networkx as nx

        g = nx.DiGraph(name=self.name)
        for i, h in enumerate(self._hexes):
            g.add_node(h, **self.node_attributes(i))
        for i, h in enumerate(self._hexes):
            for d in DIRECTIONS:
                j = self.neighbors[i][d]
                if j != -1:
                    g.add_edge(h, self._hexes[j], direction=d)
        return g

    def subgraph(self, keep: Callable[[int], bool]) -> nx.DiGraph:
        """A read-only view of :attr:`graph` restricted to the hexes whose index ``keep`` accepts."""
        return self.graph.subgraph(h for i, h in enumerate(self._hexes) if keep(i))
