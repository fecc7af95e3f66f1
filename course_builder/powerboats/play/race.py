"""Everything fixed for one race, precomputed for the kernel's hot loop.

A :class:`Race` binds a board, a course and the chosen :class:`~.rules.Rules` options and turns
them into integer tables: the open run ahead of every hex in every direction with buoys counted as
obstacles, the rounding gates of buoys 1-3 as sets of board steps and how far a straight line runs
before it meets one, the start/finish tile's hexes and its finish directions, and where the
expansion tiles lie. Building one costs a few milliseconds; playing a move on it costs
microseconds.
"""

from __future__ import annotations

from functools import cached_property
from itertools import pairwise
from typing import Any

from course_builder.core.values import Mutable
from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.model import Course, CourseError, ExpansionKind
from course_builder.powerboats.course.progress import Gate, gate_steps
from course_builder.powerboats.course.tile import crossing_side, side_directions
from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.play.rules import HeadingRule, Rules

_plus_one = (1).__add__
"""``n + 1`` as a function for :func:`map` (steps to a hex are one more than the run before it)."""


_DEFAULT_RULES = Rules()
"""The rules of a race not given any (a value: immutable, so one shared value is safe)."""


class Race(Mutable, dict=True):
    """A board, a course and the rules, with the tables the kernel uses.

    A mutable value: equal to a race with the same board, course, rules and ``notation_ref``,
    unhashable, and with a ``__dict__`` for its tables (some of them ``cached_property``). The
    tables are built when the race is made (and again when it is unpickled).
    """

    board: Board
    course: Course
    rules: Rules = _DEFAULT_RULES
    notation_ref: str | None = None
    """How positions on this race name its course, when not by the course code (e.g. an
    ``@course.json`` reference)."""

    def __post_init__(self) -> None:
        """The tables the kernel reads, from the board, the course and the rules."""
        board = self.board
        n = len(board)
        self.n = n
        self.memo: dict[str, Any] = {}
        """Tables other layers derive from this race and keep with it (a bot's guide, say)."""
        obstacles = {b.hex for b in self.course.buoys
                     if self.rules.start_finish_buoys_block or b.number not in (0, "finish")}
        self.buoy_index = frozenset(i for h in obstacles if (i := board.index_or_none(h)) is not None)
        self.clear_run: tuple[tuple[int, ...], ...] = board.runs_ahead(
            [w and i not in self.buoy_index for i, w in enumerate(board.water)])
        """``clear_run[i][d]``: open water straight ahead of hex ``i``, buoys counting as land."""
        arrows = [self.course.buoy(k).arrow for k in (1, 2, 3)]
        if any(a is None for a in arrows) or len(self.course.rounding_lines) != 3:
            raise CourseError("buoys 1-3 of a race course need their arrows and rounding lines")
        self.gates: tuple[Gate, ...] = tuple(
            gate_steps(board, line, arrow)
            for line, arrow in zip(self.course.rounding_lines, arrows, strict=True)
            if arrow is not None
        )
        self.gate_steps: frozenset[int] = frozenset().union(
            *(g.forward | g.back for g in self.gates))
        self.tile = frozenset(board.index(h) for h in self.course.tile.hexes)
        tile = self.course.tile
        finish_side = crossing_side(tile.axis, tile.finish_direction)
        self.finish_dirs = frozenset(side_directions(tile.axis, finish_side))
        self.tiles: dict[int, tuple[ExpansionKind, Any]] = self._tile_effects()
        """What each expansion hex does: its kind and the flow, sense or rocks."""
        self.simulate_tiles = (bool(self.tiles)
                               and self.rules.heading_with_tiles is HeadingRule.SIMULATE)
        """EXP-11: the heading rule plays out the tiles' effects on this race."""
        no_tile = board.runs_ahead([i not in self.tiles for i in range(n)])
        self.tile_ahead: tuple[tuple[int, ...], ...] = tuple(
            tuple(map(_plus_one, row)) for row in no_tile)
        """``tile_ahead[i][d]``: steps from hex ``i`` to the first expansion hex straight ahead
        (one past the lake's edge when there is none, so never within reach)."""
        self.tile_near = tuple(map(min, self.tile_ahead))
        """``tile_near[i]``: steps from hex ``i`` to the nearest expansion hex straight ahead in
        any direction: a move shorter than that meets no tile, whichever way it heads."""
        self.gate_free = self._gate_free()
        self.quiet_run: tuple[tuple[int, ...], ...] = tuple(
            tuple(map(min, frees, off_tile))
            for frees, off_tile in zip(self.gate_free, self._off_tile(), strict=True))
        """``quiet_run[i][d]``: straight steps from hex ``i`` in direction ``d`` that cross no
        rounding line and stay off the start/finish tile: a straight move no longer than that
        leaves the rounding state as it is."""
        self.course_hexes = self.tile | frozenset(
            i for step in self.gate_steps for i in divmod(step, n))
        """The hexes a step must touch to round a buoy or finish: both ends of every step across
        a rounding line, and the start/finish tile. A path that touches none leaves the rounding
        state as it is."""
        self.paths: tuple[tuple[list[int], ...], ...] = board.paths_ahead
        """``paths[i][d]``: hex ``i`` and the hexes straight ahead of it in direction ``d``
        (the board's :attr:`~course_builder.core.hexboard.HexBoard.paths_ahead`): a straight
        move's path is a slice of it (never change these lists)."""
        self.hexes = board.hexes()

    @cached_property
    def lines_ahead(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """The board's :attr:`~course_builder.core.hexboard.HexBoard.lines_ahead`, for bots
        (the kernel slices :attr:`paths`): built when first asked for."""
        return self.board.lines_ahead

    @cached_property
    def tile_gap(self) -> tuple[tuple[int, ...], ...]:
        """``tile_gap[i][d]``: steps from hex ``i`` to the start/finish tile straight ahead
        (more than any move when it is not ahead). Bots read it; the kernel reads
        :attr:`quiet_run` instead, so it is built when first asked for."""
        return tuple(tuple(map(_plus_one, row)) for row in self._off_tile())

    def _off_tile(self) -> tuple[tuple[int, ...], ...]:
        """Straight steps ahead of each hex in each direction before the start/finish tile."""
        return self.board.runs_ahead([i not in self.tile for i in range(self.n)])

    def _tile_effects(self) -> dict[int, tuple[ExpansionKind, Any]]:
        tiles: dict[int, tuple[ExpansionKind, Any]] = {}
        for t in self.course.expansion_tiles:
            for k, h in enumerate(t.hexes):
                i = self.board.index_or_none(h)
                if i is None:
                    continue
                data: Any = {ExpansionKind.CURRENT: t.flow, ExpansionKind.MAELSTROM: t.sense,
                             ExpansionKind.LOW_WATER: (t.rocks or (1, 1, 1))[k]}.get(t.kind)
                tiles[i] = (t.kind, data)
        return tiles

    def _gate_free(self) -> tuple[tuple[int, ...], ...]:
        """``gate_free[i][d]``: straight steps from hex ``i`` in direction ``d`` before the first
        step that crosses a rounding line (so a shorter straight move rounds nothing)."""
        n = self.n
        gate = self.gate_steps
        runs = []
        for lines in self.board.line_walks:  # each line from its far end back
            run = [0] * n
            for line in lines:
                count = 0
                for nxt, j in pairwise(line):  # hex j, and the one ahead of it
                    count = 0 if j * n + nxt in gate else count + 1
                    run[j] = count
            runs.append(run)
        return tuple(zip(*runs, strict=True))

    @property
    def code(self) -> str:
        """How positions name this race's course: its reference, or the one-line course code."""
        return self.notation_ref or course_code(self.course, self.board)
