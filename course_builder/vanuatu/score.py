"""The end-game water penalty of Rising Waters.

vanuatu-rising-waters.txt, "End of the Game": after the base game's scoring, each hut on an island
with 1, 2, 3 or 4 water markers costs its owner 1, 3, 5 or 7 prosperity points (PENALTY), that is
``2w - 1`` points for ``w`` markers. An island without water costs nothing; a submerged island has
no huts left to cost anything (RW-FIFTH).
"""

from __future__ import annotations

from course_builder.core.values import Frozen
from course_builder.vanuatu.state import State

PENALTY_PER_HUT = {0: 0, 1: -1, 2: -3, 3: -5, 4: -7}


class PenaltyLine(Frozen):
    """One player's huts on one island and what they cost."""

    player: str
    space: int
    tile: str
    water: int
    huts: int

    @property
    def points(self) -> int:
        return self.huts * PENALTY_PER_HUT[self.water]


class Penalty(Frozen):
    """The penalty of every player (0 for those who lose nothing) and the lines it comes from."""

    totals: dict[str, int]
    lines: tuple[PenaltyLine, ...]
    rule: str = "PENALTY"


def hut_penalty(water: int) -> int:
    """Prosperity points one hut loses on an island with ``water`` markers (0-4)."""
    return PENALTY_PER_HUT[water]


def water_penalty(state: State) -> Penalty:
    """Every player's water penalty for the huts on the islands afloat."""
    lines = []
    for space in state.afloat():
        placed = state.placed[space]
        for owner in dict.fromkeys(placed.huts):
            lines.append(PenaltyLine(owner, space, placed.tile, placed.water,
                                     placed.huts.count(owner)))
    totals = {p.name: 0 for p in state.players}
    for line in lines:
        totals[line.player] = totals.get(line.player, 0) + line.points
    return Penalty(totals, tuple(lines))
