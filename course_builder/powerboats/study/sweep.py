"""One rounding state's Bellman update, compiled: the inner loop of par's value iteration.

:mod:`.solve` sweeps the rounding states; for each it calls :class:`RowSweep`, which runs the
three stages of a turn (PAR-01; docs/par.md, "Solving it") for one block of places at a time,
every dice set and damage of those places together:

1. *after the roll*: ``W = 1 + min`` over the three headings of where each move leaves the boat
   (a plain move keeps the dice: the value at its target place, same set and damage; a crash:
   the row's crash table; the moves that round, finish or meet low water: the exceptions, read
   from the whole value array);
2. *the roll*: the expected ``W`` of each roll plan, over the roll matrix's nonzero entries;
3. *the dice step*: the least of the plans each dice set may choose, along the sub-multiset
   lattice (:class:`~.dice.Lattice`).

A block's new values are written back before the next block is done (Gauss-Seidel inside a
rounding state): later blocks read them at once, so a sweep carries values further than a
whole-row update, and every value still rises from below towards the solution.

**Staying put.** Some moves leave the boat where it was with the dice it held (no dice and
straight on; a tile that brings the boat back): keeping every die as it is and making that move
is a turn spent for nothing, which perfect play never chooses, since ``V = 1 + V`` has no
solution. Value iteration does not know that: from values below the solution the boat's own
value plus one looks cheap, and the value climbs by exactly one turn a sweep until the real way
out is cheaper (on classic race A with the Expansion 1 tiles, 42 sweeps instead of about 32). So
for its own update a set leaves out that one choice (keep every die and stay); the same move
stays open after any roll and to a boat that drops dice to get there. The solution is the same
(the left-out choice never decides a value at the solution) and every value still rises from
below.

Why compiled: the same stages as numpy array operations over a whole row (the solver before
this module) pass over 14,000 columns of 126 plans many times, and each pass leaves the
processor's cache; a block of 64 places keeps all of them in cache and makes one pass. numba
compiles the loop once (cached on disk next to this module), in float32 or float64 as the
values, without fast-math: each plan's sum is taken in one fixed order, so results do not
depend on the machine's vector width. Minima are comparisons (no NaN can arise: the roll reads
only the matrix's nonzero entries, so no 0 x inf).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from course_builder.core.values import Frozen
from course_builder.powerboats.study.dice import DiceModel, RollPlan
from course_builder.powerboats.study.space import DAMAGES

BLOCK_PLACES = 64
"""Places per block: 64 places x 4 damages x 126 plans of float32 fit in the processor's L2
cache (measured on classic race A: 32 and 128 places were slower)."""


class SweepTables(Frozen):
    """The index arrays the compiled loop reads, built once per model (:func:`sweep_tables`).

    ``plain[total, turn, place]`` is the place a plain move leads to (the padding place, valued
    infinite, where the heading is no plain move) and ``crash[total, turn, place]`` its row in
    the crash table (the row of infinities where it does not crash), as in
    :class:`~.solve.MoveIndex`; ``first``/``stop`` the dice sets of each total. The exceptions
    are sorted by place: ``exc_set`` and ``exc_cell`` (place x damage) where each starts,
    ``exc_order`` the order to apply to a row's :class:`~.solve.MoveIndex` targets
    (:meth:`targets`) and ``exc_bounds`` where each block's exceptions begin. The roll matrix is
    kept as its nonzero entries per plan (``nz_*``, 462 of 7,056 with 5 dice) and the lattice as
    its running-minimum steps and final choices."""

    plain: np.ndarray
    crash: np.ndarray
    first: np.ndarray
    stop: np.ndarray
    exc_set: np.ndarray
    exc_cell: np.ndarray
    exc_order: np.ndarray
    exc_bounds: np.ndarray
    nz_start: np.ndarray
    nz_set: np.ndarray
    nz_prob: np.ndarray
    step_start: np.ndarray
    step_stop: np.ndarray
    pred_start: np.ndarray
    pred: np.ndarray
    final: np.ndarray
    stays: np.ndarray
    """``stays[total, place]``: a plain move of that total from that place leads back to it."""
    total_of: np.ndarray
    keep_plan: np.ndarray
    """Each set's plan "keep every die as it is" (-1 if not among its choices)."""
    others_start: np.ndarray
    others: np.ndarray
    """For each set (from ``others_start``), the plan rows whose least is its best choice
    without keeping every die as it is: its other final choices and the keep plan's
    predecessors in the lattice."""

    def targets(self, dst: list[np.ndarray], n_values: int) -> np.ndarray:
        """A row's exception targets (per heading, as in :class:`~.solve.MoveIndex`) in this
        order, checked to lie in the value array (``n_values`` cells)."""
        found = np.concatenate(dst)[self.exc_order]
        if len(found) and not 0 <= found.min() <= found.max() < n_values:
            raise ValueError("an exception of the compiled sweep leads out of the value array")
        return found.astype(np.int32 if n_values < 2**31 else np.int64)


def sweep_tables(kept: list[list[np.ndarray]], crashed: list[list[np.ndarray]],
                 src: list[list[np.ndarray]], dice: DiceModel, slices: list[slice],
                 n_places: int, crash_rows: int, dtype: type[np.floating]) -> SweepTables:
    """The compiled loop's tables from :class:`~.solve.MoveIndex`'s arrays (``kept``,
    ``crashed``, ``src``: see there), the dice model and the dice sets of each total.

    Checks what the loop takes on trust: every index is in range (it runs without bounds
    checks), and a heading with an exception is neither a plain move nor a crash, so the
    exception's value may simply join the minimum."""
    n_totals = len(kept)
    plain = np.array([[kept[t][turn] for turn in range(3)] for t in range(n_totals)],
                     dtype=np.int32).reshape(n_totals, 3, n_places)
    crash = np.array([[crashed[t][turn] for turn in range(3)] for t in range(n_totals)],
                     dtype=np.int32).reshape(n_totals, 3, n_places)
    no_crash = crash_rows - 1  # the crash table's last row: infinities
    block = n_places * DAMAGES
    cells = np.concatenate([sl.start * block + src[turn][t].astype(np.int64)
                            for turn in range(3) for t, sl in enumerate(slices)])
    exc_set, exc_cell = np.divmod(cells, block)
    place = exc_cell // DAMAGES
    for turn in range(3):
        for t in range(len(slices)):
            where = src[turn][t] % block // DAMAGES
            if not ((plain[t, turn, where] == n_places).all()
                    and (crash[t, turn, where] == no_crash).all()):
                raise ValueError("an exception's heading is also a plain move or a crash")
    order = np.argsort(place, kind="stable")
    n_blocks = -(-n_places // BLOCK_PLACES)
    bounds = np.searchsorted(place[order], np.arange(n_blocks + 1) * BLOCK_PLACES)
    nz_start, nz_set, nz_prob = dice.roll_entries()
    steps, final = _dice_choices(dice)
    tables = SweepTables(
        plain, crash,
        np.array([sl.start for sl in slices], dtype=np.int32),
        np.array([sl.stop for sl in slices], dtype=np.int32),
        exc_set[order].astype(np.int32), exc_cell[order].astype(np.int32),
        order, bounds.astype(np.int64),
        nz_start.astype(np.int32), nz_set.astype(np.int32), nz_prob.astype(dtype),
        np.array([rows.start for rows, _ in steps], dtype=np.int32),
        np.array([rows.stop for rows, _ in steps], dtype=np.int32),
        np.cumsum([0] + [len(p) for _, p in steps])[:-1].astype(np.int32),
        np.concatenate([np.zeros(0, dtype=np.int32)] + [p for _, p in steps]).astype(np.int32),
        final.astype(np.int32),
        (plain == np.arange(n_places)[None, None, :]).any(axis=1),
        np.concatenate([np.full(sl.stop - sl.start, t, dtype=np.int32)
                        for t, sl in enumerate(slices)]),
        *_staying_choices(dice, steps, final))
    n_sets, n_plans = len(dice.sets), len(dice.plans)
    tiled = [i for sl in slices for i in range(sl.start, sl.stop)] == list(range(n_sets))
    if not (tiled and plain.min(initial=0) >= 0 and plain.max(initial=0) <= n_places
            and crash.min(initial=0) >= 0 and crash.max(initial=0) < crash_rows
            and tables.nz_set.max(initial=0) < n_sets and tables.pred.max(initial=0) < n_plans
            and tables.final.max(initial=0) < n_plans
            and tables.step_stop.max(initial=0) <= n_plans
            and tables.others.max(initial=0) < n_plans):
        raise ValueError("an index of the compiled sweep is out of range")
    return tables


def _dice_choices(dice: DiceModel) -> tuple[tuple[tuple[slice, np.ndarray], ...], np.ndarray]:
    """The dice step as running-minimum steps and each set's final choices: the lattice's, or
    (a model without one) no steps and every plan a set may choose (padded by repeating one)."""
    if dice.lattice is not None:
        return dice.lattice.steps, dice.lattice.final
    width = max(len(c) for c in dice.choices)
    final = np.array([list(c) + [c[0]] * (width - len(c)) for c in dice.choices])
    return (), final


def _staying_choices(dice: DiceModel, steps: tuple[tuple[slice, np.ndarray], ...],
                     final: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each set's plan "keep every die as it is", and the plan rows that give its best choice
    without that plan (see the module: staying put): its other final choices and that plan's
    predecessors along the lattice (a plan's running minimum is its own value or theirs)."""
    preds: dict[int, list[int]] = {}
    for rows, pred in steps:
        for q, p in zip(range(rows.start, rows.stop), pred, strict=True):
            preds.setdefault(q, []).append(int(p))
    keep = np.full(len(dice.sets), -1, dtype=np.int32)
    others: list[list[int]] = []
    for s, held in enumerate(dice.sets):
        q = dice.plan_index.get(RollPlan(held, len(held)), -1)
        choices = set(final[s].tolist())
        certain = q >= 0 and np.flatnonzero(dice.roll[q]).tolist() == [s] and dice.roll[q, s] == 1
        if certain and q in choices:
            keep[s] = q
            choices = (choices - {q}) | set(preds.get(q, []))
        others.append(sorted(choices))
    start = np.cumsum([0] + [len(o) for o in others]).astype(np.int32)
    return keep, start, np.array([q for o in others for q in o], dtype=np.int32)


class RowSweep:
    """The Bellman update of one rounding state (see the module), with its scratch arrays."""

    def __init__(self, tables: SweepTables, n_sets: int, n_places: int, n_plans: int,
                 dtype: type[np.floating]) -> None:
        self.tables = tables
        self.n_places = n_places
        columns = BLOCK_PLACES * DAMAGES
        self.after_block = np.empty((n_sets, columns), dtype=dtype)
        self.after_staying = np.empty((n_sets, columns), dtype=dtype)
        self.plans = np.empty((n_plans, columns), dtype=dtype)
        self.best = np.empty(columns, dtype=dtype)
        self.change = np.empty(n_places * DAMAGES, dtype=dtype)
        self.constants = np.array([1.0, np.inf], dtype=dtype)
        self.second = np.empty((PAIR, n_sets, columns), dtype=dtype), np.empty(
            (PAIR, n_sets, columns), dtype=dtype), np.empty((PAIR, n_plans, columns),
                                                             dtype=dtype), np.empty(
            (PAIR, columns), dtype=dtype), np.empty((PAIR, n_places * DAMAGES), dtype=dtype)
        """Scratch arrays of :meth:`pair`, one of each for each row."""
        self.snapshots = np.empty((PAIR, n_sets, (n_places + 1) * DAMAGES), dtype=dtype)

    def pair(self, first: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
             second: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], flat: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
        """Update two rows at once, one a core: each is ``(values, after, crash_table,
        targets)`` as for :meth:`__call__`. Each row reads the other as it was before the two
        began (Jacobi between the two, Gauss-Seidel inside each), so the values are the same
        with one thread or two. Returns how much each (place, damage) of each row moved."""
        t = self.tables
        rows = []
        for k, (values, after, _table, _targets) in enumerate((first, second)):
            n_sets = values.shape[0]
            if values.shape != (len(t.total_of), self.n_places + 1, DAMAGES) or not (
                    values.flags.c_contiguous and after.flags.c_contiguous):
                raise ValueError("the compiled sweep needs a row of the solver's layout")
            two_d = values.reshape(n_sets, -1)
            start = (values.__array_interface__["data"][0]
                     - flat.__array_interface__["data"][0]) // flat.itemsize
            if not 0 <= start <= flat.size - two_d.size:
                raise ValueError("a row is not part of the value array")
            self.snapshots[k] = two_d
            rows.append((two_d, after.reshape(n_sets, -1), int(start)))
        (va, aa, sa), (vb, ab, sb) = rows
        w, w_stay, g, best, change = self.second
        _sweep_pair(va, vb, self.snapshots[0], self.snapshots[1], sa, sb, aa, ab, first[2],
                    second[2], first[3], second[3], flat, t.plain, t.crash, t.first, t.stop,
                    t.exc_set, t.exc_cell, t.exc_bounds, t.nz_start, t.nz_set, t.nz_prob,
                    t.step_start, t.step_stop, t.pred_start, t.pred, t.final, t.stays,
                    t.total_of, t.keep_plan, t.others_start, t.others, self.n_places,
                    BLOCK_PLACES, self.constants, w, w_stay, g, best, change)
        return change[0], change[1]

    def __call__(self, values: np.ndarray, after: np.ndarray, crash_table: np.ndarray,
                 flat: np.ndarray, targets: np.ndarray) -> np.ndarray:
        """Update a row in place: ``values`` its values before the dice step (dice sets x
        (places and the padding place) x damages), ``after`` its values after the roll (dice
        sets x places x damages), ``crash_table`` its crash table, fresh
        (:meth:`~.solve.Layout.crash_table`), ``flat`` the whole value array (where the
        exceptions lead) and ``targets`` the row's exception targets (:meth:`SweepTables.
        targets`). Returns how much each (place, damage) moved, the most over its dice sets (an
        array reused by the next call)."""
        t = self.tables
        n_sets = values.shape[0]
        if values.shape != (len(t.total_of), self.n_places + 1, DAMAGES) or not (
                values.flags.c_contiguous and after.flags.c_contiguous):
            raise ValueError("the compiled sweep needs a row of the solver's layout")
        rows = values.reshape(n_sets, -1)
        _sweep_row(rows, rows, -1, -1, after.reshape(n_sets, -1), crash_table, flat,
                   t.plain, t.crash, t.first, t.stop, t.exc_set, t.exc_cell, targets,
                   t.exc_bounds, t.nz_start, t.nz_set, t.nz_prob, t.step_start, t.step_stop,
                   t.pred_start, t.pred, t.final, t.stays, t.total_of, t.keep_plan,
                   t.others_start, t.others, self.n_places, BLOCK_PLACES, self.constants,
                   self.after_block, self.after_staying, self.plans, self.best, self.change)
        return self.change


PAIR = 2
"""Rows updated at once by :meth:`RowSweep.pair`, one a core."""


@njit(cache=True, boundscheck=False, parallel=True)
def _sweep_pair(va, vb, sa, sb, start_a, start_b, aa, ab, ta, tb, xa, xb, flat, plain, crash,
                first, stop, exc_set, exc_cell, exc_bounds, nz_start, nz_set, nz_prob,
                step_start, step_stop, pred_start, pred, final, stays, total_of, keep_plan,
                others_start, others, n_places, block, constants, w, w_stay, g, best,
                change):  # pragma: no cover - compiled
    """Two rows side by side (``prange``), each reading the other's snapshot (see
    :meth:`RowSweep.pair`)."""
    end_a = start_a + sa.size
    end_b = start_b + sb.size
    for h in prange(2):
        if h == 0:
            _sweep_row(va, sb, start_b, end_b, aa, ta, flat, plain, crash, first, stop,
                       exc_set, exc_cell, xa, exc_bounds, nz_start, nz_set, nz_prob,
                       step_start, step_stop, pred_start, pred, final, stays, total_of,
                       keep_plan, others_start, others, n_places, block, constants, w[0],
                       w_stay[0], g[0], best[0], change[0])
        else:
            _sweep_row(vb, sa, start_a, end_a, ab, tb, flat, plain, crash, first, stop,
                       exc_set, exc_cell, xb, exc_bounds, nz_start, nz_set, nz_prob,
                       step_start, step_stop, pred_start, pred, final, stays, total_of,
                       keep_plan, others_start, others, n_places, block, constants, w[1],
                       w_stay[1], g[1], best[1], change[1])


@njit(cache=True, boundscheck=False)
def _sweep_row(values, partner, partner_start, partner_end, after, table, flat, plain, crash,
               first, stop, exc_set, exc_cell, exc_target, exc_bounds, nz_start, nz_set,
               nz_prob, step_start, step_stop, pred_start, pred, final, stays, total_of,
               keep_plan, others_start, others, n_places, block, constants, w, w_stay, g, best,
               change):  # pragma: no cover - compiled
    """The compiled loop (see :class:`RowSweep`; arrays as in :class:`SweepTables`), block of
    places by block: ``values`` and ``after`` are 2-D (dice sets x cells, four damages to a
    place), ``w`` the block's values after the roll, ``w_stay`` the same without the moves that
    stay put (where ``stays``), ``g`` its plans' expected values, ``best`` one set's best. An
    exception into the row updated beside this one (``partner_start`` to ``partner_end`` in the
    value array) reads ``partner``, its values as they were before the two began."""
    row_cells = values.shape[1]
    for b in range((n_places + block - 1) // block):
        p0 = b * block
        p1 = min(p0 + block, n_places)
        _after_roll(values, table, plain, crash, first, stop, stays, p0, p1, constants, w,
                    w_stay)
        c0 = p0 * 4
        ncol = (p1 - p0) * 4
        one = constants[0]
        for i in range(exc_bounds[b], exc_bounds[b + 1]):
            s = exc_set[i]
            col = exc_cell[i] - c0
            at = exc_target[i]
            if partner_start <= at < partner_end:  # the row updated beside this one: as it was
                x = partner[(at - partner_start) // row_cells,
                            (at - partner_start) % row_cells] + one
            else:
                x = flat[at] + one
            w[s, col] = np.minimum(w[s, col], x)
            w_stay[s, col] = np.minimum(w_stay[s, col], x)
        for s in range(values.shape[0]):
            row = after[s, c0:c0 + ncol]
            ws = w[s]
            for j in range(ncol):
                row[j] = ws[j]
        _roll(nz_start, nz_set, nz_prob, w, g, ncol)
        _dice_step(step_start, step_stop, pred_start, pred, final, g, ncol, best,
                   values[:, c0:c0 + ncol], change[c0:c0 + ncol], stays, total_of, keep_plan,
                   others_start, others, w_stay, p0)


@njit(cache=True, boundscheck=False)
def _after_roll(values, table, plain, crash, first, stop, stays, p0, p1, constants, w,
                w_stay):  # pragma: no cover - compiled
    """Stage 1 for the places ``p0`` to ``p1``: ``w = 1 +`` the least of the three headings'
    plain moves and crashes (the exceptions are added by the caller). A heading is a plain move
    or a crash or neither (padding place, row of infinities), so both can join the minimum."""
    one = constants[0]
    inf = constants[1]
    for t in range(plain.shape[0]):
        for p in range(p0, p1):
            m0 = inf
            m1 = inf
            m2 = inf
            m3 = inf
            for turn in range(3):
                c = crash[t, turn, p]
                m0 = np.minimum(m0, table[c, 0])
                m1 = np.minimum(m1, table[c, 1])
                m2 = np.minimum(m2, table[c, 2])
                m3 = np.minimum(m3, table[c, 3])
            o0 = plain[t, 0, p] * 4
            o1 = plain[t, 1, p] * 4
            o2 = plain[t, 2, p] * 4
            col = (p - p0) * 4
            for s in range(first[t], stop[t]):  # the four damages written out: measured faster
                x = values[s, o0]
                m = m0 if m0 < x else x
                x = values[s, o1]
                m = m if m < x else x
                x = values[s, o2]
                w[s, col] = (m if m < x else x) + one
                x = values[s, o0 + 1]
                m = m1 if m1 < x else x
                x = values[s, o1 + 1]
                m = m if m < x else x
                x = values[s, o2 + 1]
                w[s, col + 1] = (m if m < x else x) + one
                x = values[s, o0 + 2]
                m = m2 if m2 < x else x
                x = values[s, o1 + 2]
                m = m if m < x else x
                x = values[s, o2 + 2]
                w[s, col + 2] = (m if m < x else x) + one
                x = values[s, o0 + 3]
                m = m3 if m3 < x else x
                x = values[s, o1 + 3]
                m = m if m < x else x
                x = values[s, o2 + 3]
                w[s, col + 3] = (m if m < x else x) + one
            if stays[t, p]:
                _without_staying(values, o0, o1, o2, p * 4, m0, m1, m2, m3, first[t], stop[t],
                                 col, one, w_stay)


@njit(cache=True, boundscheck=False)
def _without_staying(values, o0, o1, o2, here, m0, m1, m2, m3, first, stop, col, one,
                     w_stay):  # pragma: no cover - compiled
    """Stage 1 at a place where a heading leads back to it: the least of the other headings
    (``m0``-``m3``: the crashes), into ``w_stay``."""
    for s in range(first, stop):
        for k in range(4):
            m = m0 if k == 0 else m1 if k == 1 else m2 if k == 2 else m3
            for o in (o0, o1, o2):
                if o != here:
                    m = np.minimum(m, values[s, o + k])
            w_stay[s, col + k] = m + one


@njit(cache=True, boundscheck=False)
def _stay_put(stays, t, keep_plan, others_start, others, g, w_stay, s, p0, ncol,
              best):  # pragma: no cover - compiled
    """Where set ``s`` (of total ``t``) can stay put, its best choice without keeping every die
    as it is and staying (see the module): the least of its other choices and of ``w_stay``."""
    for j in range(ncol):
        if stays[t, p0 + j // 4]:
            b = w_stay[s, j]
            for i in range(others_start[s], others_start[s + 1]):
                b = np.minimum(b, g[others[i], j])
            best[j] = b


@njit(cache=True, boundscheck=False)
def _roll(nz_start, nz_set, nz_prob, w, g, ncol):  # pragma: no cover - compiled
    """Stage 2: each plan's expected value after the roll, over its nonzero entries."""
    for q in range(nz_start.shape[0] - 1):
        gq = g[q]
        for j in range(ncol):
            gq[j] = 0.0
        for z in range(nz_start[q], nz_start[q + 1]):
            ws = w[nz_set[z]]
            chance = nz_prob[z]
            for j in range(ncol):
                gq[j] += chance * ws[j]


@njit(cache=True, boundscheck=False)
def _dice_step(step_start, step_stop, pred_start, pred, final, g, ncol, best, values, moved,
               stays, total_of, keep_plan, others_start, others, w_stay,
               p0):  # pragma: no cover - compiled
    """Stage 3: running minima along the lattice, then each set's best plan into ``values``
    (the block's columns), and how far each column moved into ``moved``."""
    for k in range(step_start.shape[0]):
        base = pred_start[k]
        for i in range(step_stop[k] - step_start[k]):
            gq = g[step_start[k] + i]
            gp = g[pred[base + i]]
            for j in range(ncol):
                gq[j] = np.minimum(gq[j], gp[j])
    for j in range(ncol):
        moved[j] = 0.0
    for s in range(values.shape[0]):
        g0 = g[final[s, 0]]
        for j in range(ncol):
            best[j] = g0[j]
        for f in range(1, final.shape[1]):
            gf = g[final[s, f]]
            for j in range(ncol):
                best[j] = np.minimum(best[j], gf[j])
        if keep_plan[s] >= 0:
            _stay_put(stays, total_of[s], keep_plan, others_start, others, g, w_stay, s, p0,
                      ncol, best)
        row = values[s]
        for j in range(ncol):
            d = abs(best[j] - row[j])  # NaN where both are infinite: no move
            moved[j] = d if d > moved[j] else moved[j]
            row[j] = best[j]
