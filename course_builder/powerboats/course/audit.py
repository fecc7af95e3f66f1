"""An independent audit of a finished course, for soak runs and tests.

The generator and the validator share the route search; this module re-checks a course's route
by other means, so a defect in the shared state machine shows up as a disagreement:

* every rounding is a positive net crossing of that buoy's line in its sense, counted from the
  first rounding of the buoy before it, with only the debt kept each time that buoy is rounded
  again (added up step by step, not by the state machine; COURSE-04 in docs/rulings.md);
* no other choice of arrows sweeps a complete circle round fewer buoys (COURSE-06);
* no hex of an expansion tile lies on a lake section the start/finish tile touches (COURSE-08).

Each check returns plain messages; an empty list is a clean course.
"""

from __future__ import annotations

import itertools

from course_builder.powerboats.course.arrows import CourseFrame, best_route, circle_count
from course_builder.powerboats.course.circles import forced_circles
from course_builder.powerboats.course.expansion import expansion_sections
from course_builder.powerboats.course.model import Course
from course_builder.powerboats.course.progress import GateBook, advance, start_counts
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.course.routing import NoRoute
from course_builder.powerboats.lake.board import Board


def rounding_faults(board: Board, course: Course) -> list[str]:
    """Roundings the route is credited with but whose line it has not crossed, net, in the
    buoy's sense since the buoy before it was rounded (COURSE-04): a buoy's crossings count from
    the first rounding of the buoy before it, and whenever that buoy is rounded again only a net
    debt (wrong-way crossings) is carried, not right-way crossings made while it stood undone.

    The state machine says when each buoy stands rounded; the crossings are added up here, step
    by step from the gates, and must come to at least +1 at the step the route credits."""
    if course.route is None:
        return []
    gates = GateBook(board)
    gate = [gates.gate(line, arrow) for line, arrow in zip(course.rounding_lines, _arrows(course),
                                                           strict=True)]
    index = [board.index(h) for h in course.route.hexes]
    steps = [a * len(board) + b for a, b in itertools.pairwise(index)]
    phases = [0]
    phase, counts = 0, start_counts(len(gate))
    for step in steps:
        phase, counts = advance(phase, counts, step, gate)
        phases.append(phase)
    faults = []
    for k, credited in enumerate(course.route.roundings, start=1):
        count: int | None = 0 if k == 1 else None  # buoy 1's line counts from the start
        for pos in range(1, min(credited, len(steps)) + 1):
            if k > 1 and phases[pos] >= k - 1 > phases[pos - 1]:  # the buoy before rounded
                count = 0 if count is None else min(count, 0)
            if count is not None:
                step = steps[pos - 1]
                count += (step in gate[k - 1].forward) - (step in gate[k - 1].back)
        if count is None or count < 1:
            faults.append(f"buoy {k}: credited at step {credited}, but the net crossings of its "
                          f"line there are {count or 0} (COURSE-04)")
    return faults


def circle_faults(frame: CourseFrame, course: Course) -> list[str]:
    """A complete circle the course's arrows force where other arrows would not (COURSE-06).

    Independent of the validator's arrow-by-arrow test: all eight arrow choices are sailed and
    the course's must have the fewest buoys swept round by 360 degrees or more."""
    if course.route is None:
        return []
    arrows = _arrows(course)
    circles = {}
    for choice in itertools.product((Sense.CW, Sense.CCW), repeat=3):
        _lines, result = best_route(frame, choice)
        if not isinstance(result, NoRoute):
            circles[choice] = circle_count(frame, result)
    own = sum(forced_circles(course.route, frame.buoys, frame.clear_turns(), count=True))
    fewest = min(circles.values(), default=own)
    if own <= fewest:
        return []
    better = next(c for c, n in circles.items() if n == fewest)
    return [f"with arrows {'/'.join(arrows)} the route sweeps a complete circle round {own} "
            f"buoy(s); arrows {'/'.join(better)} would round {fewest} (COURSE-06)"]


def section_faults(board: Board, course: Course) -> list[str]:
    """Expansion-tile hexes on a lake section the start/finish tile touches (COURSE-08)."""
    if not course.expansion_tiles:
        return []
    excluded = expansion_sections(board, course.tile.hexes, course.buoy(0).hex)
    return [f"{t.kind} tile at {t.spot}: hex {h.offset} lies on start/finish section "
            f"{board.section(h)} (COURSE-08)"
            for t in course.expansion_tiles for h in t.hexes if board.section(h) in excluded]


def _arrows(course: Course) -> tuple[Sense, ...]:
    return tuple(course.buoy(k).arrow or Sense.CW for k in (1, 2, 3))


def audit(frame: CourseFrame, course: Course) -> list[str]:
    """Every independent check above, in order (``frame`` holds the course's board and fixed
    pieces, as :meth:`CourseMaker.frame` makes it)."""
    return (rounding_faults(frame.board, course) + circle_faults(frame, course)
            + section_faults(frame.board, course))
