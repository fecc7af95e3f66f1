"""The rulebook's no-circle test (COURSE-06 in docs/rulings.md), and geometric sanity checks.

The rules ask for arrows such that boats "don't have to turn a complete circle" around a buoy, and
explain it: going towards the next buoy you do not have to cross your old path from the former
buoy (narrative, "Building a Course"). On the shortest legal route we take, for each of buoys 1-3,
the leg arriving (from rounding the previous buoy, or from the start) and the leg leaving (to
rounding the next buoy, or to the finish), and ask whether the leaving leg **crosses** the arriving
one: passes from one side of it to the other. Touching it, or running along the same hexes and
turning back the way it came (a hairpin in a channel), is not crossing.

Routes are chains of neighbouring hex centres, which never cross between centres, so crossings are
decided exactly at shared hexes by the cyclic order of directions there. shapely is used for the
geometry of routes against islands (:func:`route_over_land`), a check that the route drawn on a
sheet never cuts an island.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from course_builder.core.hexgrid import Direction, Hex, Layout, direction_between
from course_builder.powerboats.course.model import Route
from course_builder.powerboats.lake.board import Board

if TYPE_CHECKING:
    import shapely

_LAYOUT = Layout(1.0)


def legs(route: Route) -> list[tuple[Sequence[Hex], Sequence[Hex]]]:
    """For buoys 1, 2, 3 in turn: the hexes of the leg arriving and of the leg leaving."""
    marks = [0, *route.roundings, len(route.hexes) - 1]
    out: list[tuple[Sequence[Hex], Sequence[Hex]]] = []
    for i in range(1, len(marks) - 1):
        arriving = route.hexes[marks[i - 1]: marks[i] + 1]
        leaving = route.hexes[marks[i]: marks[i + 1] + 1]
        out.append((arriving, leaving))
    return out


def _side(path: Sequence[Hex], k: int, toward: Hex) -> int:
    """Which side of ``path`` at its interior hex ``path[k]`` the neighbour ``toward`` lies on:
    +1 left (counter-clockwise from the outgoing direction to the incoming one), -1 right, 0 if
    undefined (an end of the path, or ``toward`` is on the path there)."""
    if k <= 0 or k >= len(path) - 1:
        return 0
    here = path[k]
    d_in = direction_between(here, path[k - 1])
    d_out = direction_between(here, path[k + 1])
    d = direction_between(here, toward)
    if d_in is None or d_out is None or d is None or d in (d_in, d_out):
        return 0
    # turning counter-clockwise from the way out, do we meet `d` before the way back?
    for step in range(1, 6):
        probe = Direction((d_out + step) % 6)
        if probe == d:
            return 1
        if probe == d_in:
            return -1
    return 0  # pragma: no cover - d_in != d_out for a simple path


def crossings(first: Sequence[Hex], second: Sequence[Hex]) -> list[Hex]:
    """Hexes where path ``second`` crosses path ``first`` from one side to the other.

    Both are chains of neighbouring hexes and ``first`` visits no hex twice. A stretch that
    ``second`` shares with ``first`` counts as one crossing if ``second`` joins it from one side
    and leaves it to the other.
    """
    where = {h: k for k, h in enumerate(first)}
    found = []
    j = 0
    while j < len(second):
        if second[j] not in where:
            j += 1
            continue
        start_j, k0 = j, where[second[j]]
        step = 0  # +1 following `first` forwards, -1 backwards, 0 a single shared hex so far
        while j + 1 < len(second) and second[j + 1] in where:
            k_next = where[second[j + 1]]
            delta = k_next - where[second[j]]
            if delta not in (1, -1) or (step and delta != step):
                break
            step = delta
            j += 1
        k1 = where[second[j]]
        if start_j > 0 and j + 1 < len(second):
            enter = _side(first, k0, second[start_j - 1])
            leave = _side(first, k1, second[j + 1])
            if enter and leave and enter != leave:
                found.append(second[j])
        j += 1
    return found


def forced_circles(route: Route, *, count: bool = False) -> list[int]:
    """Buoys (1-3) whose leaving leg crosses their arriving leg. With ``count``, the number of
    crossings at each of buoys 1, 2, 3 instead."""
    per_buoy = [len(crossings(arriving, leaving)) for arriving, leaving in legs(route)]
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


__all__ = ["crossings", "forced_circles", "legs", "route_over_land"]
