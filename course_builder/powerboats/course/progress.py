"""Progress round the course: the rounding state machine shared by the route search and play.

A buoy's rounding line (:mod:`.rounding`) becomes a :class:`Gate`: the board steps that cross it
in the buoy's sense and those that cross it back. :func:`advance` is the whole of COURSE-04 in
docs/rulings.md. The state is the number of buoys rounded (the *phase*) and the net crossings, in
the buoys' senses, of the lines of the buoys not yet rounded that are open: a buoy's line opens
when the buoy before it is rounded for the first time, and counts from then on. The next buoy is
rounded when its count reaches +1; crossing the line of the buoy rounded last back again, before
the next one is rounded, undoes that rounding. A later line keeps counting while that rounding is
undone, but when the buoy before it is rounded again only its debt is kept: the line's net
count while undone, capped at 0 (a net wrong-way crossing stands; right-way crossings made out of
order pay off a wrong-way one but are never credited beyond it). So a buoy is rounded only by
crossings made after the buoy before it is rounded, and a boat cannot make up a wrong-way
crossing of buoy 3's line by going back round buoy 2.

Steps are encoded as ``from * n + to`` over board indices (``n`` hexes), so a gate is a set of
integers and the hot loops of the route search and the adjudicator test membership only.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from course_builder.core.values import Frozen
from course_builder.powerboats.course.rounding import RoundingLine, Sense
from course_builder.powerboats.lake.board import Board


class Gate(Frozen):
    """A buoy's rounding line as encoded board steps: those crossing it in the buoy's sense, and
    those crossing it back."""

    forward: frozenset[int]
    back: frozenset[int]


def gate_steps(board: Board, line: RoundingLine, sense: Sense) -> Gate:
    """The steps that round a buoy and the steps that undo it (COURSE-04). Only crossings that
    start in a body of water the buoy touches count: across a lake cut in two by land, a boat on
    the other side never goes round the buoy. The board keeps the steps across each line it is
    asked for (:meth:`~course_builder.powerboats.lake.board.Board.line_crossings`)."""
    # a step from the clockwise side onto the line crosses it counter-clockwise (rounding.py)
    ccw, cw = board.line_crossings(line.buoy, line.direction, len(line.hexes))
    return Gate(ccw, cw) if sense is Sense.CCW else Gate(cw, ccw)


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


Counts = tuple[int, ...]
"""Net crossings of the lines that are open and not yet rounded: the next buoy's first, then the
later buoys' lines a boat has already opened by getting that far before (COURSE-04)."""


def start_counts(buoys: int = 3) -> Counts:
    """The counts of a boat at the start: buoy 1's line is open, nothing crossed yet."""
    return (0,) if buoys else ()


def advance(phase: int, counts: Counts, step: int, gates: Sequence[Gate]) -> tuple[int, Counts]:
    """The rounding state after one step (COURSE-04).

    ``phase`` is the number of buoys rounded; ``counts`` the net crossings (+1 in the buoy's
    sense, -1 against it) of the open lines of the buoys not yet rounded, the next buoy's first. A
    buoy's line opens when the buoy before it is rounded for the first time and counts from then
    on, also while that rounding is undone. The next buoy is rounded when its count reaches +1.
    Crossing the line of the buoy rounded last back again, before the next one is rounded,
    undoes that rounding (its count is 0 again). When it is rounded again, the next line keeps
    only its debt (a count above 0, from right-way crossings made while the buoy before stood
    undone, goes back to 0): a buoy is rounded only by crossings made after the buoy before it
    is rounded. A step can cross several lines where they share it: each one counts, the
    crossing of a line in the step that rounds the buoy before it included.
    """
    new = list(counts)
    for j, count in enumerate(counts):
        gate = gates[phase + j]
        if step in gate.forward:
            new[j] = count + 1
        elif step in gate.back:
            new[j] = count - 1
    if phase and step in gates[phase - 1].back:
        return phase - 1, (0, *new)
    start = phase
    while new and new[0] >= 1:
        phase += 1
        del new[0]
        if new:  # a line opened before: it keeps its debt, not its crossings made out of order
            before = counts[phase - start]
            new[0] += min(before, 0) - before
        elif phase < len(gates):  # the next buoy's line opens with this step
            gate = gates[phase]
            new = [1 if step in gate.forward else -1 if step in gate.back else 0]
    return phase, tuple(new)


def progress_states(buoys: int = 3, lowest: int = -1, highest: int = 1
                    ) -> list[tuple[int, Counts]]:
    """Every rounding state whose counts lie between ``lowest`` and ``highest`` (the next buoy's
    below +1): the states a shortest route can be in (going further against a buoy's sense, or
    crossing a later line forward more than once while a rounding stands undone, never shortens
    a route: such a count is dropped when the rounding is made again)."""
    out: list[tuple[int, Counts]] = [(buoys, ())]
    for phase in range(buoys):
        for opened in range(1, buoys - phase + 1):
            for first in range(lowest, 1):
                out.extend((phase, (first, *rest)) for rest in itertools.product(
                    range(lowest, highest + 1), repeat=opened - 1))
    return out


