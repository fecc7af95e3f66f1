"""The route search's engine: breadth first over (hex, rounding state), a whole layer at a time.

The hexes of a layer that share a rounding state (:func:`~.progress.progress_states`, numbered by
*code*) are one integer used as a bitset of the lake (:mod:`course_builder.core.bitgrid`), and a
step of all of them is a few shifts. Only steps across a rounding line (a *gate*'s steps) change
the state: they are looked up one hex at a time, for the few hexes of a layer next to a line.

Of the shortest routes the search returns the one a first-in, first-out search over single states
would find, with the neighbours of each hex taken in direction order: the route whose sequence
(start step, then directions) comes first. A search backwards from the finish
(:meth:`LayeredSearch.reverse`) finds every state's distance to it, up to the nearest first
state; a walk forward from that first state takes at every step the first direction onto a state
one step nearer the finish (:meth:`LayeredSearch.walk`): such a state lies on a shortest route.

Most states are never on a shortest route. A lower bound on every state's distance from the first
states (:mod:`.bound`) lets the search drop, layer by layer, the states that could only be on a
route longer than a bound: the states on the shortest routes are all kept, with their distances,
so the route found is the same; when no route fits the bound the search runs without it, forward
from the first states (:meth:`LayeredSearch.forward`), and a pass back from the finish keeps the
states of its layers that lie on some shortest route (:meth:`LayeredSearch.backward`) for the walk.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache, partial

from course_builder.core.hexgrid import Direction, Hex
from course_builder.powerboats.course.crossings import crossing_tables, sources
from course_builder.powerboats.course.progress import Counts, Gate, progress_states, start_counts
from course_builder.powerboats.course.tile import side_directions
from course_builder.powerboats.lake.board import Board

Layer = dict[int, int]
"""The states of one search layer: rounding-state code -> bitset of the hexes in that state."""

Start = tuple[int, int, int]
"""A first state of a route: (code, hex index, index of the tile hex it left)."""

Bound = tuple[Sequence[int], Sequence[int]]
"""``(keep, offsets)``: a state of code ``c`` found ``k`` steps from the finish is kept only if its
hex is in ``keep[k] >> offsets[c]`` (the copy of the lake for its rank in a stack of copies), and
no state further than ``len(keep) - 1`` steps is searched (see :mod:`.bound`)."""


@lru_cache(maxsize=8)
def state_codes(buoys: int) -> tuple[tuple[tuple[int, Counts], ...], dict[tuple[int, Counts], int]]:
    """The rounding states a shortest route can be in (:func:`~.progress.progress_states`) and
    the code of each (its place among them)."""
    states = tuple(progress_states(buoys))
    return states, {state: k for k, state in enumerate(states)}


class LayeredSearch:
    """The tables of one route search (see the module docstring): the lake as bitsets, the steps
    across rounding lines by the hex they leave, and the ways to finish."""

    def __init__(self, board: Board, blocked: Iterable[Hex], tile: Sequence[Hex],
                 axis: Direction, gates: Sequence[Gate], finish_sides: Iterable[int]) -> None:
        self.board = board
        self.n = len(board)
        self.grid = board.bit_grid
        self.pos = pos = self.grid.positions
        passable = board.water_bits
        # by hex index: open water that is not a buoy (copied from the lake's water as bytes)
        self.free = bytearray(board.tables.derived("water as bytes", partial(bytes, board.water)))
        for h in blocked:
            i = board.index_or_none(h)
            if i is not None:
                passable &= ~(1 << pos[i])
                self.free[i] = 0
        self.passable = passable
        self.gates = gates
        self.states, self.code_of = state_codes(len(gates))
        self.goal = self.code_of[(len(gates), ())]
        self.tile = [board.index(h) for h in tile]
        self.axis = axis
        self.finish_dirs = frozenset(d for side in finish_sides
                                     for d in side_directions(axis, side))
        tables = crossing_tables(board, gates)
        self.special = tables.rows
        self.near_steps = tables.entries
        self.back_steps = tables.back
        self.plain_out = tables.plain_out
        self.near = tables.near
        self._finishes()

    def _finishes(self) -> None:
        """Where a route can finish: the hexes from which a step enters the tile from its finish
        side (``finishing``: the tile hexes so entered, by hex), as a bitset ``fin``."""
        nb, pos = self.board.neighbors, self.pos
        self.finishing: dict[int, tuple[int, ...]] = {}
        fin = 0
        for t in self.tile:
            for d in self.finish_dirs:
                source = nb[t][d.opposite()]
                if source != -1 and self.free[source]:
                    self.finishing[source] = (*self.finishing.get(source, ()), t)
                    fin |= 1 << pos[source]
        self.fin = fin
        self.fin_far = fin & ~self.near
        self.fin_near = fin & self.near

    def steps(self, here: int) -> list[tuple[Direction, int]]:
        """The steps from a hex to open water that is not a buoy, in direction order."""
        free = self.free
        return [(d, m) for d, m in self.board.water_steps[here] if free[m]]

    def starts(self, sides: Iterable[int]) -> list[Start]:
        """The first states of a route, each once, in the order a search over single states
        queues them."""
        nb, n, special = self.board.neighbors, self.n, self.special
        begin = self.code_of[(0, start_counts(len(self.gates)))]
        seen: set[tuple[int, int]] = set()
        out = []
        for t in self.tile:
            for side in sides:
                for d in side_directions(self.axis, side):
                    m = nb[t][d]
                    if m < 0 or not self.free[m]:
                        continue
                    row = special.get(t * n + m)  # the step's effect, as :func:`advance` has it
                    code = begin if row is None else row[begin]
                    if code >= 0 and (code, m) not in seen:
                        seen.add((code, m))
                        out.append((code, m, t))
        return out

    def forward(self, starts: list[Start]) -> tuple[list[Layer], Layer | None, list[int]]:
        """The layers of the search up to the first that can finish, and the states in it that
        can (None if no layer can); also, by code, the hexes never reached. The search without
        a bound, for the routes no bound fits and to find why there is no route: the hexes of
        one state step together in six shifts (the unmasked
        :meth:`~course_builder.core.bitgrid.BitGrid.spread`), then the steps across a line are
        moved to their new state one by one, and taken back where only such a step led."""
        w, even = self.grid.stride, self.grid.even_rows
        near, near_steps = self.near, self.near_steps
        goal, fin_far, fin_near = self.goal, self.fin_far, self.fin_near
        new: Layer = {}
        for code, m, _t in starts:
            new[code] = new.get(code, 0) | 1 << self.pos[m]
        unseen = [self.passable] * len(self.states)  # by code: the hexes not yet reached
        layers: list[Layer] = []
        while True:
            # the states first reached now, and in the same loop the states a step from them:
            # the next layer before its states reached earlier are removed
            frontier: Layer = {}
            ahead: Layer = {}
            for code, bits in new.items():
                bits &= unseen[code]
                if not bits:
                    continue
                unseen[code] ^= bits
                frontier[code] = bits
                e = bits & even  # BitGrid.spread, written out in this hot loop
                g = bits | e << 1 | (bits ^ e) >> 1
                spread = bits << 1 | bits >> 1 | g << w | g >> w
                crossing = bits & near
                while crossing:  # highest bit first: the order of the steps does not matter
                    b = crossing.bit_length() - 1
                    crossing ^= 1 << b
                    for row, target, plain in near_steps[b]:
                        if not bits & plain and spread & target:
                            spread ^= target  # reached only across the line
                        after = row[code]
                        if after >= 0:
                            ahead[after] = ahead.get(after, 0) | target
                ahead[code] = ahead.get(code, 0) | spread
            if not frontier:
                return layers, None, unseen
            layers.append(frontier)
            if frontier.get(goal, 0) & fin_far or (fin_near and self._touches(frontier, fin_near)):
                found = self._finishers(frontier)  # (rarely empty: near a line, checked)
                if found:
                    return layers, found, unseen
            new = ahead

    @staticmethod
    def _touches(layer: Layer, bits: int) -> bool:
        """Does any state of the layer stand on one of these hexes?"""
        return any(b & bits for b in layer.values())

    def _finishers(self, layer: Layer) -> Layer:
        """The states of a layer that can finish with their next step."""
        out: Layer = {}
        bits = layer.get(self.goal, 0) & self.fin_far
        if bits:
            out[self.goal] = bits
        fin_near = self.fin_near
        if fin_near:
            for code, bits in layer.items():
                if bits & fin_near:
                    for i in self.grid.indices(bits & fin_near):
                        if self.finish_of(code, i) >= 0:
                            out[code] = out.get(code, 0) | 1 << self.pos[i]
        return out

    def finish_of(self, code: int, here: int) -> int:
        """The tile hex a state finishes into with its next step, or -1."""
        if not self.near >> self.pos[here] & 1:
            tiles = self.finishing.get(here, ())
            return tiles[0] if code == self.goal and tiles else -1
        for d, m in self.steps(here):
            row = self.special.get(here * self.n + m)
            after = code if row is None else row[code]
            if after == self.goal and m in self.tile and d in self.finish_dirs:
                return m
        return -1

    def next_on(self, code: int, here: int, layer: Layer) -> tuple[int, int] | None:
        """The first step (in direction order) from a state into one of ``layer``'s states."""
        free, pos, special, base = self.free, self.pos, self.special, here * self.n
        for _d, m in self.board.water_steps[here]:
            if free[m]:
                row = special.get(base + m)
                after = code if row is None else row[code]
                if after >= 0 and layer.get(after, 0) >> pos[m] & 1:
                    return after, m
        return None

    def backward(self, layers: list[Layer], found: Layer) -> list[Layer]:
        """For every layer, the states from which the finishing states of the last layer can be
        reached through the layers between (the states on some shortest route)."""
        near, near_steps, plain_out = self.near, self.near_steps, self.plain_out
        w, even = self.grid.stride, self.grid.even_rows
        far = self.grid.every & ~near
        kept: list[Layer] = [found]
        for layer in reversed(layers[:-1]):
            after = kept[-1]
            before: Layer = {}  # by code: the hexes a step away from its kept hexes
            reach = 0
            for code, bits in after.items():
                e = bits & even  # BitGrid.spread, written out in this hot loop
                g = bits | e << 1 | (bits ^ e) >> 1
                before[code] = spread = bits << 1 | bits >> 1 | g << w | g >> w
                reach |= spread
            reach &= near
            here: Layer = {}
            for code, bits in layer.items():
                on = bits & far & before[code] if code in before else 0
                crossing = bits & reach
                while crossing:  # hexes with a step across a line: each step checked
                    b = crossing.bit_length() - 1
                    crossing ^= 1 << b
                    if plain_out[b] & after.get(code, 0) or any(
                            row[code] >= 0 and after.get(row[code], 0) & target
                            for row, target, _plain in near_steps[b]):
                        on |= 1 << b
                if on:
                    here[code] = on
            kept.append(here)
        kept.reverse()
        return kept

    def reverse(self, starts: list[Start], bound: Bound) -> list[Layer] | None:
        """The search backwards from the finish within a bound (:mod:`.bound`), turned round for
        :meth:`walk`: layer ``k`` from the end holds the states found ``k`` steps from the
        finish, from the finishing states (the last layer) to the first layer that holds a first
        state (the first layer); None if no first state is reached within the bound. The hot
        loop of course generation: the hexes of one state step back together in six shifts
        (the unmasked :meth:`~course_builder.core.bitgrid.BitGrid.spread`) to the hexes none of
        whose steps crosses a line, and the hexes next to a line are checked one by one, each
        step across it taken back through its row turned round."""
        w, even = self.grid.stride, self.grid.even_rows
        near, back_steps, plain_out = self.near, self.back_steps, self.plain_out
        far = self.grid.every & ~near
        keeps, offsets = bound
        pos, n_codes = self.pos, len(self.states)
        first: Layer = {}
        for code, m, _t in starts:
            first[code] = first.get(code, 0) | 1 << pos[m]
        new = self._finishing()
        unseen = [self.passable] * n_codes
        layers: list[Layer] = []
        hit = 0
        for keep in keeps:
            # the states first found now (within the bound), and in the same loop the states a
            # step before them: the same state from a hex no step of which crosses a line, and
            # hex by hex next to a line (a step across it through its row turned round)
            layer: Layer = {}
            ahead: Layer = {}
            for code, bits in new.items():
                bits &= unseen[code] & keep >> offsets[code]
                if not bits:
                    continue
                unseen[code] ^= bits
                layer[code] = bits
                if code in first:
                    hit |= first[code] & bits
                e = bits & even  # BitGrid.spread, written out in this hot loop
                g = bits | e << 1 | (bits ^ e) >> 1
                spread = bits << 1 | bits >> 1 | g << w | g >> w
                ahead[code] = ahead.get(code, 0) | spread & far
                crossing = spread & near
                while crossing:  # highest bit first: the order of the steps does not matter
                    b = crossing.bit_length() - 1
                    bit = 1 << b
                    crossing ^= bit
                    if bits & plain_out[b]:
                        ahead[code] = ahead.get(code, 0) | bit
                    for target, turned in back_steps[b]:
                        if bits & target:
                            for before in turned[code]:
                                ahead[before] = ahead.get(before, 0) | bit
            if not layer:
                return None
            layers.append(layer)
            if hit:
                layers.reverse()
                return layers
            new = ahead
        return None

    def _finishing(self) -> Layer:
        """Every state that can finish with its next step."""
        out: Layer = {}
        if self.fin_far:
            out[self.goal] = self.fin_far
        nb, pos, goal = self.board.neighbors, self.pos, self.goal
        for i in self.grid.indices(self.fin_near):
            for d in self.finish_dirs:
                m = nb[i][d]
                if m in self.tile:
                    row = self.special.get(i * self.n + m)
                    for code in ((goal,) if row is None else sources(row)[goal]):
                        out[code] = out.get(code, 0) | 1 << pos[i]
        return out

    def walk(self, starts: list[Start], kept: list[Layer]) -> tuple[list[int], list[int]]:
        """The first shortest route in direction order through the kept states (``kept[g]``: the
        states ``len(kept) - 1 - g`` steps from the finish that the walk may take at step ``g``,
        from :meth:`reverse` or :meth:`backward`): its hex indices (the tile hex it starts from
        first, the tile hex it finishes in last) and the number of buoys rounded at each."""
        pos, stride, near_steps = self.pos, self.grid.stride, self.near_steps
        around, steps, states = self.board.neighbor_bits, self.board.water_steps, self.states
        code, m, tile_hex = next(s for s in starts if kept[0].get(s[0], 0) >> pos[s[1]] & 1)
        indices, phases = [tile_hex, m], [0, states[code][0]]
        phase = phases[-1]
        for g in range(1, len(kept)):
            if pos[m] not in near_steps:  # no step across a line: the state stays, the hex moves
                ahead = kept[g].get(code, 0) & around[m]
                if ahead & (ahead - 1):  # several ways on: the first in direction order
                    for _d, j in steps[m]:
                        if ahead >> pos[j] & 1:
                            m = j
                            break
                else:
                    b = ahead.bit_length() - 1
                    m = b - b // stride
            else:
                step = self.next_on(code, m, kept[g])
                assert step is not None, "a kept state always has a step onto a kept state"
                code, m = step
                phase = states[code][0]
            indices.append(m)
            phases.append(phase)
        indices.append(self.finish_of(code, m))
        phases.append(len(self.gates))
        return indices, phases

