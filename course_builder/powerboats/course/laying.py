"""Where an Expansion 1 tile lies when only its spot is known (course codes, course files).

Rules: expansion, "Preparation": a tile is laid like the start/finish tile, from the hex beside
the side its letter is printed against, straight outwards; one that would cross another tile is
laid from the letter hex the other way ("shifted 3 spaces over the letter"), COURSE-09. The course
code names a tile by its spot and that shift (docs/notation.md, COURSE-18); this module turns that
back into its three hexes, before the course is checked like any other.
"""

from __future__ import annotations

from course_builder.core.hexgrid import Hex
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
