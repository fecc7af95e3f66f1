"""The tables of a lake that follow from its terrain alone, built on first use and shareable.

Course generation and play read a lake through precomputed tables: the open-water neighbours of
each hex, the runs of water straight ahead, the bodies of water, where a rounding line can be
crossed, the lake as a bitset. They depend only on the lake's shape and terrain, so every
:class:`~course_builder.powerboats.lake.board.Board` of one named lake in one arrangement can
share them: :func:`named_lake_tables` keeps those of the last few named lakes built, so that a
board built again (from a course file, a new catalog, a command run in a long-lived process)
costs only its assembly. Random lakes each build their own (and keep nothing once dropped).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cached_property
from typing import Any, TypeVar, cast

from course_builder.core.bitgrid import BitGrid
from course_builder.core.hexboard import HexBoard
from course_builder.core.hexgrid import DIRECTIONS, Direction

NAMED_LAKES_KEPT = 8
"""Named lakes (a kit in one arrangement) whose tables are kept for boards built again."""

_named: OrderedDict[tuple[str, ...], LakeTables] = OrderedDict()

T = TypeVar("T")


class LakeTables:
    """The terrain tables of a lake (see the module docstring), computed from any board with
    that shape (``board``, laid out as ``grid``) and open water (``water``), each on first
    use."""

    def __init__(self, board: HexBoard, water: tuple[bool, ...], grid: BitGrid) -> None:
        self._board = board
        self._water = water
        self._grid = grid
        self._line_crossings: dict[tuple[int, int, int], tuple[frozenset[int], frozenset[int]]]
        self._line_crossings = {}
        self._derived: dict[Hashable, Any] = {}

    @cached_property
    def water_run(self) -> tuple[tuple[int, ...], ...]:
        return self._board.runs_ahead(self._water)

    @cached_property
    def edge_runs(self) -> tuple[tuple[int, ...], ...]:
        return self._board.runs_ahead([True] * len(self._board))

    @cached_property
    def water_steps(self) -> tuple[tuple[tuple[Direction, int], ...], ...]:
        water = self._water
        e, ne, nw, w, sw, se = DIRECTIONS
        out = []
        for a, b, c, d, f, g in self._board.neighbors:  # written out: the lake's largest table
            row = []
            if a != -1 and water[a]:
                row.append((e, a))
            if b != -1 and water[b]:
                row.append((ne, b))
            if c != -1 and water[c]:
                row.append((nw, c))
            if d != -1 and water[d]:
                row.append((w, d))
            if f != -1 and water[f]:
                row.append((sw, f))
            if g != -1 and water[g]:
                row.append((se, g))
            out.append(tuple(row))
        return tuple(out)

    @cached_property
    def water_targets(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(j for _d, j in row) for row in self.water_steps)

    @cached_property
    def neighbor_bits(self) -> tuple[int, ...]:
        pos = self._grid.positions
        out = []
        for row in self._board.neighbors:
            bits = 0
            for j in row:
                if j != -1:
                    bits |= 1 << pos[j]
            out.append(bits)
        return tuple(out)

    @cached_property
    def water_bits(self) -> int:
        return self._grid.from_flags(self._water)

    @cached_property
    def water_areas(self) -> tuple[int, ...]:
        return self._board.areas(self._water)

    @cached_property
    def crossable_bits(self) -> tuple[int, ...]:
        grid, water = self._grid, self.water_bits
        out = []
        for d in DIRECTIONS:
            crossing = water & (grid.back(water, d.right(1)) | grid.back(water, d.right(2)))
            ahead = 0  # the hexes with a crossing somewhere ahead of them
            while True:
                more = grid.back(crossing | ahead, d) & grid.every
                if more == ahead:
                    break
                ahead = more
            out.append(ahead)
        return tuple(out)


    def line_crossings(self, index: int, direction: Direction, length: int
                       ) -> tuple[frozenset[int], frozenset[int]]:
        """The steps across the first ``length`` hexes of the half-line from hex ``index`` along
        ``direction`` (:meth:`~course_builder.core.hexboard.HexBoard.half_line_sides`) that
        start in a body of water the hex lies in or touches, encoded ``from * n + to``: those
        onto the line from just clockwise of it (crossing it counter-clockwise), and those off
        it to that side (clockwise). A buoy on the hex is rounded by these steps alone; found
        once for each line asked for (the arrow solver asks for the same lines again)."""
        key = (index, direction, length)
        found = self._line_crossings.get(key)
        if found is None:
            found = self._line_crossings[key] = self._crossings_of(index, direction, length)
        return found

    def derived(self, key: Hashable, make: Callable[[], T]) -> T:
        """A table that a later layer derives from this lake's terrain alone, made by ``make``
        on first use and kept with these tables. ``key`` names the table and everything it
        depends on besides the terrain (the route search keeps its view of the steps across
        each rounding line here: the course generator crosses the same few lines again and
        again)."""
        if key not in self._derived:
            self._derived[key] = make()
        return cast(T, self._derived[key])

    def _crossings_of(self, index: int, direction: Direction, length: int
                      ) -> tuple[frozenset[int], frozenset[int]]:
        n, water_area = len(self._board), self.water_areas
        areas = {water_area[j] for _d, j in self.water_steps[index]}
        if self._water[index]:
            areas.add(water_area[index])
        ccw: set[int] = set()
        cw: set[int] = set()
        for y, x in self._board.half_line_sides(index, direction)[: 2 * length]:
            if x == -1:
                continue
            if water_area[x] in areas:
                ccw.add(x * n + y)
            if water_area[y] in areas:
                cw.add(y * n + x)
        return frozenset(ccw), frozenset(cw)


def named_lake_tables(terrain: tuple[str, ...], make: Callable[[], LakeTables]) -> LakeTables:
    """The shared tables of a named lake's terrain (its rows of terrain characters); ``make``
    makes them when none are kept yet."""
    tables = _named.get(terrain)
    if tables is None:
        tables = _named[terrain] = make()
        while len(_named) > NAMED_LAKES_KEPT:
            _named.popitem(last=False)
    else:
        _named.move_to_end(terrain)
    return tables
