"""Course files: writing a course as JSON text and reading a laid-out course back.

A laid-out course needs only the race, the board, the buoys' spots and arrows and (optionally) the
start and finish directions and the expansion tiles; everything else is derived and checked by
:mod:`.validate`. The format is docs/course-format.md (schema: docs/schemas/course.schema.json).
Reading goes through :mod:`course_builder.core.jsonread` and raises :class:`CourseError` naming
the JSON path of the bad value; it never trusts a type.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from course_builder.core.hexgrid import Direction, Hex, from_offset
from course_builder.core.jsonread import Fields, Value, check_format, inside
from course_builder.core.jsonwrite import hex_pairs, json_text
from course_builder.powerboats.course.model import (
    FINISH,
    FORMAT,
    RACES,
    VERSION,
    CourseError,
    CourseOptions,
    CourseSpec,
    ExpansionKind,
    ExpansionTile,
)
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.lake.board import BoardSource
from course_builder.powerboats.lake.catalog import MAX_SEED, source_from_json

TOP_FIELDS = ("format", "version", "race", "seed", "board", "options", "buoys",
              "start_finish_tile", "rounding_lines", "expansion_tiles", "route", "notes", "code")
"""The fields of a course file; ``rounding_lines``, ``route``, ``notes`` and ``code`` are written
for people and other programs, and recomputed rather than read."""

SPOT = re.compile(r"\s*[A-Za-z][0-9]{1,3}\s*")
LaySpot = Callable[[BoardSource, str, bool], tuple[Hex, ...]]
"""The hexes of an expansion tile given only by its spot: (board source, spot, shifted)."""


def dumps(data: Any) -> str:
    """JSON text of a course (or any data): sorted keys, each hex on one line
    (:func:`~course_builder.core.jsonwrite.json_text`)."""
    return json_text(data, sort_keys=True, fold=hex_pairs)


def _hex(value: Value) -> Hex:
    row, col = value.pair()
    return from_offset(row, col)


def _direction(value: Value) -> Direction:
    text = value.string(what="a direction such as 'NE'")
    try:
        return Direction.parse(text)
    except ValueError:
        raise value.expected("a direction E, NE, NW, W, SW or SE") from None


def _sense(value: Value) -> Sense:
    text = value.string(what="an arrow, 'cw' or 'ccw'")
    try:
        return Sense.parse(text)
    except ValueError:
        raise value.expected("an arrow, 'cw' or 'ccw'") from None


def spec_from_json(data: Any, lay_spot: LaySpot | None = None) -> CourseSpec:
    """Read a course file's data; raises :class:`CourseError` naming the bad field. An
    expansion tile given only by its spot (as course codes give them) is laid by ``lay_spot``
    (:func:`~.load.read_spec` lays them on the course's board)."""
    top = Value(data, (), CourseError).fields(TOP_FIELDS, what="a course (a JSON object)")
    check_format(top, FORMAT, VERSION)
    race = top["race"].choice(RACES)
    with inside(("board",)):
        board = source_from_json(top.get("board", {"board": "classic"}).data)
    spots, hexes, arrows, finish_hex = _buoys(top["buoys"])
    start, finish, tile_hexes = _start_finish(top.get("start_finish_tile"))
    given = top.get("expansion_tiles")
    tiles = () if given.is_null else tuple(_expansion_tile(t, board, lay_spot)
                                           for t in given.items())
    seed = top.get("seed").whole(0, MAX_SEED, null=True)
    with inside(("options",)):
        options = CourseOptions.from_json(top.get("options").data)
    return CourseSpec(race, board, spots, hexes, arrows, start, finish, tile_hexes, finish_hex,
                      tiles, seed, options)


def _buoys(value: Value) -> tuple[tuple[str, ...], tuple[Hex | None, ...],
                                  tuple[Sense | None, ...], Hex | None]:
    """Buoys 0-3 (spot, hex if given, arrow) and the finish buoy's hex if given."""
    by_number: dict[Any, Fields] = {}
    for item in value.items(longest=5, what="a list of buoys 0, 1, 2, 3 (and the finish buoy)"):
        buoy = item.fields(("number", "spot", "hex", "arrow"), what="a buoy (an object)")
        number = buoy["number"]
        if not ((type(number.data) is int and 0 <= number.data <= 3) or number.data == FINISH):
            raise number.expected("0, 1, 2, 3 or 'finish'")
        if number.data in by_number:
            raise number.refuse(f"buoy {number.data} is listed twice")
        by_number[number.data] = buoy
    spots: list[str] = []
    hexes: list[Hex | None] = []
    arrows: list[Sense | None] = []
    for n in range(4):
        if n not in by_number:
            raise value.refuse(f"buoy {n} is missing")
        buoy = by_number[n]
        spots.append(buoy["spot"].string(pattern=SPOT, what="a spot id such as 'A2'"
                                         ).strip().upper())
        hexes.append(_hex(buoy["hex"]) if "hex" in buoy else None)
        arrow = buoy.get("arrow")
        arrows.append(None if n == 0 or arrow.is_null else _sense(arrow))
    finish = by_number.get(FINISH)
    finish_hex = _hex(finish["hex"]) if finish is not None and "hex" in finish else None
    return tuple(spots), tuple(hexes), tuple(arrows), finish_hex


def _start_finish(value: Value) -> tuple[Direction | None, Direction | None,
                                         tuple[Hex, ...] | None]:
    """The start and finish directions and the tile's hexes, where the file gives them."""
    if value.is_null:
        return None, None, None
    tile = value.fields(("hexes", "axis", "start_direction", "finish_direction"))
    start, finish = (None if tile.get(key).data in (None, "") else _direction(tile[key])
                     for key in ("start_direction", "finish_direction"))
    hexes = tile.get("hexes")
    tile_hexes = None if hexes.is_null else tuple(_hex(h) for h in hexes.items(exactly=4))
    return start, finish, tile_hexes


TILE_FIELDS = ("kind", "spot", "hexes", "flow", "sense", "rocks", "shifted")


def _expansion_tile(value: Value, board: BoardSource, lay_spot: LaySpot | None
                    ) -> ExpansionTile:
    tile = value.fields(TILE_FIELDS, what="an expansion tile (an object)")
    kind = ExpansionKind(tile["kind"].choice([k.value for k in ExpansionKind]))
    spot = tile.get("spot").string(pattern=SPOT, what="a spot id such as 'C1'", null=True)
    if spot is None and "hexes" not in tile:
        raise tile.get("spot").refuse("missing (a tile gives its spot, its hexes or both)")
    spot = (spot or "").strip().upper()
    shifted = tile.get("shifted", False).boolean()
    if "hexes" in tile:
        hexes = tuple(_hex(h) for h in tile["hexes"].items(exactly=3))
    elif lay_spot is not None:
        try:
            hexes = lay_spot(board, spot, shifted)
        except CourseError:
            raise tile["spot"].refuse(f"the board has no spot {spot}") from None
    else:
        raise tile.get("hexes").refuse("missing (a tile given by its spot alone is laid on the "
                                   "board by load_course)")
    flow = _direction(tile["flow"]) if kind is ExpansionKind.CURRENT else None
    sense = _sense(tile["sense"]) if kind is ExpansionKind.MAELSTROM else None
    rocks = None
    if kind is ExpansionKind.LOW_WATER:
        rocks = tuple(r.whole(1, 3) for r in tile["rocks"].items(exactly=3))
    return ExpansionTile(kind, spot, hexes, flow, sense, rocks, shifted)
