"""Everything fixed for one race, precomputed for the move adjudicator's hot loop.

A :class:`Race` binds a board, a course and the chosen :class:`Rules` options and turns them into
integer tables: the open run ahead of every hex in every direction with buoys counted as
obstacles, the rounding gates of buoys 1-3 as sets of board steps, the start/finish tile's hexes
and its finish directions. Building one costs a few milliseconds; adjudicating a move on it costs
microseconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from course_builder.powerboats.course.model import (
    CURRENT,
    LOW_WATER,
    MAELSTROM,
    Course,
    crossing_side,
    side_directions,
)
from course_builder.powerboats.course.routing import Gate, gate_steps
from course_builder.powerboats.lake.board import Board


@dataclass(frozen=True)
class Rules:
    """Named rulings where the rule texts leave room (docs/rulings.md, MOVE-xx), with defaults.

    Plain keyword settings: ``Rules(finished_boats_block=True)``.
    """

    finished_boats_block: bool = False
    """MOVE-07 (PB-33): does a boat that has finished stay on the lake as a boat others cannot end
    on? Default: no, it is lifted off at the end of its finishing turn."""

    start_finish_buoys_block: bool = True
    """MOVE-03 (PB-11): are the start (0) and finish buoys obstacles like buoys 1-3? Default:
    yes ("a crash on land or a buoy")."""

    zero_dice_turn: bool = True
    """MOVE-02 (PB-05): may a boat with no dice keep none and only turn 60 degrees? Default: yes
    (the rulebook's Red example)."""

    heading_with_tiles: str = "simulate"
    """EXP-11 (EX-09): how the heading rule judges a line that meets expansion tiles.
    ``simulate``: play the whole move with the tiles' effects (a redoubt may fly a boat over an
    island; a current may push it into one). ``straight``: the plain straight line, tiles ignored."""

    flight_counts: bool = True
    """EXP-03 (EX-14): do the hexes a boat flies over count for rounding lines and the finish?
    Default: yes, the boat passes them."""

    redoubt_wait_flies: bool = True
    """EXP-07 (EX-05): is the doubled turn after ending on a redoubt a flight over islands?
    Default: yes, like any redoubt move."""

    damage_carry: str = "races-damaged"
    """MOVE-09 (PB-18b): counters a boat starts races B and C with. ``races-damaged``: one per
    earlier race in which it took damage (at most 1 into B, 2 into C). ``one-per-race``: 1 into B
    and 2 into C if it took any damage before."""

    def to_json(self) -> dict[str, Any]:
        return {
            "finished_boats_block": self.finished_boats_block,
            "start_finish_buoys_block": self.start_finish_buoys_block,
            "zero_dice_turn": self.zero_dice_turn,
            "heading_with_tiles": self.heading_with_tiles,
            "flight_counts": self.flight_counts,
            "redoubt_wait_flies": self.redoubt_wait_flies,
            "damage_carry": self.damage_carry,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Rules:
        known = cls().to_json()
        unknown = set(data) - set(known)
        if unknown:
            raise ValueError(f"unknown rules option(s): {', '.join(sorted(unknown))}")
        return cls(**{k: data[k] for k in known if k in data})


@dataclass
class Race:
    """A board, a course and the rules, with the tables the adjudicator uses."""

    board: Board
    course: Course
    rules: Rules = field(default_factory=Rules)
    notation_ref: str | None = None
    """How positions on this race name its course, when not by the short course code (e.g. an
    ``@course.json`` reference)."""

    def __post_init__(self) -> None:
        board = self.board
        n = len(board.hexes())
        self.n = n
        obstacles = {b.hex for b in self.course.buoys
                     if self.rules.start_finish_buoys_block or b.number not in (0, "finish")}
        self.buoy_index = frozenset(i for h in obstacles if (i := board.index_or_none(h)) is not None)
        self.clear_run: tuple[tuple[int, ...], ...] = board.runs_ahead(
            [w and i not in self.buoy_index for i, w in enumerate(board.water)])
        """``clear_run[i][d]``: open water straight ahead of hex ``i``, buoys counting as land."""
        arrows = [self.course.buoy(k).arrow for k in (1, 2, 3)]
        if any(a is None for a in arrows):
            raise ValueError("buoys 1-3 of a race course need their arrows")
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
        # expansion tiles: what each hex does, and how far ahead the first one lies
        tiles: dict[int, tuple[str, Any]] = {}
        for t in self.course.expansion_tiles:
            for k, h in enumerate(t.hexes):
                i = board.index_or_none(h)
                if i is None:
                    continue
                data: Any = {CURRENT: t.flow, MAELSTROM: t.sense,
                             LOW_WATER: (t.rocks or (1, 1, 1))[k]}.get(t.kind)
                tiles[i] = (t.kind, data)
        self.tiles = tiles
        no_tile = board.runs_ahead([i not in tiles for i in range(n)])
        self.tile_ahead: tuple[tuple[int, ...], ...] = tuple(
            tuple(r + 1 for r in row) for row in no_tile)
        """``tile_ahead[i][d]``: steps from hex ``i`` to the first expansion hex straight ahead
        (one past the lake's edge when there is none, so never within reach)."""
