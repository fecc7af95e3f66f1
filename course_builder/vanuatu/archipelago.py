"""The archipelago's footprint on the shared hex board: 16 spaces, their numbers and roles.

The printed board has rows of 4, 5, 6 and 1 spaces (other-games-research.md section 2.1, "Board
topology"; ruling VAN-01). The footprint is data (``data/vanuatu/footprint.txt``): each space's
number (1-16 in reading order), its even-r offset ``(row, col)`` and its role (Efate's space, a
start space, or a free space for the lettered tiles). :class:`Archipelago` is a
:class:`~course_builder.core.hexboard.HexBoard` over those hexes whose table index is the space
number minus one; it knows geometry only. What lies on a space is the board state's business
(:mod:`course_builder.vanuatu.state`).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache, cached_property
from typing import Any

from course_builder.core.hexboard import HexBoard
from course_builder.core.hexgrid import DIRECTIONS, Direction, Hex, from_offset
from course_builder.core.resources import read_data_text
from course_builder.core.values import Frozen
from course_builder.vanuatu.datafile import DataFileError, choice, integer, read_table

COLUMNS = ("space", "row", "col", "role")


class SpaceRole(StrEnum):
    """What a footprint space is for (research 2.1, "Setup")."""

    EFATE = "efate"
    START = "start"
    FREE = "free"


class SpaceDef(Frozen):
    """A space as the footprint file gives it."""

    number: int
    row: int
    col: int
    role: SpaceRole


class Archipelago(HexBoard):
    """The footprint: spaces numbered 1..n, each a hex with a role."""

    def __init__(self, spaces: Sequence[SpaceDef], name: str = "vanuatu") -> None:
        ordered = sorted(spaces, key=lambda s: s.number)
        if [s.number for s in ordered] != list(range(1, len(ordered) + 1)):
            raise ValueError("spaces are numbered 1..n, each once")
        super().__init__((from_offset(s.row, s.col) for s in ordered), name)
        self.spaces: tuple[int, ...] = tuple(s.number for s in ordered)
        self._roles = tuple(s.role for s in ordered)

    def hex_of(self, space: int) -> Hex:
        return self.hex_at(space - 1)

    def role(self, space: int) -> SpaceRole:
        return self._roles[space - 1]

    def is_space(self, space: object) -> bool:
        return isinstance(space, int) and not isinstance(space, bool) and 1 <= space <= len(self)

    def neighbor(self, space: int, side: Direction) -> int | None:
        """The space across a side, or ``None`` at the board's edge."""
        j = self.neighbors[space - 1][side]
        return None if j == -1 else j + 1

    def sides(self, space: int) -> tuple[tuple[Direction, int | None], ...]:
        """Each of the six sides of a space with the space it faces (``None``: the edge)."""
        return tuple((d, self.neighbor(space, d)) for d in DIRECTIONS)

    def adjacent(self, space: int) -> tuple[int, ...]:
        """The spaces sharing a side with this one, in direction order."""
        return tuple(n for _d, n in self.sides(space) if n is not None)

    def side_toward(self, space: int, other: int) -> Direction | None:
        """The side of ``space`` that faces ``other``, or ``None`` if they are not adjacent."""
        for d, n in self.sides(space):
            if n == other:
                return d
        return None

    @cached_property
    def efate_space(self) -> int:
        return self.with_role(SpaceRole.EFATE)[0]

    @cached_property
    def start_spaces(self) -> tuple[int, ...]:
        return self.with_role(SpaceRole.START)

    def with_role(self, role: SpaceRole) -> tuple[int, ...]:
        return tuple(s for s in self.spaces if self.role(s) is role)

    def node_attributes(self, index: int) -> dict[str, Any]:
        attrs = super().node_attributes(index)
        attrs.update(space=index + 1, role=str(self._roles[index]))
        return attrs


def parse_footprint(text: str, path: str) -> Archipelago:
    """The footprint from the text of a footprint file; errors name the file, line and column."""
    spaces: list[SpaceDef] = []
    seen_numbers: set[int] = set()
    seen_cells: set[tuple[int, int]] = set()
    for record in read_table(text, path, COLUMNS):
        number = integer(path, record["space"], 1, 99, "space")
        row = integer(path, record["row"], 0, 99, "row")
        col = integer(path, record["col"], 0, 99, "col")
        role = SpaceRole(choice(path, record["role"], [str(r) for r in SpaceRole], "role"))
        if number in seen_numbers:
            f = record["space"]
            raise DataFileError(path, f.line, f.col, f"space {number} is listed twice")
        if (row, col) in seen_cells:
            f = record["row"]
            raise DataFileError(path, f.line, f.col, f"two spaces on row {row}, col {col}")
        seen_numbers.add(number)
        seen_cells.add((row, col))
        spaces.append(SpaceDef(number, row, col, role))
    _check_footprint(spaces, path, text.count("\n") + 1)
    return Archipelago(spaces)


def _check_footprint(spaces: list[SpaceDef], path: str, last_line: int) -> None:
    """What the game needs: spaces 1..n, Efate's space, 3 start spaces, 12 free, connected."""
    problems = []
    if sorted(s.number for s in spaces) != list(range(1, len(spaces) + 1)):
        problems.append("spaces numbered 1 to n without gaps")
    roles = [s.role for s in spaces]
    if (roles.count(SpaceRole.EFATE), roles.count(SpaceRole.START),
            roles.count(SpaceRole.FREE)) != (1, 3, 12):
        problems.append("one efate space, 3 start spaces and 12 free spaces (one per tile)")
    if not problems:
        board = Archipelago(spaces)
        if set(board.areas([True] * len(board))) != {0}:
            problems.append("spaces that form one connected piece")
    if problems:
        raise DataFileError(path, last_line, 1, "the footprint needs " + "; ".join(problems))


@cache
def archipelago() -> Archipelago:
    """The printed footprint (``data/vanuatu/footprint.txt``)."""
    return parse_footprint(read_data_text("vanuatu", "footprint.txt"),
                           "data/vanuatu/footprint.txt")
