"""The one-line course code: a whole course in a form that can be pasted into a message.

``LAKE:RACE:SPOT0,SPOT1ARROW,SPOT2ARROW,SPOT3ARROW:START,FINISH[:TILE,TILE,...]``, e.g.
``classic:A:A2,A1ccw,A4cw,A3cw:NW,NE`` or, with a shuffled and turned lake and Expansion 1,
``classic@3dr,5d,6dr,2dr,4d,1dr:C:C2,C3ccw,C4ccw,C1ccw:SW,SW:A4=Csw,B2=R,A3=L213,B1=R,A1=Ce,...``.

* LAKE: the board (``classic`` or a ``.board`` path), then ``@`` and the tile codes laid in the
  kit's slots in slot order when they are not the printed arrangement (``4d`` = tile 4, dark side
  up; a trailing ``r``: turned by 180 degrees, BOARD-01); or ``random@SEED,ROWSxCOLS,DENSITY``.
* RACE, the spots of buoys 0-3 with the arrows of buoys 1-3, and the directions boats cross the
  start/finish tile at the start and at the finish.
* TILES (Expansion 1, optional): ``SPOT=KIND[EFFECT][^][@HEXES]``: the spot the tile is laid at,
  its kind ``R`` redoubt, ``C`` current, ``M`` maelstrom, ``L`` low water, what is printed on it
  (a current's flow ``e ne nw w sw se``, a maelstrom's ``cw``/``ccw``, the low water's rocks per
  hex such as ``321``), ``^`` when it is laid over its letter (COURSE-09) and, only for a tile that
  does not lie where its spot puts it, its hexes ``@ROW.COL-ROW.COL-ROW.COL`` (COURSE-18).

Everything else of the course follows from the rules, so a code reads back as the data of a laid
out course (:func:`course_code_data`) that :func:`~.load.load_course` lays out and checks.
Old codes (four parts, no ``@``) keep their meaning. The grammar is in docs/notation.md.
"""

from __future__ import annotations

import re
from typing import Any

from course_builder.core.hexgrid import Direction, Hex, to_offset
from course_builder.powerboats.course.laying import tile_hexes
from course_builder.powerboats.course.model import (
    Course,
    CourseError,
    ExpansionKind,
    ExpansionTile,
)
from course_builder.powerboats.lake.board import Board, BoardSource
from course_builder.powerboats.lake.catalog import BUILT_IN, DEFAULT

KIND_CODES = {ExpansionKind.REDOUBT: "R", ExpansionKind.CURRENT: "C",
              ExpansionKind.MAELSTROM: "M", ExpansionKind.LOW_WATER: "L"}
"""The letter of each expansion tile kind in codes (and on sheets)."""

SHIFTED = "^"
_KINDS = {letter: kind for kind, letter in KIND_CODES.items()}
_TILE_RE = re.compile(r"(?P<spot>[A-Za-z][0-9]{1,3})=(?P<kind>[A-Za-z])(?P<effect>[A-Za-z0-9]*)"
                      r"(?P<shift>\^?)(?:@(?P<hexes>[0-9.\-]+))?")
_FACE_RE = re.compile(r"[A-Za-z0-9_]+[dl]r?")


class CourseCodeError(CourseError):
    """A course code that cannot be read; the message points at the bad part."""


# ------------------------------------------------------------------------------------------------
# writing
# ------------------------------------------------------------------------------------------------


def course_code(course: Course, board: Board | None = None) -> str:
    """The one-line code of a course: the lake as laid, the buoys, the crossing directions and
    the expansion tiles. Tiles are named by their spot; given the ``board``, a tile that does not
    lie where its spot puts it (only a hand-made course can do that) also gets its hexes."""
    spots = [str(course.buoy(0).spot)]
    for n in (1, 2, 3):
        arrow = course.buoy(n).arrow
        spots.append(f"{course.buoy(n).spot}{arrow.value if arrow is not None else ''}")
    code = (f"{lake_code(course.board_source)}:{course.race}:{','.join(spots)}:"
            f"{course.tile.start_direction.name},{course.tile.finish_direction.name}")
    if course.expansion_tiles:
        code += ":" + ",".join(tile_code(t, _spot_hexes(board, t)) for t in course.expansion_tiles)
    return code


def _spot_hexes(board: Board | None, tile: ExpansionTile) -> tuple[Hex, ...] | None:
    if board is None:
        return None
    try:
        return tile_hexes(board, tile.spot, tile.shifted)
    except CourseError:
        return ()


def lake_code(source: BoardSource) -> str:
    """The LAKE part: the board's name, with the tiles laid unless they are the printed
    arrangement of a built-in kit (a ``.board`` file's printed arrangement is not known here, so
    its tiles are always given)."""
    if source.is_random:
        size = "x".join(str(n) for n in source.tile_size) if source.tile_size else ""
        density = "" if source.density is None else f",{source.density!r}"
        return f"random@{source.seed if source.seed is not None else ''},{size}{density}"
    faces = arrangement_codes(source.arrangement)
    if not faces:
        return source.board
    if source.board in BUILT_IN and faces == arrangement_codes(
            DEFAULT.printed(source.board).source.arrangement):
        return source.board
    return f"{source.board}@{','.join(faces)}"


def arrangement_codes(arrangement: str | None) -> list[str]:
    """The tile codes of an arrangement text in slot order: ``T00=1d T01=2dr`` -> ``1d, 2dr``."""
    items = (arrangement or "").replace(",", " ").split()
    return [item.partition("=")[2] or item for item in items]


def tile_code(tile: ExpansionTile, hexes: tuple[Hex, ...] | None = None) -> str:
    """One expansion tile in a code, e.g. ``C1=Csw``, ``A2=L321``, ``C3=Cse^``. ``hexes`` are
    where its spot would put it (if known); the tile's own hexes are added when they differ."""
    effect = ""
    if tile.kind is ExpansionKind.CURRENT and tile.flow is not None:
        effect = tile.flow.name.lower()
    elif tile.kind is ExpansionKind.MAELSTROM and tile.sense is not None:
        effect = tile.sense.value
    elif tile.kind is ExpansionKind.LOW_WATER and tile.rocks is not None:
        effect = "".join(str(r) for r in tile.rocks)
    text = f"{tile.spot}={KIND_CODES[tile.kind]}{effect}{SHIFTED if tile.shifted else ''}"
    if hexes is not None and tuple(hexes) != tuple(tile.hexes):
        text += "@" + "-".join(f"{r}.{c}" for r, c in map(to_offset, tile.hexes))
    return text


# ------------------------------------------------------------------------------------------------
# reading
# ------------------------------------------------------------------------------------------------


def course_code_data(code: str) -> dict[str, Any]:
    """The course-file data a code stands for, to be laid out and checked by
    :func:`~.load.load_course` (expansion tiles given by spot get their hexes there).
    Raises :class:`CourseCodeError` naming the bad part and its column."""
    code = code.strip()
    parts = code.split(":")
    if len(parts) not in (4, 5):
        raise CourseCodeError(f"course {code!r}: expected LAKE:RACE:SPOTS:START,FINISH[:TILES], "
                              "e.g. 'classic:A:A3,A4ccw,A1cw,A2cw:E,SW', or @course.json")
    reader = _Reader(code)
    data: dict[str, Any] = {"board": _lake(reader, reader.part(0)),
                            "race": _race(reader, reader.part(1)),
                            "buoys": _buoys(reader, reader.part(2)),
                            "start_finish_tile": _directions(reader, reader.part(3))}
    if len(parts) == 5:
        data["expansion_tiles"] = _tiles(reader, reader.part(4))
    return {key: data[key] for key in ("race", "board", "buoys", "start_finish_tile",
                                       "expansion_tiles") if key in data}


class _Reader:
    """Reads a code part by part; errors quote the code and give the column of the bad text."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.start = 0

    def part(self, index: int) -> str:
        """Part ``index`` (split at ':'); errors then point inside it."""
        parts = self.code.split(":")
        self.start = sum(len(p) + 1 for p in parts[:index])
        return parts[index]

    def fail(self, what: str, bad: str, why: str) -> CourseCodeError:
        found = self.code.find(bad, self.start) if bad else -1
        column = (found if found >= 0 else self.start) + 1
        return CourseCodeError(f"course {self.code!r}: {what} {bad!r} (column {column}): {why}")


def _race(reader: _Reader, race: str) -> str:
    if race.upper() not in ("A", "B", "C"):
        raise reader.fail("race", race, "expected A, B or C")
    return race.upper()


def _lake(reader: _Reader, lake: str) -> dict[str, Any]:
    name, at, laid = lake.rpartition("@") if "@" in lake else (lake, "", "")
    if not name:
        raise reader.fail("lake", lake, "expected a board name such as 'classic' before '@'")
    if not at:
        return {"board": name}
    if name == "random":
        return _random_lake(reader, lake, laid)
    faces = laid.split(",")
    for face in faces:
        if not _FACE_RE.fullmatch(face):
            raise reader.fail("lake tile", face, "expected a tile code such as 1d (tile 1, dark "
                              "side up) or 6dr (turned by 180 degrees)")
    return {"board": name, "arrangement": " ".join(faces)}


def _random_lake(reader: _Reader, lake: str, laid: str) -> dict[str, Any]:
    m = re.fullmatch(r"([0-9]+),([0-9]+)x([0-9]+)(?:,([0-9]*\.?[0-9]+))?", laid)
    if not m:
        raise reader.fail("lake", lake, "a random lake is random@SEED,ROWSxCOLS,DENSITY, e.g. "
                          "random@7,12x8,0.12")
    density = float(m.group(4)) if m.group(4) else None
    return {"board": "random", "seed": int(m.group(1)),
            "tile_size": [int(m.group(2)), int(m.group(3))], "density": density}


def _buoys(reader: _Reader, spots: str) -> list[dict[str, Any]]:
    items = spots.split(",")
    if len(items) != 4:
        raise CourseCodeError(f"course {reader.code!r}: give the spots of buoys 0-3, e.g. "
                              "A3,A4ccw,A1cw,A2cw")
    if not re.fullmatch(r"[A-Za-z][0-9]{1,3}", items[0]):
        raise reader.fail("buoy 0", items[0], "expected a spot such as A3")
    buoys: list[dict[str, Any]] = [{"number": 0, "spot": items[0]}]
    for n, item in enumerate(items[1:], start=1):
        m = re.fullmatch(r"([A-Ca-c][0-9]+)(cw|ccw)", item)
        if not m:
            raise CourseCodeError(f"course {reader.code!r}: buoy {n} {item!r} must be a spot and "
                                  "an arrow, e.g. A1cw or A2ccw")
        buoys.append({"number": n, "spot": m.group(1), "arrow": m.group(2)})
    return buoys


def _directions(reader: _Reader, dirs: str) -> dict[str, str]:
    directions = dirs.split(",")
    if len(directions) != 2:
        raise CourseCodeError(f"course {reader.code!r}: give the start and finish directions, "
                              "e.g. NE,W")
    for d in directions:
        if d.upper() not in Direction.__members__:
            raise reader.fail("direction", d, "expected E, NE, NW, W, SW or SE")
    return {"start_direction": directions[0].upper(), "finish_direction": directions[1].upper()}


def _tiles(reader: _Reader, text: str) -> list[dict[str, Any]]:
    if not text:
        raise reader.fail("tiles", text, "expected expansion tiles such as C1=Csw,A3=Mccw "
                          "after the last ':'")
    return [_tile(reader, item) for item in text.split(",")]


def _tile(reader: _Reader, item: str) -> dict[str, Any]:
    m = _TILE_RE.fullmatch(item)
    if not m:
        raise reader.fail("expansion tile", item, "expected SPOT=KIND[EFFECT][^], e.g. C2=R, "
                          "C1=Csw, A3=Mccw, A2=L321, C3=Cse^")
    kind = _KINDS.get(m.group("kind").upper())
    if kind is None:
        raise reader.fail("expansion tile", item, "the kind is R (redoubt), C (current), "
                          "M (maelstrom) or L (low water)")
    tile: dict[str, Any] = {"kind": kind.value, "spot": m.group("spot").upper()}
    tile.update(_effect(reader, item, kind, m.group("effect").lower()))
    if m.group("shift"):
        tile["shifted"] = True
    if m.group("hexes") is not None:
        tile["hexes"] = _hexes(reader, item, m.group("hexes"))
    return tile


def _effect(reader: _Reader, item: str, kind: ExpansionKind, effect: str) -> dict[str, Any]:
    if kind is ExpansionKind.REDOUBT:
        if effect:
            raise reader.fail("expansion tile", item, "a redoubt has nothing printed to give")
        return {}
    if kind is ExpansionKind.CURRENT:
        if effect.upper() not in Direction.__members__:
            raise reader.fail("expansion tile", item, "a current needs its flow: e, ne, nw, w, "
                              "sw or se, e.g. C1=Csw")
        return {"flow": effect.upper()}
    if kind is ExpansionKind.MAELSTROM:
        if effect not in ("cw", "ccw"):
            raise reader.fail("expansion tile", item, "a maelstrom needs its sense cw or ccw, "
                              "e.g. A3=Mccw")
        return {"sense": effect}
    if not re.fullmatch(r"[123]{3}", effect):
        raise reader.fail("expansion tile", item, "low water needs 1, 2 or 3 rocks for each of "
                          "its 3 hexes, e.g. A2=L321")
    return {"rocks": [int(c) for c in effect]}


def _hexes(reader: _Reader, item: str, text: str) -> list[list[int]]:
    hexes = []
    for part in text.split("-"):
        m = re.fullmatch(r"([0-9]+)\.([0-9]+)", part)
        if not m:
            raise reader.fail("expansion tile", item, "its hexes are ROW.COL-ROW.COL-ROW.COL")
        hexes.append([int(m.group(1)), int(m.group(2))])
    if len(hexes) != 3:
        raise reader.fail("expansion tile", item, "a tile has exactly 3 hexes")
    return hexes
