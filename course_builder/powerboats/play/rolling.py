"""The dice of a turn (reference, "Rolling Dice"): the dice steps open to the boat, the outcomes of
the roll with their probabilities, and the dice a step and a roll leave the boat holding.

:func:`dice_decisions` and :func:`roll_outcomes` are the first two steps of a turn (:mod:`.kernel`);
:func:`resolve_dice` and :func:`kept_dice` judge a move's dice stage, with :class:`~.outcome.IllegalMove`
for a step the boat's dice do not allow. Dice are inputs: the rules never roll.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Sequence

from course_builder.core.values import Frozen
from course_builder.powerboats.play.outcome import IllegalMove
from course_builder.powerboats.play.position import (
    DIE_FACES,
    Boat,
    DiceChange,
    DiceStep,
    Move,
    Position,
)

# enum members bound once: looking a member up on its enum class costs more than the rest of a
# comparison, and the kernel's hot loop compares many
_KEEP, _ADD, _REMOVE = DiceChange.KEEP, DiceChange.ADD, DiceChange.REMOVE
_FACES = frozenset(DIE_FACES)


def dice_decisions(position: Position) -> tuple[DiceStep, ...]:
    """Every distinct dice step of the boat to move: keep the count, add a die or remove one of
    each value held, each with every distinct choice of held dice to re-roll (reference, "Rolling
    Dice"; MOVE-02 for a boat without dice). None for a boat that has finished or sunk."""
    boat = position.boat
    if not boat.racing:
        return ()
    held = sorted(boat.dice)
    steps: list[DiceStep] = []
    if held or position.race.rules.zero_dice_turn:
        steps.extend(DiceStep(_KEEP, None, r) for r in _sub_multisets(held))
    steps.extend(DiceStep(_ADD, None, r) for r in _sub_multisets(held))
    for value in sorted(set(held)):
        rest = list(held)
        rest.remove(value)
        steps.extend(DiceStep(_REMOVE, value, r) for r in _sub_multisets(rest))
    return tuple(steps)


def _sub_multisets(values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct sub-multiset of sorted ``values``, each sorted, smallest first."""
    counts = sorted(Counter(values).items())
    out = []
    for picks in itertools.product(*(range(c + 1) for _v, c in counts)):
        out.append(tuple(v for (v, _c), k in zip(counts, picks, strict=True) for _ in range(k)))
    return sorted(out, key=lambda r: (len(r), r))


class RollOutcome(Frozen):
    """One outcome of the roll: the ``rolled`` values (sorted), the boat's ``dice`` after the
    roll (kept dice, then the rolled ones), and its probability (``ways`` of ``3 ** n``)."""

    rolled: tuple[int, ...]
    dice: tuple[int, ...]
    ways: int
    probability: float


def roll_outcomes(position: Position, step: DiceStep) -> tuple[RollOutcome, ...]:
    """The outcomes of rolling the dice a step rolls (each die shows 1, 2 or 3 with equal
    chance), as multisets with their probabilities; they sum to 1."""
    kept = kept_dice(position.boat, step)
    n = step.rolled_count
    total = len(DIE_FACES) ** n
    out = []
    for rolled in itertools.combinations_with_replacement(DIE_FACES, n):
        ways = math.factorial(n)
        for count in Counter(rolled).values():
            ways //= math.factorial(count)
        out.append(RollOutcome(rolled, (*kept, *rolled), ways, ways / total))
    return tuple(out)


def out_of_race(boat: Boat) -> str:
    """Why a boat that has finished or sunk has no move (MOVE-11)."""
    state = f"finished {boat.finished}" if boat.finished else "sunk"
    return f"{boat.colour} has {state} and does not move any more"


def rolled_dice_problem(position: Position, dice: Sequence[int]) -> str | None:
    """Why the boat to move cannot hold ``dice`` after this turn's roll, or None: a boat that
    has finished or sunk does not move; one dice step changes the count by one at most
    (reference, "Rolling Dice"). (How many dice a boat can hold by its turn number is the
    position's check, MOVE-11.) ``moves`` asks this before any heading is judged;
    :func:`heading_choices` itself trusts its caller, as bots do."""
    boat = position.boat
    if boat.finished or boat.sunk:
        return out_of_race(boat)
    held, count = len(boat.dice), len(dice)
    if not held and not count and not position.race.rules.zero_dice_turn:
        return (f"{boat.colour} holds no dice and must add one, so it rolls 1 die (ruling "
                "MOVE-02, option zero_dice_turn=False)")
    if abs(count - held) > 1:
        return (f"{boat.colour} holds {held} {'die' if held == 1 else 'dice'}: after its dice "
                f"step it holds {max(held - 1, 0)} to {held + 1}, not {count} "
                "(reference, \"Rolling Dice\")")
    return None


def kept_dice(boat: Boat, step: DiceStep | Move) -> tuple[int, ...]:
    """The held dice a dice step keeps as they are (not removed, not re-rolled), in the order
    held; :class:`IllegalMove` if the boat does not hold the dice the step names."""
    change = step.change
    if change is _KEEP or change is _ADD:
        if not step.reroll:
            return boat.dice
        held = list(boat.dice)
    elif change is _REMOVE:
        held = list(boat.dice)
        if not held:
            raise IllegalMove(f"{boat.colour} holds no die to remove", ["+", "="])
        if step.removed not in held:
            raise IllegalMove(f"{boat.colour} holds no {step.removed} to remove "
                              f"(dice: {dice_text(boat.dice)})",
                              [f"-{v}" for v in sorted(set(held))])
        held.remove(step.removed)
    else:  # pragma: no cover - Move and DiceStep accept only the three changes
        raise IllegalMove(f"unknown dice change {change!r}", ["+", "-N", "="])
    for v in step.reroll:
        if v not in held:
            raise IllegalMove(f"{boat.colour} holds no {v} to re-roll (dice kept: "
                              f"{dice_text(tuple(held))})")
        held.remove(v)
    return tuple(held)


def resolve_dice(boat: Boat, move: Move) -> tuple[int, ...]:
    """The dice after the dice step and the roll, or :class:`IllegalMove` (reference, "Rolling
    Dice"): the kept dice in the order held, then the values rolled."""
    return dice_and_total(boat, move)[0]


def dice_and_total(boat: Boat, move: Move) -> tuple[tuple[int, ...], int]:
    """:func:`resolve_dice` and the dice's total, looked up in :func:`dice_after`; the
    checks' reasons are given by :func:`_checked_dice`."""
    try:
        found = dice_after(boat.dice, move.change, move.removed, move.reroll, move.rolled)
    except TypeError:  # dice given as lists: not hashable, not looked up
        found = None
    if found is None:
        dice = _checked_dice(boat, move)
        return dice, sum(dice)
    return found


@functools.lru_cache(maxsize=1 << 14)
def dice_after(held: tuple[int, ...], change: DiceChange, removed: int | None,
                reroll: tuple[int, ...], rolled: tuple[int, ...]
                ) -> tuple[tuple[int, ...], int] | None:
    """The dice after a dice step and a roll and their total, or None if the step or the roll
    is not possible. A pure function of a few small tuples that take few values (dice show 1, 2
    or 3), so kept for the next move that asks: every move asks, and working it out costs more
    than the rest of a straight move's dice stage."""
    kept = list(held)
    if change is _REMOVE:
        if removed not in kept:
            return None
        kept.remove(removed)
    elif change is not _KEEP and change is not _ADD:
        return None
    for v in reroll:
        if v not in kept:
            return None
        kept.remove(v)
    if len(rolled) != len(reroll) + (change is _ADD) or not _FACES.issuperset(rolled):
        return None
    dice = (*kept, *rolled)
    return dice, sum(dice)


def _checked_dice(boat: Boat, move: Move) -> tuple[int, ...]:
    """:func:`resolve_dice` worked out step by step, with the reason when a check fails."""
    rolled = move.rolled
    reroll = move.reroll
    change = move.change
    kept = kept_dice(boat, move) if reroll or change is _REMOVE else boat.dice
    if len(rolled) != len(reroll) + (change is _ADD):
        adding = change is _ADD
        expected = len(reroll) + adding
        given = f"{len(rolled)} {'die value' if len(rolled) == 1 else 'dice values'} given"
        due = "1 die is" if expected == 1 else f"{expected} dice are"
        raise IllegalMove(f"{given}, but {due} rolled ({len(reroll)} re-rolled"
                          f"{', 1 added' if adding else ''})")
    if not rolled:
        return kept  # nothing rolled: the dice kept as they are
    for v in rolled:
        if v not in DIE_FACES:
            raise IllegalMove("the dice show 1, 2 or 3 only")
    return kept + rolled


def dice_text(dice: Sequence[int]) -> str:
    """Dice as players write them: ``3-1-3``, or ``none``."""
    return "-".join(str(v) for v in dice) if dice else "none"
