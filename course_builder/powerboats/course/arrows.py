"""The arrow solver: which way round each of buoys 1-3, and the easiest start and finish.

Rules: reference, "Building a Course" (arrows such that boats need not circle a buoy; the easiest
start and finish directions); narrative, "Building a Course"; rulings COURSE-02, COURSE-03 and
COURSE-06 in docs/rulings.md. Both the course generator and the validator of laid-out courses use
it, on a :class:`CourseFrame`: the pieces that are fixed before any arrow is chosen.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import cached_property

from course_builder.core.hexgrid import Direction, Hex
from course_builder.core.values import Frozen
from course_builder.powerboats.course.circles import forced_circles
from course_builder.powerboats.course.model import Route
from course_builder.powerboats.course.progress import GateBook
from course_builder.powerboats.course.rounding import (
    RoundingLine,
    Sense,
    centre,
    line_to_edge,
    rounding_direction,
    sense_for_turn,
    turn,
)
from course_builder.powerboats.course.routing import NoRoute, RouteResult, shortest_route
from course_builder.powerboats.course.tile import crossing_side
from course_builder.powerboats.lake.board import Board

STRAIGHT_TURN = 0.2
"""Below this sine of the turn angle (about 11.5 degrees) a buoy counts as passed straight (or
as a hairpin): both arrows are tried and the shorter route wins (COURSE-02)."""

BOTH_SIDES = (1, -1)


class Sides(Frozen):
    """The sides of the start/finish tile boats may cross it towards, at the start and at the
    finish (+1 left of the tile's axis, -1 right); both, unless a laid-out course says which."""

    start: tuple[int, ...] = BOTH_SIDES
    finish: tuple[int, ...] = BOTH_SIDES

    @property
    def free(self) -> bool:
        return len(self.start) > 1 or len(self.finish) > 1


ANY_SIDES = Sides()


class CourseFrame(Frozen, dict=True):
    """What is fixed before the arrows are chosen: the board, the start/finish tile's hexes and
    axis, the hexes of buoys 1-3, every hex no boat may enter (the five buoys), and the gate book
    of the board (whoever solves courses on it owns one). A value with a ``__dict__``: it keeps
    its waypoints and turns in ``cached_property`` attributes.
    """

    board: Board
    tile: tuple[Hex, ...]
    axis: Direction
    buoys: tuple[Hex, ...]
    blocked: tuple[Hex, ...]
    gates: GateBook

    def waypoints(self) -> list[tuple[float, float]]:
        """Course polyline start tile -> 1 -> 2 -> 3 -> finish tile, in y-up coordinates."""
        return list(self._waypoints)

    @cached_property
    def _waypoints(self) -> tuple[tuple[float, float], ...]:
        t = centre(self.tile)
        return (t, *(centre([b]) for b in self.buoys), t)

    def clear_turns(self) -> list[bool]:
        """For buoys 1-3: does the course clearly turn there? False where it passes (nearly)
        straight on or doubles back, so that either arrow is as good (COURSE-02, COURSE-06)."""
        return list(self._clear_turns)

    @cached_property
    def _clear_turns(self) -> tuple[bool, ...]:
        pts = self._waypoints
        return tuple(abs(turn(pts[i], pts[i + 1], pts[i + 2])) >= STRAIGHT_TURN for i in range(3))

    def turn_senses(self) -> list[Sense]:
        """The arrow each buoy's turn asks for (a left turn: counter-clockwise)."""
        pts = self._waypoints
        return [sense_for_turn(pts[i], pts[i + 1], pts[i + 2]) for i in range(3)]


class ArrowSolution(Frozen):
    """Arrows for buoys 1-3, their rounding lines, the start and finish directions, and the
    shortest route they give (None when routes are not solved)."""

    arrows: tuple[Sense, ...]
    lines: tuple[RoundingLine, ...]
    start_direction: Direction
    finish_direction: Direction
    route: Route | None

    @classmethod
    def of(cls, arrows: Sequence[Sense], lines: Sequence[RoundingLine],
           result: RouteResult) -> ArrowSolution:
        return cls(tuple(arrows), tuple(lines), result.start_direction, result.finish_direction,
                   result.route)


def rounding_lines(frame: CourseFrame, arrows: Sequence[Sense]) -> tuple[RoundingLine, ...]:
    """The rounding lines of buoys 1-3 for the given arrows (COURSE-03)."""
    pts = frame.waypoints()
    lines = []
    for i, b in enumerate(frame.buoys):
        d = crossable_direction(frame.board, b, rounding_direction(pts[i], pts[i + 1],
                                                                   pts[i + 2], arrows[i]))
        lines.append(line_to_edge(frame.board, b, d))
    return tuple(lines)


def crossable_direction(board: Board, buoy: Hex, direction: Direction) -> Direction:
    """The line direction itself, or where it runs over land all the way to the edge of the
    lake (a buoy against the shore), the nearest direction a boat can cross (COURSE-03)."""
    for turn_by in (0, 1, -1, 2, -2, 3):
        d = direction.left(turn_by)
        if board.crossable(buoy, d):
            return d
    return direction


def route(frame: CourseFrame, lines: Sequence[RoundingLine], arrows: Sequence[Sense],
          sides: Sides = ANY_SIDES) -> RouteResult | NoRoute:
    """The shortest legal route for a laid-out course (COURSE-05)."""
    gates = [frame.gates.gate(line, sense) for line, sense in zip(lines, arrows, strict=True)]
    return shortest_route(frame.board, blocked=frame.blocked, tile=frame.tile, axis=frame.axis,
                          gates=gates, start_sides=sides.start, finish_sides=sides.finish)


def quick_arrows(frame: CourseFrame) -> ArrowSolution:
    """Arrows from the turns alone; start towards buoy 1, finish coming from buoy 3."""
    pts = frame.waypoints()
    arrows = frame.turn_senses()
    lines = rounding_lines(frame, arrows)
    start = _facing(frame.axis, pts[0], pts[1])
    finish = _facing(frame.axis, pts[3], pts[0])
    return ArrowSolution(tuple(arrows), lines, start, finish, None)


def _facing(axis: Direction, source: tuple[float, float], target: tuple[float, float]
            ) -> Direction:
    """The tile-crossing direction closest to the way from ``source`` to ``target``."""
    vx, vy = target[0] - source[0], target[1] - source[1]
    crossing = [d for d in Direction if crossing_side(axis, d)]
    return max(crossing, key=lambda d: vx * math.cos(math.radians(d.angle))
               + vy * math.sin(math.radians(d.angle)))


def circle_count(frame: CourseFrame, result: RouteResult) -> int:
    """At how many buoys the route sweeps a complete circle (see :mod:`.circles`)."""
    return sum(forced_circles(result.route, frame.buoys, frame.clear_turns(), count=True))


def usable_lines(frame: CourseFrame, arrows: Sequence[Sense], sides: Sides = ANY_SIDES
                 ) -> tuple[tuple[RoundingLine, ...], RouteResult | NoRoute]:
    """The rounding lines for the arrows, with the shortest route over them.

    Normally the lines of :func:`rounding_lines`. Where no route can round a buoy across its line
    in its sense (a buoy at the tip of a peninsula, whose line would close off a dead end), that
    line turns to the nearest direction across which the course can be sailed (COURSE-03): the
    buoy that could not be rounded first, then the one before it.
    """
    lines = list(rounding_lines(frame, arrows))
    defaults = [line.direction for line in lines]
    turns = (1, -1, 2, -2, 3)
    tries = [0, 0, 0]
    while True:
        result = route(frame, lines, arrows, sides)
        if not isinstance(result, NoRoute) or result.stuck == 0:
            return tuple(lines), result
        k = min(result.stuck, len(lines)) - 1
        while k >= 0 and tries[k] >= len(turns):
            k -= 1
        if k < 0:  # no line helps: report what goes wrong with the lines as they should be
            first = rounding_lines(frame, arrows)
            return first, route(frame, first, arrows, sides)
        for j in range(k + 1, len(lines)):  # later buoys start over from their own lines
            tries[j] = 0
            lines[j] = line_to_edge(frame.board, frame.buoys[j], defaults[j])
        d = defaults[k].left(turns[tries[k]])
        tries[k] += 1
        lines[k] = line_to_edge(frame.board, frame.buoys[k], d)


def best_route(frame: CourseFrame, arrows: Sequence[Sense], sides: Sides = ANY_SIDES
               ) -> tuple[tuple[RoundingLine, ...], RouteResult | NoRoute]:
    """The easiest route for given arrows, with its rounding lines: fewest leg crossings at
    buoys, then shortest, over the allowed start and finish sides ("choose the easiest start and
    finish directions", reference, "Building a Course"). The route that picks its sides freely is
    tried first; only if it crosses itself at a buoy are the side pairs tried one by one."""
    lines, best, _circles = _scored_best_route(frame, arrows, sides)
    return lines, best


def _scored_best_route(frame: CourseFrame, arrows: Sequence[Sense], sides: Sides
                       ) -> tuple[tuple[RoundingLine, ...], RouteResult | NoRoute, int]:
    """:func:`best_route` with the number of complete circles of the route it found (0 for no
    route), which the arrow solver ranks by too (counted once)."""
    lines, free = usable_lines(frame, arrows, sides)
    if isinstance(free, NoRoute):
        return lines, free, 0
    best, best_score = free, (circle_count(frame, free), free.route.length)
    if best_score[0] == 0 or not sides.free:
        return lines, best, best_score[0]
    taken = (crossing_side(frame.axis, free.start_direction),
             crossing_side(frame.axis, free.finish_direction))
    for start_side, finish_side in itertools.product(sides.start, sides.finish):
        if (start_side, finish_side) == taken:
            continue  # the free search's own sides: its route is already known
        found = route(frame, lines, arrows, Sides((start_side,), (finish_side,)))
        if isinstance(found, NoRoute):
            continue
        score = (circle_count(frame, found), found.route.length)
        if score < best_score:
            best, best_score = found, score
    return lines, best, best_score[0]


def solve_arrows(frame: CourseFrame) -> ArrowSolution | None:
    """Choose the arrows of buoys 1-3 and the start and finish directions (COURSE-02).

    Each arrow follows the course's turn at its buoy (a left turn: counter-clockwise); where the
    course runs straight or doubles back at a buoy both senses are equally good. Among all arrow
    choices, the winner's easiest route has the fewest crossings of a leg leaving a buoy with the
    leg arriving there (none, unless the buoys' positions force one whatever the arrows), then
    departs least from the turns, then is the shortest.
    """
    preferred = frame.turn_senses()
    doubtful = [not c for c in frame.clear_turns()]
    combos = []
    for flips in itertools.product((False, True), repeat=3):
        arrows = tuple(p.flipped() if f else p for p, f in zip(preferred, flips, strict=True))
        cost = sum(1 for f, d in zip(flips, doubtful, strict=True) if f and not d)
        combos.append((cost, arrows))
    combos.sort(key=lambda c: c[0])
    best: tuple[tuple[int, int, int], ArrowSolution] | None = None
    for cost, arrows in combos:
        if best is not None and best[0][0] == 0 and cost > best[0][1]:
            break  # a route without crossings and closer to the turns is already known
        lines, found, circles = _scored_best_route(frame, arrows, ANY_SIDES)
        if isinstance(found, NoRoute):
            continue
        score = (circles, cost, found.route.length)
        if best is None or score < best[0]:
            best = (score, ArrowSolution.of(arrows, lines, found))
    return best[1] if best else None
