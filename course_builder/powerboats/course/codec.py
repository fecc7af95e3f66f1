"""Course files: writing a course as JSON text and reading a laid-out course back.

A laid-out course needs only the race, the board, the buoys' spots and arrows and (optionally) the
start and finish directions and the expansion tiles; everything else is derived and checked by
:mod:`.validate`. The format is docs/course-format.md. Reading raises :class:`CourseError` naming
the bad field; it never trusts a type.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from course_builder.core.hexgrid import Direction, Hex, from_offset
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
from course_builder.powerboats.lake.catalog import MAX_SEED, source_from_json


def dumps(data: Any) -> str:
    """JSON text of a course (or any data): indented, stable key order, each hex on one line."""
    text = json.dumps(data, indent=1, sort_keys=True)
    return re.sub(r"\[\s+(-?\d+),\s+(-?\d+)\s+\]", r"[\1, \2]", text) + "\n"


def _hex(value: Any, where: str) -> Hex:
    if (not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)):
        raise CourseError(f"{where}: expected a hex as [row, col], got {value!r}")
    return from_offset(value[0], value[1])


def _direction(value: Any, where: str) -> Direction:
    if not isinstance(value, str):
        raise CourseError(f"{where}: expected a direction name such as 'NE', got {value!r}")
    try:
        return Direction.parse(value)
    except ValueError as exc:
        raise CourseError(f"{where}: {exc}") from None


def spec_from_json(data: Any) -> CourseSpec:
    """Read a course file's data; raises :class:`CourseError` naming the bad field."""
    if not isinstance(data, dict):
        raise CourseError("a course file holds a JSON object")
    version = data.get("version", VERSION)
    if data.get("format", FORMAT) != FORMAT or version != VERSION:
        raise CourseError(f"not a version {VERSION} Powerboats course (format {data.get('format')!r}, "
                          f"version {version!r})")
    race = data.get("race")
    if race not in RACES:
        raise CourseError(f"race: expected 'A', 'B' or 'C', got {race!r}")
    board = source_from_json(data.get("board", {"board": "classic"}))
    buoys = data.get("buoys")
    if not isinstance(buoys, list):
        raise CourseError("buoys: expected a list of buoys 0, 1, 2, 3 (and the finish buoy)")
    by_number: dict[Any, dict[str, Any]] = {}
    for i, b in enumerate(buoys):
        if not isinstance(b, dict) or "number" not in b:
            raise CourseError(f"buoys[{i}]: expected an object with a 'number'")
        if b["number"] not in (0, 1, 2, 3, FINISH):
            raise CourseError(f"buoys[{i}]: number must be 0-3 or 'finish', got {b['number']!r}")
        if b["number"] in by_number:
            raise CourseError(f"buoys[{i}]: buoy {b['number']} is listed twice")
        by_number[b["number"]] = b
    spots: list[str] = []
    hexes: list[Hex | None] = []
    arrows: list[Sense | None] = []
    for n in range(4):
        if n not in by_number:
            raise CourseError(f"buoys: buoy {n} is missing")
        b = by_number[n]
        spot = b.get("spot")
        if not isinstance(spot, str) or not re.fullmatch(r"[A-Za-z][0-9]{1,3}", spot.strip()):
            raise CourseError(f"buoy {n}: 'spot' must be a spot id such as 'A2', got {spot!r}")
        spots.append(spot.strip().upper())
        hexes.append(_hex(b["hex"], f"buoy {n}: hex") if "hex" in b else None)
        arrow = b.get("arrow")
        if n == 0 or arrow is None:
            arrows.append(None)
        else:
            try:
                arrows.append(Sense.parse(str(arrow)))
            except ValueError as exc:
                raise CourseError(f"buoy {n}: {exc}") from None
    finish_hex = None
    if FINISH in by_number and "hex" in by_number[FINISH]:
        finish_hex = _hex(by_number[FINISH]["hex"], "finish buoy: hex")
    tile = data.get("start_finish_tile") or {}
    if not isinstance(tile, dict):
        raise CourseError("start_finish_tile: expected an object")
    start = _direction(tile["start_direction"], "start_direction") if tile.get(
        "start_direction") else None
    finish = _direction(tile["finish_direction"], "finish_direction") if tile.get(
        "finish_direction") else None
    tile_hexes = None
    if tile.get("hexes") is not None:
        if not isinstance(tile["hexes"], list):
            raise CourseError("start_finish_tile: hexes must be a list")
        tile_hexes = tuple(_hex(h, f"start_finish_tile: hexes[{i}]")
                           for i, h in enumerate(tile["hexes"]))
    tiles = []
    for i, t in enumerate(data.get("expansion_tiles") or []):
        tiles.append(_expansion_from_json(t, i))
    return CourseSpec(race, board, tuple(spots), tuple(hexes), tuple(arrows), start, finish,
                      tile_hexes, finish_hex, tuple(tiles), _seed(data.get("seed")),
                      CourseOptions.from_json(data.get("options")))


def _seed(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise CourseError(f"seed: expected a whole number from 0 to {MAX_SEED} or null, got "
                          f"{shown}")
    return value


def _expansion_from_json(t: Any, i: int) -> ExpansionTile:
    where = f"expansion_tiles[{i}]"
    if not isinstance(t, dict):
        raise CourseError(f"{where}: expected an object")
    try:
        kind = ExpansionKind(str(t.get("kind")))
    except ValueError:
        kinds = ", ".join(k.value for k in ExpansionKind)
        raise CourseError(f"{where}: kind must be one of {kinds}, got {t.get('kind')!r}") from None
    hexes = t.get("hexes")
    if not isinstance(hexes, list) or len(hexes) != 3:
        raise CourseError(f"{where}: a tile has exactly 3 hexes")
    flow = _direction(t["flow"], f"{where}: flow") if kind is ExpansionKind.CURRENT else None
    sense = None
    if kind is ExpansionKind.MAELSTROM:
        try:
            sense = Sense.parse(str(t.get("sense")))
        except ValueError as exc:
            raise CourseError(f"{where}: {exc}") from None
    rocks = None
    if kind is ExpansionKind.LOW_WATER:
        given = t.get("rocks")
        if (not isinstance(given, list) or len(given) != 3
                or not all(type(r) is int and r in (1, 2, 3) for r in given)):
            raise CourseError(f"{where}: rocks must list 1, 2 or 3 rocks for each of the 3 hexes")
        rocks = tuple(given)
    return ExpansionTile(kind, str(t.get("spot", "")).upper(),
                         tuple(_hex(h, f"{where}: hexes") for h in hexes), flow, sense, rocks,
                         bool(t.get("shifted", False)))
