"""Positions and moves as plain data, each with its one-line notation (rules reference, "Turn
Structure"; docs/notation.md).

A :class:`Position` is the race (board, course, rules) plus the boats: each with its hex, heading
(a boat points at a hex side, so one of the six directions), the dice it holds, its damage, the
next buoy to round and how far it has got round it, and whether it has finished or sunk; plus
whose turn it is and the turn number. A turn is a :class:`DiceStep` (add one die, remove one, or
keep the count; which held dice are re-rolled), the values rolled (chance), and a :class:`Turn`
(left, none, right): together a :class:`Move`. Dice are inputs: the rules never roll.

As in python-chess (``Board.fen()``, ``Move.uci()``), the models write their own notation
(:meth:`Move.notation`, :meth:`Position.notation`); reading it back is :mod:`.notation`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex
from course_builder.core.values import Frozen, force_setattr
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import SINK_AT

FINISH_NEXT = 4
"""``next_buoy`` of a boat that has rounded buoy 3 and heads for the finish."""

DIE_FACES = (1, 2, 3)
"""The faces of a Powerboats die (reference, "Components": triangular 1-2-3 dice)."""

BOAT_COLOURS = ("yellow", "red", "orange", "purple", "black", "green", "blue", "white")
"""The names boats may have (reference, "Contents": six speedboats in player colours, not named;
the rulebook's examples name Yellow, Red and Purple). The project's sets and mats use the first
six; blue and white are common in other editions (MOVE-11)."""


class PositionError(CourseBuilderError):
    """A position that is not possible (two boats on one hex, a boat on land, ...)."""


class DiceChange(StrEnum):
    """The first part of a turn (reference, "Rolling Dice"): add a die, remove one, or keep the
    count. The values are the notation's signs."""

    ADD = "+"
    REMOVE = "-"
    KEEP = "="


class Turn(StrEnum):
    """Turning before moving (reference, "Turning Your Speedboat"): the notation's letters."""

    LEFT = "L"
    STRAIGHT = "S"
    RIGHT = "R"

    @property
    def steps(self) -> int:
        """60-degree steps counter-clockwise: +1 left, 0 straight, -1 right."""
        return _TURN_STEPS[self]

    @property
    def word(self) -> str:
        return _TURN_WORDS[self]


_TURN_STEPS = {Turn.LEFT: 1, Turn.STRAIGHT: 0, Turn.RIGHT: -1}
_TURN_WORDS = {Turn.LEFT: "left", Turn.STRAIGHT: "straight", Turn.RIGHT: "right"}
TURN_ORDER = (Turn.LEFT, Turn.STRAIGHT, Turn.RIGHT)
"""The three headings open to a boat, in the order previews and traces list them."""


class Boat(Frozen):
    """One speedboat in a race (a value; the kernel makes one per move)."""

    colour: str
    hex: Hex
    heading: Direction
    dice: tuple[int, ...] = ()
    damage: int = 0
    next_buoy: int = 1
    """1, 2 or 3; 4 once buoy 3 is rounded (heading for the finish)."""
    crossings: int = 0
    """Net crossings of the next buoy's rounding line in its sense (COURSE-04); 0 or less."""
    finished: int = 0
    """Finishing place (1 = first), 0 while racing."""
    sunk: bool = False
    redoubt: bool = False
    """Ended its last move on a Redoubt: this turn its dice count double and it may not turn."""
    later: tuple[int, ...] = ()
    """Net crossings of the open lines of the buoys after the next one: lines opened when the
    boat got that far before a rounding was undone (COURSE-04)."""

    @property
    def progress(self) -> tuple[int, tuple[int, ...]]:
        """The rounding state (:func:`~course_builder.powerboats.course.progress.advance`):
        buoys rounded, and the counts of the open lines of the others, the next buoy's first."""
        phase = self.next_buoy - 1
        if phase >= 3:
            return 3, ()
        return phase, (self.crossings, *self.later)

    @property
    def speed(self) -> int:
        return sum(self.dice)

    @property
    def racing(self) -> bool:
        return not self.finished and not self.sunk

    def notation(self) -> str:
        """``COLOUR ROW,COL HEADING DICE dDAMAGE nNEXT`` and the optional fields (notation.md)."""
        r, c = self.hex.offset
        dice = "".join(map(str, self.dice)) or "-"
        nxt = "F" if self.next_buoy >= FINISH_NEXT else str(self.next_buoy)
        text = f"{self.colour} {r},{c} {self.heading.name} {dice} d{self.damage} n{nxt}"
        if self.crossings or self.later:
            text += f" c{self.crossings}" + "".join(f",{k}" for k in self.later)
        if self.finished:
            text += f" f{self.finished}"
        if self.sunk:
            text += " x"
        if self.redoubt:
            text += " w"
        return text

    def to_json(self) -> dict[str, Any]:
        return {"colour": self.colour, "hex": list(self.hex.offset), "heading": self.heading.name,
                "dice": list(self.dice), "damage": self.damage,
                "next_buoy": "finish" if self.next_buoy >= FINISH_NEXT else self.next_buoy,
                "crossings": self.crossings, "later_crossings": list(self.later),
                "finished": self.finished, "sunk": self.sunk, "redoubt": self.redoubt}


class DiceStep(Frozen):
    """The dice decision of a turn: ``change`` the count by one at most (``removed`` is the value
    of the die taken away) and ``reroll`` these held values. The dice then rolled are
    :attr:`rolled_count`: the re-rolled ones and an added one."""

    change: DiceChange = DiceChange.KEEP
    removed: int | None = None
    reroll: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if type(self.change) is not DiceChange:
            _coerce(self, change=DiceChange)

    @property
    def rolled_count(self) -> int:
        return len(self.reroll) + (1 if self.change is DiceChange.ADD else 0)

    def then(self, rolled: tuple[int, ...], turn: Turn = Turn.STRAIGHT) -> Move:
        """The move made of this dice step, the values rolled and a turn."""
        return Move(self.change, self.removed, self.reroll, tuple(rolled), Turn(turn))

    def notation(self) -> str:
        """The move notation without the rolled values and the turn, e.g. ``+r2``."""
        change = {DiceChange.ADD: "+", DiceChange.REMOVE: f"-{self.removed}",
                  DiceChange.KEEP: ""}[self.change]
        return change + ("r" + "".join(map(str, self.reroll)) if self.reroll else "")


class Move(Frozen):
    """A turn: change the dice count by one at most, re-roll any held dice, roll, turn.

    ``change`` is ``+`` (add a die), ``-`` (remove the held die of value ``removed``) or ``=``;
    ``reroll`` the values of held dice rolled again; ``rolled`` the values they (and an added die)
    came up with; ``turn`` ``L``, ``S`` or ``R``.
    """

    change: DiceChange = DiceChange.KEEP
    removed: int | None = None
    reroll: tuple[int, ...] = ()
    rolled: tuple[int, ...] = ()
    turn: Turn = Turn.STRAIGHT

    def __post_init__(self) -> None:
        if type(self.change) is not DiceChange or type(self.turn) is not Turn:
            _coerce(self, change=DiceChange, turn=Turn)

    @property
    def dice_step(self) -> DiceStep:
        return DiceStep(self.change, self.removed, self.reroll)

    def notation(self) -> str:
        """``[CHANGE][rREROLL][/ROLLED]TURN``, e.g. ``+r2/13R`` (docs/notation.md)."""
        rolled = "/" + "".join(map(str, self.rolled)) if self.rolled else ""
        return f"{self.dice_step.notation()}{rolled}{self.turn.value}"

    def __str__(self) -> str:
        return self.notation()


def _coerce(value: Frozen, **kinds: type[StrEnum]) -> None:
    """Accept the notation's letters for enum fields (``"+"``, ``"S"``) in values."""
    for name, kind in kinds.items():
        given = getattr(value, name)
        try:
            force_setattr(value, name, kind(given))
        except ValueError:
            choices = ", ".join(repr(k.value) for k in kind)
            raise PositionError(f"{name} must be one of {choices}, got {given!r}") from None


class Position(Frozen):
    """Boats on a race course, whose turn it is and the turn number.

    A value, checked when made (:class:`PositionError` for a position that cannot be); equal to
    (and hashing as) a position with the same boats, boat to move and turn, whatever its race
    object, and printed without the race. :meth:`derive` makes the kernel's positions without
    the check.
    """

    race: Race
    boats: tuple[Boat, ...]
    to_move: int = 0
    """Index in ``boats`` of the boat whose turn it is."""
    turn: int = 1

    def __post_init__(self) -> None:
        if self.race is not _UNPICKLING:
            self._check()

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return (self.boats, self.to_move, self.turn) == (other.boats, other.to_move,
                                                             other.turn)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.boats, self.to_move, self.turn))

    def __repr__(self) -> str:
        return (f"{type(self).__qualname__}(boats={self.boats!r}, to_move={self.to_move!r}, "
                f"turn={self.turn!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as it is, and unpickled without the check (as :meth:`derive` makes it)."""
        return _unpickle, (self.race, self.boats, self.to_move, self.turn)

    def _check(self) -> None:
        """Refuse a position that is not possible (:class:`PositionError`)."""
        seen: dict[Hex, str] = {}
        colours = set()
        if not self.boats:
            raise PositionError("a position needs at least one boat")
        if not 0 <= self.to_move < len(self.boats):
            raise PositionError("the boat to move is not in the race")
        if self.turn < 1:
            raise PositionError(f"the turn number must be 1 or more, got {self.turn}")
        for b in self.boats:
            if b.colour not in BOAT_COLOURS:
                raise PositionError(f"no boat is {b.colour!r}: boat colours are "
                                    f"{', '.join(BOAT_COLOURS)} (MOVE-11)")
            if b.colour in colours:
                raise PositionError(f"two boats are {b.colour}")
            colours.add(b.colour)
            if b.finished and b.sunk:
                raise PositionError(f"{b.colour} is marked both finished (f{b.finished}) and "
                                    "sunk (x): a boat that finishes is not sunk (MOVE-11)")
            if b.sunk or (b.finished and not self.race.rules.finished_boats_block):
                continue
            self._check_afloat(b, seen)

    def _check_afloat(self, b: Boat, seen: dict[Hex, str]) -> None:
        race = self.race
        if not race.board.contains(b.hex):
            rows, cols = race.board.rows, race.board.cols
            raise PositionError(f"{b.colour} is off the lake at {b.hex.offset}: the lake has rows "
                                f"0-{rows - 1} and columns 0-{cols - 1}")
        if not race.board.is_water(b.hex):
            raise PositionError(f"{b.colour} is on land at {b.hex.offset}")
        if race.board.index(b.hex) in race.buoy_index:
            raise PositionError(f"{b.colour} is on a buoy at {b.hex.offset}")
        if b.hex in seen:
            raise PositionError(f"{b.colour} and {seen[b.hex]} share the hex {b.hex.offset}")
        seen[b.hex] = b.colour
        if any(v not in DIE_FACES for v in b.dice):
            raise PositionError(f"{b.colour} holds a die that is not 1, 2 or 3")
        if not 0 <= b.damage < SINK_AT:
            raise PositionError(f"{b.colour} has {b.damage} damage; {SINK_AT} or more sinks a boat")
        if not 1 <= b.next_buoy <= FINISH_NEXT:
            raise PositionError(f"{b.colour}'s next buoy is 1, 2, 3 or the finish")
        if b.crossings > 0:
            raise PositionError(f"{b.colour}: the next buoy's crossing count is 0 or less (at +1 "
                                "the buoy is rounded, COURSE-04)")
        if len(b.later) > max(0, FINISH_NEXT - 1 - b.next_buoy):
            raise PositionError(f"{b.colour}: crossing counts are given for buoy "
                                f"{b.next_buoy} and the ones after it only")

    @property
    def boat(self) -> Boat:
        """The boat whose turn it is."""
        return self.boats[self.to_move]

    @property
    def race_over(self) -> bool:
        """No boat is racing any more: all have finished or sunk."""
        return not any(b.racing for b in self.boats)

    def by_colour(self, colour: str) -> Boat:
        for b in self.boats:
            if b.colour == colour.lower():
                return b
        raise PositionError(f"no {colour} boat in this position")

    def derive(self, boats: tuple[Boat, ...], to_move: int, turn: int) -> Position:
        """A position made by a legal move from this one, on its race, not checked again: the
        kernel's own result (positions from users go through the checking constructor).

        A copy with three fields set: 0.12 microseconds, where the check costs 3.5 with three
        boats, as much as the move itself (benchmarks/adjudicate.py)."""
        new = _copy(self)
        force_setattr(new, "boats", boats)
        force_setattr(new, "to_move", to_move)
        force_setattr(new, "turn", turn)
        return new

    def notation(self) -> str:
        """``COURSE | BOAT ; BOAT ; ... | COLOUR TURN``, then ``| RULES`` when the rules options
        in force are not the defaults (docs/notation.md): a shared position says which rules judge
        it."""
        boats = " ; ".join(b.notation() for b in self.boats)
        text = f"{self.race.code} | {boats} | {self.boat.colour} {self.turn}"
        rules = self.race.rules.notation()
        return f"{text} | {rules}" if rules else text

    def to_json(self) -> dict[str, Any]:
        return {
            "course": self.race.course.to_json(),
            "rules": self.race.rules.to_json(),
            "boats": [b.to_json() for b in self.boats],
            "to_move": self.boat.colour,
            "turn": self.turn,
            "notation": self.notation(),
        }

    def __str__(self) -> str:
        return self.notation()


_copy = Position.__copy__  # type: ignore[attr-defined]  # msgspec.Struct has one
"""A position's fields copied as they are, without ``__post_init__``."""


_UNPICKLING: Any = object()
"""The race of a position being unpickled, until it is given its own: not checked again."""


def _unpickle(race: Race, boats: tuple[Boat, ...], to_move: int, turn: int) -> Position:
    """A pickled position as it was: it was checked, or made by the kernel, when first made
    (Dask and process pools pickle positions)."""
    new = Position(_UNPICKLING, boats, to_move, turn)
    force_setattr(new, "race", race)
    return new
