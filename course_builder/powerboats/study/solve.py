"""Value iteration for one boat alone, in numpy (PAR-01).

The value of a state is the expected number of turns to finish with perfect play. A turn has
three stages, and each sweep does them as array operations, one rounding state (a row of the
value array, :mod:`.space`) at a time:

1. *after the roll*: ``W = 1 + min over the legal headings of V(where the move leaves the
   boat)``: a gather along precomputed indices (:func:`move_indices`: one index array per
   heading, shared by every rounding state, plus a short list of exceptions per row for the
   moves that round a buoy, finish or meet low water);
2. *the roll*: the expected ``W`` of each roll plan, a matrix product with the roll matrix
   (plans x dice sets, :mod:`.dice`);
3. *the dice step*: ``V = min over the plans the boat may choose`` (along the sub-multiset
   lattice).

Rows are swept from the finish backwards (Gauss-Seidel): the rows of boats heading for the finish
first, so that a sweep carries a value all the way round the course. The values start at 0 and
rise to the solution; the sweeps stop when no value moved by more than ``tolerance``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from course_builder.powerboats.study.dice import best_plans
from course_builder.powerboats.study.space import (
    DAMAGES,
    FINISHED,
    ILLEGAL,
    SUNK,
    StateSpace,
)
from course_builder.powerboats.study.transitions import ALL_ROUNDINGS, Result, Transitions


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
    """The moves that are not plain, as (index in the row, flat target) per row and heading."""
    n_rows = len(moves.space.roundings)
    parts = [_rounding_exceptions(moves), _exact_exceptions(moves)]
    key, src, dst = (np.concatenate([p[k] for p in parts]) for k in range(3))
    order = np.argsort(key, kind="stable")
    key, src, dst = key[order], src[order], dst[order]
    bounds = np.searchsorted(key, np.arange(n_rows * 3 + 1))
    srcs = [[src[bounds[r * 3 + t]:bounds[r * 3 + t + 1]] for t in range(3)]
            for r in range(n_rows)]
    dsts = [[dst[bounds[r * 3 + t]:bounds[r * 3 + t + 1]] for t in range(3)]
            for r in range(n_rows)]
    return srcs, dsts


def _rounding_exceptions(moves: Transitions) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(row * 3 + turn, index in the row, flat target) of the rounding moves, for every damage
    and dice set of their total: damage adds up, a crash loses the dice (given the result for
    damage 0 and the total's first set)."""
    space = moves.space
    n_p, row = space.n_places, space.row
    if not moves.rounding_moves:
        empty = np.zeros((0,), dtype=np.int64)
        return empty, empty, empty
    cols = list(zip(*[(p, t, turn, r, *_parse(res))
                      for p, t, turn, r, res in moves.rounding_moves], strict=True))
    place, total, turn, r, kind, r2, taken, dice_n, place2 = (
        np.array(c, dtype=np.int64) for c in cols)
    out: tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]] = ([], [], [])
    d = np.arange(DAMAGES)[None, :, None]
    for t in np.unique(total):
        pick = total == t
        sl = space.dice.total_slice(int(t))
        s = np.arange(sl.start, sl.stop)[None, None, :]
        src = (s * DAMAGES + d) * n_p + place[pick][:, None, None]
        lost = (t > 0) & (dice_n[pick][:, None, None] == 0)
        dmg = d + taken[pick][:, None, None]
        dst = (r2[pick][:, None, None] * row + (np.where(lost, 0, s) * DAMAGES + dmg) * n_p
               + place2[pick][:, None, None])
        ends = (r[pick][:, None, None] + 1) * row
        kinds = kind[pick][:, None, None]
        dst = np.where((kinds == 2) | (dmg >= DAMAGES), ends + SUNK, dst)
        dst = np.where(kinds == 1, ends + FINISHED, dst)
        key = r[pick][:, None, None] * 3 + turn[pick][:, None, None]
        for k, a in enumerate((key, src, dst)):
            out[k].append(np.broadcast_to(a, np.broadcast_shapes(src.shape, dst.shape)).ravel())
    return np.concatenate(out[0]), np.concatenate(out[1]), np.concatenate(out[2])


def _parse(res: Result) -> tuple[int, int, int, int, int]:
    """(kind: 0 racing, 1 finished, 2 sunk; rounding; damage; dice count; place)."""
    if res == "finished":
        return 1, 0, 0, 0, 0
    if res == "sunk":
        return 2, 0, 0, 0, 0
    assert not isinstance(res, str)
    return 0, res[0], res[1], len(res[2]), res[3]


def _exact_exceptions(moves: Transitions) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(row * 3 + turn, index in the row, flat target) of the exact moves; those made for every
    rounding state are repeated for each."""
    space = moves.space
    n_rows, row = len(space.roundings), space.row
    keys: list[int] = []
    srcs: list[int] = []
    dsts: list[int] = []
    for r0, d, s, place, turn, res in moves.exact_moves:
        rows = range(n_rows) if r0 == ALL_ROUNDINGS else (r0,)
        if res == "finished" or res == "sunk":
            cell = row + (FINISHED if res == "finished" else SUNK)
            targets = [r * row + cell for r in rows]
        else:
            assert not isinstance(res, str)
            r2, damage, dice, place2 = res
            local = space.local(damage, space.dice.index[dice], place2)
            targets = [(r if r0 == ALL_ROUNDINGS else r2) * row + local for r in rows]
        for r, target in zip(rows, targets, strict=True):
            keys.append(r * 3 + turn)
            srcs.append(space.local(d, s, place))
            dsts.append(target)
    return (np.array(keys, dtype=np.int64), np.array(srcs, dtype=np.int64),
            np.array(dsts, dtype=np.int64))


def solve_order(space: StateSpace) -> list[int]:
    """Rows from the finish backwards: next buoy, then crossings, highest first."""
    return sorted(range(len(space.roundings)), key=lambda r: space.roundings[r], reverse=True)


def value_iteration(moves: Transitions, index: MoveIndex, *, sink_penalty: float,
                    tolerance: float, dtype: type[np.floating] = np.float32, max_sweeps: int = 2000,
                    start: np.ndarray | None = None,
                    progress: Callable[[int, float], None] | None = None) -> Solution:
    """Sweep until no value moves by more than ``tolerance`` (see the module docstring), from
    the values ``start`` (rows x states; default 0).

    The hot loop of par: each sweep is a handful of numpy operations per rounding state over
    arrays of every (damage, dice, place), so it is kept in one piece.
    """
    started = time.perf_counter()
    space = moves.space
    n_rows, body = len(space.roundings), space.body
    shape = (space.n_sets, DAMAGES * space.n_places)
    values: np.ndarray = np.zeros((n_rows, space.row), dtype=dtype)
    if start is not None:
        values[:, :body] = start
    values[:, body + 3 + SUNK] = sink_penalty
    values[:, body + 3 + ILLEGAL] = np.inf
    values[:, body + 3 + FINISHED] = 0.0
    after: np.ndarray = np.zeros((n_rows, body), dtype=dtype)
    flat = values.ravel()
    roll: np.ndarray = space.dice.roll.astype(dtype)
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
            new = best_plans(space.dice, np.matmul(roll, w.reshape(shape)))
            old = row[:body].reshape(shape)
            residual = max(residual, float(np.max(np.abs(new - old))))
            old[...] = new
        sweeps += 1
        if progress:
            progress(sweeps, residual)
    return Solution(space, values, after, sweeps, residual, time.perf_counter() - started)

