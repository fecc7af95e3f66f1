"""An independent oracle for the route search: networkx's shortest path on the product graph of
(hex, rounding state) must give the same length as routing.shortest_route (COURSE-05) on every
course of a seed sweep.

The product graph is built here from the rules alone: a node is (hex, buoys rounded, net
crossings of the lines not yet rounded), an edge a step between neighbouring water hexes that are
not buoys, with the rounding state moved on by COURSE-04 (``progress.advance``). Unlike the route
search it keeps every crossing count from -2 to 0, so it also checks the search's claim that
going further against a buoy's sense is never part of a shortest route.
"""

from __future__ import annotations

import networkx as nx
import pytest

from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.model import Course
from course_builder.powerboats.course.progress import (
    GateBook,
    advance,
    progress_states,
    start_counts,
)
from course_builder.powerboats.course.tile import crossing_side, side_directions
from course_builder.powerboats.lake.board import Board, BoardSource
from course_builder.powerboats.lake.catalog import board_from_source, classic_board

LOWEST_COUNT = -2


def oracle_length(board: Board, course: Course) -> int:
    gates = GateBook(board)
    arrows = [course.buoy(n).arrow for n in (1, 2, 3)]
    gate = [gates.gate(line, arrow) for line, arrow in zip(course.rounding_lines, arrows,
                                                             strict=True)]
    n = len(board)
    blocked = {board.index(b.hex) for b in course.buoys if board.contains(b.hex)}
    water = [w and i not in blocked for i, w in enumerate(board.water)]
    tile = [board.index(h) for h in course.tile.hexes]
    axis = course.tile.axis
    start_dirs = side_directions(axis, crossing_side(axis, course.tile.start_direction))
    finish_dirs = side_directions(axis, crossing_side(axis, course.tile.finish_direction))
    g = nx.DiGraph()
    states = [(i, p, c) for i in range(n) if water[i]
              for p, c in progress_states(3, LOWEST_COUNT)]
    for i, p, c in states:
        for d, j in enumerate(board.neighbors[i]):
            if j == -1 or not water[j]:
                continue
            p2, c2 = advance(p, c, i * n + j, gate)
            if all(k >= LOWEST_COUNT for k in c2):
                g.add_edge((i, p, c), (j, p2, c2))
            if p2 == 3 and j in tile and d in finish_dirs:
                g.add_edge((i, p, c), "finish")
    for t in tile:
        for d in start_dirs:
            m = board.neighbors[t][d]
            if m != -1 and water[m]:
                g.add_edge("start", (m, *advance(0, start_counts(3), t * n + m, gate)))
    return nx.shortest_path_length(g, "start", "finish")


CLASSIC = classic_board()
MAKER = CourseMaker(CLASSIC)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("race", ["A", "B", "C"])
def test_route_length_equals_the_networkx_oracle_on_the_classic_lake(race: str, seed: int) -> None:
    course = MAKER.generate(race, seed)
    assert course.route is not None
    assert oracle_length(CLASSIC, course) == course.route.length


@pytest.mark.parametrize("seed", [2, 5])
def test_route_length_equals_the_networkx_oracle_on_random_lakes(seed: int) -> None:
    board = board_from_source(BoardSource("random", seed=seed, tile_size=(12, 8), density=0.12))
    maker = CourseMaker(board)
    for race in "ABC":
        course = maker.generate(race, seed)
        assert course.route is not None
        assert oracle_length(board, course) == course.route.length
