"""The classic lake matches shared/reference/classic-lake.md hex by hex; the tables match the grid."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from course_builder.core.hexgrid import DIRECTIONS, Direction, from_offset, ray, to_offset
from course_builder.powerboats.lake.board import BoardError
from course_builder.powerboats.lake.catalog import (
    DEFAULT,
    BoardChoice,
    classic_board,
    make_board,
)
from course_builder.powerboats.lake.kit import (
    assemble,
    format_arrangement,
    parse_arrangement,
    shuffled_arrangement,
)

# classic-lake.md, "Letter spots": (row, col) -> (letter, on land, side); sides marked None are
# unknown in the reference and approximate in our data.
REFERENCE_SPOTS = {
    (17, 6): ("A", True, "SE"),
    (9, 12): ("A", True, "NE"),
    (23, 20): ("A", True, None),
    (10, 22): ("A", False, None),
    (11, 4): ("B", False, "NW"),
    (21, 6): ("B", False, "W"),
    (20, 13): ("B", True, "NE"),
    (20, 22): ("B", True, "NE"),
    (10, 13): ("C", False, "NW"),
    (18, 15): ("C", False, "NW"),
    (4, 23): ("C", True, "SE"),
}

# First, middle and last rows of the reference terrain map (classic-lake.md, "Terrain map").
REFERENCE_ROWS = {
    0: "###...##.......#############",
    13: "#.#........#.#........##....",
    27: "####...##..#######......#..#",
}


@pytest.fixture(scope="module")
def board():
    return classic_board()


def test_counts(board) -> None:
    assert (board.rows, board.cols) == (28, 28)
    assert len(board.hexes()) == 784
    assert board.water_count == 621
    assert [len(board.spots_for(x)) for x in "ABC"] == [4, 4, 4]


def test_terrain_rows_match_the_reference(board) -> None:
    for row, text in REFERENCE_ROWS.items():
        assert board.terrain_rows[row] == text


def test_spots_match_the_reference(board) -> None:
    by_hex = {to_offset(s.hex): s for s in board.spots}
    for rc, (letter, on_land, side) in REFERENCE_SPOTS.items():
        spot = by_hex[rc]
        assert spot.letter == letter and spot.on_land == on_land
        if side is None:
            assert spot.approximate
        else:
            assert spot.side is Direction[side] and not spot.approximate
    fourth_c = [s for s in board.spots if to_offset(s.hex) not in REFERENCE_SPOTS]
    assert len(fourth_c) == 1
    assert fourth_c[0].letter == "C" and fourth_c[0].approximate
    assert board.section(fourth_c[0].hex) == "T00"  # "most likely on T00"


def test_spot_ids_in_reading_order(board) -> None:
    assert [(s.id, to_offset(s.hex)) for s in board.spots_for("A")] == [
        ("A1", (9, 12)), ("A2", (10, 22)), ("A3", (17, 6)), ("A4", (23, 20))]
    assert [s.id for s in board.spots_for("B")] == ["B1", "B2", "B3", "B4"]
    assert to_offset(board.spot("b4").hex) == (21, 6)


def test_every_spot_has_room_for_the_start_finish_tile(board) -> None:
    for spot in board.spots:
        assert board.water_ahead(spot.hex, spot.side) >= 4, spot.id


def test_sections(board) -> None:
    assert board.section(from_offset(0, 0)) == "border"
    assert board.section(from_offset(2, 2)) == "T00"
    assert board.section(from_offset(25, 25)) == "T12"
    assert board.section(from_offset(14, 10)) == "T11"
    assert board.section(from_offset(30, 0)) is None


def test_neighbour_and_water_tables_agree_with_the_hex_grid(board) -> None:
    for i, h in enumerate(board.hexes()):
        for d in DIRECTIONS:
            n = h.neighbor(d)
            assert board.neighbors[i][d] == (board.index(n) if board.contains(n) else -1)
            expected = 0
            for x in ray(h, d):
                if not board.is_water(x):
                    break
                expected += 1
            assert board.water_run[i][d] == expected


def test_off_the_board_is_shore(board) -> None:
    assert not board.is_water(from_offset(-1, 5))
    assert board.terrain(from_offset(5, 40)) == "land"
    # (5, 0) is water on the left edge: nothing to the west
    assert board.water_ahead(from_offset(5, 0), Direction.W) == 0


def test_graph(board) -> None:
    g = board.graph
    assert g.number_of_nodes() == 784
    h = from_offset(10, 13)
    assert g.nodes[h]["spot"] == "C3" and g.nodes[h]["terrain"] == "water"
    assert g.nodes[h]["section"] == "T01"
    assert g.edges[h, h.neighbor(Direction.NW)]["direction"] is Direction.NW
    water = board.water_graph()
    assert water.number_of_nodes() == 621
    assert nx.is_strongly_connected(water)


def test_arrangement_round_trip_and_rotation() -> None:
    kit = DEFAULT.kit("classic")
    text = format_arrangement(kit, kit.arrangement)
    assert text == "T00=1d T01=2d T02=3d T10=4d T11=5d T12=6d"
    assert parse_arrangement(kit, text) == kit.arrangement
    shuffled = shuffled_arrangement(kit, random.Random(5), rotate=True)
    assert sorted(p.tile for p in shuffled.values()) == ["1", "2", "3", "4", "5", "6"]
    again = shuffled_arrangement(kit, random.Random(5), rotate=True)
    assert again == shuffled
    board = assemble(kit, parse_arrangement(kit, "T00=6dr T01=2d T02=3d T10=4d T11=5d T12=1d"))
    # tile 6 turned 180 degrees: its bottom-right hex (25, 25) lands at the top-left (2, 2)
    assert board.terrain_rows[2][2] == classic_board().terrain_rows[25][25]
    assert board.water_count == 621
    with pytest.raises(BoardError, match="no such tile face"):
        parse_arrangement(kit, "T00=9d")


def test_shuffled_board_is_seeded() -> None:
    choice = BoardChoice(shuffle_tiles=True)
    a = make_board(choice, seed=11)
    b = make_board(choice, seed=11)
    assert a.terrain_rows == b.terrain_rows and a.source == b.source
    assert a.source.arrangement != "T00=1d T01=2d T02=3d T10=4d T11=5d T12=6d"
    assert a.water_count == 621
