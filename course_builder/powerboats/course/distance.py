"""Hex steps still to sail: from every hex and rounding state, the length of the shortest legal
way round the rest of the course to the finish.

The same graph as the route search (:mod:`.routing`, COURSE-05): hex steps through open water,
never onto a buoy, rounding buoys by :func:`~.progress.advance` (COURSE-04), finishing by entering
a hex of the start/finish tile in a finish direction after buoy 3. Searched backwards from the
finish over every (hex, rounding state) at once, so a bot or a study can ask "how far is this boat
from home?" in one table look-up. Boats' turning limits and dice are ignored, as for the route:
it is a yardstick, not a plan. Counts below -1 are read as -1 (a route never needs to go further
against a buoy's sense, as in the route search).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from course_builder.core.hexgrid import Direction, Hex
from course_builder.powerboats.course.progress import Gate, advance, progress_states
from course_builder.powerboats.lake.board import Board

UNREACHABLE = -1


@dataclass(frozen=True)
class StepsToGo:
    """``table[code * n + hex]``: hex steps from that hex in that rounding state to the finish
    (:data:`UNREACHABLE` where the finish cannot be reached)."""

    n: int
    codes: dict[tuple[int, tuple[int, ...]], int]
    table: tuple[int, ...]

    def of(self, index: int, phase: int, counts: Sequence[int]) -> int:
        """Steps to go from board index ``index`` having rounded ``phase`` buoys, with the net
        crossing ``counts`` of the open lines (clamped at -1)."""
        state = (phase, tuple(max(c, -1) for c in counts)) if phase < 3 else (3, ())
        code = self.codes.get(state)
        if code is None:
            return UNREACHABLE
        return self.table[code * self.n + index]


def steps_to_go(board: Board, *, blocked: Iterable[Hex], tile: Sequence[Hex],
                finish_dirs: Iterable[Direction], gates: Sequence[Gate]) -> StepsToGo:
    """The table of :class:`StepsToGo` for one course (see the module notes)."""
    n = len(board)
    passable = bytearray(board.water)
    for h in blocked:
        i = board.index_or_none(h)
        if i is not None:
            passable[i] = 0
    states = progress_states(len(gates))
    codes = {state: k for k, state in enumerate(states)}
    tile_set = {board.index(h) for h in tile}
    finishing = frozenset(finish_dirs)
    # backward edges: for each (code, hex) the states one step before it
    before: list[list[int]] = [[] for _ in range(n * len(states))]
    goal: list[int] = []
    for code, (phase, counts) in enumerate(states):
        for a in range(n):
            if not passable[a]:
                continue
            for d, b in board.water_steps[a]:
                if not passable[b]:
                    continue
                after = advance(phase, counts, a * n + b, gates)
                code2 = codes.get(after)
                if code2 is None:
                    continue
                if after[0] >= len(gates) and b in tile_set and d in finishing:
                    goal.append(code * n + a)  # this step finishes
                    continue
                before[code2 * n + b].append(code * n + a)
    table = [UNREACHABLE] * (n * len(states))
    queue = []
    for s in goal:
        if table[s] == UNREACHABLE:
            table[s] = 1
            queue.append(s)
    for s in queue:  # grows while walked: breadth first
        for p in before[s]:
            if table[p] == UNREACHABLE:
                table[p] = table[s] + 1
                queue.append(p)
    return StepsToGo(n, codes, tuple(table))
