"""Value iteration for one boat alone, in numpy (PAR-01).

The value of a state is the expected number of turns to finish with perfect play. A turn has
three stages, and each sweep does them as array operations, one rounding state (a row of the
value array, :mod:`.space`) at a time:

1. *after the roll*: ``W = 1 + min over the legal headings of V(where the move leaves the
   boat)``: a gather along precomputed indices (:func:`move_indices`: one index array per
   heading, shared by every rounding state, plus a short list of exceptions per row for the
   moves that round a buoy, finish or meet low water);
2. *the roll*: the expected ``W`` of each roll plan, a matrix product with the roll matrix
   (plans x dice sets, :mod:`.dice`), done block by block (:class:`RollProduct`);
3. *the dice step*: ``V = min over the plans the boat may choose`` (along the sub-multiset
   lattice).

Rows are swept from the finish backwards (Gauss-Seidel): the rows of boats heading for the finish
first, so that a sweep carries a value all the way round the course. The values start from a
lower bound (0, or :func:`~.par.lower_bound`) and rise to the solution; the sweeps stop when no
value moved by more than ``tolerance``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from course_builder.powerboats.study.dice import DiceModel, best_plans
from course_builder.powerboats.study.space import (
    DAMAGES,
    FINISHED,
    ILLEGAL,
    SUNK,
    StateSpace,
)
from course_builder.powerboats.study.transitions import (
    FINISHED_ROUND,
    Result,
    Transitions,
    move_result,
)


@dataclass
class MoveIndex:
    """Where each heading leaves each state: ``plain[turn]`` holds, for every (damage, dice,
    place) of a row, the index in the same row of the state the move leads to (or an end
    cell); ``src[row][turn]`` and ``dst[row][turn]`` are the exceptions: index in the row, and
    flat index in the whole value array."""

    plain: list[np.ndarray]
    src: list[list[np.ndarray]]
    dst: list[list[np.ndarray]]

    @property
    def exceptions(self) -> int:
        return sum(len(a) for rows in self.src for a in rows)


@dataclass
class Solution:
    """The solved values: ``values[row]`` the value before the dice step of each state of a
    rounding state (then its end cells), ``after_roll[row]`` the value after the roll."""

    space: StateSpace
    values: np.ndarray
    after_roll: np.ndarray
    sweeps: int
    residual: float
    seconds: float


def move_indices(moves: Transitions) -> MoveIndex:
    """The index arrays of the heading stage (see :class:`MoveIndex`)."""
    space = moves.space
    n_p, n_s, body = space.n_places, space.n_sets, space.body
    assert space.dice.sets[0] == ()
    plain = [np.full((n_s, DAMAGES, n_p), body + 3 + ILLEGAL, dtype=np.intp) for _ in range(3)]
    d = np.arange(DAMAGES)[None, :, None]
    for total in range(moves.target.shape[1]):
        sl = space.dice.total_slice(total)
        s = np.arange(sl.start, sl.stop)[:, None, None]
        for turn in range(3):
            tgt = moves.target[:, total, turn][None, None, :]
            k = moves.damage[:, total, turn].astype(np.int64)[None, None, :]
            crash = moves.crash[:, total, turn][None, None, :]
            kept = (s * DAMAGES + d) * n_p + tgt
            lost = (d + k) * n_p + tgt
            idx = np.where(crash, np.where(d + k >= DAMAGES, body + 3 + SUNK, lost), kept)
            idx = np.where(tgt >= 0, idx, body + 3 + ILLEGAL)
            plain[turn][sl] = idx
    src, dst = _exceptions(moves)
    return MoveIndex([p.ravel() for p in plain], src, dst)


def _exceptions(moves: Transitions) -> tuple[list[list[np.ndarray]], list[list[np.ndarray]]]:
    """The moves that are not plain, as (index in the row, flat target) per row and heading. The
    sources of a heading are the same cells in every row (one array, shared); the targets are
    worked out row by row from the signatures' answers."""
    space = moves.space
    n_rows, row, body = len(space.roundings), space.row, space.body
    rows = np.arange(n_rows, dtype=np.int64)[:, None]
    srcs: list[list[np.ndarray]] = [[] for _ in range(n_rows)]
    dsts: list[list[np.ndarray]] = [[] for _ in range(n_rows)]
    parts = [_rounding_cells(moves), _exact_cells(moves)]
    answers = moves.answers.astype(np.int64)
    for turn in range(3):
        src, sig, local, sunk = (np.concatenate([p[turn][k] for p in parts]) for k in range(4))
        after = np.where(sig >= 0, answers[np.maximum(sig, 0)].T if len(answers) else rows,
                         rows)  # the rounding state after, row by row (-1: finished)
        dst = np.where(after == FINISHED_ROUND, rows * row + body + 3 + FINISHED,
                       np.where(sunk, rows * row + body + 3 + SUNK, after * row + local))
        for r in range(n_rows):
            srcs[r].append(src)
            dsts[r].append(dst[r])
    return srcs, dsts


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


class RollProduct:
    """``roll @ w`` (plans x sets times sets x columns) for the roll stage, block by block: a
    plan that ends with ``k`` dice lands only on sets of ``k`` dice, so the roll matrix is a
    block per dice count (a quarter of its entries), and the plans of one count and one number
    of dice kept are neighbours in the model's order, so small products write the answer in
    place. Falls back to the whole product if the matrix or the order ever differ."""

    def __init__(self, dice: DiceModel, dtype: type[np.floating], columns: int) -> None:
        self.roll = dice.roll.astype(dtype)
        sizes = np.array([len(s) for s in dice.sets])
        counts = np.array([p.count for p in dice.plans])
        kept = np.array([len(p.kept) for p in dice.plans])
        self.blocks: list[tuple[np.ndarray, list[tuple[slice, np.ndarray]]]] = []
        rebuilt = np.zeros_like(self.roll)
        for k in np.unique(counts):
            sets = np.flatnonzero(sizes == k)
            parts = []
            for size in np.unique(kept[counts == k]):
                plans = np.flatnonzero((counts == k) & (kept == size))
                rows = slice(int(plans[0]), int(plans[-1]) + 1)
                block = np.ascontiguousarray(self.roll[rows][:, sets])
                rebuilt[rows.start:rows.stop][:, sets] = block
                parts.append((rows, block))
                if rows.stop - rows.start != len(plans):
                    rebuilt[:] = np.nan  # not neighbours: no blocks
            self.blocks.append((sets, parts))
        self.blocked = bool(np.array_equal(rebuilt, self.roll))
        self.out: np.ndarray = np.empty((len(dice.plans), columns), dtype=dtype)

    def __call__(self, w: np.ndarray) -> np.ndarray:
        """The expected values after the roll of each plan (an array reused by the next call)."""
        if not self.blocked:
            return np.matmul(self.roll, w)
        for sets, parts in self.blocks:
            ws = w[sets]
            for rows, block in parts:
                np.matmul(block, ws, out=self.out[rows])
        return self.out


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

    The hot loop of par: each sweep is a handful of numpy operations per rounding state over
    arrays of every (damage, dice, place), so it is kept in one piece.
    """
    started = time.perf_counter()
    space = moves.space
    n_rows, body = len(space.roundings), space.body
    shape = (space.n_sets, DAMAGES * space.n_places)
    values: np.ndarray = np.zeros((n_rows, space.row), dtype=dtype)
    if start is not None:
        for r in range(n_rows):
            values[r, :body].reshape(-1, space.n_places)[...] = start[r]
    values[:, body + 3 + SUNK] = sink_penalty
    values[:, body + 3 + ILLEGAL] = np.inf
    values[:, body + 3 + FINISHED] = 0.0
    after: np.ndarray = np.zeros((n_rows, body), dtype=dtype)
    flat = values.ravel()
    roll = RollProduct(space.dice, dtype, shape[1])
    order = solve_order(space)
    cand: np.ndarray = np.empty(body, dtype=dtype)
    residual = np.inf
    sweeps = 0
    while residual > tolerance and sweeps < max_sweeps:
        residual = 0.0
        for r in order:
            row = values[r]
            w = after[r]
            for turn in range(3):
                target = w if turn == 0 else cand
                np.take(row, index.plain[turn], out=target, mode="clip")
                target[index.src[r][turn]] = flat[index.dst[r][turn]]
                if turn:
                    np.minimum(w, cand, out=w)
            w += 1
            new = best_plans(space.dice, roll(w.reshape(shape)))
            old = row[:body].reshape(shape)
            residual = max(residual, float(np.max(np.abs(new - old))))
            old[...] = new
        sweeps += 1
        if progress:
            progress(sweeps, residual)
    return Solution(space, values, after, sweeps, residual, time.perf_counter() - started)

