"""A lake in plain words: which tile goes in which slot of the frame, which side up and whether
turned (reference, "Setup" 1; the tile codes of docs/notation.md, BOARD-01 for turned tiles).

Used by ``board`` (its header), by ``course --format text`` (step 0 of laying a course,
:mod:`course_builder.powerboats.course.describe`) and by the setup sheets.
"""

from __future__ import annotations

from course_builder.powerboats.lake.board import Board, Section
from course_builder.powerboats.lake.catalog import BUILT_IN, DEFAULT

FACE_WORDS = {"d": "dark", "l": "light"}


def tile_words(code: str) -> str:
    """A tile code in words: ``6dr`` -> ``tile 6, dark side up, turned`` (BOARD-01)."""
    turned = code.endswith("r")
    core = code[:-1] if turned else code
    words = f"tile {core[:-1]}, {FACE_WORDS.get(core[-1:], core[-1:])} side up"
    return words + (", turned" if turned else "")


def slot_rows(board: Board) -> list[list[Section]]:
    """The lake tile slots row by row (top to bottom, each left to right); empty for a lake not
    made of tiles."""
    slots = [s for s in board.slots if s.tile]
    rows: dict[int, list[Section]] = {}
    for s in sorted(slots, key=lambda s: (s.row, s.col)):
        rows.setdefault(s.row, []).append(s)
    return list(rows.values())


def lake_step(board: Board) -> str | None:
    """Step 0: which tile goes in which slot, which side up and whether turned (None for a lake
    not made of tiles). Codes: ``1d`` tile 1 dark side up, a trailing ``r`` turned by 180
    degrees (BOARD-01)."""
    rows = slot_rows(board)
    if not rows:
        return None
    names = ["top row", "bottom row"] if len(rows) == 2 else [f"row {i}" for i in
                                                              range(1, len(rows) + 1)]
    faces = {s.tile.rstrip("r")[-1:] for row in rows for s in row}
    side = f", {FACE_WORDS.get(faces.pop(), '?')} side up" if len(faces) == 1 else ""
    parts = []
    for name, row in zip(names, rows, strict=True):
        tiles = [_slot_words(s, bool(side)) for s in row]
        parts.append(f"{name} ({', '.join(s.name for s in row)}): {', '.join(tiles)}")
    turned = any(s.tile.endswith("r") for row in rows for s in row)
    note = " 'Turned': rotated by 180 degrees (code r)." if turned else ""
    count = sum(map(len, rows))
    return (f"Lay the {NUMBER_WORDS.get(count, str(count))} lake tiles in the frame{side}, left "
            f"to right: {'; '.join(parts)}.{note}{_numbering(board, names)}")


NUMBER_WORDS = {4: "four", 6: "six", 8: "eight", 9: "nine"}


def _numbering(board: Board, names: list[str]) -> str:
    """How tiles are numbered: as they lie in a built-in lake's printed arrangement (said only
    when the lake is laid otherwise)."""
    if board.source.board not in BUILT_IN:
        return ""
    printed = slot_rows(DEFAULT.printed(board.source.board))
    if [[s.tile for s in row] for row in printed] == [[s.tile for s in row]
                                                      for row in slot_rows(board)]:
        return ""
    rows = "; ".join(f"{', '.join(s.tile[:-1] for s in row)} {name}"
                     for name, row in zip(names, printed, strict=False))
    return f" Tiles are numbered as they lie in the rulebook picture: {rows}."


def _slot_words(slot: Section, same_face: bool) -> str:
    code = slot.tile
    turned = code.endswith("r")
    core = code[:-1] if turned else code
    words = f"tile {core[:-1]}"
    if not same_face:
        words += f" {FACE_WORDS.get(core[-1:], core[-1:])} side up"
    return words + (" turned" if turned else "")
