"""Random lakes with the structure of the real one, for print-and-play and bigger tables.

A generated lake has the classic frame: a border ring two hexes deep around 2 x 3 lake tiles,
islands scattered over the tiles, every water hex connected to every other, and 4 A + 4 B + 4 C
letter spots, two different letters on each tile as on the real board; each letter is written
twice on an island hex and twice in a water hex (the classic lake mixes both; our choice). Every
spot has a side from which a straight run of open water at least :data:`MIN_RUN` hexes long leaves
it, so the 4-hex start/finish tile and its finish buoy (or a 3-hex expansion tile) fit, and a
boat can sail all the way round a buoy on it (COURSE-13).

Everything is decided by the ``random.Random`` passed in (seeded by the caller), so one seed gives
one lake on every machine.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

from course_builder.core.hexgrid import DIRECTIONS, Direction, Hex, from_offset, to_offset
from course_builder.powerboats.lake.board import (
    BORDER,
    LETTERS,
    Board,
    BoardError,
    BoardSource,
    LetterMark,
    Section,
    Spot,
    number_spots,
)
from course_builder.powerboats.lake.params import LakeParams

if TYPE_CHECKING:
    import networkx as nx

MIN_RUN = 5
"""Open water hexes needed straight out from a spot's side: the 4-hex start/finish tile plus the
hex of the finish buoy."""

TILE_GRID = (2, 3)
"""Lake tiles in the frame: 2 rows of 3, as in the physical game."""

BORDER_DEPTH = 2

# Letter pairs per tile: each tile shows two different letters, each letter appears on 4 tiles.
_TILE_LETTERS = (("B", "C"), ("A", "C"), ("A", "C"), ("A", "B"), ("B", "C"), ("A", "B"))

_MAX_ATTEMPTS = 50


def random_lake(seed: int, params: LakeParams | None = None) -> Board:
    """A random lake; the same ``seed`` and ``params`` always give the same lake."""
    params = params or LakeParams()
    params.check()
    rng = random.Random(f"powerboats-lake:{seed}")
    for _attempt in range(_MAX_ATTEMPTS):
        board = _try_lake(rng, params, seed)
        if board is not None:
            return board
    advice = ("raise it: letter spots stand beside islands" if params.density < 0.1
              else "lower it: the islands leave too little open water")
    raise BoardError(f"could not place 12 letter spots on a lake with density {params.density}; "
                     f"{advice}")


def _slots(params: LakeParams) -> list[Section]:
    slots = []
    for tr in range(TILE_GRID[0]):
        for tc in range(TILE_GRID[1]):
            slots.append(Section(
                f"T{tr}{tc}", BORDER_DEPTH + tr * params.tile_rows,
                BORDER_DEPTH + tc * params.tile_cols, params.tile_rows, params.tile_cols,
            ))
    return slots


def _try_lake(rng: random.Random, params: LakeParams, seed: int) -> Board | None:
    rows = TILE_GRID[0] * params.tile_rows + 2 * BORDER_DEPTH
    cols = TILE_GRID[1] * params.tile_cols + 2 * BORDER_DEPTH
    slots = _slots(params)
    land = [[False] * cols for _ in range(rows)]
    sections = [[BORDER] * cols for _ in range(rows)]
    for s in slots:
        for r in range(s.row, s.row + s.rows):
            for c in range(s.col, s.col + s.cols):
                sections[r][c] = s.name
    # border ring: the outer ring is mostly shore, the inner ring mostly water
    for r in range(rows):
        for c in range(cols):
            ring = min(r, c, rows - 1 - r, cols - 1 - c)
            if ring == 0:
                land[r][c] = rng.random() < 0.6
            elif ring == 1:
                land[r][c] = rng.random() < 0.1
    # islands: blobs grown from random seeds inside each tile until the density is reached
    for s in slots:
        target = round(params.density * s.rows * s.cols)
        cells = [(r, c) for r in range(s.row, s.row + s.rows) for c in range(s.col, s.col + s.cols)]
        placed = 0
        while placed < target:
            r, c = rng.choice(cells)
            blob = [from_offset(r, c)]
            size = min(rng.randint(1, 6), target - placed)
            for _grow in range(20 * size):
                if len(blob) >= size:
                    break
                h = rng.choice(blob).neighbor(rng.choice(DIRECTIONS))
                rr, cc = to_offset(h)
                if s.contains(rr, cc) and h not in blob:
                    blob.append(h)
            for h in blob:
                rr, cc = to_offset(h)
                if not land[rr][cc]:
                    land[rr][cc] = True
                    placed += 1
    plain = _keep_largest_water(land, sections, slots)
    terrain = plain.terrain_rows
    spots = _place_spots(rng, plain, slots)
    if spots is None:
        return None
    source = BoardSource("random", seed=seed, tile_size=(params.tile_rows, params.tile_cols),
                         density=params.density)
    return Board("random", terrain, sections, spots, slots=slots, source=source)


def _board(land: list[list[bool]], sections: list[list[str]], slots: list[Section]) -> Board:
    terrain = ["".join("#" if x else "." for x in row) for row in land]
    return Board("random", terrain, sections, (), slots=slots)


def _keep_largest_water(land: list[list[bool]], sections: list[list[str]],
                        slots: list[Section]) -> Board:
    """Fill every water area but the largest (the one reached first in reading order, on a tie)
    with land, so all water is connected; the board without spots. The areas are the connected
    bodies of open water (:meth:`~course_builder.core.hexboard.HexBoard.areas`, numbered in
    reading order of their first hex)."""
    board = _board(land, sections, slots)
    areas = board.water_areas
    sizes = [0] * (max(areas) + 1)
    for a in areas:
        if a >= 0:
            sizes[a] += 1
    if len(sizes) <= 1:
        return board
    keep = sizes.index(max(sizes))  # the first of the largest
    cols = board.cols
    for i, a in enumerate(areas):
        if a not in (-1, keep):
            land[i // cols][i % cols] = True
    return _board(land, sections, slots)


def water_graph(board: Board) -> nx.Graph:
    """The lake's open water as an undirected networkx graph over hex indices."""
    import networkx as nx

    water = board.water
    graph = nx.Graph()
    graph.add_nodes_from(i for i, w in enumerate(water) if w)
    graph.add_edges_from((i, j) for i, row in enumerate(board.neighbors) if water[i]
                         for j in row[:3] if j != -1 and water[j])
    return graph


def _place_spots(rng: random.Random, board: Board, slots: list[Section]) -> list[Spot] | None:
    pairs = list(_TILE_LETTERS)
    rng.shuffle(pairs)
    # each letter gets two land spots and two water spots, on tiles chosen at random
    wants: dict[tuple[int, str], bool] = {}
    for letter in LETTERS:
        tiles = [i for i, pair in enumerate(pairs) if letter in pair]
        rng.shuffle(tiles)
        for k, i in enumerate(tiles):
            wants[(i, letter)] = k < 2
    # as bitsets of the board's bit grid: the hexes too close to a spot taken (closer than 3)
    # or on a spot's run of water; by direction, those whose run of MIN_RUN hexes that way
    # would meet such a run
    grid, pos = board.bit_grid, board.bit_grid.positions
    excluded = 0
    shadows = [0] * len(DIRECTIONS)
    marks = []
    able, runs = _spot_bits(board, shore_bound(board))
    for i, slot in enumerate(slots):
        for letter in pairs[i]:
            on_land = wants[(i, letter)]
            free = [run & ~shadow for run, shadow in zip(runs, shadows, strict=True)]
            kind = grid.every & ~board.water_bits if on_land else board.water_bits
            choice = _choose_spot(rng, board, able & kind & _slot_bits(board, slot) & ~excluded,
                                  free)
            if choice is None:
                return None
            h, side = choice
            for x in _WITHIN_2:
                if (j := board.index_or_none(h + x)) is not None:
                    excluded |= 1 << pos[j]
            for k in [board.index(h), *_ahead(board, board.index(h), side, MIN_RUN)]:
                excluded |= 1 << pos[k]
                for d in DIRECTIONS:
                    for j in _ahead(board, k, d.opposite(), MIN_RUN):
                        shadows[d] |= 1 << pos[j]
            marks.append((h, LetterMark(letter, on_land, side)))
    return number_spots(marks)


_WITHIN_2 = tuple(Hex(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2)
"""The hexes less than 3 from a spot (offsets from it), where no other spot may stand."""


def _ahead(board: Board, i: int, direction: Direction, length: int) -> list[int]:
    """The indices of up to ``length`` hexes straight ahead of hex ``i`` on the board."""
    out = []
    nb = board.neighbors
    for _k in range(length):
        i = nb[i][direction]
        if i == -1:
            break
        out.append(i)
    return out


def roundable(board: Board, h: Hex) -> bool:
    """Could a buoy here be rounded whichever way its rounding line points? Every half-line from
    it must be crossable from water to water somewhere (COURSE-03)."""
    return all(board.crossable(h, d) for d in DIRECTIONS)


def shore_bound(board: Board) -> list[bool]:
    """For every hex: is it land joined through land to the lake's edge (the shore, or an
    island that reaches it)? A boat cannot sail all the way round such land (COURSE-13)."""
    land = [not w for w in board.water]
    areas = board.areas(land)
    at_edge = {areas[i] for i, row in enumerate(board.neighbors) if land[i] and -1 in row}
    return [a != -1 and a in at_edge for a in areas]


def encircled(board: Board, h: Hex, ashore: list[bool]) -> bool:
    """Can a boat go all the way round a buoy on ``h``? Not when the buoy stands on land joined
    to the lake's edge, nor on water beside such land or beside the edge (COURSE-13)."""
    i = board.index(h)
    if ashore[i]:
        return False
    water = board.water
    return all(j != -1 and (water[j] or not ashore[j]) for j in board.neighbors[i])


def _spot_bits(board: Board, ashore: list[bool]) -> tuple[int, list[int]]:
    """As bitsets of the board's :attr:`~.board.Board.bit_grid`: where a buoy could be encircled
    and rounded whichever way its line points (:func:`encircled`, :func:`roundable`), and for
    each direction where :data:`MIN_RUN` water hexes lie straight ahead. Found for all hexes at
    once."""
    grid, water = board.bit_grid, board.water_bits
    every = grid.every
    ashore_bits = grid.from_flags(ashore)
    fine = every & (water | ~ashore_bits)  # a neighbour a boat can go round
    able = every & ~ashore_bits
    for d in DIRECTIONS:
        able &= grid.back(fine, d) & board.crossable_bits[d]
    runs = []
    for d in DIRECTIONS:
        run = every
        for _k in range(MIN_RUN):
            run = grid.back(run & water, d) & every
        runs.append(run)
    return able, runs


def _slot_bits(board: Board, slot: Section) -> int:
    """The hexes of a slot as a bitset."""
    stride = board.bit_grid.stride
    row = ((1 << slot.cols) - 1) << slot.col
    out = 0
    for r in range(slot.row, slot.row + slot.rows):
        out |= row << (r * stride)
    return out


def _choose_spot(rng: random.Random, board: Board, candidates: int, free: list[int]
                 ) -> tuple[Hex, Direction] | None:
    """A spot among the ``candidates`` (a bitset: the hexes of a slot of the wanted kind, where
    a buoy can be encircled and rounded and no spot is near) that has a side with ``free``
    water ahead (by direction: :data:`MIN_RUN` water hexes that no other spot's run meets), and
    that side. The candidates are taken in reading order and the choices made as a list of them
    would be: the same seed gives the same lake."""
    grid = board.bit_grid
    with_side = 0
    for bits in free:
        with_side |= bits
    flags = grid.flags(candidates & with_side)
    hexes = [b.start() for b in re.finditer("1", flags)]
    if not hexes:
        return None
    b = rng.choice(hexes)
    sides = [d for d in DIRECTIONS if free[d] >> b & 1]
    return board.hex_at(grid.index(b)), rng.choice(sides)
