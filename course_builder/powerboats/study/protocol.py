"""The bot interface: position in, decision out (the dice are rolled by whoever runs the race)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from course_builder.powerboats.play.position import DiceStep, Position, Turn


class Bot(Protocol):
    """Position in, decision out; the dice are rolled by whoever runs the race."""

    name: str

    def choose_dice(self, position: Position) -> DiceStep: ...

    def choose_turn(self, position: Position, dice: Sequence[int]) -> Turn: ...
