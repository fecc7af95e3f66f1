"""Reading the one-line notation of positions and moves (think FEN and SAN), and position JSON.

The models write their own notation (:meth:`Move.notation`, :meth:`Position.notation`); this
module reads it back.

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
  e.g. ``classic:A:A3,A4ccw,A1cw,A2cw:E,SW`` (the board in its default arrangement, or a
  ``.board`` path; arrows ``cw``/``ccw``; the start and finish directions across the tile);
* BOAT: ``COLOUR ROW,COL HEADING DICE dDAMAGE nNEXT`` and optionally ``cCOUNT[,LATER...]`` (net crossings of
  the next buoy's line, COURSE-04), ``fPLACE`` (finished), ``x`` (sunk); DICE are digits such as
  ``313``, or ``-`` for none; NEXT is the next buoy, 1-3, or ``F`` for the finish;
* then the colour of the boat to move and the turn number.

Example: ``classic:A:A3,A4ccw,A1cw,A2cw:E,SW | yellow 16,7 NE 32 d0 n1 ; red 15,8 E - d1 n1 | red 3``
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, from_offset
from course_builder.core.jsonread import Value, check_format, inside
from course_builder.powerboats.course.code import CourseCodeError, course_code_data
from course_builder.powerboats.course.load import (
    IllegalCourse,
    load_course,
    load_course_as_laid,
)
from course_builder.powerboats.lake.catalog import Catalog
from course_builder.powerboats.play.position import (
    FINISH_NEXT,
    Boat,
    DiceChange,
    Move,
    Position,
    PositionError,
    Turn,
)
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import Rules, RulesError

_MOVE_RE = re.compile(r"^(?P<change>\+|-[123]|=)?(?:r(?P<reroll>[123]+))?(?:/(?P<rolled>[123]+))?"
                      r"(?P<turn>[LSR])$")

if TYPE_CHECKING:
    from course_builder.powerboats.course.model import Course
    from course_builder.powerboats.lake.board import Board

ReadCourse = Callable[[str, Callable[[Any], Race]], Race]
"""Reads the course file an ``@reference`` in a position names and gives its data to the
reader it is given (the caller's file reader, which names the file and the line and column of a
bad value: :meth:`course_builder.core.jsonread.JsonDocument.read`)."""


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
    return Move(DiceChange(change[0]), removed, _digits(m.group("reroll")),
                _digits(m.group("rolled")), Turn(m.group("turn")))


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


# ------------------------------------------------------------------------------------------------
# courses in positions
# ------------------------------------------------------------------------------------------------


class RaceBook:
    """The races that positions name by course code or ``@reference``, each built and checked
    once. Owned by whoever reads positions (one command run, one web session), so nothing is kept
    beyond it; ``read_course`` reads ``@reference`` courses (none can be read without it).

    With ``tiles_as_laid`` a course whose expansion tiles break only the placement rule is
    judged on the tiles as laid (:func:`~course_builder.powerboats.course.load.load_course_as_laid`,
    COURSE-19) and :attr:`warnings` says, once per course, what ``validate`` would refuse."""

    def __init__(self, catalog: Catalog | None = None,
                 read_course: ReadCourse | None = None, *, tiles_as_laid: bool = False) -> None:
        self.catalog = catalog
        self.read_course = read_course
        self.tiles_as_laid = tiles_as_laid
        self.warnings: list[str] = []
        self._races: dict[tuple[str, Rules], Race] = {}

    def load(self, data: Any, name: str) -> tuple[Board, Course]:
        """The board and course of course data (``name`` it in a warning): checked, or with
        :attr:`tiles_as_laid` taken with its tiles as laid and a warning noted; raises
        :class:`~course_builder.powerboats.course.load.IllegalCourse`."""
        if not self.tiles_as_laid:
            return load_course(data, self.catalog)
        board, course, problems = load_course_as_laid(data, self.catalog)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            warning = (f"{name}: judged on the expansion tiles as laid; `validate` would refuse "
                       f"the course: {problems[0]}{more}")
            if warning not in self.warnings:
                self.warnings.append(warning)
        return board, course

    def race(self, code: str, rules: Rules | None = None) -> Race:
        """The race a course code (or ``@reference``) stands for, under ``rules``."""
        rules = rules or Rules()
        key = (code, rules)
        if key not in self._races:
            self._races[key] = self._build(code, rules)
        return self._races[key]

    def _build(self, code: str, rules: Rules) -> Race:
        def race(data: Any) -> Race:
            try:
                board, course = self.load(data, f"course {code!r}")
            except IllegalCourse as exc:
                raise NotationError(f"course {code!r} is not legal: {exc.problems[0]}") from None
            return Race(board, course, rules, code if code.startswith("@") else None)

        if code.startswith("@"):
            if self.read_course is None:
                raise NotationError(f"course {code!r}: course files cannot be read here; give "
                                    "the course code instead")
            return self.read_course(code[1:], race)
        try:
            data = course_code_data(code)
        except CourseCodeError as exc:
            raise NotationError(str(exc)) from None
        return race(data)


def race_from_code(code: str, rules: Rules | None = None, book: RaceBook | None = None) -> Race:
    """The race a course code (or ``@reference``) stands for."""
    return (book or RaceBook()).race(code, rules)


# ------------------------------------------------------------------------------------------------
# positions
# ------------------------------------------------------------------------------------------------


def parse_position(text: str, rules: Rules | None = None, book: RaceBook | None = None
                   ) -> Position:
    """A position from its notation; :class:`NotationError` points at the bad part. ``book``
    keeps the races of course codes already read (and reads ``@reference`` courses)."""
    sections = text.split("|")
    if len(sections) not in (3, 4):
        raise NotationError("position: expected 'COURSE | BOATS | COLOUR TURN [| RULES]' (3 or 4 "
                            f"parts split by '|'), got {len(sections)} part(s)")
    course_text, boats_text, state_text = (s.strip() for s in sections[:3])
    rules = _rules_of(sections[3] if len(sections) == 4 else None, rules)
    race = race_from_code(course_text, rules, book)
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
    return _checked(race, boats, colours.index(state[0].lower()), int(state[1]))


def _rules_of(text: str | None, given: Rules | None) -> Rules:
    """The rules of a position: its own RULES part, or those the caller gives; both, only when
    they agree (options given on the command line do not silently override a shared position)."""
    if text is None:
        return given or Rules()
    try:
        own = Rules.parse(text)
    except RulesError as exc:
        raise NotationError(f"position: {exc}") from None
    if given is not None and given != Rules() and given != own:
        raise NotationError(f"position: it carries the rules '{own.notation() or 'default'}', "
                            f"but the options given say '{given.notation()}'")
    return own


def _checked(race: Race, boats: list[Boat], to_move: int, turn: int) -> Position:
    """The position, refused with the reason when it cannot arise in play (MOVE-11)."""
    try:
        position = Position(race, tuple(boats), to_move, turn)
    except PositionError as exc:
        raise NotationError(f"position: {exc}") from None
    for b in boats:
        if len(b.dice) > turn:
            raise NotationError(f"position: {b.colour} holds {len(b.dice)} dice at turn {turn}, "
                                "but a boat starts a race with none and adds at most one a turn "
                                "(reference, \"Rolling Dice\"; MOVE-11)")
    return position


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
    later: tuple[int, ...] = ()
    for item in extra:
        if re.fullmatch(r"c-?[0-9]{1,3}(,-?[0-9]{1,3}){0,2}", item):
            count, *rest = (int(v) for v in item[1:].split(","))
            later = tuple(rest)
        elif re.fullmatch(r"f[0-9]+", item):
            finished = int(item[1:])
        elif item == "x":
            sunk = True
        elif item == "w":
            redoubt = True
        else:
            raise NotationError(f"position: {where}: unknown field {item!r} (cN crossings, fN "
                                "finished place, x sunk, w waiting on a redoubt)")
    return Boat(colour.lower(), from_offset(int(m.group(1)), int(m.group(2))), direction,
                _digits(dice if dice != "-" else ""), int(damage[1:]),
                FINISH_NEXT if nxt == "nF" else int(nxt[1]), count, finished, sunk, redoubt,
                later)


POSITION_FORMAT = "course_builder/powerboats-position"
"""The ``format`` a position file may name (docs/notation.md, "JSON")."""

POSITION_VERSION = 1

POSITION_FIELDS = ("format", "version", "course", "rules", "boats", "to_move", "turn",
                   "notation")
"""The fields of a position object (:meth:`Position.to_json`). The outcome ``adjudicate --format
json`` prints is read for its ``position`` alone; its other fields are the move's."""


def position_from_json(data: Any, rules: Rules | None = None, book: RaceBook | None = None
                       ) -> Position:
    """A position from its JSON form (:meth:`Position.to_json`); a ``notation`` alone is
    enough, and so is the outcome ``adjudicate --format json`` prints (its ``position`` after
    the move), so that a move's result can be the next question's position file."""
    value = Value(data, (), NotationError)
    top = value.fields(None, what="a position (a JSON object)")
    if "boats" in top or "position" not in top:
        top = value.fields(POSITION_FIELDS, what="a position (a JSON object)")
    check_format(top, POSITION_FORMAT, POSITION_VERSION)
    if "rules" in top:
        with inside(("rules",)):
            own = Rules.from_json(top["rules"].data)
        rules = _rules_of(own.notation(), rules)
    rules = rules or Rules()
    if "boats" not in top:
        if "notation" in top:
            return parse_position(top["notation"].string(longest=100_000), rules, book)
        if "position" in top:  # what `adjudicate --format json` printed: the position after it
            return parse_position(top["position"].string(longest=100_000), rules, book)
        raise top.refuse("a position needs 'course' and 'boats' (or a 'notation', or the "
                         "'position' of an adjudicated move)")
    try:
        with inside(("course",)):
            board, course = (book or RaceBook()).load(top["course"].data, "course")
    except IllegalCourse as exc:
        raise top["course"].refuse(f"the course is not legal: {exc.problems[0]}") from None
    race = Race(board, course, rules)
    boats = [_boat_from_json(b) for b in top["boats"].items(shortest=1, what="a list of boats")]
    colours = [b.colour for b in boats]
    to_move = top.get("to_move", colours[0])
    if to_move.string(what="a colour").lower() not in colours:
        raise to_move.refuse(f"no {to_move.data!r} boat (boats: {', '.join(colours)})")
    turn = top.get("turn", 1).whole(1)
    return _checked(race, boats, colours.index(to_move.data.lower()), turn)


BOAT_FIELDS = ("colour", "hex", "heading", "dice", "damage", "next_buoy", "crossings",
               "later_crossings", "finished", "sunk", "redoubt")


def _boat_from_json(value: Value) -> Boat:
    """One boat of a position's JSON, every field of the type :meth:`Boat.to_json` writes."""
    b = value.fields(BOAT_FIELDS, what="a boat (an object)")
    row, col = b["hex"].pair()
    heading = b["heading"]
    try:
        direction = Direction.parse(heading.string(what="a heading such as 'NE'"))
    except ValueError:
        raise heading.expected("a heading E, NE, NW, W, SW or SE") from None
    nxt = b.get("next_buoy", 1)
    if nxt.data != "finish" and (type(nxt.data) is not int or not 1 <= nxt.data <= 3):
        raise nxt.expected("1, 2, 3 or \"finish\"")
    return Boat(b["colour"].string(what="a colour such as 'red'").lower(), from_offset(row, col),
                direction, tuple(d.whole(1, 3) for d in b.get("dice", []).items(longest=5)),
                b.get("damage", 0).whole(0), FINISH_NEXT if nxt.data == "finish" else nxt.data,
                b.get("crossings", 0).whole(), b.get("finished", 0).whole(0),
                b.get("sunk", False).boolean(), b.get("redoubt", False).boolean(),
                tuple(c.whole() for c in b.get("later_crossings", []).items(longest=2)))
