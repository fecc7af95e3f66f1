"""Courses in plain words: what a player reads to lay the pieces on the table.

Used by ``course --format text`` and by the setup sheets. Positions are given as the spot ids
printed on the board pictures and as (row, col) for checking. Step 0 lays the lake tiles
(:mod:`course_builder.powerboats.lake.describe`).
"""

from __future__ import annotations

from course_builder.core.hexgrid import Direction, Hex, direction_between
from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.model import (
    Course,
    ExpansionKind,
    ExpansionTile,
)
from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.lake.describe import lake_step


def rc(h: Hex) -> str:
    r, c = h.offset
    return f"row {r}, col {c}"


def placement_steps(course: Course) -> list[str]:
    """Numbered-list items, in the order the pieces are placed (buoys, tile, expansion)."""
    steps = []
    b0 = course.buoy(0)
    steps.append(f"Buoy 0 (start) on spot {b0.spot} ({rc(b0.hex)}).")
    tile = course.tile
    steps.append(
        f"Start/finish tile from the side of {b0.spot}'s letter, 4 hexes towards the "
        f"{tile.axis.words} ({rc(tile.hexes[0])} to {rc(tile.hexes[-1])}); "
        f"finish buoy on the next hex ({rc(course.buoy('finish').hex)})."
    )
    steps.append(
        f"Start arrow: boats start across the tile heading {tile.start_direction.words}; "
        f"finish arrow: they finish crossing it heading {tile.finish_direction.words}."
    )
    for n in (1, 2, 3):
        b = course.buoy(n)
        assert b.arrow is not None
        steps.append(f"Buoy {n} on spot {b.spot} ({rc(b.hex)}), arrow {b.arrow.words}.")
    for t in course.expansion_tiles:
        steps.append(expansion_step(t))
    steps.append("Boats: the start player's right-hand neighbour first, then counter-clockwise, "
                 "each on or behind the start/finish tile, one boat per hex, pointing at a hex "
                 "side (reference, \"Start Positions\").")
    return steps


def expansion_step(t: ExpansionTile) -> str:
    towards = "over the letter, " if t.shifted else ""
    first, last = t.hexes[0], t.hexes[-1]
    direction = _direction_of(first, last)
    text = (f"{t.kind.label} tile at spot {t.spot}: 3 hexes {towards}towards the "
            f"{direction.words} ({rc(first)} to {rc(last)})")
    if t.kind == ExpansionKind.CURRENT and t.flow is not None:
        text += f", flowing {t.flow.words}"
    elif t.kind == ExpansionKind.MAELSTROM and t.sense is not None:
        text += f", turning boats {t.sense.words}"
    elif t.kind == ExpansionKind.LOW_WATER and t.rocks is not None:
        text += ", rocks " + "-".join(str(r) for r in t.rocks) + " from the first hex"
    return text + "."


def _direction_of(a: Hex, b: Hex) -> Direction:
    d = direction_between(a, b)
    assert d is not None
    return d


def course_text(course: Course, board: Board | None = None) -> str:
    """A short plain-text description of a course, its code, and with the ``board`` the step
    laying the lake tiles."""
    name = course.board_source.board
    lines = [f"Powerboats race {course.race} on the {name} lake"
             + (f", seed {course.seed}" if course.seed is not None else "")]
    if course.board_source.arrangement:
        lines.append(f"Tiles: {course.board_source.arrangement}")
    lines.append(f"Course code: {course_code(course, board)}")
    lines.append("")
    step0 = lake_step(board) if board is not None else None
    if step0:
        lines.append(f"0. {step0}")
    lines.extend(f"{i}. {step}" for i, step in enumerate(placement_steps(course), start=1))
    if course.route is not None:
        lines.append("")
        lines.append(f"Shortest legal route: {course.route.length} hexes.")
    if course.notes:
        lines.append("")
        lines.extend(f"Note: {n}" for n in course.notes)
    return "\n".join(lines) + "\n"
