"""Moving on to the next round, and what it brings.

other-games-research.md 2.3: 8 rounds; at the start of rounds 2-7 two lettered tiles are revealed
and placed (PLACE-ORDER); rounds 2, 4, 6, 8 bring the Rising Waters (RW-ROUNDS). A round with
Rising Waters cannot end before its phase is resolved or, under ruling VAN-03 ``skip``, recorded
as skipped. Tiles still unplaced are a warning, not a stop: ruling VAN-05 ``refuse`` can leave a
tile for the players to settle.
"""

from __future__ import annotations

from course_builder.core.values import Frozen, replace
from course_builder.vanuatu.errors import IllegalAction
from course_builder.vanuatu.placement import reveal_round
from course_builder.vanuatu.state import RISING_ROUNDS, ROUNDS, State


class RoundChange(Frozen):
    """The state in the new round, the tiles it reveals, whether the waters rise in it, and
    warnings about the round left behind."""

    state: State
    reveals: tuple[str, ...]
    rising: bool
    warnings: tuple[str, ...]


def next_round(state: State) -> RoundChange:
    """Close the state's round and open the next one."""
    if state.lost:
        raise IllegalAction("the game is over: three islands are submerged (rule RW-LOST)")
    if state.round >= ROUNDS:
        raise IllegalAction(f"round {ROUNDS} is the last: the game ends and is scored")
    if state.round in RISING_ROUNDS and state.round not in state.floods:
        raise IllegalAction(f"the waters have not risen in round {state.round} yet: resolve the "
                            "Rising Waters phase first (rule RW-ROUNDS; ruling VAN-03)")
    warnings = tuple(f"{tile} (round {reveal_round(state, tile)}) was never placed"
                     for tile in state.reveal if state.space_of(tile) is None
                     and (reveal_round(state, tile) or 0) <= state.round)
    after = replace(state, round=state.round + 1)
    reveals = tuple(t for t in state.reveal if reveal_round(after, t) == after.round)
    return RoundChange(after, reveals, after.round in RISING_ROUNDS, warnings)
