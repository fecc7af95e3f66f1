"""The route search as it was before it moved whole layers: a first-in, first-out search over
single (hex, rounding state) states with parent links (routing.py as of commit 84e0034). Kept as the
reference that the layered search (routing.shortest_route) must match route for route: the same
length, the same hexes where several routes are equally short, the same reason when none exists.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from course_builder.core.hexgrid import Direction, Hex
from course_builder.powerboats.course.progress import (
    Gate,
    advance,
    progress_states,
    start_counts,
)
from course_builder.powerboats.course.routing import NoRoute, RouteResult
from course_builder.powerboats.course.routing import _result as routed
from course_builder.powerboats.course.tile import side_directions
from course_builder.powerboats.lake.board import Board


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
    """Breadth-first search for the shortest legal route (see the module docstring).

    A state is (hex, rounding state): the buoys rounded and the net crossings of the lines of the
    others, each 0 or -1 (:func:`~.progress.progress_states`): a route that goes further against
    a buoy's sense is never the shortest, so lower counts are not kept. States are numbered
    ``code * n + hex``; only steps next to a rounding line can change the code. The hot loop of
    course generation (documented in the architecture test).
    """
    n = len(board.hexes())
    nb = board.neighbors
    passable = bytearray(board.water)
    for h in blocked:
        i = board.index_or_none(h)
        if i is not None:
            passable[i] = 0
    tile_idx = [board.index(h) for h in tile]
    finish_dirs = frozenset(d for side in finish_sides for d in side_directions(axis, side))
    goal = len(gates)
    states = progress_states(goal)
    code_of = {state: k for k, state in enumerate(states)}
    unseen = -1
    parent = [unseen] * (n * len(states))
    queue: list[int] = []
    start = (0, start_counts(goal))
    for t in tile_idx:
        for side in start_sides:
            for d in side_directions(axis, side):
                m = nb[t][d]
                if m < 0 or not passable[m]:
                    continue
                code = code_of.get(advance(*start, t * n + m, gates))
                if code is not None and parent[code * n + m] == unseen:
                    parent[code * n + m] = -2 - t  # a start: remember the tile hex it left
                    queue.append(code * n + m)
    if not queue:
        return NoRoute(0)
    # the water neighbours of each hex, without the buoys' hexes (only a few lists change)
    steps = list(board.water_steps)
    targets = list(board.water_targets)
    for b, ok in enumerate(passable):
        if not ok and board.water[b]:
            for _d, m in steps[b]:
                steps[m] = tuple(x for x in steps[m] if x[1] != b)
                targets[m] = tuple(x for x in targets[m] if x != b)
    special = frozenset().union(*(g.forward | g.back for g in gates))
    near_gate = bytearray(n)  # hexes with a step across some rounding line
    for step in special:
        near_gate[step // n] = 1
    is_tile = bytearray(n)
    for t in tile_idx:
        is_tile[t] = 1
    finishing: list[tuple[int, ...]] = [()] * n  # tile hexes entered from the finish side
    for t in tile_idx:
        for d in finish_dirs:
            source = nb[t][d.opposite()]
            if source != -1 and passable[source]:
                finishing[source] = (*finishing[source], t)
    goal_code = code_of[(goal, ())]
    push = queue.append
    for state in queue:  # the list grows while it is walked: breadth first
        code, here = divmod(state, n)
        if near_gate[here]:  # the slow path: steps here may round or un-round a buoy
            now = states[code]
            base = here * n
            for d, m in steps[here]:
                if base + m in special:
                    code2 = code_of.get(advance(*now, base + m, gates))
                    if code2 is None:
                        continue  # further against a buoy's sense: never on a shortest route
                else:
                    code2 = code
                if code2 == goal_code and is_tile[m] and d in finish_dirs:
                    return _result(board, parent, state, m, n, [p for p, _c in states])
                s2 = code2 * n + m
                if parent[s2] == unseen:
                    parent[s2] = state
                    push(s2)
            continue
        if code == goal_code and finishing[here]:
            return _result(board, parent, state, finishing[here][0], n,
                           [p for p, _c in states])
        layer = state - here
        for m in targets[here]:
            s2 = layer + m
            if parent[s2] == unseen:
                parent[s2] = state
                push(s2)
    best_phase = max(states[s // n][0] for s in queue)  # how far any route got
    return NoRoute(best_phase + 1)


def _result(board: Board, parent: list[int], last: int, finish: int, n: int,
            phase_of: list[int]) -> RouteResult:
    states = [last]
    while parent[states[-1]] >= 0:
        states.append(parent[states[-1]])
    start_tile = -2 - parent[states[-1]]
    states.reverse()
    indices = [start_tile] + [s % n for s in states] + [finish]
    goal = max(phase_of)
    phases = [0] + [phase_of[s // n] for s in states] + [goal]
    return routed(board, indices, phases)  # the route is assembled as the real search does
