"""The shortest legal route of a course, in hex steps (COURSE-05 in docs/rulings.md).

A legal route leaves the start/finish tile towards its start side, rounds buoys 1, 2 and 3 in
order, each by crossing its rounding line in the buoy's sense, and finishes by entering the tile
from its finish side (reference, "Completing a Course"). Crossing the line of the buoy rounded last
back again, before the next buoy is rounded, undoes the rounding (COURSE-04). Buoy hexes and land
are never entered.

The search is breadth first over (hex, rounding state), a whole layer of hexes at a time
(:mod:`.layers`), first backwards from the finish within a lower bound on the distance from the
start (:mod:`.bound`). It runs several times per generated course, so it avoids networkx. Of
several shortest routes it returns the first in direction order (:mod:`.layers`), always the
same one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

from course_builder.core.hexgrid import DIRECTIONS, Direction, Hex
from course_builder.core.values import Frozen
from course_builder.powerboats.course.bound import DistanceBound
from course_builder.powerboats.course.layers import LayeredSearch
from course_builder.powerboats.course.model import Route
from course_builder.powerboats.course.progress import Gate
from course_builder.powerboats.lake.board import Board

SLACKS = (2, 10)
"""How many steps longer than the shortest route of the simpler problem (:mod:`.bound`) the
search looks for a route within the bound, in turn, before it searches without one. Any slacks
give the same route; these search the fewest layers over the classic lake's courses (a search
without a bound explores every state a boat can reach)."""


class RouteResult(Frozen):
    """A found route with the directions it crosses the tile at the start and at the finish."""

    route: Route
    start_direction: Direction
    finish_direction: Direction


class NoRoute(Frozen):
    """No legal route: ``stuck`` is the first goal that cannot be reached (1-3 = that buoy cannot
    be rounded, 4 = the finish cannot be reached, 0 = boats cannot leave the start tile)."""

    stuck: int


def shortest_route(
    board: Board,
    *,
    blocked: Iterable[Hex],
    tile: Sequence[Hex],
    axis: Direction,
    gates: Sequence[Gate],
    start_sides: Iterable[int] = (1, -1),
    finish_sides: Iterable[int] = (1, -1),
) -> RouteResult | NoRoute:
    """The shortest legal route (see the module docstring), or why there is none.

    A rounding state is the buoys rounded and the net crossings of the lines of the others, each
    0 or -1 (:func:`~.progress.progress_states`): a route that goes further against a buoy's
    sense is never the shortest, so lower counts are not kept.
    """
    search = LayeredSearch(board, blocked, tile, axis, gates, finish_sides)
    starts = search.starts(start_sides)
    if not starts:
        return NoRoute(0)
    bound = DistanceBound(search, starts)
    shortest = bound.limit
    for slack in SLACKS:
        if shortest is None:
            break  # not even the simpler problem has a route: search in full for the reason
        kept = search.reverse(starts, (bound.keep(shortest + slack), bound.offsets))
        if kept:
            return _result(board, *search.walk(starts, kept))
    layers, found, unseen = search.forward(starts)
    if not found:
        reached = [search.states[code][0] for code, bits in enumerate(unseen)
                   if bits != search.passable]
        return NoRoute(max(reached) + 1)  # the first goal no route gets past
    return _result(board, *search.walk(starts, search.backward(layers, found)))


def _result(board: Board, indices: list[int], phases: list[int]) -> RouteResult:
    """The route through these hexes (start tile hex first, finish tile hex last), with the
    number of buoys rounded at each."""
    # the step that finally rounded each buoy: the last time the count rose to that buoy
    last_rise: dict[int, int] = {}
    for i, (before, after) in enumerate(pairwise(phases), start=1):
        if after > before:
            for k in range(before + 1, after + 1):  # one step may round two buoys
                last_rise[k] = i
    roundings = tuple(last_rise[k] for k in sorted(last_rise))
    hexes = tuple(map(board.hexes().__getitem__, indices))
    start_dir = _step_direction(board, indices[0], indices[1])
    finish_dir = _step_direction(board, indices[-2], indices[-1])
    return RouteResult(Route(hexes, roundings), start_dir, finish_dir)


def _step_direction(board: Board, a: int, b: int) -> Direction:
    return DIRECTIONS[board.neighbors[a].index(b)]
