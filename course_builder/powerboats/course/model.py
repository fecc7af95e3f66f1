"""A Powerboats course as plain data, written as JSON by ``to_json`` (docs/course-format.md).

A course is everything a race needs on the lake: the five buoys (0-3 on the race's letter spots,
the finish buoy beyond the start/finish tile), the arrows of buoys 1-3, the start/finish tile with
the directions boats cross it at the start and at the finish, the rounding lines derived from
them, the Expansion 1 tiles, and the shortest legal route. Rules: reference and narrative,
"Building a Course"; expansion, "Preparation".
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex, to_offset
from course_builder.core.jsonread import Value
from course_builder.core.values import Frozen, force_setattr
from course_builder.powerboats.course.rounding import RoundingLine, Sense
from course_builder.powerboats.lake.board import BoardSource

FORMAT = "course_builder/powerboats-course"
VERSION = 1

RACES = ("A", "B", "C")
FINISH = "finish"



class ExpansionKind(StrEnum):
    """The four kinds of Expansion 1 tile (expansion, "Contents")."""

    REDOUBT = "redoubt"
    CURRENT = "current"
    MAELSTROM = "maelstrom"
    LOW_WATER = "low-water"

    @property
    def label(self) -> str:
        """The tile's name as printed in the rules: "Redoubt", "Low-water"."""
        return self.value.capitalize()


class CourseError(CourseBuilderError):
    """A course that cannot be built or read as asked."""


class CourseOptions(Frozen):
    """Named rulings for building courses (docs/rulings.md); they travel in the course file."""

    finish_buoy_on_water: bool = False
    """COURSE-01: require the finish buoy's hex to be water too. Off by default: on the classic
    lake most printed sides leave exactly four water hexes, the finish buoy then stands on the
    shore as buoy 0 does on island letters."""

    free_expansion: bool = False
    """COURSE-12: expansion tiles laid freely, to study a situation: any number, anywhere on open
    water, each in a straight line of 3 hexes; the placement rule of Expansion 1 (which letters,
    which hexes, all seven, island letters first) is not checked. Off by default."""

    def to_json(self) -> dict[str, Any]:
        return {"finish_buoy_on_water": self.finish_buoy_on_water,
                "free_expansion": self.free_expansion}

    @classmethod
    def from_json(cls, data: Any) -> CourseOptions:
        """Options from a course file's ``options`` object; anything else is refused."""
        if data is None:
            return cls()
        names = tuple(cls().to_json())
        options = Value(data, (), CourseError).fields(
            names, what="an object like {\"finish_buoy_on_water\": false}")
        return cls(**{key: options.get(key, False).boolean() for key in names})


class Buoy(Frozen):
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


class StartFinishTile(Frozen):
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


class ExpansionTile(Frozen):
    """An Expansion 1 tile: its kind, the spot it was placed at, its 3 hexes (from the spot
    outwards), and what its effect needs: the current's flow, the maelstrom's sense, the rocks."""

    kind: ExpansionKind
    spot: str
    hexes: tuple[Hex, ...]
    flow: Direction | None = None
    sense: Sense | None = None
    rocks: tuple[int, ...] | None = None
    shifted: bool = False

    def __post_init__(self) -> None:
        if type(self.kind) is not ExpansionKind:
            try:
                force_setattr(self, "kind", ExpansionKind(self.kind))
            except ValueError:
                kinds = ", ".join(k.value for k in ExpansionKind)
                raise CourseError(f"an expansion tile's kind is one of {kinds}, got "
                                  f"{self.kind!r}") from None

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


class Route(Frozen):
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


class Course(Frozen):
    """A complete course for one race."""

    race: str
    board_source: BoardSource
    buoys: tuple[Buoy, ...]
    tile: StartFinishTile
    rounding_lines: tuple[RoundingLine, ...] = ()
    expansion_tiles: tuple[ExpansionTile, ...] = ()
    route: Route | None = None
    seed: int | None = None
    notes: tuple[str, ...] = ()
    options: CourseOptions = CourseOptions()  # immutable: one shared default is safe

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
            "board": self.board_source.to_json(),
            "options": self.options.to_json(),
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


class CourseSpec(Frozen):
    """What a person lays out on the table: the input of validation and of sheets."""

    race: str
    board_source: BoardSource
    buoy_spots: tuple[str, ...]
    buoy_hexes: tuple[Hex | None, ...]
    arrows: tuple[Sense | None, ...]
    start_direction: Direction | None
    finish_direction: Direction | None
    tile_hexes: tuple[Hex, ...] | None
    finish_hex: Hex | None
    expansion_tiles: tuple[ExpansionTile, ...]
    seed: int | None = None
    options: CourseOptions = CourseOptions()  # immutable: one shared default is safe
