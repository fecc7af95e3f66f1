"""One-line text for positions and moves (think FEN and SAN), and their JSON form.

**Move**: ``[CHANGE][rREROLL][/ROLLED]TURN``

* CHANGE: ``+`` add a die, ``-3`` remove a held 3, ``=`` or nothing: keep the count;
* ``r`` and the values of held dice re-rolled, e.g. ``r2`` or ``r23``;
* ``/`` and the values rolled (re-rolled dice and an added die), e.g. ``/13``;
* TURN: ``L`` left, ``S`` straight on, ``R`` right.

The rulebook's Yellow keeps its 3, re-rolls its 2, adds a die and rolls 1 and 3, then turns right:
``+r2/13R``. Orange drops its 3 and re-rolls nothing: ``-3S``. A boat without dice that only turns
left: ``L``.

**Position**: ``COURSE | BOAT ; BOAT ; ... | COLOUR TURN``

* COURSE: ``@path/to/course.json``, or ``BOARD:RACE:SPOT0,SPOT1ARROW,SPOT2ARROW,SPOT3ARROW:START,FINISH``
  e.g. ``classic:A:A3,A1cw,A2cw,A4ccw:NE,W`` (the board in its default arrangement, or a
  ``.board`` path; arrows ``cw``/``ccw``; the start and finish directions across the tile);
* BOAT: ``COLOUR ROW,COL HEADING DICE dDAMAGE nNEXT`` and optionally ``cCOUNT`` (net crossings of
  the next buoy's line, COURSE-04), ``fPLACE`` (finished), ``x`` (sunk); DICE are digits such as
  ``313``, or ``-`` for none; NEXT is the next buoy, 1-3, or ``F`` for the finish;
* then the colour of the boat to move and the turn number.

Example: ``classic:A:A3,A1cw,A2cw,A4ccw:NE,W | yellow 16,7 NE 32 d0 n1 ; red 15,8 E - d1 n1 | red 3``
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, from_offset
from course_builder.powerboats.course.model import Course
from course_builder.powerboats.play.position import FINISH_NEXT, Boat, Move, Position, PositionError
from course_builder.powerboats.play.race import Race, Rules

_MOVE_RE = re.compile(r"^(?P<change>\+|-[123]|=)?(?:r(?P<reroll>[123]+))?(?:/(?P<rolled>[123]+))?"
                      r"(?P<turn>[LSR])$")


class NotationError(CourseBuilderError):
    """Notation that cannot be read; the message points at the bad part."""


# ------------------------------------------------------------------------------------------------
# moves
# ------------------------------------------------------------------------------------------------


def parse_move(text: str) -> Move:
    """A move from its notation, e.g. ``+r2/13R``."""
    t = text.strip()
    m = _MOVE_RE.match(t)
    if not m:
        raise NotationError(_move_problem(t))
    change = m.group("change") or "="
    removed = int(change[1]) if change.startswith("-") else None
    return Move(change[0], removed, _digits(m.group("reroll")), _digits(m.group("rolled")),
                m.group("turn"))


def _move_problem(t: str) -> str:
    if not t:
        return "empty move: expected e.g. '+r2/13R' (change, re-rolls, rolled values, turn)"
    if t[-1] not in "LSR":
        return f"move {t!r}: it must end with the turn L, S or R"
    bad = re.search(r"[^+\-=r/123LSR]", t)
    if bad:
        return (f"move {t!r}: unexpected {bad.group(0)!r} at column {bad.start() + 1} (dice "
                "values are 1, 2 or 3)")
    return (f"move {t!r}: expected [+ | -N | =][rVALUES][/ROLLED](L|S|R), e.g. '+r2/13R', "
            "'-3S', 'L'")


def _digits(text: str | None) -> tuple[int, ...]:
    return tuple(int(c) for c in text) if text else ()


def format_move(move: Move) -> str:
    change = {"+": "+", "-": f"-{move.removed}", "=": ""}[move.change]
    reroll = "r" + "".join(map(str, move.reroll)) if move.reroll else ""
    rolled = "/" + "".join(map(str, move.rolled)) if move.rolled else ""
    text = f"{change}{reroll}{rolled}{move.turn}"
    return text


# ------------------------------------------------------------------------------------------------
# courses in positions
# ------------------------------------------------------------------------------------------------


def course_code(race: Race) -> str:
    """The course part of a position's notation (``@file`` courses keep their reference)."""
    if race.notation_ref:
        return race.notation_ref
    c = race.course
    spots = [c.buoy(0).spot] + [f"{c.buoy(n).spot}{_arrow(c, n)}" for n in (1, 2, 3)]
    board = c.board_source.get("board", "classic")
    return (f"{board}:{c.race}:{','.join(str(s) for s in spots)}:"
            f"{c.tile.start_direction.name},{c.tile.finish_direction.name}")


def _arrow(course: Course, number: int) -> str:
    arrow = course.buoy(number).arrow
    return arrow.value if arrow is not None else ""


@lru_cache(maxsize=32)
def race_from_code(code: str, rules: Rules = Rules()) -> Race:  # noqa: B008 - frozen, hashable
    """The race a course code (or ``@file``) stands for; cached, since checking a course costs."""
    from course_builder.powerboats.course.model import spec_from_json
    from course_builder.powerboats.course.validate import validate
    from course_builder.powerboats.lake.catalog import board_from_source

    if code.startswith("@"):
        path = Path(code[1:])
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise NotationError(f"course {code!r}: cannot read it ({exc})") from None
    else:
        data = _course_data(code)
    spec = spec_from_json(data)
    board = board_from_source(spec.board_source)
    result = validate(spec, board)
    if not result.ok or result.course is None:
        raise NotationError(f"course {code!r} is not legal: {result.problems[0]}")
    return Race(board, result.course, rules, code if code.startswith("@") else None)


def _course_data(code: str) -> dict[str, Any]:
    parts = code.split(":")
    if len(parts) != 4:
        raise NotationError(f"course {code!r}: expected BOARD:RACE:SPOTS:START,FINISH, e.g. "
                            "'classic:A:A3,A1cw,A2cw,A4ccw:NE,W', or @course.json")
    board, race, spots, dirs = parts
    items = spots.split(",")
    if len(items) != 4:
        raise NotationError(f"course {code!r}: give the spots of buoys 0-3, e.g. A3,A1cw,A2cw,A4ccw")
    buoys: list[dict[str, Any]] = [{"number": 0, "spot": items[0]}]
    for n, item in enumerate(items[1:], start=1):
        m = re.fullmatch(r"([A-Ca-c][0-9]+)(cw|ccw)", item)
        if not m:
            raise NotationError(f"course {code!r}: buoy {n} {item!r} must be a spot and an arrow, "
                                "e.g. A1cw or A2ccw")
        buoys.append({"number": n, "spot": m.group(1), "arrow": m.group(2)})
    directions = dirs.split(",")
    if len(directions) != 2:
        raise NotationError(f"course {code!r}: give the start and finish directions, e.g. NE,W")
    return {"race": race.upper(), "board": {"board": board}, "buoys": buoys,
            "start_finish_tile": {"start_direction": directions[0],
                                  "finish_direction": directions[1]}}


# ------------------------------------------------------------------------------------------------
# positions
# ------------------------------------------------------------------------------------------------


def format_boat(b: Boat) -> str:
    r, c = b.hex.offset
    dice = "".join(map(str, b.dice)) or "-"
    nxt = "F" if b.next_buoy >= FINISH_NEXT else str(b.next_buoy)
    text = f"{b.colour} {r},{c} {b.heading.name} {dice} d{b.damage} n{nxt}"
    if b.crossings:
        text += f" c{b.crossings}"
    if b.finished:
        text += f" f{b.finished}"
    if b.sunk:
        text += " x"
    if b.redoubt:
        text += " w"
    return text


def format_position(position: Position) -> str:
    boats = " ; ".join(format_boat(b) for b in position.boats)
    return (f"{course_code(position.race)} | {boats} | {position.boat.colour} {position.turn}")


def parse_position(text: str, rules: Rules | None = None) -> Position:
    """A position from its notation; :class:`NotationError` points at the bad part."""
    rules = rules or Rules()
    sections = text.split("|")
    if len(sections) != 3:
        raise NotationError("position: expected 'COURSE | BOATS | COLOUR TURN' (3 parts split "
                            f"by '|'), got {len(sections)} part(s)")
    course_text, boats_text, state_text = (s.strip() for s in sections)
    race = race_from_code(course_text, rules)
    boats = [_parse_boat(boat_text.strip(), k)
             for k, boat_text in enumerate(boats_text.split(";"), start=1)]
    state = state_text.split()
    if len(state) != 2 or not state[1].isdigit():
        raise NotationError(f"position: the last part must be the colour to move and the turn "
                            f"number, e.g. 'red 3', got {state_text!r}")
    colours = [b.colour for b in boats]
    if state[0].lower() not in colours:
        raise NotationError(f"position: {state[0]!r} is to move but has no boat "
                            f"(boats: {', '.join(colours)})")
    try:
        return Position(race, tuple(boats), colours.index(state[0].lower()), int(state[1]))
    except PositionError as exc:
        raise NotationError(f"position: {exc}") from None


def _parse_boat(text: str, k: int) -> Boat:
    fields = text.split()
    where = f"boat {k} ({text!r})"
    if len(fields) < 6:
        raise NotationError(f"position: {where}: expected 'COLOUR ROW,COL HEADING DICE dDAMAGE "
                            "nNEXT', e.g. 'red 12,5 NE 31 d0 n1'")
    colour, hex_text, heading, dice, damage, nxt, *extra = fields
    m = re.fullmatch(r"(\d+),(\d+)", hex_text)
    if not m:
        raise NotationError(f"position: {where}: hex {hex_text!r} must be ROW,COL")
    try:
        direction = Direction.parse(heading)
    except ValueError:
        raise NotationError(f"position: {where}: unknown heading {heading!r} (E, NE, NW, W, SW "
                            "or SE)") from None
    if not re.fullmatch(r"-|[123]+", dice):
        raise NotationError(f"position: {where}: dice {dice!r} must be digits 1-3 or '-'")
    if not re.fullmatch(r"d[0-9]+", damage):
        raise NotationError(f"position: {where}: damage {damage!r} must look like d0, d2")
    if not re.fullmatch(r"n[123F]", nxt):
        raise NotationError(f"position: {where}: next buoy {nxt!r} must be n1, n2, n3 or nF")
    count, finished, sunk, redoubt = 0, 0, False, False
    for item in extra:
        if re.fullmatch(r"c-?[0-9]+", item):
            count = int(item[1:])
        elif re.fullmatch(r"f[0-9]+", item):
            finished = int(item[1:])
        elif item == "x":
            sunk = True
        elif item == "w":
            redoubt = True
        else:
            raise NotationError(f"position: {where}: unknown field {item!r} (cN count, fN "
                                "finished place, x sunk, w waiting on a redoubt)")
    return Boat(colour.lower(), from_offset(int(m.group(1)), int(m.group(2))), direction,
                _digits(dice if dice != "-" else ""), int(damage[1:]),
                FINISH_NEXT if nxt == "nF" else int(nxt[1]), count, finished, sunk, redoubt)


def position_to_json(position: Position) -> dict[str, Any]:
    return {
        "course": position.race.course.to_json(),
        "rules": position.race.rules.to_json(),
        "boats": [
            {"colour": b.colour, "hex": list(b.hex.offset), "heading": b.heading.name,
             "dice": list(b.dice), "damage": b.damage,
             "next_buoy": "finish" if b.next_buoy >= FINISH_NEXT else b.next_buoy,
             "crossings": b.crossings, "finished": b.finished, "sunk": b.sunk, "redoubt": b.redoubt}
            for b in position.boats
        ],
        "to_move": position.boat.colour,
        "turn": position.turn,
        "notation": format_position(position),
    }


def position_from_json(data: Any, rules: Rules | None = None) -> Position:
    """A position from its JSON form (:func:`position_to_json`); a ``notation`` alone is enough."""
    from course_builder.powerboats.course.model import spec_from_json
    from course_builder.powerboats.course.validate import validate
    from course_builder.powerboats.lake.catalog import board_from_source

    if not isinstance(data, dict):
        raise NotationError("a position file holds a JSON object")
    if "rules" in data:
        try:
            rules = Rules.from_json(data["rules"])
        except (TypeError, ValueError) as exc:
            raise NotationError(f"rules: {exc}") from None
    rules = rules or Rules()
    if "boats" not in data:
        if "notation" in data:
            return parse_position(str(data["notation"]), rules)
        raise NotationError("a position needs 'course' and 'boats' (or a 'notation')")
    spec = spec_from_json(data.get("course"))
    board = board_from_source(spec.board_source)
    checked = validate(spec, board)
    if not checked.ok or checked.course is None:
        raise NotationError(f"course is not legal: {checked.problems[0]}")
    race = Race(board, checked.course, rules)
    boats = []
    for k, b in enumerate(data["boats"], start=1):
        try:
            nxt = b.get("next_buoy", 1)
            boats.append(Boat(
                str(b["colour"]).lower(), from_offset(*b["hex"]), Direction.parse(b["heading"]),
                tuple(int(v) for v in b.get("dice", ())), int(b.get("damage", 0)),
                FINISH_NEXT if nxt == "finish" else int(nxt), int(b.get("crossings", 0)),
                int(b.get("finished", 0)), bool(b.get("sunk", False)),
                bool(b.get("redoubt", False))))
        except (KeyError, TypeError, ValueError) as exc:
            raise NotationError(f"boats[{k - 1}]: {exc}") from None
    colours = [b.colour for b in boats]
    to_move = str(data.get("to_move", colours[0] if colours else "")).lower()
    if to_move not in colours:
        raise NotationError(f"to_move: no {to_move!r} boat")
    try:
        return Position(race, tuple(boats), colours.index(to_move), int(data.get("turn", 1)))
    except PositionError as exc:
        raise NotationError(f"position: {exc}") from None


def read_position(text_or_path: str, rules: Rules | None = None) -> Position:
    """A position from notation, or from a file holding notation or the position's JSON."""
    path = Path(text_or_path)
    if "|" not in text_or_path and path.is_file():
        content = path.read_text(encoding="utf-8").strip()
        if content.startswith("{"):
            try:
                data = json.loads(content)
            except json.JSONDecodeError as exc:
                raise NotationError(f"{path}: not valid JSON ({exc})") from None
            return position_from_json(data, rules)
        return parse_position(content, rules)
    return parse_position(text_or_path, rules)
