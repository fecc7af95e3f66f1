"""Fewest moves to the finish over the precomputed moves: a lower bound on par and a yardstick.

:func:`moves_to_go` treats a boat as if it could pick any total (0, turning on the spot, to
the most the model rolls) every turn: a breadth-first search backwards over the move classes of
:mod:`.transitions`, for every rounding state and place. No real turn does better, so the
result, capped at the sinking penalty, is a lower bound on every state's value: the solver
starts from it (value iteration from below stays below and converges to the values), and a place
from which the finish cannot be reached starts at the penalty instead of climbing to it one turn
per sweep. The greedy bot steers by the crash-free version.
"""

from __future__ import annotations

import numpy as np

from course_builder.powerboats.study.transitions import ALL_ROUNDINGS, Transitions


def _edges(moves: Transitions, crashes: bool) -> tuple[list[int], list[int], list[int]]:
    """(from, to) pairs as ``row * places + place`` from the rounding and exact moves, and the
    (row, place) codes that can finish in one move."""
    n_rows, n_p = len(moves.space.roundings), moves.space.n_places
    sources: list[int] = []
    targets: list[int] = []
    finishing: list[int] = []
    listed = [(r, place, res) for place, _total, _t, r, res in moves.rounding_moves]
    listed += [(r, place, res) for r, _d, _s, place, _t, res in moves.exact_moves]
    for r, place, res in listed:
        if res == "sunk":
            continue
        rows = range(n_rows) if r == ALL_ROUNDINGS else (r,)
        for row in rows:
            if res == "finished":
                finishing.append(row * n_p + place)
            elif not isinstance(res, str) and (crashes or res[2] or not res[1]):
                to = row if r == ALL_ROUNDINGS else res[0]
                sources.append(row * n_p + place)
                targets.append(to * n_p + res[3])
    return sources, targets, finishing


def moves_to_go(moves: Transitions, *, crashes: bool = True) -> np.ndarray:
    """``[rounding, place]``: the fewest moves to finish with a free choice of total (inf where
    the finish cannot be reached); ``crashes=False`` leaves out the moves that crash (those that
    take damage, for the rounding and exact moves)."""
    space = moves.space
    n_rows, n_p = len(space.roundings), space.n_places
    sources, targets, finishing = _edges(moves, crashes)
    plain = moves.target
    ok = plain >= 0 if crashes else (plain >= 0) & ~moves.crash
    step = np.where(ok, plain, n_p).reshape(n_p, -1)  # n_p: an extra column of inf
    src = np.array(sources, dtype=np.intp)
    dst = np.array(targets, dtype=np.intp)
    first = np.full(n_rows * n_p, np.inf)
    first[np.array(finishing, dtype=np.intp)] = 1.0
    go = first.reshape(n_rows, n_p)
    while True:
        padded = np.concatenate([go, np.full((n_rows, 1), np.inf)], axis=1)
        new = np.minimum(go, padded[:, step].min(axis=2) + 1.0)
        flat = new.ravel()
        if len(src):
            np.minimum.at(flat, src, go.ravel()[dst] + 1.0)
        if np.array_equal(new, go):
            return go
        go = new
