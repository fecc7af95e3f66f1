"""Powerboats (Cwali, 2008) and its Expansion 1: the lake, courses, and play.

The public API in one place (the rooms behind it: :mod:`.lake`, :mod:`.course`, :mod:`.play`)::

    board = classic_board()
    course = CourseMaker(board).generate("A", seed=1)
    position = initial_position(Race(board, course), ["yellow", "red"])
    step = dice_decisions(position)[0]                 # a decision
    roll = roll_outcomes(position, step)[0]            # chance, with its probability
    choices = heading_choices(position, roll.dice)     # a decision: which headings are legal
    outcome = apply(position, step.then(roll.rolled, choices[1].turn))
    outcome.position, outcome.events, outcome.trace
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below, for type checkers (at run time they load on first use)
    from course_builder.powerboats.course.generate import CourseMaker
    from course_builder.powerboats.course.model import Course, CourseOptions
    from course_builder.powerboats.lake.board import Board
    from course_builder.powerboats.lake.catalog import BoardChoice, Catalog, classic_board
    from course_builder.powerboats.play.kernel import (
        HeadingChoice,
        IllegalMove,
        Outcome,
        RollOutcome,
        apply,
        dice_decisions,
        heading_choices,
        initial_position,
        legal_turns,
        roll_outcomes,
    )
    from course_builder.powerboats.play.notation import RaceBook, parse_move, parse_position
    from course_builder.powerboats.play.position import (
        Boat,
        DiceChange,
        DiceStep,
        Move,
        Position,
        Turn,
    )
    from course_builder.powerboats.play.race import Race
    from course_builder.powerboats.play.rules import Rules

_HOMES = {
    "CourseMaker": "course.generate", "Course": "course.model", "CourseOptions": "course.model",
    "Board": "lake.board", "BoardChoice": "lake.catalog", "Catalog": "lake.catalog",
    "classic_board": "lake.catalog", "HeadingChoice": "play.kernel", "IllegalMove": "play.kernel",
    "Outcome": "play.kernel", "RollOutcome": "play.kernel", "apply": "play.kernel",
    "dice_decisions": "play.kernel", "heading_choices": "play.kernel",
    "initial_position": "play.kernel", "legal_turns": "play.kernel",
    "roll_outcomes": "play.kernel", "RaceBook": "play.notation", "parse_move": "play.notation",
    "parse_position": "play.notation", "Boat": "play.position", "DiceChange": "play.position",
    "DiceStep": "play.position", "Move": "play.position", "Position": "play.position",
    "Turn": "play.position", "Race": "play.race", "Rules": "play.rules",
}
"""Where each public name lives; imported on first use, so that a command importing one room
(e.g. the lake) does not load them all."""

__all__ = ["Board", "BoardChoice", "Boat", "Catalog", "Course", "CourseMaker", "CourseOptions",
    "DiceChange", "DiceStep", "HeadingChoice", "IllegalMove", "Move", "Outcome", "Position",
    "Race", "RaceBook", "RollOutcome", "Rules", "Turn", "apply", "classic_board",
    "dice_decisions", "heading_choices", "initial_position", "legal_turns", "parse_move",
    "parse_position", "roll_outcomes"]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


def __dir__() -> list[str]:
    return sorted(__all__)
