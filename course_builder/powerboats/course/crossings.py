"""The steps across rounding lines, as the route search (:mod:`.layers`) reads them.

Only a step across a rounding line changes a boat's rounding state (COURSE-04). For each such step
the search needs its transition row (:func:`sign_row`: the new state of every state), and,
by the bit of the hex the step leaves (:mod:`course_builder.core.bitgrid`), the bit of its target
with the target's other neighbours from which a step onto it crosses no line, and for the search
backwards from the finish the row turned round (:func:`sources`).

The tables follow from the lake and the gates alone. Those of one gate, for its buoy's place in
the course, are made once per lake and kept with the lake's tables
(:meth:`~course_builder.powerboats.lake.tables.LakeTables.derived`): the course generator crosses
the same few lines again and again. The tables of a search merge those of its gates when no two
gates share a step or the target of a step; where lines meet, they are built for the gates
together.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial

from course_builder.core.values import Frozen
from course_builder.powerboats.course.progress import Gate, advance, progress_states
from course_builder.powerboats.lake.board import Board

Row = tuple[int, ...]
"""A transition row: the code of every rounding state after a step (-1: a state no shortest route
takes), by the code before it."""

Entry = tuple[Row, int, int]
"""A step across a line from a hex: its row, the bit of its target, and the target's other
neighbours from which a step onto it crosses no line."""

BackEntry = tuple[int, tuple[tuple[int, ...], ...]]
"""A step across a line from a hex, for a search backwards: the bit of its target and its row
turned round (:func:`sources`)."""


@lru_cache(maxsize=64)
def transitions(buoys: int, crossed: tuple[int, ...]) -> Row:
    """For every rounding state (by code): its code after a step that crosses each buoy's line
    forward (+1), back (-1) or not at all (0), or -1 when the new state is one a shortest route
    never takes. A step acts on the state only through the lines it crosses (COURSE-04)."""
    gates = [Gate(frozenset({0}) if c > 0 else frozenset(), frozenset({0}) if c < 0 else frozenset())
             for c in crossed]
    states = progress_states(buoys)
    code_of = {state: k for k, state in enumerate(states)}
    return tuple(code_of.get(advance(phase, counts, 0, gates), -1) for phase, counts in states)


@lru_cache(maxsize=256)
def sign_row(buoys: int, key: int) -> Row:
    """:func:`transitions` for a step whose crossings ``key`` holds: the sign of buoy ``j``'s
    crossing plus one as its base-3 digit ``j``. Made when first asked for (a process that lays
    one course needs a few of the 27)."""
    return transitions(buoys, tuple(key // 3 ** j % 3 - 1 for j in range(buoys)))


class CrossingTables(Frozen):
    """The steps across the lines of some gates (see the module docstring)."""

    rows: dict[int, Row]
    """By encoded step (``from * n + to``): its transition row."""
    entries: dict[int, tuple[Entry, ...]]
    """By the bit of a hex: the steps from it across a line."""
    back: dict[int, tuple[BackEntry, ...]]
    """By the bit of a hex: the steps from it across a line, turned round."""
    plain_out: dict[int, int]
    """By the bit of a hex with a step across a line: its neighbours a step to which crosses
    none."""
    near: int
    """Every hex with a step across a line, as a bitset."""
    steps: frozenset[int]
    """Every step the tables cover (one gate's steps; empty in tables merged from several,
    which :meth:`shares_with` is not asked about)."""
    targets: frozenset[int]
    """The hex index of every target of a step across a line (one gate's; empty in merged
    tables)."""

    def shares_with(self, other: CrossingTables) -> bool:
        """Do two gates' tables share a step or a target (so cannot simply be merged)?"""
        return not (self.steps.isdisjoint(other.steps) and self.targets.isdisjoint(other.targets))


def crossing_tables(board: Board, gates: Sequence[Gate]) -> CrossingTables:
    """The tables of the steps across the lines of ``gates`` (buoy ``j`` at ``gates[j]``), made
    once per lake and set of gates and kept with the lake's tables: the course generator solves
    course after course over the same few lines (every search of one course, and the next
    courses on the same spots)."""
    key = ("route crossings of", tuple((gate.forward, gate.back) for gate in gates))
    return board.tables.derived(key, partial(_tables_of, board, tuple(gates)))


def _tables_of(board: Board, gates: tuple[Gate, ...]) -> CrossingTables:
    """The tables of the gates: merged from each gate's own (also kept with the lake's tables),
    or built together where two gates share a step or a target."""
    buoys = len(gates)
    parts = [board.tables.derived(("route crossings", gate.forward, gate.back, j, buoys),
                                  partial(_built, board, ((j, gate),), buoys))
             for j, gate in enumerate(gates)]
    if any(a.shares_with(b) for k, a in enumerate(parts) for b in parts[k + 1:]):
        return _built(board, list(enumerate(gates)), buoys)
    return _merged(parts)


def _built(board: Board, gates: Sequence[tuple[int, Gate]], buoys: int) -> CrossingTables:
    """The tables of the gates (each with its buoy's place) built step by step."""
    n, nb, pos, around = len(board), board.neighbors, board.bit_grid.positions, board.neighbor_bits
    crossed: dict[int, int] = {}  # step -> its signs, as a key of sign_row
    blank = (3 ** buoys - 1) // 2  # every digit 1: no line crossed
    for j, gate in gates:
        unit, back = 3 ** j, gate.back
        for step in back:
            crossed[step] = crossed.get(step, blank) - unit
        for step in gate.forward:  # forward wins (advance)
            crossed[step] = crossed.get(step, blank) + (2 * unit if step in back else unit)
    rows: dict[int, Row] = {}
    into: dict[int, int] = {}  # target -> the hexes whose step onto it crosses a line
    steps = []
    for step, key in crossed.items():
        source, target = divmod(step, n)
        if target in nb[source]:  # other steps are never taken
            rows[step] = row = sign_row(buoys, key)
            steps.append((source, target, row))
            into[target] = into.get(target, 0) | 1 << pos[source]
    entries: dict[int, list[Entry]] = {}
    turned: dict[int, list[BackEntry]] = {}
    plain_out: dict[int, int] = {}
    for source, target, row in steps:
        b = pos[source]
        entries.setdefault(b, []).append((row, 1 << pos[target], around[target] & ~into[target]))
        turned.setdefault(b, []).append((1 << pos[target], sources(row)))
        plain_out[b] = plain_out.get(b, around[source]) & ~(1 << pos[target])
    near = 0
    for b in entries:
        near |= 1 << b
    return CrossingTables(rows, {b: tuple(e) for b, e in entries.items()},
                          {b: tuple(e) for b, e in turned.items()}, plain_out, near,
                          frozenset(crossed), frozenset(into))


def _merged(parts: Sequence[CrossingTables]) -> CrossingTables:
    """The tables of gates that share no step and no target, from each gate's own."""
    rows: dict[int, Row] = {}
    entries: dict[int, tuple[Entry, ...]] = {}
    back: dict[int, tuple[BackEntry, ...]] = {}
    plain_out: dict[int, int] = {}
    near = 0
    for part in parts:
        shared = [(b, entries[b], back[b], plain_out[b])
                  for b in entries.keys() & part.entries.keys()]
        rows.update(part.rows)
        entries.update(part.entries)
        back.update(part.back)
        plain_out.update(part.plain_out)
        for b, before, turned, out in shared:  # a hex next to two lines: the steps of both
            entries[b] = before + part.entries[b]
            back[b] = turned + part.back[b]
            plain_out[b] = out & part.plain_out[b]
        near |= part.near
    return CrossingTables(rows, entries, back, plain_out, near, frozenset(), frozenset())


@lru_cache(maxsize=256)
def sources(row: Row) -> tuple[tuple[int, ...], ...]:
    """A transition row turned round: by the code after the step, the codes before it."""
    out: list[list[int]] = [[] for _ in row]
    for before, after in enumerate(row):
        if after >= 0:
            out[after].append(before)
    return tuple(map(tuple, out))
