"""The footprint (research 2.1, "Board topology"; ruling VAN-01) and the data files' errors."""

from __future__ import annotations

import pytest

from course_builder.core.hexgrid import Direction, to_offset
from course_builder.vanuatu.archipelago import SpaceRole, archipelago, parse_footprint
from course_builder.vanuatu.datafile import DataFileError
from course_builder.vanuatu.tiles import TileKind, TileRole, catalogue, parse_catalogue

BOARD = archipelago()

# research 2.1: the adjacency table in the research's own axial coordinates (q, r)
RESEARCH_CELLS = {1: (-1, 0), 2: (0, 0), 3: (1, 0), 4: (2, 0), 5: (-1, 1), 6: (0, 1), 7: (1, 1),
                  8: (2, 1), 9: (3, 1), 10: (-1, 2), 11: (0, 2), 12: (1, 2), 13: (2, 2),
                  14: (3, 2), 15: (4, 2), 16: (1, 3)}
RESEARCH_TABLE = {
    (-1, 0): {(0, 0), (0, 1), (-1, 1)}, (0, 0): {(1, 0), (1, 1), (0, 1), (-1, 0)},
    (1, 0): {(2, 0), (2, 1), (1, 1), (0, 0)}, (2, 0): {(3, 1), (2, 1), (1, 0)},
    (-1, 1): {(0, 1), (0, 2), (-1, 2), (-1, 0)},
    (0, 1): {(1, 1), (1, 2), (0, 2), (-1, 1), (-1, 0), (0, 0)},
    (1, 1): {(2, 1), (2, 2), (1, 2), (0, 1), (0, 0), (1, 0)},
    (2, 1): {(3, 1), (3, 2), (2, 2), (1, 1), (1, 0), (2, 0)},
    (3, 1): {(4, 2), (3, 2), (2, 1), (2, 0)}, (-1, 2): {(0, 2), (-1, 1)},
    (0, 2): {(1, 2), (1, 3), (-1, 2), (-1, 1), (0, 1)},
    (1, 2): {(2, 2), (1, 3), (0, 2), (0, 1), (1, 1)}, (2, 2): {(3, 2), (1, 2), (1, 1), (2, 1)},
    (3, 2): {(4, 2), (2, 2), (2, 1), (3, 1)}, (4, 2): {(3, 2), (3, 1)}, (1, 3): {(0, 2), (1, 2)},
}


def test_rows_of_4_5_6_and_1_research_2_1() -> None:
    rows: dict[int, list[int]] = {}
    for space in BOARD.spaces:
        rows.setdefault(to_offset(BOARD.hex_of(space))[0], []).append(space)
    assert [len(rows[r]) for r in sorted(rows)] == [4, 5, 6, 1]
    assert rows[3] == [16]
    assert set(BOARD.adjacent(16)) == {rows[2][1], rows[2][2]}  # under the 2nd and 3rd spaces


def test_adjacency_equals_the_research_table_2_1() -> None:
    cell_space = {cell: space for space, cell in RESEARCH_CELLS.items()}
    for space in BOARD.spaces:
        expected = {cell_space[c] for c in RESEARCH_TABLE[RESEARCH_CELLS[space]]}
        assert set(BOARD.adjacent(space)) == expected, space


def test_efate_and_the_start_spaces_research_2_1() -> None:
    assert BOARD.efate_space == 2 and BOARD.role(2) is SpaceRole.EFATE
    assert BOARD.start_spaces == (3, 6, 7)
    assert len(BOARD.adjacent(2)) == 4  # Efate can flood on at most 4 sides
    assert len(BOARD.adjacent(8)) == 6  # research (2,1): all six sides on the board


def test_sides_and_their_neighbours() -> None:
    assert BOARD.sides(2) == ((Direction.E, 3), (Direction.NE, None), (Direction.NW, None),
                              (Direction.W, 1), (Direction.SW, 6), (Direction.SE, 7))
    assert BOARD.side_toward(8, 13) is Direction.SW
    assert BOARD.side_toward(8, 2) is None
    assert BOARD.neighbor(16, Direction.SE) is None


def test_the_graph_on_the_shared_hex_board() -> None:
    g = BOARD.graph
    assert g.number_of_nodes() == 16
    assert g.number_of_edges() == 64  # the degrees of the research table add up to 64
    efate = BOARD.hex_of(2)
    assert g.nodes[efate]["space"] == 2 and g.nodes[efate]["role"] == "efate"
    assert g.edges[efate, BOARD.hex_of(3)]["direction"] is Direction.E


def test_catalogue_research_2_2() -> None:
    cat = catalogue()
    assert len(cat.tiles) == 16
    assert [t.id for t in cat.tiles.values() if t.kind is TileKind.ISLAND] == [
        "efate", "A1", "A2", "D1", "D2"]
    assert cat.boats_tile.id == "start-boat" and cat.boats_tile.fish == 0
    assert cat.get("d1").huts == 2 and cat.get("D1").goods == ("kava", "kava")
    assert cat.get("EFATE").role is TileRole.EFATE and cat.get("b2").fish == 3


FOOTPRINT_HEAD = "# space row col role\n"


@pytest.mark.parametrize(("text", "message"), [
    ("1 0 1\n", "f.txt:1:6: missing role (expected 4 fields: space row col role)"),
    ("1 0 1 free extra\n",
     "f.txt:1:12: unexpected field 'extra' (expected 4 fields: space row col role)"),
    ("1 0 x free\n", "f.txt:1:5: col must be a whole number 0-99, got 'x'"),
    ("1 0 1 lagoon\n", "f.txt:1:7: role must be one of efate, start, free, got 'lagoon'"),
])
def test_footprint_errors_name_line_and_column(text: str, message: str) -> None:
    with pytest.raises(DataFileError) as info:
        parse_footprint(FOOTPRINT_HEAD + "\n" + text, "f.txt")
    assert str(info.value) == message.replace(":1:", ":3:", 1)


def test_footprint_needs_the_games_spaces() -> None:
    with pytest.raises(DataFileError, match="one efate space, 3 start spaces and 12 free"):
        parse_footprint("1 0 0 efate\n2 0 1 free\n", "f.txt")


def test_tiles_file_errors_name_line_and_column() -> None:
    with pytest.raises(DataFileError) as info:
        parse_catalogue("efate island efate - - 3 1 5 kava,rum\n", "t.txt")
    assert str(info.value) == ("t.txt:1:30: goods are kava, copra, beef separated by commas, "
                               "got 'rum'")
    with pytest.raises(DataFileError, match=r"t.txt:1:23: an ocean tile has no huts: write '-', got '2'"):
        parse_catalogue("B1 ocean lettered 1 3 2 - - -\n", "t.txt")


def test_a_states_graph_carries_what_lies_where_research_2_6() -> None:
    from tests.vanuatu.helpers import START, board, island

    state = board({**START, 2: island("efate", 3, dikes=["E"], huts=["red"]), 8: island("A1", 5)})
    g = state.graph()
    efate, wreck, empty = (BOARD.hex_of(s) for s in (2, 7, 1))
    assert g.nodes[efate]["kind"] == "island" and g.nodes[efate]["space"] == 2
    assert (g.nodes[efate]["water"], g.nodes[efate]["dikes"], g.nodes[efate]["huts"]) == (
        3, ["E"], ["red"])
    assert g.nodes[BOARD.hex_of(8)]["submerged"] is True
    assert g.nodes[empty]["kind"] == "empty" and g.nodes[wreck]["tile"] == "start-wreck"
    assert g.edges[efate, wreck]["faces"] == "ocean"
    assert g.edges[efate, empty]["faces"] == "empty"
    assert g.edges[wreck, BOARD.hex_of(8)]["faces"] == "submerged"
