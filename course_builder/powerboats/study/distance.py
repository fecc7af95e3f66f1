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

from course_builder.powerboats.study.transitions import FINISHED_ROUND, Transitions


def _edges(moves: Transitions, crashes: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(from, to) pairs as ``row * places + place`` from the rounding and exact moves, and the
    (row, place) codes that can finish in one move."""
    n_rows, n_p = len(moves.space.roundings), moves.space.n_places
    rows = np.arange(n_rows, dtype=np.int64)[:, None]
    listed = [(place, sig, body) for place, _t, _turn, body, sig in moves.rounding_moves]
    listed += [(place, sig, body) for _d, _s, place, _t, body, sig in moves.exact_rounding_moves]
    listed += [(place, -1, (res == "sunk", 0 if isinstance(res, str) else res[1],
                            () if isinstance(res, str) else res[2],
                            -1 if isinstance(res, str) else res[3]))
               for _d, _s, place, _t, res in moves.exact_moves]
    if not listed:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    place = np.array([m[0] for m in listed], dtype=np.int64)
    sig = np.array([m[1] for m in listed], dtype=np.int64)
    sunk = np.array([m[2][0] for m in listed], dtype=bool)
    calm = np.array([crashes or bool(m[2][2]) or not m[2][1] for m in listed], dtype=bool)
    place2 = np.array([m[2][3] for m in listed], dtype=np.int64)
    answers = moves.answers.astype(np.int64)
    after = np.where(sig >= 0, answers[np.maximum(sig, 0)].T if len(answers) else rows, rows)
    finishing = (rows * n_p + place)[after == FINISHED_ROUND]
    ok = (after != FINISHED_ROUND) & ~sunk & calm
    sources = np.broadcast_to(rows * n_p + place, ok.shape)[ok]
    targets = (after * n_p + place2)[ok]
    return sources, targets, finishing


def moves_to_go(moves: Transitions, *, crashes: bool = True) -> np.ndarray:
    """``[rounding, place]``: the fewest moves to finish with a free choice of total (inf where
    the finish cannot be reached); ``crashes=False`` leaves out the moves that crash (those that
    take damage, for the rounding and exact moves).

    Breadth first backwards from the moves that finish: each level looks only at the moves into
    the places reached on the level before (:class:`_Reverse`), so the work is one look at each
    move, however many levels the lake needs."""
    space = moves.space
    n_rows, n_p = len(space.roundings), space.n_places
    sources, targets, finishing = _edges(moves, crashes)
    plain = moves.target
    ok = plain >= 0 if crashes else (plain >= 0) & ~moves.crash
    places = np.broadcast_to(np.arange(n_p)[:, None, None], plain.shape)
    into_plain = _Reverse(plain[ok].astype(np.intp), places[ok].astype(np.intp), n_p)
    into_special = _Reverse(targets.astype(np.intp), sources.astype(np.intp), n_rows * n_p)
    go = np.full(n_rows * n_p, np.inf)
    frontier = np.unique(finishing.astype(np.intp))
    go[frontier] = 1.0
    level = 1.0
    while len(frontier):
        rows, at = np.divmod(frontier, n_p)
        found, which = into_plain.sources(at)
        reached = np.concatenate([rows[which] * n_p + found, into_special.sources(frontier)[0]])
        reached = np.unique(reached[np.isinf(go[reached])])
        level += 1.0
        go[reached] = level
        frontier = reached
    return go.reshape(n_rows, n_p)


class _Reverse:
    """The moves into each node, as sorted arrays: :meth:`sources` lists the nodes with a move
    into any of the nodes given."""

    def __init__(self, targets: np.ndarray, sources: np.ndarray, n_nodes: int) -> None:
        order = np.argsort(targets, kind="stable")
        self.from_ = sources[order]
        self.start = np.searchsorted(targets[order], np.arange(n_nodes + 1))

    def sources(self, nodes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(source nodes, position in ``nodes`` of the node each moves into)."""
        first, last = self.start[nodes], self.start[nodes + 1]
        counts = last - first
        which = np.repeat(np.arange(len(nodes)), counts)
        offsets = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
        return self.from_[first[which] + offsets], which
