"""The line tables of a hex board (runs ahead, lines ahead) against a walk from each hex."""

from __future__ import annotations

import random

import pytest

from course_builder.core.hexboard import HexBoard
from course_builder.core.hexgrid import DIRECTIONS
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.lake.lakegen import LakeParams, random_lake
from course_builder.vanuatu.archipelago import archipelago


def walk(board: HexBoard, i: int, d: int) -> list[int]:
    """The hexes straight ahead of hex ``i`` in direction ``d``, one step at a time."""
    out = []
    j = board.neighbors[i][d]
    while j != -1:
        out.append(j)
        j = board.neighbors[j][d]
    return out


BOARDS = {"classic": classic_board, "archipelago": archipelago,
          "random 10x30": lambda: random_lake(4, LakeParams(10, 30))}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_runs_and_lines_ahead_are_the_walks(name: str) -> None:
    board = BOARDS[name]()
    rng = random.Random(name)
    for _trial in range(3):
        passable = [rng.random() < 0.75 for _ in range(len(board))]
        runs = board.runs_ahead(passable)
        for i in range(len(board)):
            for d in DIRECTIONS:
                ahead = walk(board, i, d)
                assert board.lines_ahead[i][d] == tuple(ahead)
                count = 0
                while count < len(ahead) and passable[ahead[count]]:
                    count += 1
                assert runs[i][d] == count
