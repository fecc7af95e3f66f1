"""A lower bound on how far every state of the route search is from the finish.

The bound comes from a simpler problem: the boat only has to cross the rounding lines forward in
order, each at least once, and then finish; crossing a line the wrong way costs nothing, and the
crossing counts, the undoing of a rounding (COURSE-04) and the buoy order of lines crossed early
are forgotten. Every legal route from a state solves the simpler problem from that state's
*rank* in it (:func:`rank`), so its distance there is never more than the real one.

The simpler problem has one copy of the lake per rank; its distances to the finish are found by
a breadth-first search backwards from the finish, a whole layer of hexes at a time as bitsets.
The distance of the nearest first state of the route, :attr:`DistanceBound.limit`, is the
shortest a legal route can be. A state of rank ``k`` in layer ``g`` of the route search can lie
on a route of ``limit`` steps only if its hex is within ``limit - g`` of the finish in copy ``k``
(:meth:`DistanceBound.keep`); the search drops the others, and tries a larger limit when no
route is that short.
"""

from __future__ import annotations

from collections.abc import Sequence

from course_builder.powerboats.course.layers import LayeredSearch, Start
from course_builder.powerboats.course.progress import Counts, Gate


def rank(phase: int, counts: Counts) -> int:
    """How many lines, in order, a route from this rounding state need no longer cross forward
    in the simpler problem. Every line up to the last one open (``phase + len(counts)``) may
    still need crossing, in any order, so only the last one counts: the lines after it open one
    by one as buoys are rounded, each at or after a forward crossing of the line before it.
    If the last open line's count already stands at +1, it needs no more crossing."""
    last = phase + len(counts)
    return last - 1 if counts and counts[-1] <= 0 else last


class DistanceBound:
    """The distances of the simpler problem (see the module docstring), grown as needed:
    ``balls[r][k]`` is the bitset of hexes within ``r`` steps of the finish in copy ``k``.
    :attr:`limit` is None when not even the simpler problem can be solved (then no legal route
    exists either)."""

    def __init__(self, search: LayeredSearch, starts: list[Start]) -> None:
        grid, gates, n, pos = search.grid, search.gates, search.n, search.pos
        self.spread = grid.spread
        buoys = len(gates)
        # forward over line k+1: from rank k to rank `end`, grouped by how far a bit moves
        groups: list[dict[tuple[int, int], int]] = [{} for _ in range(buoys + 1)]
        for k, gate in enumerate(gates):
            for step in gate.forward:
                source, target = divmod(step, n)
                key = (_chain(step, gates, k), pos[target] - pos[source])
                groups[k][key] = groups[k].get(key, 0) | 1 << pos[source]
        self.crossing = [[(end, by, sources, _moved(sources, by)) for (end, by), sources
                          in group.items()] for group in groups]  # (and the targets' bits)
        ball = [0] * buoys + [search.fin]
        for source, tiles in search.finishing.items():  # a finishing step across the last lines
            for t in tiles:
                for k in range(buoys):
                    if _chain(source * n + t, gates, k) == buoys:
                        ball[k] |= 1 << pos[source]
        self.ranks = [rank(phase, counts) for phase, counts in search.states]
        targets = [0] * (buoys + 1)
        for code, m, _t in starts:
            targets[self.ranks[code]] |= 1 << pos[m]
        self.unreached = [search.passable & ~b for b in ball]
        self.front = list(ball)
        self.balls = [ball]
        self.limit: int | None = None
        while not any(b & t for b, t in zip(self.balls[-1], targets, strict=True)):
            if not self.grow():
                return
        self.limit = len(self.balls) - 1

    def grow(self) -> bool:
        """One more layer of distances; False once nothing more can be reached."""
        front, spread, unreached = self.front, self.spread, self.unreached
        new = [0] * len(front)
        for k, crossing in enumerate(self.crossing):
            bits = spread(front[k]) if front[k] else 0
            for end, by, sources, targets in crossing:
                if front[end] & targets:
                    bits |= (front[end] >> by if by > 0 else front[end] << -by) & sources
            if bits:
                bits &= unreached[k]
                unreached[k] ^= bits
                new[k] = bits
        if not any(new):
            return False
        self.front = new
        self.balls.append([b | x for b, x in zip(self.balls[-1], new, strict=True)])
        return True

    def keep(self, limit: int) -> list[list[int]]:
        """For a route of at most ``limit`` steps: ``keep[g][k]``, the hexes a state of rank ``k``
        in layer ``g`` of the route search may stand on."""
        while len(self.balls) <= limit and self.grow():
            pass
        last = len(self.balls) - 1
        return [self.balls[min(limit - g, last)] for g in range(limit + 1)]


def _chain(step: int, gates: Sequence[Gate], first: int) -> int:
    """The rank after a step from rank ``first``: past every line, from line ``first + 1`` on,
    that the step crosses forward in an unbroken run."""
    end = first
    while end < len(gates) and step in gates[end].forward:
        end += 1
    return end


def _moved(bits: int, by: int) -> int:
    return bits << by if by > 0 else bits >> -by
