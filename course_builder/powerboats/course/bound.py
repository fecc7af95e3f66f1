"""A lower bound on how far every state of the route search is from the first states.

The bound comes from a simpler problem: the boat only has to cross the rounding lines forward in
order, each at least once, and then finish; crossing a line the wrong way costs nothing, and the
crossing counts, the undoing of a rounding (COURSE-04) and the buoy order of lines crossed early
are forgotten. A state's *rank* (:func:`rank`) is how far it has got in the simpler problem.

Along a legal route the rank rises only by a forward crossing of the lines after it, in an
unbroken run within one step (the simpler problem's step to a higher copy); it may fall (a
rounding undone, the last open line crossed back), where the simpler problem stays. So a legal
route of ``g`` steps from a first state to a state reaches that state's hex within ``g`` steps in
the simpler problem, in the copy of the state's rank or a higher one: the distance there, with a
hex reached in a copy counted as reached in the lower copies too, is never more than the real one.

The simpler problem has one copy of the lake per rank; its distances from the first states are
found by a breadth-first search, a whole layer of hexes of every copy at a time (the copies
stacked in one integer used as a bitset, so a layer costs a few shifts whatever the number of
buoys). The distance of the nearest state that can finish, :attr:`DistanceBound.limit`, is the
shortest a legal route can be. A state of rank ``k`` found ``j`` steps from the finish by the
route search (:meth:`~.layers.LayeredSearch.reverse`, which searches backwards from the finish)
can lie on a route of ``limit`` steps only if its hex is within ``limit - j`` of a first state in
copy ``k`` or above (:meth:`DistanceBound.keep`); the search drops the others, and tries a larger
limit when no route is that short.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import lru_cache, partial

from course_builder.powerboats.course.layers import LayeredSearch, Start
from course_builder.powerboats.course.progress import Counts, Gate, progress_states


def rank(phase: int, counts: Counts) -> int:
    """How many lines, in order, a route from this rounding state need no longer cross forward
    in the simpler problem. Every line up to the last one open (``phase + len(counts)``) may
    still need crossing, in any order, so only the last one counts: the lines after it open one
    by one as buoys are rounded, each at or after a forward crossing of the line before it.
    If the last open line's count already stands at +1, it needs no more crossing."""
    last = phase + len(counts)
    return last - 1 if counts and counts[-1] <= 0 else last


class DistanceBound:
    """The distances of the simpler problem from the first states (see the module docstring),
    grown as needed.

    The copies of the lake, one per rank, are stacked in one integer, copy ``k`` from bit
    ``k * size`` on (:attr:`size`: the bits of the lake and one blank row, which no passable set
    holds, so a step off one copy lands on a bit that is masked away): a layer of all copies is
    one :meth:`~course_builder.core.bitgrid.BitGrid.spread` and one shift for each way the
    forward steps across a line move a bit from one copy to another. ``balls[r]`` is the stack of
    the hexes within ``r`` steps of a first state. :attr:`limit` is None when not even the
    simpler problem can be solved (then no legal route exists either)."""

    def __init__(self, search: LayeredSearch, starts: list[Start]) -> None:
        grid, gates, n, pos = search.grid, search.gates, search.n, search.pos
        buoys = len(gates)
        self.size = size = (grid.rows + 1) * grid.stride
        self.copies = buoys + 1
        self.stride = grid.stride
        self.even = _stacked(grid.even_rows, size, buoys + 1)
        # forward over line k+1: from copy k on to copy `end`, grouped by how far a bit moves
        groups: dict[int, int] = {}
        for k, gate in enumerate(gates):
            after = gates[k + 1].forward if k + 1 < buoys else frozenset()
            if gate.forward.isdisjoint(after):  # every step crosses one line: to copy k + 1
                for delta, sources in _moves(search, gate):
                    groups[delta + size] = groups.get(delta + size, 0) | sources << k * size
                continue
            for step in gate.forward:
                source, target = divmod(step, n)
                end = _chain(step, gates, k) if step in after else k + 1
                by = pos[target] + end * size - pos[source] - k * size
                groups[by] = groups.get(by, 0) | 1 << (pos[source] + k * size)
        self.crossing = list(groups.items())
        """``(by, sources)``: a forward step across a line moves ``front & sources`` up by
        ``by`` bits (to its target in the copy it leads to)."""
        self.sources = 0
        """Every bit a forward step across a line leaves from (in the copy it leaves)."""
        for _by, sources in self.crossing:
            self.sources |= sources
        finish = search.fin << buoys * size  # the states that can finish, in the simpler problem
        last = gates[-1].forward if gates else frozenset()
        for source, tiles in search.finishing.items():  # a finishing step across the last lines
            for t in tiles:
                if source * n + t in last:
                    for k in range(buoys):
                        if _chain(source * n + t, gates, k) == buoys:
                            finish |= 1 << (pos[source] + k * size)
        self.offsets = _offsets(buoys, size)
        """By rounding-state code: where the copy of the state's rank starts in a stack."""
        ball = 0
        for code, m, _t in starts:
            ball |= 1 << (pos[m] + self.offsets[code])
        self.unreached = _stacked(search.passable, size, buoys + 1) & ~ball
        self.front = ball
        self.balls = [ball]
        self.closed: list[int] = []
        """``balls`` with each hex of a copy also in every lower copy (:meth:`keep`)."""
        self.limit: int | None = None
        if self._grow(finish, sys.maxsize):
            self.limit = len(self.balls) - 1

    def _grow(self, targets: int, radius: int) -> bool:
        """Layers of distances until the last ball holds one of ``targets`` or has ``radius``
        (whichever comes first); False if nothing more can be reached before."""
        front, unreached, balls = self.front, self.unreached, self.balls
        w, even, crossing, leaving = self.stride, self.even, self.crossing, self.sources
        ball = balls[-1]
        while not ball & targets and len(balls) <= radius:
            e = front & even  # BitGrid.spread, written out in this hot loop
            g = front | e << 1 | (front ^ e) >> 1  # and a step up or down a row from these
            bits = front << 1 | front >> 1 | g << w | g >> w
            if front & leaving:  # some copy's front reaches a line: move those bits
                for by, sources in crossing:
                    if front & sources:
                        bits |= (front & sources) << by
            bits &= unreached
            if not bits:
                break
            unreached ^= bits
            front = bits
            ball |= bits
            balls.append(ball)
        self.front, self.unreached = front, unreached
        return bool(ball & targets) or len(balls) > radius

    def keep(self, limit: int) -> list[int]:
        """For a route of at most ``limit`` steps: ``keep[k]``, the stack of the hexes a state
        ``k`` steps from the finish may stand on, in the copy of its rank (from bit
        ``offsets[code]`` on). A hex reached in a copy counts as reached in every lower copy
        too: a route's rank can fall (a rounding undone, a line crossed back) where the simpler
        problem's copy does not (see the module docstring)."""
        self._grow(0, limit)
        balls, closed, size, top = self.balls, self.closed, self.size, self.copies * self.size
        while len(closed) < len(balls):
            ball = balls[len(closed)]
            shift = size
            while shift < top:  # each copy into the one below, then two copies down, ...
                ball |= ball >> shift
                shift *= 2
            closed.append(ball)
        last = len(closed) - 1
        if last >= limit:
            return closed[limit::-1]
        return [closed[last]] * (limit - last) + closed[last::-1]


def _moves(search: LayeredSearch, gate: Gate) -> tuple[tuple[int, int], ...]:
    """The forward steps across a gate's line, grouped by how far a step moves a bit: the hexes
    they leave, by that distance. Made once per lake (kept with the lake's tables)."""
    return search.board.tables.derived(("bound moves", gate.forward),
                                       partial(_grouped_moves, search, gate.forward))


def _grouped_moves(search: LayeredSearch, steps: frozenset[int]) -> tuple[tuple[int, int], ...]:
    n, pos = search.n, search.pos
    groups: dict[int, int] = {}
    for step in steps:
        source, target = divmod(step, n)
        delta = pos[target] - pos[source]
        groups[delta] = groups.get(delta, 0) | 1 << pos[source]
    return tuple(groups.items())


@lru_cache(maxsize=8)
def ranks(buoys: int) -> tuple[int, ...]:
    """The rank of every rounding state, by code (:func:`~.progress.progress_states`)."""
    return tuple(rank(phase, counts) for phase, counts in progress_states(buoys))


@lru_cache(maxsize=8)
def _offsets(buoys: int, size: int) -> tuple[int, ...]:
    """By rounding-state code: the first bit of its rank's copy in a stack of copies."""
    return tuple(r * size for r in ranks(buoys))


def _stacked(bits: int, size: int, copies: int) -> int:
    """``copies`` copies of a set, ``size`` bits apart."""
    out = 0
    for k in range(copies):
        out |= bits << k * size
    return out


def _chain(step: int, gates: Sequence[Gate], first: int) -> int:
    """The rank after a step from rank ``first``: past every line, from line ``first + 1`` on,
    that the step crosses forward in an unbroken run."""
    end = first
    while end < len(gates) and step in gates[end].forward:
        end += 1
    return end
