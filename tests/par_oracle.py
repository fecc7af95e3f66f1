"""A brute-force par for tiny lakes: value iteration over every state a boat alone can reach,
each turn played in full through the kernel (dice step, every roll, every legal heading:
``apply(position, step.then(rolled, turn))``), with none of the solver's shortcuts (no move
classes, no roll plans, no damage arithmetic, no rounding signatures). The sweeps run over flat
arrays of the Bellman equation's terms, one entry per listed turn."""

from __future__ import annotations

import numpy as np

from course_builder.powerboats.play.kernel import (
    apply,
    dice_decisions,
    heading_choices,
    roll_outcomes,
)
from course_builder.powerboats.play.position import Boat, Position
from course_builder.powerboats.play.race import Race

Key = tuple


def key_of(boat: Boat, floor: int, ceiling: int) -> Key:
    """The state of a racing boat, its crossing counts held within ``floor`` and ``ceiling``
    (PAR-04) as par's model holds them."""
    return (boat.hex, boat.heading, tuple(sorted(boat.dice)), boat.damage, boat.next_buoy,
            max(boat.crossings, floor), boat.redoubt,
            tuple(min(max(k, floor), ceiling) for k in boat.later))


def boat_of(key: Key) -> Boat:
    h, heading, dice, damage, nxt, crossings, wait, later = key
    return Boat("yellow", h, heading, dice, damage, nxt, crossings, 0, False, wait, later)


def brute_force_par(race: Race, starts: list[Boat], *, cap: int, sink_penalty: float,
                    floor: int = -1, ceiling: int = 1, tolerance: float = 1e-10
                    ) -> dict[Key, float]:
    """Values (expected turns to finish) of every reachable state."""
    edges: dict[Key, list[list[tuple[float, list[Key | float]]]]] = {}
    todo = [key_of(b, floor, ceiling) for b in starts]
    while todo:
        key = todo.pop()
        if key in edges:
            continue
        position = Position(race, (boat_of(key),), 0, 1)
        options = []
        for step in dice_decisions(position):
            outcomes = roll_outcomes(position, step)
            if len(outcomes[0].dice) > cap:
                continue
            branches = []
            for roll in outcomes:
                ends: list[Key | float] = []
                for choice in heading_choices(position, roll.dice):
                    if not choice.legal:
                        continue
                    after = apply(position, step.then(roll.rolled, choice.turn)).position.boats[0]
                    if after.finished:
                        ends.append(0.0)
                    elif after.sunk:
                        ends.append(float(sink_penalty))
                    else:
                        k = key_of(after, floor, ceiling)
                        ends.append(k)
                        todo.append(k)
                branches.append((roll.probability, ends))
            options.append(branches)
        edges[key] = options
    return _values(edges, float(sink_penalty), tolerance)


def _values(edges: dict[Key, list[list[tuple[float, list[Key | float]]]]], sink_penalty: float,
            tolerance: float) -> dict[Key, float]:
    """Value iteration over the listed turns: ``V = min over steps of sum over rolls of
    P * (1 + min over headings of V(end))``, the terms held in flat arrays so that a sweep is a
    few numpy reductions (the same equation term by term; no model of the moves)."""
    keys = list(edges)
    where = {k: i for i, k in enumerate(keys)}
    finished, sunk = len(keys), len(keys) + 1
    ends: list[int] = []
    end_starts: list[int] = []  # per branch: its first end
    probs: list[float] = []
    branch_starts: list[int] = []  # per option: its first branch
    option_starts: list[int] = []  # per state: its first option
    for key in keys:
        option_starts.append(len(branch_starts))
        for branches in edges[key]:
            branch_starts.append(len(end_starts))
            for p, outs in branches:
                end_starts.append(len(ends))
                probs.append(p)
                ends.extend(where[e] if not isinstance(e, float) else
                            finished if e == 0.0 else sunk for e in outs)
    end_index = np.array(ends, dtype=np.intp)
    end_at = np.array(end_starts, dtype=np.intp)
    prob = np.array(probs)
    branch_at = np.array(branch_starts, dtype=np.intp)
    option_at = np.array(option_starts, dtype=np.intp)
    values = np.zeros(len(keys) + 2)
    values[sunk] = sink_penalty
    while True:
        after = prob * (1.0 + np.minimum.reduceat(values[end_index], end_at))
        new = np.minimum.reduceat(np.add.reduceat(after, branch_at), option_at)
        change = float(np.max(np.abs(new - values[:finished])))
        values[:finished] = new
        if change < tolerance:
            return {k: float(v) for k, v in zip(keys, values[:finished], strict=True)}
