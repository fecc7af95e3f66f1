"""A brute-force par for tiny lakes: value iteration in plain Python over every state a boat
alone can reach, each turn played in full through the kernel (dice step, every roll, every legal
heading: ``apply(position, step.then(rolled, turn))``), with none of the solver's shortcuts (no
move classes, no roll plans, no damage arithmetic)."""

from __future__ import annotations

from course_builder.powerboats.play.kernel import (
    apply,
    dice_decisions,
    heading_choices,
    roll_outcomes,
)
from course_builder.powerboats.play.position import Boat, Position
from course_builder.powerboats.play.race import Race

Key = tuple


def key_of(boat: Boat, floor: int) -> Key:
    return (boat.hex, boat.heading, tuple(sorted(boat.dice)), boat.damage, boat.next_buoy,
            max(boat.crossings, floor), boat.redoubt)


def boat_of(key: Key) -> Boat:
    h, heading, dice, damage, nxt, crossings, wait = key
    return Boat("yellow", h, heading, dice, damage, nxt, crossings, 0, False, wait)


def brute_force_par(race: Race, starts: list[Boat], *, cap: int, sink_penalty: float,
                    floor: int = -1, tolerance: float = 1e-10) -> dict[Key, float]:
    """Values (expected turns to finish) of every reachable state."""
    edges: dict[Key, list[list[tuple[float, list[Key | float]]]]] = {}
    todo = [key_of(b, floor) for b in starts]
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
                        k = key_of(after, floor)
                        ends.append(k)
                        todo.append(k)
                branches.append((roll.probability, ends))
            options.append(branches)
        edges[key] = options
    values = dict.fromkeys(edges, 0.0)

    def val(end: Key | float) -> float:
        return end if isinstance(end, float) else values[end]

    while True:
        change = 0.0
        for key, options in edges.items():
            best = min(sum(p * (1.0 + min(val(e) for e in ends)) for p, ends in branches)
                       for branches in options)
            change = max(change, abs(best - values[key]))
            values[key] = best
        if change < tolerance:
            return values
