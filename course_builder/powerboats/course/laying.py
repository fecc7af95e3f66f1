"""Where an Expansion 1 tile lies when only its spot is known (course codes, hand-laid courses).

Rules: expansion, "Preparation": a tile is laid like the start/finish tile, from the hex beside
the side its letter is printed against, straight outwards; one that would cross another tile is
laid from the letter hex the other way ("shifted 3 spaces over the letter"), COURSE-09. The course
code names a tile by its spot and that shift (docs/notation.md, COURSE-18); this module turns that
back into its three hexes, before the course is checked like any other.
"""

from __future__ import annotations

from typing import Any

from course_builder.core.hexgrid import Hex, to_offset
from course_builder.powerboats.course import expansion
from course_builder.powerboats.course.model import CourseError
from course_builder.powerboats.lake.board import Board, BoardError


def tile_hexes(board: Board, spot_id: str, shifted: bool = False) -> tuple[Hex, ...]:
    """The hexes of a tile laid at a spot: outwards from the letter's side, or over the letter
    the other way when ``shifted`` (COURSE-09). Hexes may lie off the lake or on land; the
    course check reports that."""
    try:
        spot = board.spot(spot_id)
    except BoardError:
        raise CourseError(f"expansion tile at {spot_id!r}: the board has no such spot") from None
    outward, over = expansion.tile_hexes(spot)
    return over if shifted else outward


def needs_laying(data: Any) -> bool:
    """Whether course-file data has an expansion tile given only by its spot."""
    tiles = data.get("expansion_tiles") if isinstance(data, dict) else None
    return isinstance(tiles, list) and any(isinstance(t, dict) and "hexes" not in t
                                           for t in tiles)


def lay_tiles_by_spot(data: Any, board: Board) -> Any:
    """Course-file data with the hexes of every expansion tile that gives only its spot filled in
    (a copy; data without such tiles comes back unchanged)."""
    if not needs_laying(data):
        return data
    laid = []
    for t in data["expansion_tiles"]:
        if isinstance(t, dict) and "hexes" not in t and isinstance(t.get("spot"), str):
            hexes = tile_hexes(board, t["spot"].upper(), bool(t.get("shifted", False)))
            t = {**t, "hexes": [list(to_offset(h)) for h in hexes]}
        laid.append(t)
    return {**data, "expansion_tiles": laid}
