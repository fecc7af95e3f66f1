"""The start/finish tile: where it lies for a start buoy, and which ways cross it.

Rules: reference and narrative, "Building a Course" (the tile goes at the side of the start buoy's
letter, the finish buoy at its other end); COURSE-01 and COURSE-07 in docs/rulings.md. A tile is
a straight line of :data:`TILE_LENGTH` hexes along its ``axis``; boats cross it towards one of its
two long sides.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from course_builder.core.hexgrid import Direction, Hex, ray
from course_builder.core.values import Frozen
from course_builder.powerboats.lake.board import Board, Spot

TILE_LENGTH = 4
"""Hexes of the start/finish tile."""


def crossing_side(axis: Direction, direction: Direction) -> int:
    """Which side of a straight tile a move in ``direction`` goes to: +1 to the left of the axis
    (counter-clockwise of it), -1 to the right, 0 along the axis (not a crossing)."""
    turn = (direction - axis) % 6
    return {1: 1, 2: 1, 4: -1, 5: -1}.get(turn, 0)


def side_directions(axis: Direction, side: int) -> tuple[Direction, Direction]:
    """The two hex directions that cross a tile along ``axis`` towards ``side`` (+1 left)."""
    if side > 0:
        return axis.left(1), axis.left(2)
    return axis.right(1), axis.right(2)


class TilePlacement(Frozen):
    """Where the start/finish tile goes for a buoy 0 spot, or why it cannot go there."""

    hexes: tuple[Hex, ...]
    finish: Hex
    problem: str | None = None


def start_tile_at(board: Board, spot: Spot, *, finish_on_water: bool = False,
                  other_buoys: Sequence[Hex] = ()) -> TilePlacement:
    """The start/finish tile attached at the side of a spot's letter, running straight out.

    The tile's 4 hexes must be water, on the lake and free of other buoys; the finish buoy stands
    on the next hex past the far end (which must be on the lake, and water with
    ``finish_on_water``, COURSE-01). A problem is reported, never mended by moving the tile.
    Without other buoys the placement follows from the lake alone: made once per lake and spot
    (kept with the lake's tables), as the course generator asks for it again and again.
    """
    if not other_buoys:
        return board.tables.derived(("start tile", spot.hex, spot.side, finish_on_water),
                                    partial(_placed, board, spot, finish_on_water, ()))
    return _placed(board, spot, finish_on_water, other_buoys)


def _placed(board: Board, spot: Spot, finish_on_water: bool, other_buoys: Sequence[Hex]
            ) -> TilePlacement:
    *tile, finish = ray(spot.hex, spot.side, TILE_LENGTH + 1)
    hexes = tuple(tile)
    for k, h in enumerate(hexes, start=1):
        if not board.contains(h):
            return TilePlacement(hexes, finish, f"hex {k} of the start/finish tile would be off "
                                 "the lake")
        if not board.is_water(h):
            return TilePlacement(hexes, finish, f"hex {k} of the start/finish tile, "
                                 f"{_rc(h)}, is land")
        if h in other_buoys:
            return TilePlacement(hexes, finish, f"hex {k} of the start/finish tile, "
                                 f"{_rc(h)}, holds a buoy")
    if not board.contains(finish):
        return TilePlacement(hexes, finish, "the finish buoy would stand off the lake")
    if finish_on_water and not board.is_water(finish):
        return TilePlacement(hexes, finish, f"the finish buoy's hex {_rc(finish)} is land "
                             "(option finish_buoy_on_water)")
    return TilePlacement(hexes, finish)


def _rc(h: Hex) -> str:
    r, c = h.offset
    return f"({r}, {c})"
