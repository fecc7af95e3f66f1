"""Loading a course: course-file data -> its board -> the checked course, in one place.

Used wherever a course arrives from outside (a course file, a course code in a position, a game
record): the board is rebuilt from the recorded source, expansion tiles given only by their spot
(as course codes give them, and as a course file may) are laid from it (:mod:`.laying`), the
course is checked by :mod:`.validate` and comes back complete, or an :class:`IllegalCourse` says
what is wrong.
"""

from __future__ import annotations

from typing import Any

from course_builder.core.hexgrid import Hex
from course_builder.core.values import replace
from course_builder.powerboats.course.codec import spec_from_json
from course_builder.powerboats.course.laying import tile_hexes
from course_builder.powerboats.course.model import Course, CourseError, CourseSpec
from course_builder.powerboats.course.validate import Problem, validate
from course_builder.powerboats.lake.board import Board, BoardSource
from course_builder.powerboats.lake.catalog import Catalog, board_from_source


class IllegalCourse(CourseError):
    """A course that breaks the rules; ``problems`` lists every problem found."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        self.problems = problems
        more = f" (and {len(problems) - 1} more; run validate)" if len(problems) > 1 else ""
        super().__init__(f"the course is not legal: {problems[0]}{more}")


def read_spec(data: Any, catalog: Catalog | None = None) -> tuple[CourseSpec, Board]:
    """The laid-out course of course-file data and the board it names (rebuilt once), with the
    expansion tiles given only by their spot laid on that board; raises :class:`CourseError`
    naming the bad field."""
    boards: list[Board] = []

    def board(source: BoardSource) -> Board:
        if not boards:
            boards.append(board_from_source(source, catalog))
        return boards[0]

    def lay(source: BoardSource, spot: str, shifted: bool) -> tuple[Hex, ...]:
        return tile_hexes(board(source), spot, shifted)

    spec = spec_from_json(data, lay)
    return spec, board(spec.board_source)


def load_course(data: Any, catalog: Catalog | None = None) -> tuple[Board, Course]:
    """The board and the checked course of course-file data; raises :class:`CourseError` for data
    that cannot be read and :class:`IllegalCourse` for a course that breaks the rules."""
    spec, board = read_spec(data, catalog)
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
    spec, board = read_spec(data, catalog)
    result = validate(spec, board)
    if result.ok and result.course is not None:
        return board, result.course, ()
    if spec.expansion_tiles and not spec.options.free_expansion:
        laid = validate(spec, board, replace(spec.options, free_expansion=True))
        if laid.ok and laid.course is not None:
            return board, laid.course, result.problems
    raise IllegalCourse(result.problems)
