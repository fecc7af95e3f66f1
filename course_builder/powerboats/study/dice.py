"""The dice part of a turn as small matrices, read off the rules kernel.

A boat's dice are a multiset of 1-2-3 values (the order never matters to the rules), so a state
holds one of the :attr:`DiceModel.sets`: every sorted multiset of at most ``cap`` dice (56 for
5 dice). A dice step of the kernel (:func:`~..play.kernel.dice_decisions`: keep, add or remove a
die, and which held dice to re-roll) comes down to a :class:`RollPlan`: the dice kept as they are
and how many dice the boat holds after rolling. Many steps share a plan (removing a 2 and
re-rolling a 3 keeps the same dice as removing the 3 and re-rolling the 2), and the chance that
follows depends on the plan only, so the solver averages over the roll once per plan: the
:attr:`DiceModel.roll` matrix (plans x sets, from :func:`~..play.kernel.roll_outcomes`) times the
values after the roll.

Choosing the best plan for each held set is a minimum over the plans the kernel offers it. The
kernel offers, for each number of dice after the roll, every sub-multiset of the held dice as the
kept part, so the minimum can be taken along the sub-multiset lattice (remove one die at a time)
instead of plan by plan: :class:`Lattice`. The model checks that the kernel's choices have that
shape and falls back to the plain minimum if a rule change ever breaks it. Rules: reference,
"Rolling Dice"; MOVE-02; the dice cap is ruling PAR-02.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import numpy as np

from course_builder.core.values import Frozen, replace
from course_builder.powerboats.play.kernel import dice_decisions, kept_dice, roll_outcomes
from course_builder.powerboats.play.position import DIE_FACES, DiceStep, Position

DiceSet = tuple[int, ...]
"""A multiset of dice values, sorted."""


class RollPlan(Frozen, order=True):
    """Keep the dice ``kept`` as they are and roll until the boat holds ``count`` dice."""

    kept: DiceSet
    count: int

    @property
    def rolled(self) -> int:
        return self.count - len(self.kept)


def dice_sets(cap: int) -> tuple[DiceSet, ...]:
    """Every multiset of at most ``cap`` dice, ordered by total, then size, then values: the
    sets of one total are neighbours, so the solver takes them as one slice."""
    sets = [c for n in range(cap + 1)
            for c in itertools.combinations_with_replacement(DIE_FACES, n)]
    return tuple(sorted(sets, key=lambda s: (sum(s), len(s), s)))


def sub_multisets(values: DiceSet) -> set[DiceSet]:
    """Every sub-multiset of sorted ``values``."""
    counts = sorted(Counter(values).items())
    return {tuple(v for (v, _), k in zip(counts, picks, strict=True) for _ in range(k))
            for picks in itertools.product(*(range(c + 1) for _v, c in counts))}


class Lattice(Frozen):
    """The plan minimum along the sub-multiset lattice. ``steps`` are the running minima, level
    by level (plans keeping 1, 2, ... dice): each pairs a run of neighbouring plans with one
    predecessor each, a plan keeping one die fewer for the same count. A plan has one
    predecessor per distinct value it keeps, and the plans of a level and a count come with the
    most distinct values first, so the plans that have a second (third) predecessor are runs of
    neighbours. ``final`` gives, for each held set, the plans (held set kept whole, each count it
    may end with; padded) whose running minimum is its best choice."""

    steps: tuple[tuple[slice, np.ndarray], ...]
    final: np.ndarray


class DiceModel(Frozen):
    """The dice sets, the roll plans, the roll matrix and each set's choices (see the module)."""

    cap: int
    sets: tuple[DiceSet, ...]
    index: dict[DiceSet, int]
    plans: tuple[RollPlan, ...]
    plan_index: dict[RollPlan, int]
    roll: np.ndarray
    """``roll[plan, set]``: the chance that the plan ends with the boat holding the set."""
    choices: tuple[tuple[int, ...], ...]
    """For each held set, the plans the kernel's dice steps lead to (within the cap)."""
    steps: tuple[tuple[tuple[DiceStep, int], ...], ...]
    """For each held set, the kernel's dice steps within the cap, each with its plan."""
    lattice: Lattice | None

    def roll_entries(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The roll matrix's nonzero entries plan by plan: where each plan's entries start (one
        more than the plans), the set each ends with and its chance. A product over these alone
        is exact where a value is infinite (the whole matrix would give 0 x inf = NaN)."""
        ends = [np.flatnonzero(row) for row in self.roll]
        start = np.cumsum([0] + [len(e) for e in ends])
        chance = np.concatenate([row[e] for row, e in zip(self.roll, ends, strict=True)])
        return start, np.concatenate(ends), chance

    @property
    def totals(self) -> np.ndarray:
        return np.array([sum(s) for s in self.sets], dtype=np.int64)

    def total_slice(self, total: int) -> slice:
        """The sets of a total, as a slice of :attr:`sets`."""
        totals = [sum(s) for s in self.sets]
        return slice(totals.index(total), len(totals) - totals[::-1].index(total))

    def plan_of(self, held: Sequence[int], step: DiceStep, position: Position) -> RollPlan:
        """The plan of a kernel dice step for a boat holding ``held`` (in ``position``)."""
        boat = replace(position.boat, dice=tuple(held))
        kept = tuple(sorted(kept_dice(boat, step)))
        return RollPlan(kept, len(kept) + step.rolled_count)


def build_dice_model(template: Position, cap: int, *, use_lattice: bool = True) -> DiceModel:
    """The dice model of the race of ``template`` (a position whose boat to move is racing):
    every held set's dice steps, plans and roll outcomes, all from the kernel."""
    sets = dice_sets(cap)
    index = {s: i for i, s in enumerate(sets)}
    plan_rows: dict[RollPlan, dict[int, float]] = {}
    choices: list[tuple[int, ...]] = []
    steps: list[tuple[tuple[DiceStep, RollPlan], ...]] = []
    boat = template.boat
    for held in sets:
        position = template.derive((replace(boat, dice=held),), 0, template.turn)
        mine: list[tuple[DiceStep, RollPlan]] = []
        for step in dice_decisions(position):
            kept = tuple(sorted(kept_dice(position.boat, step)))
            plan = RollPlan(kept, len(kept) + step.rolled_count)
            if plan.count > cap:
                continue
            mine.append((step, plan))
            if plan not in plan_rows:
                plan_rows[plan] = {index[tuple(sorted(o.dice))]: o.probability
                                   for o in roll_outcomes(position, step)}
        steps.append(tuple(mine))
    plans = tuple(sorted(plan_rows, key=lambda p: (len(p.kept), p.count, -len(set(p.kept)),
                                                    p.kept)))
    plan_index = {p: i for i, p in enumerate(plans)}
    roll = np.zeros((len(plans), len(sets)))
    for p, row in plan_rows.items():
        for s, prob in row.items():
            roll[plan_index[p], s] += prob
    for chosen in steps:
        choices.append(tuple(sorted({plan_index[p] for _s, p in chosen})))
    indexed = tuple(tuple((s, plan_index[p]) for s, p in mine) for mine in steps)
    model = DiceModel(cap, sets, index, plans, plan_index, roll, tuple(choices), indexed, None)
    lattice = _lattice(model) if use_lattice else None
    return DiceModel(cap, sets, index, plans, plan_index, roll, tuple(choices), indexed, lattice)


def _lattice(model: DiceModel) -> Lattice | None:
    """The lattice form of the choices, or None when the kernel's choices do not have it."""
    counts: list[set[int]] = []
    for held, chosen in zip(model.sets, model.choices, strict=True):
        ms = {model.plans[c].count for c in chosen}
        full = {RollPlan(k, m) for m in ms for k in sub_multisets(held) if len(k) <= m}
        if full != {model.plans[c] for c in chosen} or not ms or min(ms) < len(held) - 1:
            return None
        counts.append(ms)
    steps: list[tuple[slice, np.ndarray]] = []
    for size in range(1, model.cap + 1):
        rows = [i for i, p in enumerate(model.plans) if len(p.kept) == size]
        assert rows == list(range(rows[0], rows[-1] + 1))  # plans sorted by kept size
        preds = [[model.plan_index[RollPlan(_without(p.kept, v), p.count)]
                  for v in sorted(set(p.kept))] for p in (model.plans[i] for i in rows)]
        for k in range(3):  # the plans with a (k+1)-th predecessor, run by run
            having = [i for i, found in enumerate(preds) if len(found) > k]
            for run in np.split(np.array(having), np.flatnonzero(np.diff(having) != 1) + 1):
                if len(run):
                    first = rows[int(run[0])]
                    steps.append((slice(first, first + len(run)),
                                  np.array([preds[i][k] for i in run], dtype=np.intp)))
    final = np.empty((len(model.sets), _FINAL), dtype=np.intp)
    for s, (held, ms) in enumerate(zip(model.sets, counts, strict=True)):
        found = []
        for m in sorted(ms):
            if m >= len(held):
                found.append(model.plan_index[RollPlan(held, m)])
            else:  # one die fewer than held: keep at most all but one of them
                found.extend(model.plan_index[RollPlan(_without(held, v), m)]
                             for v in sorted(set(held)))
        final[s] = (found + [found[0]] * _FINAL)[:_FINAL]
    return Lattice(tuple(steps), final)


_FINAL = 5
"""Plans whose running minimum can hold a set's best choice: the set kept whole for each count
it may end with (up to 2), and each set one die smaller for the count one below (up to 3)."""


def _without(values: DiceSet, v: int) -> DiceSet:
    out = list(values)
    out.remove(v)
    return tuple(out)


def best_plans(model: DiceModel, after_roll: np.ndarray) -> np.ndarray:
    """The value of each held set before its dice step: the minimum over its plans of the
    expected value after the roll. ``after_roll`` has the plans on axis -2 (any leading axes,
    the places last); the result has the sets on that axis. The lattice form when the model has
    one (it overwrites ``after_roll`` with running minima), else plan by plan."""
    lat = model.lattice
    if lat is None:
        shape = (*after_roll.shape[:-2], len(model.sets), after_roll.shape[-1])
        out = np.empty(shape, dtype=after_roll.dtype)
        for s, chosen in enumerate(model.choices):
            out[..., s, :] = after_roll[..., list(chosen), :].min(axis=-2)
        return out
    a = after_roll
    for rows, pred in lat.steps:
        best = a[..., rows, :]  # a view: a run of neighbours
        np.minimum(best, a[..., pred, :], out=best)
    out = a[..., lat.final[:, 0], :]
    for k in range(1, _FINAL):
        np.minimum(out, a[..., lat.final[:, k], :], out=out)
    return out
