"""Progress round the course: the rounding state machine shared by the route search and play.

A buoy's rounding line (:mod:`.rounding`) becomes a :class:`Gate`: the board steps that cross it
in the buoy's sense and those that cross it back. :func:`advance` is the whole of COURSE-04 in
docs/rulings.md: the state is the number of buoys rounded and the net crossings of the next buoy's
line since then; the buoy is rounded when that count reaches +1, and crossing the line of the buoy
rounded last back again, before the next one is rounded, undoes that rounding.

Steps are encoded as ``from * n + to`` over board indices (``n`` hexes), so a gate is a set of
integers and the hot loops of the route search and the adjudicator test membership only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from course_builder.powerboats.course.rounding import RoundingLine, Sense
from course_builder.powerboats.lake.board import Board


@dataclass(frozen=True)
class Gate:
    """A buoy's rounding line as encoded board steps: those crossing it in the buoy's sense, and
    those crossing it back."""

    forward: frozenset[int]
    back: frozenset[int]


def gate_steps(board: Board, line: RoundingLine, sense: Sense) -> Gate:
    """The steps that round a buoy and the steps that undo it (COURSE-04). Only crossings that
    start in a body of water the buoy touches count: across a lake cut in two by land, a boat on
    the other side never goes round the buoy."""
    n = len(board)
    areas = board.areas_around(line.buoy)
    water_area = board.water_areas
    forward: set[int] = set()
    back: set[int] = set()
    buoy = board.index_or_none(line.buoy)
    if buoy is None:
        return Gate(frozenset(), frozenset())
    # a step from the clockwise side onto the line crosses it counter-clockwise (rounding.py)
    ccw, cw = (forward, back) if sense is Sense.CCW else (back, forward)
    for y, x in board.half_line_sides(buoy, line.direction)[: 2 * len(line.hexes)]:
        if x == -1:
            continue
        if water_area[x] in areas:
            ccw.add(x * n + y)
        if water_area[y] in areas:
            cw.add(y * n + x)
    return Gate(frozenset(forward), frozenset(back))


class GateBook:
    """The gates of one board, each computed once: the arrow solver asks for the same line again
    for every start and finish side it tries. Owned by whoever solves courses on the board (a
    :class:`~course_builder.powerboats.course.generate.CourseMaker`, one validation)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._gates: dict[tuple[RoundingLine, Sense], Gate] = {}

    def gate(self, line: RoundingLine, sense: Sense) -> Gate:
        key = (line, sense)
        found = self._gates.get(key)
        if found is None:
            found = self._gates[key] = gate_steps(self.board, line, sense)
        return found


def advance(phase: int, count: int, step: int, gates: Sequence[Gate]) -> tuple[int, int]:
    """The rounding state after one step (COURSE-04).

    ``phase`` is the number of buoys rounded; ``count`` the net crossings of the next buoy's line
    since then (+1 in the buoy's sense, -1 against it). The buoy is rounded when the count reaches
    +1. Crossing the line of the buoy rounded last back again, before the next one is rounded,
    undoes that rounding.
    """
    if phase and step in gates[phase - 1].back:
        return phase - 1, 0
    if phase < len(gates):
        gate = gates[phase]
        if step in gate.forward:
            return (phase + 1, 0) if count >= 0 else (phase, count + 1)
        if step in gate.back:
            return phase, count - 1
    return phase, count
