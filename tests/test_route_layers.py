"""The layered route search (routing.shortest_route) against the search over single states it
replaced (tests/route_reference.py): on courses of every race on the classic lake, on random
lakes, with every arrow combination, fixed start and finish sides and rounding lines turned off
their directions (which makes some courses impossible), both give the same result, the same
route hex for hex where several are equally short, and the same reason where there is none."""

from __future__ import annotations

import itertools
import random

import pytest

from course_builder.core.hexgrid import DIRECTIONS, from_offset
from course_builder.powerboats.course.progress import GateBook
from course_builder.powerboats.course.rounding import Sense, line_to_edge
from course_builder.powerboats.course.routing import NoRoute, shortest_route
from course_builder.powerboats.course.tile import start_tile_at
from course_builder.powerboats.lake.board import Board, BoardSource
from course_builder.powerboats.lake.catalog import board_from_source, classic_board
from tests import route_reference


def _cases(board: Board, rng: random.Random, count: int) -> list[dict]:
    gates = GateBook(board)
    out: list[dict] = []
    while len(out) < count:
        race = rng.choice("ABC")
        spots = list(board.spots_for(race))
        rng.shuffle(spots)
        placement = start_tile_at(board, spots[0])
        if placement.problem:
            continue
        buoys = [s.hex for s in spots]
        arrows = [rng.choice(list(Sense)) for _ in range(3)]
        lines = [line_to_edge(board, b, rng.choice(DIRECTIONS)) for b in buoys[1:]]
        sides = [(1, -1), (1,), (-1,)]
        wall = []  # sometimes a row of blocked hexes across the lake cuts it in two
        if rng.random() < 0.3:
            row = rng.randrange(board.rows)
            wall = [from_offset(row, col) for col in range(board.cols)]
        out.append({
            "blocked": (*buoys, placement.finish, *wall), "tile": placement.hexes,
            "axis": spots[0].side,
            "gates": [gates.gate(line, arrow) for line, arrow in zip(lines, arrows, strict=True)],
            "start_sides": rng.choice(sides), "finish_sides": rng.choice(sides)})
    return out


BOARDS = [("classic", classic_board())] + [
    (f"random {seed}", board_from_source(BoardSource("random", seed=seed, tile_size=size,
                                                     density=density)))
    for seed, size, density in [(0, (12, 8), 0.12), (1, (12, 8), 0.3), (2, (6, 6), 0.1),
                                (3, (16, 12), 0.2)]]


@pytest.mark.parametrize(("name", "board"), BOARDS, ids=[n for n, _b in BOARDS])
def test_layered_search_finds_the_same_route_as_the_single_state_search(name: str,
                                                                        board: Board) -> None:
    rng = random.Random(f"route-layers:{name}")
    outcomes = []
    for case in _cases(board, rng, 80):
        new = shortest_route(board, **case)
        assert new == route_reference.shortest_route(board, **case), case
        outcomes.append(new.stuck if isinstance(new, NoRoute) else -1)
    assert len(set(outcomes)) >= 3  # routes, and impossible courses stuck at different goals


def test_every_arrow_combination_of_a_classic_course_gives_the_same_route() -> None:
    board = classic_board()
    gates = GateBook(board)
    spots = board.spots_for("B")
    placement = start_tile_at(board, spots[0])
    buoys = [s.hex for s in spots]
    every_turn = list(itertools.product(range(6), repeat=3))
    for arrows in itertools.product(list(Sense), repeat=3):
        for turns in random.Random(str(arrows)).sample(every_turn, 12):
            lines = [line_to_edge(board, b, DIRECTIONS[t]) for b, t in zip(buoys[1:], turns,
                                                                          strict=True)]
            case = {"blocked": (*buoys, placement.finish), "tile": placement.hexes,
                    "axis": spots[0].side,
                    "gates": [gates.gate(line, a) for line, a in zip(lines, arrows, strict=True)]}
            assert shortest_route(board, **case) == route_reference.shortest_route(board, **case)
