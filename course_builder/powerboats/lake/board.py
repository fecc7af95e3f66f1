"""The Powerboats lake: every hex with its terrain, lake section and letter spot.

A :class:`Board` is immutable plain data plus tables precomputed for hot loops (the neighbour in
each direction, the run of open water straight ahead). It can also be seen as a networkx graph
(:attr:`Board.graph`) for modelling and queries. Hexes are :class:`~course_builder.core.hexgrid.Hex`
(axial) in the API; files and JSON use even-r ``(row, col)``.

Rules: the lake is built from 4 border pieces and 6 lake tiles ("Setup", rules reference); the
letter spots A, B, C hold the buoys of races A, B, C ("Building a Course"). Anything beyond the
lake's edge is shore: moving off the board is a crash.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from course_builder.core.bitgrid import BitGrid, bit_grid
from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexboard import HexBoard, rectangle_tables
from course_builder.core.hexgrid import Direction, Hex, to_offset
from course_builder.core.values import Frozen
from course_builder.powerboats.lake.tables import LakeTables, named_lake_tables

if TYPE_CHECKING:
    import networkx as nx

WATER = "water"
LAND = "land"

LETTERS = ("A", "B", "C")
SPOTS_PER_LETTER = 4
BORDER = "border"


class BoardError(CourseBuilderError):
    """A board that cannot be built or used as asked."""


class BoardSource(Frozen):
    """How to build a board again: the record a board keeps and a course file carries.

    ``board`` is ``"classic"`` (a built-in kit), ``"random"`` (a generated lake) or the path of a
    ``.board`` file. Kit boards record their ``arrangement`` (and, when shuffled, the ``seed`` and
    whether tiles could turn); random lakes their ``seed``, ``tile_size`` and ``density``.
    """

    board: str = "classic"
    arrangement: str | None = None
    seed: int | None = None
    shuffled: bool = False
    rotate_tiles: bool = False
    tile_size: tuple[int, int] | None = None
    density: float | None = None

    @property
    def is_random(self) -> bool:
        return self.board == "random"

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data, with only the keys that apply to this kind of board."""
        if self.is_random:
            size = list(self.tile_size) if self.tile_size is not None else None
            return {"board": self.board, "seed": self.seed, "tile_size": size,
                    "density": self.density}
        data: dict[str, Any] = {"board": self.board}
        if self.arrangement is not None:
            data["arrangement"] = self.arrangement
        if self.shuffled:
            data.update(seed=self.seed, shuffled=True, rotate_tiles=self.rotate_tiles)
        return data

    def details(self) -> str:
        """A short caption of what is not in the board's name (arrangement, or the lake's
        parameters), for pictures of the board."""
        if self.arrangement:
            return self.arrangement
        return ", ".join(f"{k} {v}" for k, v in self.to_json().items() if k != "board")


class LetterMark(Frozen):
    """A letter printed on a hex before spots are numbered: which letter, whether the hex is an
    island, the side it is printed against, and whether the data is approximate."""

    letter: str
    on_land: bool
    side: Direction
    approximate: bool = False


class Spot(Frozen):
    """A letter printed on the lake: where buoys (and expansion tiles) go.

    ``side`` is the hex side the letter is printed against: the start/finish tile and expansion
    tiles are attached there. ``approximate`` marks data that could not be read from the source.
    """

    id: str
    letter: str
    hex: Hex
    on_land: bool
    side: Direction
    approximate: bool = False

    @property
    def row(self) -> int:
        return self.hex.r

    @property
    def col(self) -> int:
        return to_offset(self.hex)[1]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "letter": self.letter,
            "hex": list(to_offset(self.hex)),
            "on_land": self.on_land,
            "side": self.side.name,
            "approximate": self.approximate,
        }


class Section(Frozen):
    """A lake tile slot (or the border): its name, top-left hex and size, for drawing seams."""

    name: str
    row: int
    col: int
    rows: int
    cols: int
    tile: str = ""

    def contains(self, row: int, col: int) -> bool:
        return self.row <= row < self.row + self.rows and self.col <= col < self.col + self.cols


TEXT_KEY = ("Key: . water, # land; A B C a letter spot on water, a b c a letter spot on land\n"
            "Spots (side: the hex side their letter is printed on):")
"""The line of :meth:`Board.to_text` that says what its picture's characters mean."""


class Board(HexBoard):
    """An assembled lake. Build one with :func:`assemble`, :func:`classic_board` or a generator."""

    def __init__(
        self,
        name: str,
        terrain: Sequence[str],
        sections: Sequence[Sequence[str]],
        spots: Iterable[Spot],
        *,
        slots: Sequence[Section] = (),
        source: BoardSource | None = None,
        named: bool = False,
    ) -> None:
        self.rows = len(terrain)
        self.cols = len(terrain[0]) if terrain else 0
        if any(len(row) != self.cols for row in terrain):
            raise BoardError("every terrain row must have the same length")
        super().__init__(rectangle_tables(self.rows, self.cols), name)
        self.terrain_rows: tuple[str, ...] = tuple(terrain)
        self.section_rows: tuple[tuple[str, ...], ...] = tuple(tuple(r) for r in sections)
        self.spots: tuple[Spot, ...] = tuple(spots)
        self.slots: tuple[Section, ...] = tuple(slots)
        self.source: BoardSource = source or BoardSource(name)
        self._spots_by_id = {s.id: s for s in self.spots}
        self._spots_by_hex = {s.hex: s for s in self.spots}
        self.water: tuple[bool, ...] = tuple(map(".".__eq__, "".join(terrain)))
        """``water[i]``: is hex ``i`` open water (not island, not shore)."""
        self.tables: LakeTables = (named_lake_tables(self.terrain_rows, self._own_tables)
                                   if named else self._own_tables())
        """The terrain's tables (:mod:`.tables`): shared by the boards of a named lake in one
        arrangement (``named``: a lake built from a kit), this board's own otherwise."""

    def _own_tables(self) -> LakeTables:
        return LakeTables(self, self.water, self.bit_grid)

    @property
    def water_run(self) -> tuple[tuple[int, ...], ...]:
        """``water_run[i][d]``: open water hexes straight ahead of hex ``i`` before land/shore."""
        return self.tables.water_run

    @property
    def edge_runs(self) -> tuple[tuple[int, ...], ...]:
        """``edge_runs[i][d]``: how many board hexes lie straight ahead of hex ``i``."""
        return self.tables.edge_runs

    # -- queries -------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"<Board {self.name!r} {self.rows}x{self.cols}, {self.water_count} water>"

    def is_water(self, h: Hex) -> bool:
        """Open water; off the board counts as shore (land)."""
        i = self._index.get(h)
        return i is not None and self.water[i]

    def terrain(self, h: Hex) -> str:
        """``"water"`` or ``"land"`` (also for hexes off the board)."""
        return WATER if self.is_water(h) else LAND

    def section(self, h: Hex) -> str | None:
        """The lake section (slot name such as ``T01``, or ``border``) holding a hex."""
        if h not in self._index:
            return None
        row, col = to_offset(h)
        return self.section_rows[row][col]

    def water_ahead(self, h: Hex, direction: Direction) -> int:
        """How many open water hexes lie straight ahead before land or the lake's edge."""
        i = self._index.get(h)
        return 0 if i is None else self.water_run[i][direction]

    def spot(self, spot_id: str) -> Spot:
        try:
            return self._spots_by_id[spot_id.upper()]
        except KeyError:
            raise BoardError(
                f"board {self.name!r} has no spot {spot_id!r} "
                f"(spots: {', '.join(self._spots_by_id)})"
            ) from None

    def spot_at(self, h: Hex) -> Spot | None:
        return self._spots_by_hex.get(h)

    def spots_for(self, letter: str) -> tuple[Spot, ...]:
        return tuple(s for s in self.spots if s.letter == letter.upper())

    @property
    def water_count(self) -> int:
        return sum(self.water)

    @property
    def water_steps(self) -> tuple[tuple[tuple[Direction, int], ...], ...]:
        """``water_steps[i]``: the (direction, index) of each open-water neighbour of hex ``i``."""
        return self.tables.water_steps

    @property
    def water_targets(self) -> tuple[tuple[int, ...], ...]:
        """``water_targets[i]``: the indices of the open-water neighbours of hex ``i``."""
        return self.tables.water_targets

    @cached_property
    def bit_grid(self) -> BitGrid:
        """The lake as bits of an integer, for searches that move whole sets of hexes."""
        return bit_grid(self.rows, self.cols)

    @property
    def neighbor_bits(self) -> tuple[int, ...]:
        """``neighbor_bits[i]``: the neighbours of hex ``i`` as a bitset of :attr:`bit_grid`."""
        return self.tables.neighbor_bits

    @property
    def water_bits(self) -> int:
        """The open water hexes as a bitset of :attr:`bit_grid`."""
        return self.tables.water_bits

    @property
    def water_areas(self) -> tuple[int, ...]:
        """``water_areas[i]``: which connected body of open water hex ``i`` belongs to (numbered
        from 0 in reading order), -1 for land."""
        return self.tables.water_areas

    def crossable(self, h: Hex, direction: Direction) -> bool:
        """Can a boat step from water to water across the half-line of hexes that leaves ``h``
        along ``direction`` to the lake's edge? A buoy's rounding line must be (COURSE-03)."""
        i = self._index.get(h)
        return i is not None and bool(self.crossable_bits[direction] >> self.bit_grid.bit(i) & 1)

    @property
    def crossable_bits(self) -> tuple[int, ...]:
        """``crossable_bits[d]``: the hexes (a bitset of :attr:`bit_grid`) for which
        :meth:`crossable` holds in direction ``d``: some step across the half-line from the hex
        along ``d`` (the steps of :meth:`~course_builder.core.hexboard.HexBoard.half_line_sides`:
        from a hex on it to one of the two just clockwise) goes from water to water. Found for
        all hexes at once, a step along the lines at a time (random lakes ask it of every hex)."""
        return self.tables.crossable_bits

    def line_crossings(self, h: Hex, direction: Direction, length: int
                       ) -> tuple[frozenset[int], frozenset[int]]:
        """The steps that cross the first ``length`` hexes of the half-line from ``h`` along
        ``direction`` and start in a body of water ``h`` lies in or touches (see
        :meth:`.tables.LakeTables.line_crossings`): counter-clockwise ones, then clockwise ones.
        Nothing for a hex off the board."""
        i = self._index.get(h)
        if i is None:
            return frozenset(), frozenset()
        return self.tables.line_crossings(i, direction, length)

    def areas_around(self, h: Hex) -> frozenset[int]:
        """The water bodies a hex lies in or touches (a buoy can be rounded only in these)."""
        i = self._index.get(h)
        if i is None:
            return frozenset()
        areas = {self.water_areas[j] for _d, j in self.water_steps[i]}
        if self.water[i]:
            areas.add(self.water_areas[i])
        return frozenset(areas)

    def node_attributes(self, index: int) -> dict[str, Any]:
        """Row, column, terrain, lake section and letter spot of a hex, for :attr:`graph`."""
        row, col = to_offset(self._hexes[index])
        spot = self._spots_by_hex.get(self._hexes[index])
        return {"row": row, "col": col, "terrain": WATER if self.water[index] else LAND,
                "section": self.section_rows[row][col], "spot": spot.id if spot else None}

    def water_graph(self) -> nx.DiGraph:
        """A read-only view of :attr:`graph` restricted to open water."""
        return self.subgraph(self.water.__getitem__)

    def to_json(self) -> dict[str, Any]:
        """The board as plain data: every hex and every spot (offset coordinates)."""
        hexes = []
        for i, h in enumerate(self._hexes):
            row, col = to_offset(h)
            hexes.append({
                "row": row, "col": col, "terrain": WATER if self.water[i] else LAND,
                "section": self.section_rows[row][col],
            })
        return {
            "name": self.name,
            "source": self.source.to_json(),
            "rows": self.rows,
            "cols": self.cols,
            "counts": {
                "hexes": len(self._hexes),
                "water": self.water_count,
                "land": len(self._hexes) - self.water_count,
                "spots": {letter: len(self.spots_for(letter)) for letter in LETTERS},
            },
            "slots": [
                {"name": s.name, "row": s.row, "col": s.col, "rows": s.rows, "cols": s.cols,
                 "tile": s.tile}
                for s in self.slots
            ],
            "spots": [s.to_json() for s in self.spots],
            "hexes": hexes,
        }

    def to_text(self) -> str:
        """A staggered ASCII picture (even rows indented), with letter spots and a spot list."""
        picture = [list(row) for row in self.terrain_rows]
        for s in self._spots_by_hex.values():
            row, col = to_offset(s.hex)
            picture[row][col] = s.letter.lower() if s.on_land else s.letter
        lines = [("  " if r % 2 == 0 else " ") + " ".join(cells) for r, cells in enumerate(picture)]
        lines += ["", TEXT_KEY]
        for s in self.spots:
            row, col = to_offset(s.hex)
            where = "land" if s.on_land else "water"
            approx = "  (approximate)" if s.approximate else ""
            lines.append(f"{s.id}: row {row}, col {col}, {where}, side {s.side.name}{approx}")
        return "\n".join(lines) + "\n"



class Mark(Protocol):
    """What numbering spots reads of a printed letter: a :class:`LetterMark`, or a ``.board``
    file's :class:`~course_builder.powerboats.lake.boardfile.SpotMark` (which also has where it is
    written)."""

    @property
    def letter(self) -> str: ...
    @property
    def on_land(self) -> bool: ...
    @property
    def side(self) -> Direction: ...
    @property
    def approximate(self) -> bool: ...


def number_spots(marks: Iterable[tuple[Hex, Mark]]) -> list[Spot]:
    """Give spots their ids, letter + number in reading order of the assembled board."""
    ordered = sorted(marks, key=lambda hm: to_offset(hm[0]))
    counters = dict.fromkeys(LETTERS, 0)
    spots = []
    for h, mark in ordered:
        counters[mark.letter] += 1
        spots.append(Spot(f"{mark.letter}{counters[mark.letter]}", mark.letter, h, mark.on_land,
                          mark.side, mark.approximate))
    return spots
