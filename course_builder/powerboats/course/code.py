"""The one-line course code: a course in a form that can be pasted into a message.

``BOARD:RACE:SPOT0,SPOT1ARROW,SPOT2ARROW,SPOT3ARROW:START,FINISH``, e.g.
``classic:A:A3,A1cw,A2cw,A4ccw:NE,W``: the board (its default arrangement) or a ``.board`` path,
the race, the spots of buoys 0-3 with the arrows of buoys 1-3, and the directions boats cross the
start/finish tile at the start and at the finish (docs/notation.md). Everything else of the course
follows from the rules, so reading a code gives the data of a laid-out course to check.
"""

from __future__ import annotations

import re
from typing import Any

from course_builder.powerboats.course.model import Course, CourseError


class CourseCodeError(CourseError):
    """A course code that cannot be read; the message points at the bad part."""


def course_code(course: Course) -> str:
    """The one-line code of a course."""
    spots = [str(course.buoy(0).spot)]
    for n in (1, 2, 3):
        arrow = course.buoy(n).arrow
        spots.append(f"{course.buoy(n).spot}{arrow.value if arrow is not None else ''}")
    return (f"{course.board_source.board}:{course.race}:{','.join(spots)}:"
            f"{course.tile.start_direction.name},{course.tile.finish_direction.name}")


def course_code_data(code: str) -> dict[str, Any]:
    """The course-file data a code stands for (to be read and checked like a course file)."""
    parts = code.split(":")
    if len(parts) != 4:
        raise CourseCodeError(f"course {code!r}: expected BOARD:RACE:SPOTS:START,FINISH, e.g. "
                              "'classic:A:A3,A1cw,A2cw,A4ccw:NE,W', or @course.json")
    board, race, spots, dirs = parts
    items = spots.split(",")
    if len(items) != 4:
        raise CourseCodeError(f"course {code!r}: give the spots of buoys 0-3, e.g. "
                              "A3,A1cw,A2cw,A4ccw")
    buoys: list[dict[str, Any]] = [{"number": 0, "spot": items[0]}]
    for n, item in enumerate(items[1:], start=1):
        m = re.fullmatch(r"([A-Ca-c][0-9]+)(cw|ccw)", item)
        if not m:
            raise CourseCodeError(f"course {code!r}: buoy {n} {item!r} must be a spot and an "
                                  "arrow, e.g. A1cw or A2ccw")
        buoys.append({"number": n, "spot": m.group(1), "arrow": m.group(2)})
    directions = dirs.split(",")
    if len(directions) != 2:
        raise CourseCodeError(f"course {code!r}: give the start and finish directions, e.g. NE,W")
    return {"race": race.upper(), "board": {"board": board}, "buoys": buoys,
            "start_finish_tile": {"start_direction": directions[0],
                                  "finish_direction": directions[1]}}
