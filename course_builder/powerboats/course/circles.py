"""The rulebook's no-circle test (COURSE-06 in docs/rulings.md), and geometric sanity checks.

The rules ask for arrows such that boats "don't have to turn a complete circle" around a buoy, and
explain it: going towards the next buoy you do not have to cross your old path from the former
buoy (narrative, "Building a Course"). We measure it as the angle a route sweeps round each of
buoys 1-3 between the roundings on either side of it (from rounding the previous buoy, or the
start, to rounding the next one, or the finish): a full turn of 360 degrees or more is a complete
circle. The angle is a property of how the route winds round the buoy, not of which of several
equally short routes was picked, and it sees a loop closed through a leg's own end as well as one
closed anywhere else.

shapely is used for the geometry of routes against islands (:func:`route_over_land`), a check
that the route drawn on a sheet never cuts an island.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from course_builder.core.hexgrid import SQRT3, Hex, Layout
from course_builder.powerboats.course.model import Route
from course_builder.powerboats.lake.board import Board

if TYPE_CHECKING:
    import shapely

_LAYOUT = Layout(1.0)

COMPLETE_CIRCLE = 360.0
"""Degrees swept round a buoy that make a complete circle (COURSE-06)."""

HAIRPIN_CIRCLE = 540.0
"""Degrees that make a complete circle round a buoy where the course doubles back or runs straight
on (COURSE-02): a hairpin already turns about 360 degrees either way, so only a turn and a half
is an extra circle there (COURSE-06)."""


def sweeps(route: Route, buoys: Sequence[Hex]) -> list[float]:
    """For buoys 1-3 (``buoys`` are their hexes): the angle in degrees the route sweeps round
    the buoy between the rounding of the buoy before it (or the start) and the rounding of the
    buoy after it (or the finish); counter-clockwise positive, as seen on the printed board.
    Each step moves between neighbouring hex centres, never through the buoy's own hex, so it
    turns less than 180 degrees round the buoy and the angle is exact to add up."""
    marks = [0, *route.roundings, len(route.hexes) - 1]
    out = []
    for k, buoy in enumerate(buoys):
        seen_from = _bearing_from(buoy)
        out.append(_swept([seen_from(h) for h in route.hexes[marks[k]: marks[k + 2] + 1]]))
    return out


def _bearing_from(buoy: Hex) -> Callable[[Hex], float]:
    """The bearing of a hex's centre seen from the buoy's (radians, as :func:`math.atan2` gives
    it, screen y growing downwards)."""
    bx, by = _centre(buoy)
    atan2 = math.atan2

    def bearing(h: Hex) -> float:
        x, y = _centre(h)
        return atan2(by - y, x - bx)

    return bearing


def _centre(h: Hex) -> tuple[float, float]:
    """The centre of a hex in a unit layout (``Layout.center``, the same arithmetic written out:
    it runs for every hex of every route measured)."""
    return SQRT3 * h.q + SQRT3 / 2 * h.r, 1.5 * h.r


def _swept(angles: Sequence[float]) -> float:
    """The angle swept by a path whose bearings from the buoy are these, in degrees."""
    if not angles:
        return 0.0
    pi, turn = math.pi, 2 * math.pi
    total = 0.0
    previous = angles[0]
    for angle in angles[1:]:
        total += (angle - previous + pi) % turn - pi
        previous = angle
    return math.degrees(total)


def forced_circles(route: Route, buoys: Sequence[Hex], clear: Sequence[bool] | None = None, *,
                   count: bool = False) -> list[int]:
    """Buoys (1-3) round which the route sweeps a complete circle (COURSE-06). ``clear`` says
    for each buoy whether the course turns clearly there (see ``CourseFrame.clear_turns``); at a
    buoy where it does not, the threshold is :data:`HAIRPIN_CIRCLE`. With ``count``, 1 or 0 for
    each of buoys 1, 2, 3 instead."""
    flags = clear if clear is not None else (True,) * len(buoys)
    per_buoy = [1 if abs(s) >= (COMPLETE_CIRCLE if c else HAIRPIN_CIRCLE) else 0
                for s, c in zip(sweeps(route, buoys), flags, strict=True)]
    if count:
        return per_buoy
    return [n for n, c in enumerate(per_buoy, start=1) if c]


def island_shapes(board: Board) -> shapely.Geometry:
    """Every land hex of the lake as one (multi)polygon, prepared for fast queries."""
    import shapely
    from shapely.geometry import Polygon

    polys = [Polygon(_LAYOUT.corners(h)) for h in board.hexes() if not board.is_water(h)]
    union = shapely.set_precision(shapely.unary_union(polys), 1e-6)
    shapely.prepare(union)
    return union


def route_over_land(board: Board, route: Route, islands: shapely.Geometry | None = None) -> bool:
    """Does the drawn route (hex centre to hex centre) pass through the inside of any island?"""
    import shapely
    from shapely.geometry import LineString

    islands = island_shapes(board) if islands is None else islands
    line = LineString([_LAYOUT.center(h) for h in route.hexes])
    return bool(shapely.relate_pattern(islands, line, "T********"))


__all__ = ["forced_circles", "route_over_land", "sweeps"]
