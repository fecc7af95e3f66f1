"""Checking a course someone laid out: every problem, one line each, naming the piece concerned.

A laid-out course gives the race, the board, the spots of buoys 0-3, the arrows of buoys 1-3 and
(optionally) the start and finish directions and the expansion tiles. Everything else (the tile's
hexes, the finish buoy, the rounding lines, the route) follows from the rules and is recomputed;
where the file states it too, it must agree. Rules: reference and narrative, "Building a Course";
expansion, "Preparation"; rulings COURSE-01..COURSE-11.
"""

from __future__ import annotations

from collections.abc import Sequence

from course_builder.core.hexgrid import Hex
from course_builder.core.values import Frozen
from course_builder.powerboats.course.arrows import BOTH_SIDES, CourseFrame, Sides, best_route
from course_builder.powerboats.course.circles import forced_circles, sweeps
from course_builder.powerboats.course.expansion import check_tiles
from course_builder.powerboats.course.model import (
    FINISH,
    Buoy,
    Course,
    CourseOptions,
    CourseSpec,
    StartFinishTile,
)
from course_builder.powerboats.course.progress import GateBook
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.course.routing import NoRoute, RouteResult
from course_builder.powerboats.course.tile import TilePlacement, crossing_side, start_tile_at
from course_builder.powerboats.lake.board import Board, BoardError, Spot


class Problem(Frozen):
    """One thing wrong with a course: the piece concerned and what is wrong with it."""

    subject: str
    message: str

    def __str__(self) -> str:
        return f"{self.subject}: {self.message}"


class Validation(Frozen):
    """The outcome of :func:`validate`: the problems found and, when legal, the full course."""

    problems: tuple[Problem, ...]
    course: Course | None

    @property
    def ok(self) -> bool:
        return not self.problems


def _rc(h: Hex) -> str:
    r, c = h.offset
    return f"({r}, {c})"


def validate(spec: CourseSpec, board: Board, options: CourseOptions | None = None) -> Validation:
    """Check a laid-out course against the rules; never raises for a bad course. Problems are
    found stage by stage (the buoys' spots, the tile and its crossing directions, the expansion
    tiles, a legal route, forced circles): a stage runs only when the ones before it passed."""
    options = options or spec.options
    problems: list[Problem] = []
    placed = _buoy_spots(spec, board, problems)
    if problems:
        return Validation(tuple(problems), None)
    spot0 = placed[0]
    buoy_hexes = [s.hex for s in placed]
    placement = start_tile_at(board, spot0, other_buoys=buoy_hexes[1:],
                              finish_on_water=options.finish_buoy_on_water)
    if placement.problem:
        problems.append(Problem("start/finish tile", f"does not fit at {spot0.id}: "
                                f"{placement.problem}"))
        return Validation(tuple(problems), None)
    sides = _tile_problems(spec, spot0, placement, problems)
    problems.extend(Problem(subject, message) for subject, message in check_tiles(
        board, spec.race, spec.expansion_tiles, placement.hexes, [*buoy_hexes, placement.finish],
        free=options.free_expansion))
    if problems:
        return Validation(tuple(problems), None)
    arrows = tuple(a for a in spec.arrows[1:] if a is not None)
    frame = CourseFrame(board, placement.hexes, spot0.side, tuple(buoy_hexes[1:]),
                        (*buoy_hexes, placement.finish), GateBook(board))
    lines, result = best_route(frame, arrows, sides)
    if isinstance(result, NoRoute):
        return Validation((_unreachable(result, arrows),), None)
    problems.extend(_circle_problems(frame, arrows, sides, result))
    if problems:
        return Validation(tuple(problems), None)
    buoys = [Buoy(0, buoy_hexes[0], spot0.id)]
    for n in (1, 2, 3):
        buoys.append(Buoy(n, buoy_hexes[n], placed[n].id, arrows[n - 1]))
    buoys.append(Buoy(FINISH, placement.finish))
    tile = StartFinishTile(placement.hexes, spot0.side, result.start_direction,
                           result.finish_direction)
    return Validation((), Course(spec.race, board.source, tuple(buoys), tile, lines,
                                 spec.expansion_tiles, result.route, spec.seed, (), options))


def _buoy_spots(spec: CourseSpec, board: Board, problems: list[Problem]) -> list[Spot]:
    """The spots of buoys 0-3, each on the race's letters, once; and the arrows of 1-3."""
    spots: list[Spot | None] = []
    for n, spot_id in enumerate(spec.buoy_spots):
        subject = f"buoy {n}"
        try:
            spot = board.spot(spot_id)
        except BoardError:
            problems.append(Problem(subject, f"the board has no spot {spot_id}"))
            spots.append(None)
            continue
        if spot.letter != spec.race:
            problems.append(Problem(subject, f"stands on {spot.id}, but race {spec.race} uses the "
                                    f"{spec.race} spots (reference, \"Building a Course\")"))
        given = spec.buoy_hexes[n]
        if given is not None and given != spot.hex:
            problems.append(Problem(subject, f"hex {_rc(given)} is not spot {spot.id}'s hex "
                                    f"{_rc(spot.hex)}"))
        if spot in spots:
            problems.append(Problem(subject, f"spot {spot.id} already holds buoy "
                                    f"{spots.index(spot)}"))
        spots.append(spot)
    for n in (1, 2, 3):
        if spec.arrows[n] is None:
            problems.append(Problem(f"buoy {n}", "has no arrow: give 'cw' or 'ccw'"))
    return [s for s in spots if s is not None]


def _tile_problems(spec: CourseSpec, spot0: Spot, placement: TilePlacement,
                   problems: list[Problem]) -> Sides:
    """What the file says of the tile and the finish buoy against where they belong, and the
    sides of the tile its start and finish directions cross to."""
    if spec.tile_hexes is not None and tuple(spec.tile_hexes) != placement.hexes:
        expected = ", ".join(_rc(h) for h in placement.hexes)
        problems.append(Problem("start/finish tile", f"must run straight out from the side of "
                                f"{spot0.id}'s letter: {expected}"))
    if spec.finish_hex is not None and spec.finish_hex != placement.finish:
        problems.append(Problem("finish buoy", f"stands at {_rc(spec.finish_hex)}, but belongs on "
                                f"the hex past the tile's far end, {_rc(placement.finish)}"))
    axis = spot0.side
    sides: list[tuple[int, ...]] = []
    for label, direction in (("start", spec.start_direction), ("finish", spec.finish_direction)):
        if direction is None:
            sides.append(BOTH_SIDES)
            continue
        side = crossing_side(axis, direction)
        if side == 0:
            problems.append(Problem("start/finish tile", f"the {label} direction {direction.name} "
                                    f"runs along the tile ({axis.name}-{axis.opposite().name}), "
                                    "it does not cross it"))
        sides.append((side,))
    return Sides(sides[0], sides[1])


def _circle_problems(frame: CourseFrame, arrows: tuple[Sense, ...], sides: Sides,
                     result: RouteResult) -> list[Problem]:
    """Arrows that force a complete circle where the other arrow would not (COURSE-06)."""
    clear = frame.clear_turns()
    circles = sum(forced_circles(result.route, frame.buoys, clear, count=True))
    if not circles:
        return []
    swept = sweeps(result.route, frame.buoys)
    problems = []
    for n in (1, 2, 3):
        if not clear[n - 1]:
            continue  # passed straight or doubled back: either arrow is fair (COURSE-06)
        flipped = tuple(a.flipped() if i == n - 1 else a for i, a in enumerate(arrows))
        other = best_route(frame, flipped, sides)[1]
        if (not isinstance(other, NoRoute)
                and sum(forced_circles(other.route, frame.buoys, clear, count=True)) < circles):
            problems.append(Problem(
                f"buoy {n}", f"arrow {arrows[n - 1].value} forces a complete circle: the "
                f"shortest route sweeps {abs(swept[n - 1]):.0f} degrees round the buoy; "
                f"{arrows[n - 1].flipped().value} would not (narrative, \"Building a Course\"; "
                "COURSE-06)"))
    return problems


def _unreachable(result: NoRoute, arrows: Sequence[Sense]) -> Problem:
    if result.stuck == 0:
        return Problem("start/finish tile", "boats cannot leave the tile towards the start side")
    if result.stuck <= 3:
        n = result.stuck
        return Problem(f"buoy {n}", f"cannot be rounded {arrows[n - 1].words}: no water route "
                       "crosses its rounding line that way")
    return Problem("finish buoy", "after buoy 3 no water route reaches the start/finish tile from "
                   "its finish side")


__all__ = ["Problem", "Validation", "validate"]
