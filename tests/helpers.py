"""Small hand-made boards for tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from course_builder.core.hexgrid import Direction, from_offset
from course_builder.powerboats.lake.board import Board, Section, Spot


def lake(
    rows: int,
    cols: int,
    spots: Mapping[str, tuple[tuple[int, int], str]],
    land: Iterable[tuple[int, int]] = (),
    sections: Mapping[str, tuple[int, int, int, int]] | None = None,
) -> Board:
    """A board of open water with the given land hexes and spots.

    ``spots`` maps an id such as ``"A1"`` to ((row, col), side); a spot on a land hex is an
    island letter. ``sections`` maps a name to (row, col, rows, cols); other hexes are "border".
    """
    land = set(land)
    terrain = ["".join("#" if (r, c) in land else "." for c in range(cols)) for r in range(rows)]
    grid = [["border"] * cols for _ in range(rows)]
    slots = []
    for name, (r0, c0, nr, nc) in (sections or {}).items():
        slots.append(Section(name, r0, c0, nr, nc))
        for r in range(r0, r0 + nr):
            for c in range(c0, c0 + nc):
                grid[r][c] = name
    made = [
        Spot(sid, sid[0], from_offset(*rc), rc in land, Direction[side])
        for sid, (rc, side) in spots.items()
    ]
    return Board("test", terrain, grid, made, slots=slots)


SQUARE_SPOTS = {"A1": ((3, 4), "E"), "A2": ((3, 15), "E"), "A3": ((12, 3), "E"),
                "A4": ((13, 8), "E")}
"""A course round a 16 x 20 lake: start bottom middle, buoys top right, top left, bottom left."""


def square_race(land: Iterable[tuple[int, int]] = (), **rules):
    """A race on a 16 x 20 lake with the SQUARE_SPOTS course and extra land for test scenes."""
    from course_builder.powerboats.course.generate import CourseMaker
    from course_builder.powerboats.play.race import Race, Rules

    board = lake(16, 20, SQUARE_SPOTS, land)
    course = CourseMaker(board).build("A", ("A4", "A2", "A1", "A3"))
    return Race(board, course, Rules(**rules))


def tile(kind: str, hexes, **data):
    """An expansion tile on the given (row, col) hexes for hand-made scenes."""
    from course_builder.core.hexgrid import Direction as D
    from course_builder.powerboats.course.model import ExpansionTile
    from course_builder.powerboats.course.rounding import Sense

    flow = D[data["flow"]] if "flow" in data else None
    sense = Sense(data["sense"]) if "sense" in data else None
    rocks = tuple(data["rocks"]) if "rocks" in data else None
    return ExpansionTile(kind, "X1", tuple(from_offset(*rc) for rc in hexes), flow, sense, rocks)


def expansion_race(tiles, land: Iterable[tuple[int, int]] = (), **rules):
    """The SQUARE_SPOTS race with hand-placed expansion tiles."""
    from course_builder.core.values import replace
    from course_builder.powerboats.play.race import Race

    base = square_race(land, **rules)
    course = replace(base.course, expansion_tiles=tuple(tiles))
    return Race(base.board, course, base.rules)
