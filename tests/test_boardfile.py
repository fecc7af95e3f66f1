"""The .board text format: good files load, every kind of bad file names file, line and column."""

from __future__ import annotations

import pytest

from course_builder.core.hexgrid import Direction, from_offset
from course_builder.powerboats.lake.boardfile import BoardFileError, parse_kit
from course_builder.powerboats.lake.kit import assemble

TINY = """\
; a tiny lake: two 2 x 2 tiles in a 6 x 8 frame, every letter spot in the border
[board]
name = tiny
size = 6 x 8
tile-size = 2 x 2

[slots]
S1 = 2, 2
S2 = 2, 4

[arrangement]
S1 = 1 dark
S2 = 2 dark

[border]
 # # # # # # # #
# A:E A:E A:E? . . . #
 . . _ _ _ _ . .
. . _ _ _ _ . .
 # b:NE b:NE B:W B:W C:W C:W #
# c:E c:E . . . . #

[tile 1 dark]
 . .
. #

[tile 2 dark]
 # a:NW
. .

[tile 2 light]
status = not transcribed
"""


def where(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """1-based line and column of the nth occurrence of needle."""
    start = -1
    for _ in range(nth):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    return line, col


def error_of(text: str) -> str:
    with pytest.raises(BoardFileError) as info:
        assemble(parse_kit(text, "tiny.board"))
    return str(info.value)


def test_tiny_board_loads_and_assembles() -> None:
    # three A spots in the border and one on tile 2
    board = assemble(parse_kit(TINY, "tiny.board"))
    assert (board.rows, board.cols) == (6, 8)
    assert board.terrain_rows[2] == "....##.."  # tile 2: an island and a land spot
    assert board.terrain_rows[3] == "...#...."
    assert board.section(from_offset(2, 2)) == "S1"
    assert board.section(from_offset(3, 5)) == "S2"
    assert board.section(from_offset(0, 0)) == "border"
    a = board.spots_for("A")
    assert [s.id for s in a] == ["A1", "A2", "A3", "A4"]
    assert a[3].hex == from_offset(2, 5) and a[3].on_land and a[3].side is Direction.NW


def test_rotated_tile_turns_its_cells_and_spot_sides() -> None:
    text = TINY.replace("S2 = 2 dark", "S2 = 2 dark rotated")
    board = assemble(parse_kit(text, "tiny.board"))
    assert board.terrain_rows[2] == "........"
    assert board.terrain_rows[3] == "...###.."
    spot = board.spot_at(from_offset(3, 4))
    assert spot is not None and spot.side is Direction.SE


def test_approximate_marker() -> None:
    board = assemble(parse_kit(TINY, "tiny.board"))
    assert [s.approximate for s in board.spots_for("A")] == [False, False, True, False]


# ------------------------------------------------------------------------------------------------
# bad files: each kind has its exact one-line message with file, line and column
# ------------------------------------------------------------------------------------------------

def test_unknown_character() -> None:
    text = TINY.replace("[tile 1 dark]\n . .", "[tile 1 dark]\n . x")
    line, col = where(text, " . x")
    assert error_of(text) == (
        f"tiny.board:{line}:{col + 3}: unknown hex 'x' (expected '.', '#', '_' or a letter spot "
        "like 'A:NW')"
    )


def test_letter_without_side() -> None:
    text = TINY.replace("# c:E c:E", "# c c:E")
    line, col = where(text, "c c:E")
    assert error_of(text) == (
        f"tiny.board:{line}:{col}: letter spot 'c' has no side: write it as 'c:NE' "
        "(E, NE, NW, W, SW or SE)"
    )


def test_unknown_side() -> None:
    text = TINY.replace("# c:E c:E", "# c:N c:E")
    line, col = where(text, "c:N")
    assert error_of(text) == (
        f"tiny.board:{line}:{col + 2}: unknown side 'N' (expected E, NE, NW, W, SW or SE)"
    )


def test_wrong_row_length() -> None:
    text = TINY.replace("[tile 1 dark]\n . .\n. #", "[tile 1 dark]\n . .\n. # .")
    line, col = where(text, ". # .")
    assert error_of(text) == f"tiny.board:{line}:{col + 4}: row 1 of tile 1 dark has 3 hexes, expected 2"


def test_wrong_number_of_rows() -> None:
    text = TINY.replace("[tile 1 dark]\n . .\n. #\n", "[tile 1 dark]\n . .\n")
    line, _ = where(text, "[tile 1 dark]")
    assert error_of(text) == f"tiny.board:{line + 1}:1: tile 1 dark has 1 rows of hexes, expected 2"


def test_duplicate_spot() -> None:
    """Which of five 'A' spots is the mistake cannot be known: every one is listed, the error
    points at the first."""
    text = TINY.replace("# c:E c:E . .", "# c:E c:E A:E .")
    added = where(text, "A:E .")
    first = where(text, "A:")
    message = error_of(text)
    assert message.startswith(f"tiny.board:{first[0]}:{first[1]}: the lake has 5 'A' spots (at ")
    assert f"{added[0]}:{added[1]}" in message
    assert message.endswith("); a lake has exactly 4 spots of each letter")


def test_too_few_spots_and_too_many_are_named_together() -> None:
    text = TINY.replace("C:W C:W #", "C:W . #").replace("# c:E c:E . .", "# c:E c:E A:E .")
    message = error_of(text)
    assert "the lake has 5 'A' spots (at " in message and " and 3 'C' spots (at " in message
    assert error_of(TINY.replace("C:W C:W #", "C:W . #")).startswith(
        "tiny.board:") and "3 'C' spots" in error_of(TINY.replace("C:W C:W #", "C:W . #"))


def test_tile_that_does_not_fit_its_slot() -> None:
    text = TINY.replace("S2 = 2, 4", "S2 = 2, 3")
    line, col = where(text, "2, 3")
    assert error_of(text) == f"tiny.board:{line}:{col}: slot S2 overlaps slot S1 at (2, 3)"


def test_slot_on_the_border() -> None:
    text = TINY.replace("S2 = 2, 4", "S2 = 2, 6")
    line, col = where(text, "2, 6")
    border_line, border_col = where(text, " . . _ _ _ _ . .")
    assert error_of(text) == (
        f"tiny.board:{line}:{col}: slot S2 does not fit the frame: hex (2, 6) is part of the "
        f"border (line {border_line}, column {border_col + 13}), not '_'"
    )


def test_slot_running_off_the_lake() -> None:
    text = TINY.replace("S2 = 2, 4", "S2 = 5, 4")
    line, col = where(text, "5, 4")
    assert error_of(text) == (
        f"tiny.board:{line}:{col}: slot S2 at (5, 4) does not fit: a 2 x 2 tile would run off "
        "the 6 x 8 lake"
    )


def test_slot_on_an_odd_row() -> None:
    text = TINY.replace("size = 6 x 8", "size = 7 x 8").replace(
        "# c:E c:E . . . . #", "# c:E c:E . . . . #\n . . . . . . . .").replace(
        "S2 = 2, 4", "S2 = 3, 4")
    line, col = where(text, "3, 4")
    assert error_of(text) == (
        f"tiny.board:{line}:{col}: slot S2 starts on odd row 3; slots start on even rows so "
        "that tiles can be swapped between them"
    )


def test_uncovered_placeholder() -> None:
    text = TINY.replace("[slots]\nS1 = 2, 2\n", "[slots]\n").replace("S1 = 1 dark\n", "")
    line, col = where(text, "_ _ _ _", 1)
    assert error_of(text) == f"tiny.board:{line}:{col}: hex (2, 2) is marked '_' but no slot covers it"


def test_duplicate_section() -> None:
    text = TINY + "\n[tile 1 dark]\n . .\n. .\n"
    line, _ = where(text, "[tile 1 dark]", 2)
    first, _ = where(text, "[tile 1 dark]")
    assert error_of(text) == (
        f"tiny.board:{line}:1: duplicate section [tile 1 dark] (first on line {first})"
    )


def test_unknown_section() -> None:
    text = TINY.replace("[tile 2 light]", "[tiles 2 light]")
    line, _ = where(text, "[tiles 2 light]")
    assert error_of(text) == (
        f"tiny.board:{line}:1: unknown section '[tiles 2 light]' (expected one of [arrangement], "
        "[board], [border], [slots], [tile])"
    )


def test_placing_an_untranscribed_face() -> None:
    text = TINY.replace("S2 = 2 dark", "S2 = 2 light")
    line, col = where(text, "2 light")
    assert error_of(text) == (
        f"tiny.board:{line}:{col}: tile 2 light is not transcribed, so it cannot be placed"
    )


def test_same_tile_in_two_slots() -> None:
    text = TINY.replace("S2 = 2 dark", "S2 = 1 dark")
    line, col = where(text, "S2 = 1 dark")
    assert error_of(text) == f"tiny.board:{line}:{col + 5}: tile 1 is already placed in slot S1"


def test_missing_section() -> None:
    text = TINY.replace("[arrangement]\nS1 = 1 dark\nS2 = 2 dark\n", "")
    assert error_of(text) == "tiny.board:1:1: missing section [arrangement]"


def test_bad_size_value() -> None:
    text = TINY.replace("size = 6 x 8", "size = six by eight")
    line, col = where(text, "six by eight")
    assert error_of(text) == (
        f"tiny.board:{line}:{col}: size must look like 'N x M', got 'six by eight'"
    )


def test_unknown_key() -> None:
    text = TINY.replace("name = tiny", "name = tiny\ncolour = blue")
    line, _ = where(text, "colour")
    assert error_of(text) == (
        f"tiny.board:{line}:1: unknown key 'colour' in [board] (allowed: name, size, tile-size, "
        "title)"
    )


def test_placeholder_inside_a_tile() -> None:
    text = TINY.replace("[tile 1 dark]\n . .", "[tile 1 dark]\n . _")
    line, _ = where(text, "[tile 1 dark]")
    assert error_of(text) == (
        f"tiny.board:{line + 1}:4: '_' (covered by a lake tile) only belongs in [border]"
    )


def test_text_before_any_section() -> None:
    assert error_of("hello\n" + TINY) == "tiny.board:1:1: text before the first [section] header"
