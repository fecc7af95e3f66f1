"""Value iteration for one boat alone (PAR-01): the model's arrays and the sweeps over them.

The value of a state is the expected number of turns to finish with perfect play. A turn has
three stages:

1. *after the roll*: ``W = 1 + min over the legal headings of V(where the move leaves the
   boat)``, read along precomputed indices (:func:`move_indices`: for every total and heading
   one small array of places, shared by every rounding state and dice set, in the solver's own
   :class:`Layout` where the four damages of a place are neighbours; plus a short list of
   exceptions per row for the moves that round a buoy, finish or meet low water);
2. *the roll*: the expected ``W`` of each roll plan (the roll matrix, :mod:`.dice`);
3. *the dice step*: ``V = min over the plans the boat may choose`` (along the sub-multiset
   lattice).

A sweep updates one rounding state (a row of the value array, :mod:`.space`) at a time, with the
compiled loop of :mod:`.sweep`. Rows are swept from the finish backwards (Gauss-Seidel): the rows
of boats heading for the finish first, so that a sweep carries a value all the way round the
course. The values start from a lower bound (0, or :func:`~.par.lower_bound`) and rise to the
solution; the sweeps stop when no value moved by more than ``tolerance`` in a whole sweep. Late
in the solve the few columns still moving are settled on their own with numpy
(:class:`ColumnUpdate`, :func:`_settle`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cached_property

import numpy as np

from course_builder.core.values import Frozen, Mutable
from course_builder.powerboats.study.dice import DiceModel, best_plans
from course_builder.powerboats.study.space import (
    DAMAGES,
    FINISHED,
    ILLEGAL,
    SUNK,
    StateSpace,
)
from course_builder.powerboats.study.sweep import PAIR, RowSweep, sweep_tables
from course_builder.powerboats.study.transitions import (
    FINISHED_ROUND,
    Result,
    Transitions,
    move_result,
)


class MoveIndex(Mutable):
    """Where each heading leaves each state, in the solver's own layout (:class:`Layout`).

    A plain move keeps the dice and the damage or, in a crash, loses the dice and adds damage;
    either way where it goes depends on the place, the total and the heading only. So, for every
    total and heading, ``kept[total][turn]`` gives each place the place the move leads to (the
    row's padding place, valued infinite, where the move is not a plain one that keeps the
    dice), read from the block of the total's dice sets; and ``crashed[total][turn]`` gives each
    place its row in the crash table (:meth:`Layout.crash_table`: the no-dice values of the row
    shifted by the damage the crash adds, the sinking penalty, or infinite where the move does
    not crash). The moves that are not plain (rounding, finishing, low water) are listed per
    heading, sorted by where they start: ``src[turn][total]`` the cells they start from, counted
    from the start of the total's block of the row after the roll (the same in every row),
    ``dst[row][turn]`` the flat index in the whole value array of where they lead, and
    ``bounds[turn][total]`` where the total's moves begin in ``dst``."""

    kept: list[list[np.ndarray]]
    crashed: list[list[np.ndarray]]
    src: list[list[np.ndarray]]
    dst: list[list[np.ndarray]]
    bounds: list[np.ndarray]

    @property
    def exceptions(self) -> int:
        return sum(len(a) for rows in self.dst for a in rows)


class Solution(Mutable, dict=True):
    """The solved values, kept in the solver's :class:`Layout` (``solved``: rows x
    :attr:`Layout.row`, the values before the dice step; ``solved_after``: rows x
    :attr:`Layout.after`, after the roll). :meth:`value` and :meth:`after` read one state;
    :attr:`values` and :attr:`after_roll` are the whole arrays in :mod:`.space`'s layout
    (``values[row]``: each state of a rounding state, then its end cells), converted on first
    use: a par lookup does not need them, and the conversion copies every value twice."""

    space: StateSpace
    layout: Layout
    solved: np.ndarray
    solved_after: np.ndarray
    sweeps: int
    residual: float
    seconds: float
    passes: int = 0
    """Passes over the few columns still moving late in the solve (:func:`_settle`)."""

    def value(self, row: int, damage: int, dice: int, place: int) -> float:
        """The value before the dice step of one state (rounding state, damage, dice set,
        place)."""
        n_p = self.layout.n_places
        return float(self.solved[row, (dice * (n_p + 1) + place) * DAMAGES + damage])

    def after(self, row: int, damage: int, place: int) -> np.ndarray:
        """The values after the roll of a place and damage, for every dice set."""
        n_p = self.layout.n_places
        return self.solved_after[row].reshape(self.layout.n_sets, n_p, DAMAGES)[:, place, damage]

    @cached_property
    def _canonical(self) -> tuple[np.ndarray, np.ndarray]:
        return self.layout.canonical(self.solved, self.solved_after)

    @property
    def values(self) -> np.ndarray:
        return self._canonical[0]

    @property
    def after_roll(self) -> np.ndarray:
        return self._canonical[1]


class Layout(Frozen):
    """The solver's arrays, laid out for fast gathers: a row of values holds, for every dice
    set, the places (plus one padding place, valued infinite) times the damages, then the three
    end cells; a row of values after the roll holds every dice set x place x damage. The damages
    of a place are neighbours, so a move's gather copies four values at once with an index per
    place (one small array per total and heading, shared by every row and set) instead of an
    index per state. :mod:`.space` keeps its own layout for everyone else; :meth:`canonical`
    converts."""

    n_sets: int
    n_places: int

    @property
    def block(self) -> int:
        """Cells of one dice set in a row of values (with the padding place)."""
        return (self.n_places + 1) * DAMAGES

    @property
    def body(self) -> int:
        return self.n_sets * self.block

    @property
    def row(self) -> int:
        return self.body + 3

    @property
    def after(self) -> int:
        """Cells of a row after the roll."""
        return self.n_sets * self.n_places * DAMAGES

    def value_cells(self, local: np.ndarray, n_body: int) -> np.ndarray:
        """The cells in a row of values of :mod:`.space`'s local indices (end cells too:
        ``n_body`` is the space's body)."""
        cells = self._cells(local, self.n_places + 1)
        return np.where(local >= n_body, local - n_body + self.body, cells)

    def after_cells(self, local: np.ndarray) -> np.ndarray:
        """The cells in a row after the roll of :mod:`.space`'s local indices."""
        return self._cells(local, self.n_places)

    def _cells(self, local: np.ndarray, places_per_set: int) -> np.ndarray:
        """:mod:`.space`'s (dice, damage, place) order to (dice, place, damage), a dice set
        taking ``places_per_set`` places."""
        n_p = self.n_places
        dice, rest = np.divmod(local, DAMAGES * n_p)
        damage, place = np.divmod(rest, n_p)
        return (dice * places_per_set + place) * DAMAGES + damage

    def canonical(self, values: np.ndarray, after: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``values`` and ``after`` in :mod:`.space`'s layout."""
        n_rows, s, n_p = len(values), self.n_sets, self.n_places
        body = values[:, :self.body].reshape(n_rows, s, n_p + 1, DAMAGES)[:, :, :n_p]
        out = np.empty((n_rows, s * DAMAGES * n_p + 3), dtype=values.dtype)
        out[:, :-3].reshape(n_rows, s, DAMAGES, n_p)[...] = body.transpose(0, 1, 3, 2)
        out[:, -3:] = values[:, -3:]
        later = np.ascontiguousarray(
            after.reshape(n_rows, s, n_p, DAMAGES).transpose(0, 1, 3, 2)).reshape(n_rows, -1)
        return out, later

    def start(self, n_rows: int, start: np.ndarray | None, sink_penalty: float,
              dtype: type[np.floating]) -> tuple[np.ndarray, np.ndarray]:
        """The value array a solve starts from (rows x :attr:`row`): ``start`` (rows x places,
        the same for every damage and dice set; default 0), the padding place infinite, the end
        cells (sunk: the penalty, illegal: infinite, finished: 0); and the array of values after
        the roll (rows x :attr:`after`, zeros)."""
        n_p = self.n_places
        values: np.ndarray = np.zeros((n_rows, self.row), dtype=dtype)
        cells = self.sets(values)
        if start is not None:
            cells[:, :, :n_p, :] = start.astype(dtype)[:, None, :, None]
        cells[:, :, n_p, :] = np.inf  # the padding place: where a heading is not a plain move
        values[:, self.body + 3 + SUNK] = sink_penalty
        values[:, self.body + 3 + ILLEGAL] = np.inf
        values[:, self.body + 3 + FINISHED] = 0.0
        return values, np.zeros((n_rows, self.after), dtype=dtype)

    def sets(self, values: np.ndarray) -> np.ndarray:
        """A view of ``values`` (rows x :attr:`row`) as rows x dice sets x (places and the
        padding place) x damages."""
        return values[:, :self.body].reshape(len(values), self.n_sets, self.n_places + 1,
                                             DAMAGES)

    def crash_table(self, row: np.ndarray, sink_penalty: float, out: np.ndarray) -> np.ndarray:
        """The values a crash leads to, as rows of four damages: for 0, 1, 2 and 3 damage added,
        every place of the no-dice set with the damage shifted (4 or more sinks; a crash can add
        none: a current pushing a boat ashore after its last step, EXP-05 without the option
        ``current_crash_min_one``), then a row of the sinking penalty and a row of infinities
        (moves that do not crash)."""
        n_p = self.n_places
        nodice = row[:self.block].reshape(n_p + 1, DAMAGES)
        table = out.reshape(-1, DAMAGES)
        for k in range(CRASH_ROWS):
            part = table[k * (n_p + 1):(k + 1) * (n_p + 1)]
            part[:, :DAMAGES - k] = nodice[:, k:]
            part[:, DAMAGES - k:] = sink_penalty
        table[-2] = sink_penalty
        table[-1] = np.inf
        return out


CRASH_ROWS = DAMAGES
"""Damage added by a crash that leaves the boat afloat at some damage: 0 to 3."""


def move_indices(moves: Transitions) -> MoveIndex:
    """The index arrays of the heading stage (see :class:`MoveIndex`)."""
    space = moves.space
    n_p = space.n_places
    sink_row = CRASH_ROWS * (n_p + 1)
    kept: list[list[np.ndarray]] = []
    crashed: list[list[np.ndarray]] = []
    for total in range(moves.target.shape[1]):
        kept.append([])
        crashed.append([])
        for turn in range(3):
            tgt = moves.target[:, total, turn].astype(np.intp)
            k = moves.damage[:, total, turn].astype(np.intp)
            crash = moves.crash[:, total, turn] & (tgt >= 0)
            keep = (tgt >= 0) & ~moves.crash[:, total, turn]
            if (k[keep] != 0).any():
                raise ValueError("a plain move that is not a crash adds damage")
            kept[-1].append(np.where(keep, tgt, n_p))
            shifted = np.clip(k, 0, CRASH_ROWS - 1) * (n_p + 1) + np.maximum(tgt, 0)
            crashed[-1].append(np.where(crash, np.where(k >= DAMAGES, sink_row, shifted),
                                        sink_row + 1))
    src, dst, bounds = _exceptions(moves)
    return MoveIndex(kept, crashed, src, dst, bounds)


def _exceptions(moves: Transitions) -> tuple[list[list[np.ndarray]], list[list[np.ndarray]],
                                            list[np.ndarray]]:
    """The moves that are not plain, in the solver's layout (see :class:`MoveIndex`). The
    sources of a heading are the same cells in every row; the targets are worked out row by row
    from the signatures' answers."""
    space = moves.space
    layout = Layout(space.n_sets, space.n_places)
    n_rows, row, body = len(space.roundings), layout.row, space.body
    block = space.n_places * DAMAGES
    firsts = np.array([space.dice.total_slice(t).start
                       for t in range(moves.target.shape[1])] + [space.n_sets]) * block
    rows = np.arange(n_rows, dtype=np.int64)[:, None]
    srcs: list[list[np.ndarray]] = []
    dsts: list[list[np.ndarray]] = [[] for _ in range(n_rows)]
    bounds: list[np.ndarray] = []
    parts = [_rounding_cells(moves), _exact_cells(moves)]
    answers = moves.answers.astype(np.int64)
    for turn in range(3):
        src, sig, local, sunk = (np.concatenate([p[turn][k] for p in parts]) for k in range(4))
        after = np.where(sig >= 0, answers[np.maximum(sig, 0)].T if len(answers) else rows,
                         rows)  # the rounding state after, row by row (-1: finished)
        cell = layout.value_cells(local, body)
        dst = np.where(after == FINISHED_ROUND, rows * row + layout.body + 3 + FINISHED,
                       np.where(sunk, rows * row + layout.body + 3 + SUNK, after * row + cell))
        src = layout.after_cells(src)
        order = np.argsort(src, kind="stable")
        src, dst = src[order], dst[:, order]
        edges = np.searchsorted(src, firsts)
        bounds.append(edges)
        srcs.append([(src[a:b] - first).astype(np.intp)
                     for a, b, first in zip(edges[:-1], edges[1:], firsts[:-1], strict=True)])
        for r in range(n_rows):
            dsts[r].append(dst[r].astype(np.intp))
    return srcs, dsts, bounds


Cells = list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]
"""Per heading: (source cell in a row, signature or -1 when the rounding state stays, target
cell in the row of the rounding state after, sunk)."""


def _rounding_cells(moves: Transitions) -> Cells:
    """The cells of the rounding moves, for every damage and dice set of their total: damage
    adds up and 4 sinks, a crash loses the dice (given what the move left of a boat of damage 0
    holding the total's first set)."""
    space = moves.space
    n_p = space.n_places
    out: Cells = []
    cols = list(zip(*[(p, t, turn, sig, int(b[0]), b[1], len(b[2]), b[3])
                      for p, t, turn, b, sig in moves.rounding_moves], strict=True))
    arrays = [np.array(c, dtype=np.int64) for c in cols] if cols else [
        np.zeros(0, dtype=np.int64)] * 8
    place, total, turns, sig, sunk, taken, dice_n, place2 = arrays
    d = np.arange(DAMAGES)[None, :, None]
    for turn in range(3):
        parts: list[list[np.ndarray]] = [[], [], [], []]
        for t in np.unique(total[turns == turn]):
            pick = (total == t) & (turns == turn)
            sl = space.dice.total_slice(int(t))
            s = np.arange(sl.start, sl.stop)[None, None, :]
            src = (s * DAMAGES + d) * n_p + place[pick][:, None, None]
            lost = (t > 0) & (dice_n[pick][:, None, None] == 0)
            dmg = d + taken[pick][:, None, None]
            local = (np.where(lost, 0, s) * DAMAGES + dmg) * n_p + place2[pick][:, None, None]
            dead = (sunk[pick][:, None, None] == 1) | (dmg >= DAMAGES)
            shape = np.broadcast_shapes(src.shape, local.shape)
            for k, a in enumerate((src, sig[pick][:, None, None], local, dead)):
                parts[k].append(np.broadcast_to(a, shape).ravel())
        out.append(_joined(parts))
    return out


def _exact_cells(moves: Transitions) -> Cells:
    """The cells of the exact moves, each for its own damage and dice set."""
    space = moves.space
    entries: list[list[tuple[int, int, int, bool]]] = [[], [], []]
    for d, s, place, turn, res in moves.exact_moves:
        entries[turn].append((space.local(d, s, place), -1, *_local(space, res)))
    for d, s, place, turn, body, sig in moves.exact_rounding_moves:
        res = move_result(body, 0)
        entries[turn].append((space.local(d, s, place), sig, *_local(space, res)))
    out: Cells = []
    for turn in range(3):
        cols = list(zip(*entries[turn], strict=True))
        out.append(tuple(np.array(c, dtype=np.int64 if k < 3 else bool) for k, c in enumerate(cols))
                   if cols else _joined([[], [], [], []]))  # type: ignore[arg-type]
    return out


def _local(space: StateSpace, res: Result) -> tuple[int, bool]:
    """(target cell in its row, sunk) of a result that is not "finished"."""
    if res == "sunk" or res == "finished":
        return 0, True
    assert not isinstance(res, str)
    _r, damage, dice, place = res
    return space.local(damage, space.dice.index[dice], place), False


def _joined(parts: list[list[np.ndarray]]) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                    np.ndarray]:
    def cat(k: int, dtype: type) -> np.ndarray:
        return np.concatenate(parts[k]).astype(dtype) if parts[k] else np.zeros(0, dtype=dtype)
    return cat(0, np.int64), cat(1, np.int64), cat(2, np.int64), cat(3, bool)


class ColumnUpdate:
    """The Bellman update for a few columns of one row, in numpy: a column is a (place, damage)
    with every dice set, the unit the dice stage works on. Late in the solve only a few thousand
    of the 340,000 columns still move (a cluster of boats with damage 3 creeping past rocks,
    say), and updating just those, with fancy indexing, costs a small share of a sweep. Built
    from the same :class:`MoveIndex`, so nothing about the moves is written twice. Every choice
    is open here, keeping every die and staying put too, which the compiled sweep leaves out
    (:mod:`.sweep`): the update differs where a boat could stay put, the solution does not."""

    def __init__(self, index: MoveIndex, dice: DiceModel, slices: list[slice], n_places: int,
                 dtype: type[np.floating]) -> None:
        n_totals = len(index.kept)
        self.kept = [np.stack([index.kept[t][turn] for t in range(n_totals)]) for turn in range(3)]
        self.crashed = [np.stack([index.crashed[t][turn] for t in range(n_totals)])
                        for turn in range(3)]
        n_s = len(dice.sets)
        self.total_of = np.empty(n_s, dtype=np.intp)
        for total, sl in enumerate(slices):
            self.total_of[sl] = total
        block = n_places * DAMAGES
        self.exception = []  # per heading: each cell after the roll -> its place in dst, or -1
        for turn in range(3):
            where = np.full(n_s * block, -1, dtype=np.intp)
            for total, sl in enumerate(slices):
                a, b = index.bounds[turn][total], index.bounds[turn][total + 1]
                where[sl.start * block + index.src[turn][total]] = np.arange(a, b)
            self.exception.append(where)
        self.dice = dice
        self.entries = dice.roll_entries()
        self.n_places = n_places

    def __call__(self, sets: np.ndarray, after: np.ndarray, table: np.ndarray, flat: np.ndarray,
                 dst: list[np.ndarray], places: np.ndarray, damages: np.ndarray) -> np.ndarray:
        """Update the columns (``places``, ``damages``) of a row in place (``sets``: its values,
        dice x places with padding x damages; ``after``: its values after the roll, dice x
        places x damages; ``table``: its crash table, fresh) and return how much each moved."""
        n_s = len(self.total_of)
        s = np.arange(n_s)[:, None]
        total = self.total_of[:, None]
        p = places[None, :]
        d = damages[None, :]
        cell = (s * self.n_places + p) * DAMAGES + d
        best = None
        for turn in range(3):
            value = np.minimum(sets[s, self.kept[turn][total, p], d],
                               table[self.crashed[turn][total, p], d])
            at = self.exception[turn][cell]
            hit = at >= 0
            if hit.any():
                value[hit] = flat[dst[turn][at[hit]]]
            best = value if best is None else np.minimum(best, value)
        assert best is not None
        best += 1
        start, ends, chance = self.entries
        expected = np.add.reduceat(chance.astype(best.dtype)[:, None] * best[ends], start[:-1])
        new = best_plans(self.dice, expected)
        moved = np.abs(new - sets[:, places, damages]).max(axis=0)
        sets[:, places, damages] = new
        after[:, places, damages] = best
        return moved


def solve_order(space: StateSpace) -> list[int]:
    """Rows from the finish backwards: next buoy, then its count, then the later lines' counts,
    highest first (a boat moves on to rows earlier in the list as it goes round)."""
    return sorted(range(len(space.roundings)), key=lambda r: space.roundings[r], reverse=True)


def value_iteration(moves: Transitions, index: MoveIndex, *, sink_penalty: float,
                    tolerance: float, dtype: type[np.floating] = np.float32, max_sweeps: int = 2000,
                    start: np.ndarray | None = None,
                    progress: Callable[[int, float], None] | None = None) -> Solution:
    """Sweep until no value moves by more than ``tolerance`` (see the module docstring), from
    the values ``start`` (rows x places, the same for every damage and dice set; default 0).
    Each row's update is :class:`~.sweep.RowSweep`; this loop orders the rows, keeps the
    residual and hands the last moving columns to :func:`_settle`. A tolerance finer than
    the values' own rounding (:data:`ROUNDING_ULPS` units in the last place of the sinking
    penalty) is held to it: two rounding states updated side by side can pass a last-digit
    difference back and forth for ever."""
    started = time.perf_counter()
    tolerance = max(tolerance, ROUNDING_ULPS * float(np.finfo(dtype).eps) * sink_penalty)
    space = moves.space
    n_rows, n_p, n_s = len(space.roundings), space.n_places, space.n_sets
    layout = Layout(n_s, n_p)
    values, after = layout.start(n_rows, start, sink_penalty, dtype)
    cells = layout.sets(values)
    flat = values.ravel()
    order = solve_order(space)
    slices = [space.dice.total_slice(t) for t in range(len(index.kept))]
    table: np.ndarray = np.empty((CRASH_ROWS * (n_p + 1) + 2, DAMAGES), dtype=dtype)
    pair_tables = np.empty((PAIR, *table.shape), dtype=dtype)
    tables = sweep_tables(index.kept, index.crashed, index.src, space.dice, slices, n_p,
                          len(table), dtype)
    update = RowSweep(tables, n_s, n_p, len(space.dice.plans), dtype)
    targets = [tables.targets(index.dst[r], flat.size) for r in range(n_rows)]
    columns = ColumnUpdate(index, space.dice, slices, n_p, dtype)
    moving: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # per row: the columns still moving
    residual = np.inf
    sweeps = passes = 0
    with np.errstate(invalid="ignore"):
        while residual > tolerance and sweeps < max_sweeps:
            watch = residual < 2 * SPARSE_BELOW
            residual = 0.0
            moving.clear()
            for k in range(0, len(order), PAIR):
                rows = order[k:k + PAIR]
                changes: tuple[np.ndarray, ...]
                if len(rows) == PAIR:  # two rows at once, one a core (RowSweep.pair)
                    a, b = rows
                    layout.crash_table(values[a], sink_penalty, pair_tables[0])
                    layout.crash_table(values[b], sink_penalty, pair_tables[1])
                    changes = update.pair((cells[a], after[a], pair_tables[0], targets[a]),
                                          (cells[b], after[b], pair_tables[1], targets[b]), flat)
                else:
                    layout.crash_table(values[rows[0]], sink_penalty, table)
                    changes = (update(cells[rows[0]], after[rows[0]], table, flat,
                                      targets[rows[0]]),)
                for r, change in zip(rows, changes, strict=True):
                    residual = max(residual, float(change.max()))
                    if watch:
                        places, damages = np.nonzero(change.reshape(n_p, DAMAGES)
                                                     > tolerance / 10)
                        moving[r] = (places, damages)
            sweeps += 1
            if progress:
                progress(sweeps, residual)
            few = sum(len(c[0]) for c in moving.values()) <= SPARSE_SHARE * n_rows * n_p * DAMAGES
            if tolerance < residual < SPARSE_BELOW and few:
                passes += _settle(columns, moving, order, cells, after, values, flat, index,
                                  layout, sink_penalty, table, tolerance)
    return Solution(space, layout, values, after, sweeps, residual,
                    time.perf_counter() - started, passes)


ROUNDING_ULPS = 8
"""The finest tolerance, in units of the last place of the sinking penalty: about 1e-4 turns in
float32 (whose values carry about 1e-5 of rounding), 1e-13 in float64."""

SPARSE_BELOW = 0.05
"""Once a sweep moves no value by more than this, the columns still moving are settled on
their own (:func:`_settle`) before the next sweep."""

SPARSE_SHARE = 0.02
"""... provided they are at most this share of all columns (else a sweep is cheaper)."""

SPARSE_PASSES = 200
"""The most passes over the moving columns between two sweeps."""


def _settle(columns: ColumnUpdate, moving: dict[int, tuple[np.ndarray, np.ndarray]],
            order: list[int], cells: np.ndarray, after: np.ndarray, values: np.ndarray,
            flat: np.ndarray, index: MoveIndex, layout: Layout, sink_penalty: float,
            table: np.ndarray, tolerance: float) -> int:
    """Update only the columns that moved in the last sweep, pass after pass in the sweep's
    row order, until none moves by more than a quarter of ``tolerance``; return the passes.
    Values from below stay below the solution (each update is the Bellman update), so this
    only brings the sweeps' end nearer: the solve still stops on a whole sweep's residual."""
    n_s, n_p = layout.n_sets, layout.n_places
    rows = [r for r in order if len(moving.get(r, ((),))[0])]
    for done in range(1, SPARSE_PASSES + 1):
        moved = 0.0
        for r in rows:
            places, damages = moving[r]
            layout.crash_table(values[r], sink_penalty, table)
            shift = columns(cells[r], after[r].reshape(n_s, n_p, DAMAGES), table, flat,
                            index.dst[r], places, damages)
            moved = max(moved, float(np.nanmax(shift)))
        if moved <= tolerance / 4:
            return done
    return SPARSE_PASSES
