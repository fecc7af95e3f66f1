"""When the waters rise within a Rising Waters round: the die's countdown.

vanuatu-rising-waters.txt, "Rising Waters": at the start of rounds 2, 4, 6 and 8 the first player
rolls the die (RW-ROUNDS); each action taken lowers it by one, and after the last allowed action
play stops for the Rising Waters phase (RW-COUNTDOWN). Two points are open
(other-games-research.md 2.6, item 5): whether a turn in which a player takes back markers without
acting counts (ruling VAN-02, ``count_retrievals``), and what happens when the round ends first
(ruling VAN-03, ``short_round``).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from course_builder.core.values import Frozen
from course_builder.vanuatu.errors import VanuatuError
from course_builder.vanuatu.options import Rules, ShortRound

MAX_TURNS = 200  # far more than a round can hold (5 players x 5 markers)


class Turn(StrEnum):
    """What a player did with one turn of the resolution phase."""

    ACTION = "action"  # performed an action
    RETRIEVE = "retrieve"  # took back markers without acting (no majority anywhere)

    @classmethod
    def parse(cls, text: str) -> Turn:
        """``action``/``a`` or ``retrieve``/``r`` (any case)."""
        word = text.strip().lower()
        for turn in cls:
            if word in (turn.value, turn.value[0]):
                return turn
        raise VanuatuError(f"unknown turn {text.strip()[:20]!r} (expected action/a or "
                           "retrieve/r)")


class Countdown(Frozen):
    """Where the flood falls in a round's turns.

    ``after_turn`` is the 1-based number of the turn after which the waters rise, ``None`` if
    they do not (yet). ``left`` is how many counted turns are still to come before the flood.
    """

    die: int
    counted: int
    left: int
    after_turn: int | None
    at_round_end: bool
    rule: str

    @property
    def floods(self) -> bool:
        return self.after_turn is not None


def countdown(die: int, turns: Sequence[Turn], rules: Rules, *, round_over: bool = False
              ) -> Countdown:
    """Count the die down over the turns played so far in a Rising Waters round.

    ``round_over`` says the round has ended with these turns: if the die has not reached zero,
    ruling VAN-03 decides (``flood``: the waters rise after the last turn; ``skip``: no flood).
    """
    if not 1 <= die <= 6:
        raise VanuatuError(f"a die shows 1 to 6, got {die}")
    if len(turns) > MAX_TURNS:
        raise VanuatuError(f"at most {MAX_TURNS} turns in a round, got {len(turns)}")
    counted = 0
    for number, turn in enumerate(turns, start=1):
        if turn is Turn.ACTION or rules.count_retrievals:
            counted += 1
        if counted == die:
            rule = "VAN-02" if turn is Turn.RETRIEVE else "RW-COUNTDOWN"
            return Countdown(die, counted, 0, number, False, rule)
    left = die - counted
    if not round_over:
        return Countdown(die, counted, left, None, False, "RW-COUNTDOWN")
    if rules.short_round is ShortRound.FLOOD:
        return Countdown(die, counted, left, len(turns), True, "VAN-03")
    return Countdown(die, counted, left, None, True, "VAN-03")
