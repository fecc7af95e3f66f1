"""Positions and moves as plain data (rules reference, "Turn Structure").

A :class:`Position` is the race (board, course, rules) plus the boats: each with its hex, heading
(a boat points at a hex side, so one of the six directions), the dice it holds, its damage, the
next buoy to round and how far it has got round it, and whether it has finished or sunk; plus
whose turn it is and the turn number. A :class:`Move` is the dice step (add one die, remove one,
or keep the count; which held dice are re-rolled; the values rolled) and the turn (left, none,
right). Dice are inputs: the adjudicator never rolls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex
from course_builder.powerboats.play.race import Race

FINISH_NEXT = 4
"""``next_buoy`` of a boat that has rounded buoy 3 and heads for the finish."""

TURNS = {"L": 1, "S": 0, "R": -1}
"""The turn letters and how many 60-degree steps counter-clockwise they turn the boat."""


class PositionError(CourseBuilderError):
    """A position that is not possible (two boats on one hex, a boat on land, ...)."""


class Boat(NamedTuple):
    """One speedboat in a race (an immutable record; cheap to make, as the adjudicator makes one
    per move)."""

    colour: str
    hex: Hex
    heading: Direction
    dice: tuple[int, ...] = ()
    damage: int = 0
    next_buoy: int = 1
    """1, 2 or 3; 4 once buoy 3 is rounded (heading for the finish)."""
    crossings: int = 0
    """Net crossings of the next buoy's rounding line since the last buoy was rounded (COURSE-04)."""
    finished: int = 0
    """Finishing place (1 = first), 0 while racing."""
    sunk: bool = False
    redoubt: bool = False
    """Ended its last move on a Redoubt: this turn its dice count double and it may not turn."""

    @property
    def speed(self) -> int:
        return sum(self.dice)

    @property
    def racing(self) -> bool:
        return not self.finished and not self.sunk


@dataclass(frozen=True)
class Move:
    """A turn: change the dice count by one at most, re-roll any held dice, roll, turn.

    ``change`` is ``"+"`` (add a die), ``"-"`` (remove the held die of value ``removed``) or
    ``"="``; ``reroll`` the values of held dice rolled again; ``rolled`` the values they (and an
    added die) came up with; ``turn`` ``"L"``, ``"S"`` or ``"R"``.
    """

    change: str = "="
    removed: int | None = None
    reroll: tuple[int, ...] = ()
    rolled: tuple[int, ...] = ()
    turn: str = "S"

    def __str__(self) -> str:
        from course_builder.powerboats.play.notation import format_move

        return format_move(self)


@dataclass(frozen=True)
class Position:
    """Boats on a race course, whose turn it is and the turn number."""

    race: Race = field(compare=False, repr=False)
    boats: tuple[Boat, ...]
    to_move: int = 0
    """Index in ``boats`` of the boat whose turn it is."""
    turn: int = 1

    def __post_init__(self) -> None:
        seen: dict[Hex, str] = {}
        colours = set()
        for b in self.boats:
            if b.colour in colours:
                raise PositionError(f"two boats are {b.colour}")
            colours.add(b.colour)
            if b.sunk or (b.finished and not self.race.rules.finished_boats_block):
                continue
            if not self.race.board.is_water(b.hex):
                raise PositionError(f"{b.colour} is on land at {b.hex.offset}")
            if self.race.board.index(b.hex) in self.race.buoy_index:
                raise PositionError(f"{b.colour} is on a buoy at {b.hex.offset}")
            if b.hex in seen:
                raise PositionError(f"{b.colour} and {seen[b.hex]} share the hex {b.hex.offset}")
            seen[b.hex] = b.colour
            if any(v not in (1, 2, 3) for v in b.dice):
                raise PositionError(f"{b.colour} holds a die that is not 1, 2 or 3")
            if not 0 <= b.damage < 4:
                raise PositionError(f"{b.colour} has {b.damage} damage; 4 or more sinks a boat")
        if not 0 <= self.to_move < len(self.boats):
            raise PositionError("the boat to move is not in the race")

    @property
    def boat(self) -> Boat:
        """The boat whose turn it is."""
        return self.boats[self.to_move]

    def by_colour(self, colour: str) -> Boat:
        for b in self.boats:
            if b.colour == colour.lower():
                return b
        raise PositionError(f"no {colour} boat in this position")

    def derive(self, boats: tuple[Boat, ...], to_move: int, turn: int) -> Position:
        """A position made by a legal move from this one: not checked again (the adjudicator's
        own result; positions from users go through the checking constructor)."""
        new = object.__new__(Position)
        object.__setattr__(new, "race", self.race)
        object.__setattr__(new, "boats", boats)
        object.__setattr__(new, "to_move", to_move)
        object.__setattr__(new, "turn", turn)
        return new

    def __str__(self) -> str:
        from course_builder.powerboats.play.notation import format_position

        return format_position(self)
