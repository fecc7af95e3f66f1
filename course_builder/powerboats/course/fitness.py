"""Can a lake hold a game? What each race needs of a board, checked before anyone lays it out.

A board file can be well formed and still unplayable: a lake of five water hexes, water cut in
two, a race with three spots. :func:`race_problems` says what is missing, in the order a user
would fix it:

* each race has its four letter spots (reference, "Building a Course": four spots of the race's
  letter hold buoys 0-3);
* a race's spots all lie on (or beside) one body of open water: a boat in one body could never
  reach a buoy in another (:meth:`Board.areas_around`; :func:`lake_notes` counts the bodies,
  :attr:`Board.water_areas`);
* each race has at least one legal course (the course generator's search over the 24 orders of
  its spots, COURSE-02..COURSE-07).
"""

from __future__ import annotations

from course_builder.powerboats.course.generate import RACES, CourseMaker
from course_builder.powerboats.course.model import CourseError
from course_builder.powerboats.lake.board import Board


def water_bodies(board: Board) -> list[int]:
    """Sizes of the bodies of open water, largest first."""
    sizes: dict[int, int] = {}
    for area in board.water_areas:
        if area >= 0:
            sizes[area] = sizes.get(area, 0) + 1
    return sorted(sizes.values(), reverse=True)


def race_problems(board: Board) -> list[str]:
    """Everything a game on ``board`` lacks; empty when races A, B and C can all be sailed."""
    if not any(board.water):
        return ["the lake has no open water"]
    problems = []
    maker = CourseMaker(board)
    for race in RACES:
        spots = board.spots_for(race)
        if len(spots) != 4:
            problems.append(f"race {race}: needs 4 {race} spots, the board has {len(spots)}")
            continue
        shared = frozenset.intersection(*(board.areas_around(s.hex) for s in spots))
        if not shared:
            problems.append(f"race {race}: its spots {', '.join(s.id for s in spots)} do not all "
                            "lie on one body of open water, so no boat can reach every buoy")
            continue
        try:
            maker.generate(race, 0)
        except CourseError as exc:
            problems.append(f"race {race}: {exc}")
    return problems


def lake_notes(board: Board) -> list[str]:
    """What is worth knowing but does not stop a game: water cut off from the rest."""
    bodies = water_bodies(board)
    if len(bodies) <= 1:
        return []
    return [f"the open water falls into {len(bodies)} bodies ({', '.join(map(str, bodies[:6]))}"
            f"{', ...' if len(bodies) > 6 else ''} hexes); boats stay on the one they start on"]
