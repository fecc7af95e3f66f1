"""Solving the strong bot's plan (:mod:`.plan`): a lower bound, then value iteration, compiled.

A turn is the kernel's three stages (as in par, docs/par.md): the dice plan, the roll, the best
legal heading. For each (rounding state, place) the loop computes, for every dice set after the
roll, ``W = 1 +`` the least over the legal headings of where the move leaves the boat (the value
there with the dice the move leaves, plus :data:`~.plan.DAMAGE_TURNS` per damage counter; 0 on
finishing; the sinking cost on sinking); then each plan's expected ``W`` over the roll; then, for
each dice set held, the least over its plans.

Staying put (keeping every die as it is and making a move that brings the boat back to the same
place) spends a turn for nothing: from values below the solution it looks cheap, and the value
would climb by one turn a sweep. As in par (docs/par.md, "Staying put") a set's "keep every die"
plan leaves that heading out; every other plan may still take it.

Places are visited in the order of the lower bound (nearest the finish first), rounding states
from the finish backwards, and each value is written at once (Gauss-Seidel), so a sweep carries
values a long way; values start from the lower bound and rise to the solution.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from course_builder.core.values import Frozen
from course_builder.powerboats.play.position import DIE_FACES
from course_builder.powerboats.play.rules import SINK_AT
from course_builder.powerboats.study.dice import DiceModel, RollPlan, sub_multisets
from course_builder.powerboats.study.plan_model import (
    DAMAGE_COSTS,
    DEAD,
    FINISHED,
    KEEP_DICE,
    LOSE_DICE,
    ROUNDINGS,
    SINK_TURNS,
    MoveTable,
    Places,
)

MAX_SWEEPS = 500

START_SCALE = 1.6
"""Values start from the lower bound times this (about the median ratio of value to bound on
the classic lake): most start near their value, and value iteration converges from any start.
Starting from the bound itself (from below) takes half as many sweeps again."""



def solve(moves: MoveTable, dice: DiceModel, places: Places, tolerance: float,
          dtype: type[np.floating] = np.float32, bound: np.ndarray | None = None
          ) -> tuple[np.ndarray, np.ndarray, int]:
    """Values before the dice step and after the roll (rounding state x place x dice set) and
    the sweeps it took. The values are kept in ``dtype`` (float32: half the memory, and a
    bot's choices need no more than its seven digits), the arithmetic is float64. ``bound``:
    the moves' :func:`lower_bound`, where already known."""
    n_r, n_p, n_s = len(ROUNDINGS), places.count, len(dice.sets)
    t = dice_tables(dice)
    if bound is None:
        bound = lower_bound(moves, n_r)
    rows = n_r * n_p
    table = np.empty((rows + 1, n_s), dtype=dtype)  # and a row of zeros (see _solve)
    table[:rows] = np.minimum(bound * START_SCALE, SINK_TURNS).reshape(rows, 1)
    table[rows] = 0.0
    after = np.empty((rows, n_s), dtype=dtype)
    order = np.argsort(bound, axis=1, kind="stable").astype(np.int32)
    sweeps, _updates = _solve(table, after, order, moves.target, moves.damage, moves.dice_mode,
                    moves.dice_to, moves.signature, moves.answers, t.first, t.stop,
                    t.plan_order, t.leaf, t.child, t.pred_start, t.preds, t.entry_start,
                    t.entries, t.keep, dice.index[()], DAMAGE_COSTS[0], float(SINK_TURNS),
                    float(tolerance), MAX_SWEEPS)
    values = table[:rows].reshape(n_r, n_p, n_s)
    return values, after.reshape(n_r, n_p, n_s), int(sweeps)


class DiceTables(Frozen):
    """The dice stages as index arrays for the compiled loop.

    The roll: a plan that rolls no die leads to its kept set for sure (``leaf``); one that rolls
    dice is the mean over the first rolled die's three values of the plan that keeps that die
    too (``child``), so plans are evaluated in ``plan_order`` (fewest dice rolled first).
    The dice step: the least over a set's plans, taken along the sub-multiset lattice: ``pred``
    lists the plans keeping one die fewer for the same count, so ``H(plan)`` (the least over
    the plans keeping a sub-multiset of its dice for its count) is the plan's own value or a
    predecessor's ``H``; a set's best is the least of ``H`` over its ``entries``, and, for its
    "keep every die" plan (``keep``), of that plan's predecessors' ``H`` and of the value
    without staying put."""

    first: np.ndarray
    stop: np.ndarray
    plan_order: np.ndarray
    leaf: np.ndarray
    child: np.ndarray
    pred_start: np.ndarray
    preds: np.ndarray
    entry_start: np.ndarray
    entries: np.ndarray
    keep: np.ndarray


_TABLES: dict[int, tuple[DiceModel, DiceTables]] = {}


def dice_tables(dice: DiceModel) -> DiceTables:
    """The :class:`DiceTables` of a dice model (kept: the model is the same on every course)."""
    found = _TABLES.get(id(dice))
    if found is not None and found[0] is dice:
        return found[1]
    tables = _dice_tables(dice)
    _TABLES[id(dice)] = (dice, tables)
    return tables


def _dice_tables(dice: DiceModel) -> DiceTables:
    plans, index = dice.plans, dice.plan_index
    n_t = 3 * dice.cap + 1
    first = np.array([dice.total_slice(t).start for t in range(n_t)], dtype=np.int32)
    stop = np.array([dice.total_slice(t).stop for t in range(n_t)], dtype=np.int32)
    leaf = np.full(len(plans), -1, dtype=np.int32)
    child = np.full((len(plans), 3), -1, dtype=np.int32)
    pred = np.full((len(plans), 3), -1, dtype=np.int32)
    for q, plan in enumerate(plans):
        if plan.rolled == 0:
            leaf[q] = dice.index[plan.kept]
        else:
            for v in DIE_FACES:
                child[q, v - 1] = index[RollPlan(tuple(sorted((*plan.kept, v))), plan.count)]
        for j, v in enumerate(sorted(set(plan.kept))):
            smaller = list(plan.kept)
            smaller.remove(v)
            pred[q, j] = index.get(RollPlan(tuple(smaller), plan.count), -1)
    order = sorted(range(len(plans)), key=lambda q: (plans[q].rolled, q))
    entries: list[list[int]] = []
    keep = np.full(len(dice.sets), -1, dtype=np.int32)
    for s, (held, chosen) in enumerate(zip(dice.sets, dice.choices, strict=True)):
        mine = set()
        for m in sorted({plans[c].count for c in chosen}):
            if m >= len(held):
                q = index[RollPlan(held, m)]
                if m == len(held):
                    keep[s] = q
                else:
                    mine.add(q)
            else:
                for v in sorted(set(held)):
                    smaller = list(held)
                    smaller.remove(v)
                    mine.add(index[RollPlan(tuple(smaller), m)])
        entries.append(sorted(mine))
        covered = _covered(dice, entries[-1] + ([int(keep[s])] if keep[s] >= 0 else []))
        if covered != set(chosen):
            raise ValueError("the kernel's dice steps are not a sub-multiset lattice")
    found = [[int(e) for e in row if e >= 0] for row in pred]
    return DiceTables(first, stop, np.array(order, dtype=np.int32), leaf, child,
                      np.cumsum([0] + [len(f) for f in found]).astype(np.int32),
                      np.array([e for f in found for e in f], dtype=np.int32),
                      np.cumsum([0] + [len(e) for e in entries]).astype(np.int32),
                      np.array([q for e in entries for q in e], dtype=np.int32), keep)


def _covered(dice: DiceModel, tops: list[int]) -> set[int]:
    """The plans whose least the lattice takes for ``tops``: each top and every plan keeping a
    sub-multiset of its dice for the same count."""
    out = set()
    for q in tops:
        plan = dice.plans[q]
        out |= {dice.plan_index[RollPlan(k, plan.count)] for k in sub_multisets(plan.kept)}
    return out


def lower_bound(moves: MoveTable, n_r: int) -> np.ndarray:
    """Fewest moves to finish with a free choice of total (rounding state x place), capped at
    the sinking cost: no turn does better, so every value is at least this."""
    return _lower_bound(moves.target, moves.damage, moves.dice_mode, moves.signature,
                        moves.answers, n_r, SINK_AT, float(SINK_TURNS))


def after_roll(plan_values: np.ndarray, moves: MoveTable, rounding: int, place: int,
               costs: np.ndarray, dice: DiceModel, out: np.ndarray) -> np.ndarray:
    """The value after the roll of every dice set at one (rounding state, place) for a boat
    whose damage costs are ``costs`` (a row of :data:`~.plan.DAMAGE_COSTS`), into ``out``."""
    t = dice_tables(dice)
    _after_roll(plan_values, rounding, place, moves.target, moves.damage, moves.dice_mode,
                moves.dice_to, moves.signature, moves.answers, t.first, t.stop, dice.index[()],
                costs, float(SINK_TURNS), out)
    return out


@njit(cache=True)
def _after_roll(values, r, p, target, damage, mode, dice_to, signature, answers, first, stop,
                empty, costs, sink_turns, out):  # pragma: no cover - compiled
    for t in range(target.shape[1]):
        for s in range(first[t], stop[t]):
            out[s] = np.inf
        for k in range(3):
            tg = target[p, t, k]
            if tg < 0:
                continue
            sg = signature[p, t, k]
            r2 = r if sg < 0 else answers[sg, r]
            m = mode[p, t, k]
            add = costs[damage[p, t, k]]
            keep = False
            if r2 == FINISHED:
                x = 0.0
            elif m == DEAD or add >= sink_turns:
                x = sink_turns
            elif m == LOSE_DICE:
                x = values[r2, tg, empty] + add
            elif m == KEEP_DICE:
                keep = True
                x = add
            else:
                x = values[r2, tg, dice_to[p, t, k]] + add
            for s in range(first[t], stop[t]):
                y = x + values[r2, tg, s] if keep else x
                if y < out[s]:
                    out[s] = y
        for s in range(first[t], stop[t]):
            out[s] += 1.0


@njit(cache=True)
def _lower_bound(target, damage, mode, signature, answers, n_r, sink_at,
                 sink_turns):  # pragma: no cover - compiled
    n_p, n_t = target.shape[0], target.shape[1]
    # reverse edges: into (r2, p2) from (r, p)
    count = np.zeros(n_r * n_p + 1, dtype=np.int64)
    best = np.full(n_r * n_p, np.inf)
    for r in range(n_r):
        for p in range(n_p):
            for t in range(n_t):
                for k in range(3):
                    tg = target[p, t, k]
                    if tg < 0 or mode[p, t, k] == DEAD or damage[p, t, k] >= sink_at:
                        continue
                    sg = signature[p, t, k]
                    r2 = r if sg < 0 else answers[sg, r]
                    if r2 == FINISHED:
                        best[r * n_p + p] = 1.0
                    else:
                        count[r2 * n_p + tg + 1] += 1
    start = np.cumsum(count)
    fill = start.copy()
    into = np.empty(start[-1], dtype=np.int64)
    for r in range(n_r):
        for p in range(n_p):
            for t in range(n_t):
                for k in range(3):
                    tg = target[p, t, k]
                    if tg < 0 or mode[p, t, k] == DEAD or damage[p, t, k] >= sink_at:
                        continue
                    sg = signature[p, t, k]
                    r2 = r if sg < 0 else answers[sg, r]
                    if r2 != FINISHED:
                        node = r2 * n_p + tg
                        into[fill[node]] = r * n_p + p
                        fill[node] += 1
    frontier = np.flatnonzero(best == 1.0)
    level = 1.0
    while len(frontier):
        level += 1.0
        found = np.empty(len(into), dtype=np.int64)
        n_found = 0
        for node in frontier:
            for e in range(start[node], start[node + 1]):
                src = into[e]
                if best[src] == np.inf:
                    best[src] = level
                    found[n_found] = src
                    n_found += 1
        frontier = found[:n_found]
    return np.minimum(best, sink_turns).reshape(n_r, n_p)


@njit(cache=True)
def _solve(values, after, order, target, damage, mode, dice_to, signature, answers, first, stop,
           plan_order, leaf, child, pred_start, preds, entry_start, entries, keep, empty, costs,
           sink_turns, tolerance, max_sweeps, quiet_share=0.1):  # pragma: no cover - compiled
    """Value iteration (see the module docstring). ``values`` is (rounding state x place, dice
    set) plus a last row of zeros: a heading whose value does not depend on the dice set reads
    that row plus a constant, one that keeps the dice reads its target's row plus its damage's
    cost, so every heading is one read and one addition. ``after`` is (rounding state x place,
    dice set). A (rounding state, place) none of whose moves' targets changed since its last
    update is skipped (its update would give the same values). Returns the sweeps and the
    updates made."""
    n_p = target.shape[0]
    rows, n_s = after.shape
    n_r = rows // n_p
    w = np.empty(n_s)
    w_stay = np.empty(n_s)
    g = np.empty(leaf.shape[0])
    changed_at = np.zeros(rows, dtype=np.int64)
    updated_at = np.zeros(rows, dtype=np.int64)
    moved = np.ones(rows, dtype=np.bool_)
    quiet = tolerance * quiet_share
    clock = 0
    sweeps = 0
    residual = np.inf
    while residual > tolerance and sweeps < max_sweeps:
        residual = 0.0
        for r in range(n_r):
            for i in range(n_p):
                p = order[r, i]
                node = r * n_p + p
                if sweeps and not moved[node] and not _stale(
                        r, p, n_p, target, signature, answers, changed_at, updated_at[node]):
                    continue
                clock += 1
                updated_at[node] = clock
                _after_roll_stage(values, r, p, node, n_p, target, damage, mode, dice_to,
                                  signature, answers, first, stop, empty, costs, sink_turns,
                                  w, w_stay)
                change = _dice_stage(values, after, node, w, w_stay, g, plan_order, leaf,
                                     child, pred_start, preds, entry_start, entries, keep,
                                     sink_turns)
                moved[node] = change > quiet
                if moved[node]:
                    changed_at[node] = clock
                residual = residual if residual > change else change
        sweeps += 1
    return sweeps, clock


@njit(cache=True)
def _stale(r, p, n_p, target, signature, answers, changed_at,
           since):  # pragma: no cover - compiled
    """Whether a move's target of (rounding state ``r``, place ``p``) changed after ``since``."""
    for t in range(target.shape[1]):
        for k in range(3):
            tg = target[p, t, k]
            if tg >= 0:
                sg = signature[p, t, k]
                r2 = r if sg < 0 else answers[sg, r]
                if r2 != FINISHED and changed_at[r2 * n_p + tg] > since:
                    return True
    return False


@njit(cache=True)
def _after_roll_stage(values, r, p, node, n_p, target, damage, mode, dice_to, signature,
                      answers, first, stop, empty, costs, sink_turns, w,
                      w_stay):  # pragma: no cover - compiled
    """Stage 1 at one (rounding state, place): for each dice set after the roll, ``1 +`` the
    best heading's value, into ``w``, and the same without the heading that stays put (keeps
    the boat where it is with its dice), into ``w_stay``."""
    zero = values.shape[0] - 1
    inf = np.inf
    for t in range(target.shape[1]):
        c0 = c1 = c2 = inf
        q0 = q1 = q2 = zero
        stay = -1
        for k in range(3):
            tg = target[p, t, k]
            if tg < 0:
                continue
            sg = signature[p, t, k]
            r2 = r if sg < 0 else answers[sg, r]
            m = mode[p, t, k]
            add = costs[damage[p, t, k]]
            q = zero
            if r2 == FINISHED:
                c = 0.0
            elif m == DEAD or add >= sink_turns:
                c = sink_turns
            elif m == LOSE_DICE:
                c = values[r2 * n_p + tg, empty] + add
            elif m == KEEP_DICE:
                c = add
                q = r2 * n_p + tg
                if q == node:
                    stay = k
            else:
                c = values[r2 * n_p + tg, dice_to[p, t, k]] + add
            if k == 0:
                c0, q0 = c, q
            elif k == 1:
                c1, q1 = c, q
            else:
                c2, q2 = c, q
        for s in range(first[t], stop[t]):
            x0 = c0 + values[q0, s]
            x1 = c1 + values[q1, s]
            x2 = c2 + values[q2, s]
            b = x0 if x0 < x1 else x1
            b = b if b < x2 else x2
            w[s] = 1.0 + b
            if stay == 0:  # the best without the heading that stays put
                b = x1 if x1 < x2 else x2
            elif stay == 1:
                b = x0 if x0 < x2 else x2
            elif stay == 2:
                b = x0 if x0 < x1 else x1
            w_stay[s] = 1.0 + b


@njit(cache=True)
def _dice_stage(values, after, node, w, w_stay, g, plan_order, leaf, child, pred_start, preds,
                entry_start, entries, keep, sink_turns):  # pragma: no cover - compiled
    """Stages 2 and 3 at one (rounding state, place): each plan's expected value over the roll
    (fewest dice rolled first), the least along the lattice, each set's best into ``values``
    and ``w`` into ``after``; returns how far the values moved."""
    third = 1.0 / 3.0
    for j in range(leaf.shape[0]):
        q = plan_order[j]
        if leaf[q] >= 0:
            g[q] = w[leaf[q]]
        else:
            g[q] = (g[child[q, 0]] + g[child[q, 1]] + g[child[q, 2]]) * third
    for q in range(leaf.shape[0]):  # plans ordered by dice kept: predecessors first
        x = g[q]
        for e in range(pred_start[q], pred_start[q + 1]):
            y = g[preds[e]]
            x = x if x < y else y
        g[q] = x
    change = 0.0
    for s in range(values.shape[1]):
        b = np.inf
        for c in range(entry_start[s], entry_start[s + 1]):
            y = g[entries[c]]
            b = b if b < y else y
        q = keep[s]
        if q >= 0:
            b = b if b < w_stay[s] else w_stay[s]
            for e in range(pred_start[q], pred_start[q + 1]):
                y = g[preds[e]]
                b = b if b < y else y
        if b >= sink_turns:
            b = sink_turns
        else:
            d = abs(b - values[node, s])
            change = change if change > d else d
        values[node, s] = b
        after[node, s] = w[s]
    return change
