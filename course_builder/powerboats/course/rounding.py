"""Rounding a buoy, made exact: rounding senses, rounding lines and crossing them.

The rules say only that buoys 1-3 carry leftward or rightward arrows and must be rounded in order
(reference, "Building a Course"; narrative, "Building a Course"). The designer's own online version
marks the line a boat must cross with chevrons. This module makes that line exact on the hex grid
(docs/rulings.md, COURSE-03 and COURSE-04):

* A buoy's **rounding line** is a half-line of hexes from the buoy along one of the six hex
  directions, pointing away from both neighbouring waypoints (the outward bisector of the course's
  turn at the buoy, snapped to the nearest hex axis). It runs to the edge of the lake, through
  islands.
* Hexes **on** the line belong to the counter-clockwise side of it. A single step between
  neighbouring hexes then crosses the line exactly when it moves between the line and the hexes
  just clockwise of it; moving onto the line is a counter-clockwise crossing, moving off it to the
  clockwise side a clockwise one.
* A buoy is **rounded** when, after the previous buoy was rounded, the boat's path crosses its
  line in the buoy's sense.

Senses are seen from above with the board in its printed orientation (row 0 at the top).
Everything here is integer hex maths; no floating point decides a crossing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import StrEnum
from typing import TYPE_CHECKING

from course_builder.core.hexgrid import DIRECTIONS, Direction, Hex, Layout, ray
from course_builder.core.values import Frozen

if TYPE_CHECKING:
    from course_builder.powerboats.lake.board import Board

_UNIT = Layout(1.0)


class Sense(StrEnum):
    """Which way round a buoy: clockwise or counter-clockwise seen from above."""

    CW = "cw"
    CCW = "ccw"

    def flipped(self) -> Sense:
        return Sense.CCW if self is Sense.CW else Sense.CW

    @property
    def words(self) -> str:
        return "clockwise" if self is Sense.CW else "counter-clockwise"

    @classmethod
    def parse(cls, text: str) -> Sense:
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise ValueError(f"unknown arrow {text!r} (expected 'cw' or 'ccw')") from None


Point = tuple[float, float]


def centre(hexes: Iterable[Hex]) -> Point:
    """Mathematical (y up) centre of a group of hexes, in hex-width units."""
    pts = [_UNIT.center(h) for h in hexes]
    return (sum(p[0] for p in pts) / len(pts), -sum(p[1] for p in pts) / len(pts))


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _unit(v: Point) -> Point:
    n = math.hypot(*v)
    return (v[0] / n, v[1] / n) if n > 1e-12 else (0.0, 0.0)


def turn(previous: Point, buoy: Point, following: Point) -> float:
    """Sine of the course's turn at the buoy: > 0 a left turn, < 0 a right turn, ~0 straight or
    hairpin. Points are mathematical coordinates (y up)."""
    a = _unit(_sub(buoy, previous))
    b = _unit(_sub(following, buoy))
    return a[0] * b[1] - a[1] * b[0]


def sense_for_turn(previous: Point, buoy: Point, following: Point) -> Sense:
    """The rounding sense that follows the turn: a left turn keeps the buoy to port, so the boat
    goes round it counter-clockwise; a right turn clockwise (COURSE-02)."""
    return Sense.CCW if turn(previous, buoy, following) > 0 else Sense.CW


def snap(vector: Point) -> Direction:
    """The hex direction nearest to a mathematical (y up) vector."""
    angle = math.degrees(math.atan2(vector[1], vector[0])) % 360.0
    return DIRECTIONS[int(((angle + 30.0) % 360.0) // 60.0)]


def rounding_direction(previous: Point, buoy: Point, following: Point, sense: Sense) -> Direction:
    """Direction of the rounding line: away from both neighbouring waypoints.

    When the waypoints lie on a straight line through the buoy the bisector vanishes; the line then
    points to the side the boat passes on: left of the course for a clockwise buoy (kept to
    starboard), right of it for a counter-clockwise one.
    """
    u1 = _unit(_sub(previous, buoy))
    u2 = _unit(_sub(following, buoy))
    w = (-(u1[0] + u2[0]), -(u1[1] + u2[1]))
    if math.hypot(*w) < 1e-6:
        t = _unit(_sub(following, previous))
        w = (-t[1], t[0]) if sense is Sense.CW else (t[1], -t[0])
    return snap(w)


class RoundingLine(Frozen):
    """The half-line a boat must cross in the buoy's sense to round it."""

    buoy: Hex
    direction: Direction
    hexes: tuple[Hex, ...]

    def crossing(self, a: Hex, b: Hex) -> Sense | None:
        """The sense in which the single step ``a -> b`` (neighbouring hexes) crosses this line."""
        return crossing(self.buoy, self.direction, a, b)

    def crossing_edges(self) -> dict[tuple[Hex, Hex], Sense]:
        """Every single step that crosses the line, with its sense (see :func:`crossing_edges`)."""
        return crossing_edges(self.buoy, self.direction, len(self.hexes))


def rounding_line(buoy: Hex, direction: Direction, length: int) -> RoundingLine:
    """The rounding line of a buoy, ``length`` hexes long."""
    hexes = tuple(ray(buoy, direction, length))
    return RoundingLine(buoy, direction, hexes)


def line_to_edge(board: Board, buoy: Hex, direction: Direction) -> RoundingLine:
    """The rounding line from a buoy along a direction, to the edge of the lake."""
    return rounding_line(buoy, direction, board.edge_distance(buoy, direction))


def crossing(buoy: Hex, direction: Direction, a: Hex, b: Hex) -> Sense | None:
    """Does the step from ``a`` to neighbouring ``b`` cross the line from ``buoy`` along
    ``direction``, and in which sense?

    The line's own hexes count as lying on its counter-clockwise side, so the line is crossed by
    stepping between a line hex and one of its two neighbours just clockwise of it.
    """
    on_a = _on_ray(buoy, direction, a)
    on_b = _on_ray(buoy, direction, b)
    if on_a == on_b:
        return None
    if on_b:
        return Sense.CCW if _just_clockwise(buoy, direction, a) else None
    return Sense.CW if _just_clockwise(buoy, direction, b) else None


def crossing_edges(buoy: Hex, direction: Direction, length: int) -> dict[tuple[Hex, Hex], Sense]:
    """All steps that cross the first ``length`` hexes of a rounding line, with their sense (the
    same steps :func:`~course_builder.powerboats.course.progress.gate_steps` reads off a board's
    neighbour table)."""
    cw1 = direction.right(1).vector
    cw2 = direction.right(2).vector
    out: dict[tuple[Hex, Hex], Sense] = {}
    for k in range(1, length + 1):
        y = buoy + direction.vector * k
        for x in (y + cw1, y + cw2):
            out[(x, y)] = Sense.CCW
            out[(y, x)] = Sense.CW
    return out


def _on_ray(buoy: Hex, direction: Direction, h: Hex) -> bool:
    d = h - buoy
    v = direction.vector
    k = max(abs(d.q), abs(d.r), abs(d.s))
    return k > 0 and d == v * k


def _just_clockwise(buoy: Hex, direction: Direction, h: Hex) -> bool:
    """Is ``h`` a neighbour of the line on its clockwise side (in the wedge just clockwise)?"""
    return any(_on_ray(buoy, direction, h - side.vector)
               for side in (direction.right(1), direction.right(2)))
