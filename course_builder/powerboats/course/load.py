"""Loading a course: course-file data -> its board -> the checked course, in one place.

Used wherever a course arrives from outside (a course file, a course code in a position, a game
record): the board is rebuilt from the recorded source, expansion tiles given only by their spot
(as course codes give them) are laid from it (:mod:`.laying`), the course is checked by
:mod:`.validate` and comes back complete, or an :class:`IllegalCourse` says what is wrong.
"""

from __future__ import annotations

from typing import Any

from course_builder.core.records import replace
from course_builder.powerboats.course.codec import spec_from_json
from course_builder.powerboats.course.laying import lay_tiles_by_spot, needs_laying
from course_builder.powerboats.course.model import Course, CourseError, CourseSpec
from course_builder.powerboats.course.validate import Problem, validate
from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.lake.catalog import Catalog, board_from_source, source_from_json


class IllegalCourse(CourseError):
    """A course that breaks the rules; ``problems`` lists every problem found."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        more = f" (and {len(problems) - 1} more; run validate)" if len(problems) > 1 else ""
        super().__init__(f"the course is not legal: {problems[0]}{more}")


def load_course(data: Any, catalog: Catalog | None = None) -> tuple[Board, Course]:
    """The board and the checked course of course-file data; raises :class:`CourseError` for data
    that cannot be read and :class:`IllegalCourse` for a course that breaks the rules."""
    spec, board = _spec_and_board(data, catalog)
    result = validate(spec, board)
    if not result.ok or result.course is None:
        raise IllegalCourse(result.problems)
    return board, result.course


def load_course_as_laid(data: Any, catalog: Catalog | None = None
                        ) -> tuple[Board, Course, tuple[Problem, ...]]:
    """:func:`load_course`, but a course whose expansion tiles break only the placement rule
    (off their spots, the wrong set, a letter left free: COURSE-08..COURSE-11) is taken with the
    tiles as laid, as COURSE-12 takes tiles laid freely, with the problems :func:`validate`
    finds: a dispute at a table whose tiles lie slightly wrong is still about the move. Tiles
    that cannot lie where they are (on land, on a buoy, on each other) and every other problem
    still raise :class:`IllegalCourse`."""
    spec, board = _spec_and_board(data, catalog)
    result = validate(spec, board)
    if result.ok and result.course is not None:
        return board, result.course, ()
    if spec.expansion_tiles and not spec.options.free_expansion:
        laid = validate(spec, board, replace(spec.options, free_expansion=True))
        if laid.ok and laid.course is not None:
            return board, laid.course, result.problems
    raise IllegalCourse(result.problems)


def _spec_and_board(data: Any, catalog: Catalog | None) -> tuple[CourseSpec, Board]:
    """The laid-out course of course-file data and its board (tiles given by spot laid)."""
    if needs_laying(data):
        board = board_from_source(source_from_json(data.get("board", {"board": "classic"})),
                                  catalog)
        return spec_from_json(lay_tiles_by_spot(data, board)), board
    spec = spec_from_json(data)
    return spec, board_from_source(spec.board_source, catalog)
