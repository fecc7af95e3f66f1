"""A Powerboats course as plain data, and its JSON form (docs/course-format.md).

A course is everything a race needs on the lake: the five buoys (0-3 on the race's letter spots,
the finish buoy beyond the start/finish tile), the arrows of buoys 1-3, the start/finish tile with
the directions boats cross it at the start and at the finish, the rounding lines derived from
them, the Expansion 1 tiles, and the shortest legal route. Rules: reference and narrative,
"Building a Course"; expansion, "Preparation".
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex, from_offset, to_offset
from course_builder.powerboats.course.rounding import RoundingLine, Sense

FORMAT = "course_builder/powerboats-course"
VERSION = 1

RACES = ("A", "B", "C")
FINISH = "finish"

REDOUBT = "redoubt"
CURRENT = "current"
MAELSTROM = "maelstrom"
LOW_WATER = "low-water"
EXPANSION_KINDS = (REDOUBT, CURRENT, MAELSTROM, LOW_WATER)


def dumps(data: Any) -> str:
    """JSON text of a course (or any data): indented, stable key order, each hex on one line."""
    text = json.dumps(data, indent=1, sort_keys=True)
    return re.sub(r"\[\s+(-?\d+),\s+(-?\d+)\s+\]", r"[\1, \2]", text) + "\n"


class CourseError(CourseBuilderError):
    """A course that cannot be built or read as asked."""


@dataclass(frozen=True)
class Buoy:
    """A buoy: ``number`` 0-3 or ``"finish"``, the spot it stands on (none for the finish buoy),
    its hex, and for buoys 1-3 the arrow (rounding sense)."""

    number: int | str
    hex: Hex
    spot: str | None = None
    arrow: Sense | None = None

    def label(self) -> str:
        return "finish buoy" if self.number == FINISH else f"buoy {self.number}"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"number": self.number, "spot": self.spot,
                                "hex": list(to_offset(self.hex))}
        if self.arrow is not None:
            data["arrow"] = self.arrow.value
        return data


@dataclass(frozen=True)
class StartFinishTile:
    """The 4-hex start/finish tile, listed from buoy 0 outwards, and the hex directions boats
    travel when they cross it at the start and at the finish."""

    hexes: tuple[Hex, ...]
    axis: Direction
    start_direction: Direction
    finish_direction: Direction

    def to_json(self) -> dict[str, Any]:
        return {
            "hexes": [list(to_offset(h)) for h in self.hexes],
            "axis": self.axis.name,
            "start_direction": self.start_direction.name,
            "finish_direction": self.finish_direction.name,
        }


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


@dataclass(frozen=True)
class ExpansionTile:
    """An Expansion 1 tile: its kind, the spot it was placed at, its 3 hexes (from the spot
    outwards), and what its effect needs: the current's flow, the maelstrom's sense, the rocks."""

    kind: str
    spot: str
    hexes: tuple[Hex, ...]
    flow: Direction | None = None
    sense: Sense | None = None
    rocks: tuple[int, ...] | None = None
    shifted: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "spot": self.spot,
                                "hexes": [list(to_offset(h)) for h in self.hexes]}
        if self.flow is not None:
            data["flow"] = self.flow.name
        if self.sense is not None:
            data["sense"] = self.sense.value
        if self.rocks is not None:
            data["rocks"] = list(self.rocks)
        if self.shifted:
            data["shifted"] = True
        return data


@dataclass(frozen=True)
class Route:
    """The shortest legal route: hexes from the start tile round buoys 1, 2, 3 to the finish.
    ``roundings[i]`` is the index in ``hexes`` reached by the step that rounded buoy i+1."""

    hexes: tuple[Hex, ...]
    roundings: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.hexes) - 1

    def to_json(self) -> dict[str, Any]:
        return {"length": self.length, "hexes": [list(to_offset(h)) for h in self.hexes],
                "roundings": list(self.roundings)}


@dataclass(frozen=True)
class Course:
    """A complete course for one race."""

    race: str
    board_source: dict[str, Any]
    buoys: tuple[Buoy, ...]
    tile: StartFinishTile
    rounding_lines: tuple[RoundingLine, ...] = ()
    expansion_tiles: tuple[ExpansionTile, ...] = ()
    route: Route | None = None
    seed: int | None = None
    notes: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)

    def buoy(self, number: int | str) -> Buoy:
        for b in self.buoys:
            if b.number == number:
                return b
        raise KeyError(number)

    @property
    def assignment(self) -> tuple[str, ...]:
        """The spots of buoys 0, 1, 2, 3."""
        return tuple(str(self.buoy(n).spot) for n in range(4))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "race": self.race,
            "seed": self.seed,
            "board": self.board_source,
            "options": self.options,
            "buoys": [b.to_json() for b in self.buoys],
            "start_finish_tile": self.tile.to_json(),
            "rounding_lines": [
                {"buoy": i + 1, "direction": line.direction.name,
                 "hexes": [list(to_offset(h)) for h in line.hexes]}
                for i, line in enumerate(self.rounding_lines)
            ],
            "expansion_tiles": [t.to_json() for t in self.expansion_tiles],
            "route": self.route.to_json() if self.route else None,
            "notes": list(self.notes),
        }


# ------------------------------------------------------------------------------------------------
# reading the JSON form (laid-out courses need only race, board, buoys, arrows, tile directions)
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CourseSpec:
    """What a person lays out on the table: the input of validation and of sheets."""

    race: str
    board_source: dict[str, Any]
    buoy_spots: tuple[str, ...]
    buoy_hexes: tuple[Hex | None, ...]
    arrows: tuple[Sense | None, ...]
    start_direction: Direction | None
    finish_direction: Direction | None
    tile_hexes: tuple[Hex, ...] | None
    finish_hex: Hex | None
    expansion_tiles: tuple[ExpansionTile, ...]
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)


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
    board = data.get("board", {"board": "classic"})
    if not isinstance(board, dict) or "board" not in board:
        raise CourseError("board: expected an object like {\"board\": \"classic\"}")
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
    seed = data.get("seed")
    options = data.get("options") or {}
    return CourseSpec(race, dict(board), tuple(spots), tuple(hexes), tuple(arrows), start, finish,
                      tile_hexes, finish_hex, tuple(tiles),
                      seed if isinstance(seed, int) else None,
                      dict(options) if isinstance(options, dict) else {})


def _expansion_from_json(t: Any, i: int) -> ExpansionTile:
    where = f"expansion_tiles[{i}]"
    if not isinstance(t, dict):
        raise CourseError(f"{where}: expected an object")
    kind = t.get("kind")
    if kind not in EXPANSION_KINDS:
        raise CourseError(f"{where}: kind must be one of {', '.join(EXPANSION_KINDS)}, got {kind!r}")
    hexes = t.get("hexes")
    if not isinstance(hexes, list) or len(hexes) != 3:
        raise CourseError(f"{where}: a tile has exactly 3 hexes")
    flow = _direction(t["flow"], f"{where}: flow") if kind == CURRENT else None
    sense = None
    if kind == MAELSTROM:
        try:
            sense = Sense.parse(str(t.get("sense")))
        except ValueError as exc:
            raise CourseError(f"{where}: {exc}") from None
    rocks = None
    if kind == LOW_WATER:
        rocks = t.get("rocks")
        if (not isinstance(rocks, list) or len(rocks) != 3
                or not all(r in (1, 2, 3) for r in rocks)):
            raise CourseError(f"{where}: rocks must list 1, 2 or 3 rocks for each of the 3 hexes")
        rocks = tuple(rocks)
    return ExpansionTile(kind, str(t.get("spot", "")).upper(),
                         tuple(_hex(h, f"{where}: hexes") for h in hexes), flow, sense, rocks,
                         bool(t.get("shifted", False)))
