"""Random lakes: seeded, structured like the real one, all water connected, every spot usable."""

from __future__ import annotations

import networkx as nx
import pytest

from course_builder.powerboats.lake.board import BoardError
from course_builder.powerboats.lake.lakegen import MIN_RUN, LakeParams, random_lake


def test_same_seed_same_lake() -> None:
    a, b = random_lake(42), random_lake(42)
    assert a.terrain_rows == b.terrain_rows
    assert a.spots == b.spots
    assert random_lake(43).terrain_rows != a.terrain_rows


@pytest.mark.parametrize("seed", range(60))
def test_lakes_are_valid(seed: int) -> None:
    params = LakeParams(density=0.08 + (seed % 5) * 0.04)
    board = random_lake(seed, params)
    assert (board.rows, board.cols) == (28, 28)
    assert [len(board.spots_for(x)) for x in "ABC"] == [4, 4, 4]
    assert nx.is_strongly_connected(board.water_graph())
    sections = {board.section(s.hex) for s in board.spots}
    assert sections == {"T00", "T01", "T02", "T10", "T11", "T12"}
    for letter in "ABC":
        spots = board.spots_for(letter)
        assert sorted(s.on_land for s in spots) == [False, False, True, True]
        assert len({board.section(s.hex) for s in spots}) == 4
    for spot in board.spots:
        assert board.is_water(spot.hex) != spot.on_land
        assert board.water_ahead(spot.hex, spot.side) >= MIN_RUN, spot.id
    # about the asked share of island inside the tiles
    tile_hexes = [h for h in board.hexes() if board.section(h) != "border"]
    land = sum(not board.is_water(h) for h in tile_hexes) / len(tile_hexes)
    assert land <= params.density + 0.06


def test_sizes_are_parameters() -> None:
    board = random_lake(7, LakeParams(tile_rows=16, tile_cols=10, density=0.2))
    assert (board.rows, board.cols) == (36, 34)
    assert board.source.to_json() == {"board": "random", "seed": 7, "tile_size": [16, 10],
                                      "density": 0.2}


@pytest.mark.parametrize(("params", "message"), [
    (LakeParams(tile_rows=7), "tile rows must be even"),
    (LakeParams(tile_cols=3), "tile columns must be 6 to 48, got 3"),
    (LakeParams(tile_rows=2000, tile_cols=2000), "tile rows must be even, 6 to 48, got 2000"),
    (LakeParams(density=0.9), "island density must be between 0 and 0.35"),
])
def test_bad_parameters(params: LakeParams, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        random_lake(1, params)
