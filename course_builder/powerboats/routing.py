"""The shortest legal route of a course, in hex steps (COURSE-05 in docs/rulings.md).

A legal route leaves the start/finish tile towards its start side, rounds buoys 1, 2 and 3 in
order, each by crossing its rounding line in the buoy's sense, and finishes by entering the tile
from its finish side (reference, "Completing a Course"). Buoy hexes and land are never entered.

The search is a breadth-first search over (hex, buoys rounded so far) on the board's precomputed
neighbour table: it runs many times per generated course, so it avoids networkx in the loop.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from course_builder.hexgrid import DIRECTIONS, Direction, Hex
from course_builder.powerboats.board import Board
from course_builder.powerboats.course import Route, side_directions
from course_builder.powerboats.rounding import RoundingLine, Sense


@dataclass(frozen=True)
class RouteResult:
    """A found route with the directions it crosses the tile at the start and at the finish."""

    route: Route
    start_direction: Direction
    finish_direction: Direction


@dataclass(frozen=True)
class NoRoute:
    """No legal route: ``stuck`` is the first goal that cannot be reached (1-3 = that buoy cannot
    be rounded, 4 = the finish cannot be reached, 0 = boats cannot leave the start tile)."""

    stuck: int


def gate_steps(board: Board, line: RoundingLine, sense: Sense) -> frozenset[int]:
    """The steps (encoded ``from * n + to`` over board indices) that round a buoy."""
    n = len(board.hexes())
    out = set()
    for (a, b), s in line.crossing_edges().items():
        if s is sense:
            ia, ib = board.index_or_none(a), board.index_or_none(b)
            if ia is not None and ib is not None:
                out.add(ia * n + ib)
    return frozenset(out)


def shortest_route(
    board: Board,
    *,
    blocked: Iterable[Hex],
    tile: Sequence[Hex],
    axis: Direction,
    gates: Sequence[frozenset[int]],
    start_sides: Iterable[int] = (1, -1),
    finish_sides: Iterable[int] = (1, -1),
) -> RouteResult | NoRoute:
    """Breadth-first search for the shortest legal route (see the module docstring)."""
    n = len(board.hexes())
    nb = board.neighbors
    passable = bytearray(board.water)
    for h in blocked:
        i = board.index_or_none(h)
        if i is not None:
            passable[i] = 0
    tile_idx = [board.index(h) for h in tile]
    tile_set = frozenset(tile_idx)
    finish_dirs = frozenset(d for side in finish_sides for d in side_directions(axis, side))
    goal_phase = len(gates)
    unseen = -1
    parent = [unseen] * (n * (goal_phase + 1))
    queue: list[int] = []
    best_phase = 0
    for t in tile_idx:
        for side in start_sides:
            for d in side_directions(axis, side):
                m = nb[t][d]
                if m < 0 or not passable[m]:
                    continue
                phase = 1 if goal_phase and (t * n + m) in gates[0] else 0
                state = phase * n + m
                if parent[state] == unseen:
                    parent[state] = -2 - t  # a start: remember the tile hex it left
                    queue.append(state)
    if not queue:
        return NoRoute(0)
    head = 0
    while head < len(queue):
        state = queue[head]
        head += 1
        phase, here = divmod(state, n)
        if phase > best_phase:
            best_phase = phase
        row = nb[here]
        for d in DIRECTIONS:
            m = row[d]
            if m < 0 or not passable[m]:
                continue
            p = phase
            if p < goal_phase and (here * n + m) in gates[p]:
                p += 1
            if p == goal_phase and m in tile_set and d in finish_dirs:
                return _result(board, parent, state, m, n)
            s2 = p * n + m
            if parent[s2] == unseen:
                parent[s2] = state
                queue.append(s2)
    return NoRoute(best_phase + 1)


def _result(board: Board, parent: list[int], last: int, finish: int, n: int) -> RouteResult:
    states = [last]
    while parent[states[-1]] >= 0:
        states.append(parent[states[-1]])
    start_tile = -2 - parent[states[-1]]
    states.reverse()
    indices = [start_tile] + [s % n for s in states] + [finish]
    phases = [0] + [s // n for s in states]
    roundings = tuple(i for i in range(1, len(phases)) if phases[i] > phases[i - 1])
    hexes = tuple(board.hex_at(i) for i in indices)
    start_dir = _step_direction(board, indices[0], indices[1])
    finish_dir = _step_direction(board, indices[-2], indices[-1])
    return RouteResult(Route(hexes, roundings), start_dir, finish_dir)


def _step_direction(board: Board, a: int, b: int) -> Direction:
    return DIRECTIONS[board.neighbors[a].index(b)]
