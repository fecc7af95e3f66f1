"""The picture of a race for the page: the setup sheet's own map (lake, buoys, rounding lines,
start/finish tile, expansion tiles and labels, from :func:`~course_builder.render.powerboats.sheet.
course_map_svg`), and where each water hex sits on it, so the page can put boats on it and find
the hex under a click without knowing any hex geometry.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from course_builder.render.powerboats.sheet import course_map_svg
from course_builder.web.state import BOOK

MAP_WIDTH_MM = 190.0


@lru_cache(maxsize=16)
def course_map(code: str) -> dict[str, Any]:
    """The map of the race with this course code, as the page draws it: the SVG (in mm), the
    centre of every water hex (``"row,col": [x, y]``), the hex size, and the notes the setup
    sheet's legend would add (the page shows the map without its legend)."""
    race = BOOK.race(code)
    svg, frame = course_map_svg(race.board, race.course, width=MAP_WIDTH_MM, show_route=False)
    layout = frame.layout
    centres = {}
    for i, h in enumerate(race.board.hexes()):
        if race.board.water[i]:
            r, c = h.offset
            x, y = layout.center(h)
            centres[f"{r},{c}"] = [round(x, 2), round(y, 2)]
    notes = []
    if any(s.approximate for s in race.board.spots):  # the sheet's legend says the same
        notes.append("A letter with '?' (A1?) marks a spot whose place is approximate: check "
                     "your board.")
    return {"code": race.code, "svg": svg, "centres": centres, "size": round(layout.size, 3),
            "start_direction": race.course.tile.start_direction.name, "notes": notes}
