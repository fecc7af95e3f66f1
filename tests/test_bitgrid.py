"""The lake as bitsets (core/bitgrid.py) and the tables built from it or for rectangles agree
with the neighbour table read hex by hex."""

from __future__ import annotations

import random

import pytest

from course_builder.core.bitgrid import bit_grid
from course_builder.core.hexboard import hex_tables, rectangle_tables
from course_builder.core.hexgrid import DIRECTIONS, from_offset
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.lake.lakegen import LakeParams, random_lake


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (2, 3), (5, 4), (7, 9), (28, 28), (100, 148)])
def test_rectangle_tables_are_the_tables_of_its_hexes(rows: int, cols: int) -> None:
    hexes = [from_offset(r, c) for r in range(rows) for c in range(cols)]
    assert rectangle_tables(rows, cols) == hex_tables(hexes)


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (3, 2), (6, 5), (28, 28)])
def test_steps_of_a_bitset_are_the_neighbours_of_its_hexes(rows: int, cols: int) -> None:
    grid = bit_grid(rows, cols)
    neighbors = rectangle_tables(rows, cols).neighbors
    rng = random.Random(rows * 100 + cols)
    for _trial in range(30):
        chosen = rng.sample(range(rows * cols), rng.randint(0, rows * cols))
        bits = grid.of(chosen)
        assert list(grid.indices(bits)) == sorted(chosen)
        assert grid.flags(bits) == "".join("1" if grid.index(b) in chosen
                                           and b % grid.stride < cols else "0"
                                           for b in range(rows * grid.stride))
        around = set()
        for d in DIRECTIONS:
            ahead = {neighbors[i][d] for i in chosen} - {-1}
            around |= ahead
            assert grid.step(bits, d) & grid.every == grid.of(ahead)
            behind = {i for i in range(rows * cols) if neighbors[i][d] in chosen}
            assert grid.back(bits, d) & grid.every == grid.of(behind)
        assert grid.spread(bits) & grid.every == grid.of(around)


@pytest.mark.parametrize("board", [classic_board(), random_lake(1, LakeParams(24, 16, 0.3)),
                                   random_lake(2, LakeParams(6, 6, 0.2))],
                         ids=["classic", "random 24x16", "random 6x6"])
def test_crossable_holds_where_a_step_across_the_half_line_goes_from_water_to_water(board
                                                                                    ) -> None:
    water = board.water
    for i, h in enumerate(board.hexes()):
        for d in DIRECTIONS:
            expected = any(water[y] and x != -1 and water[x]
                           for y, x in board.half_line_sides(i, d))
            assert board.crossable(h, d) == expected
