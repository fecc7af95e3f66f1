"""The pages of a Powerboats sheet, for one race or a whole game: what the one export path
(:mod:`course_builder.render.kit.export`) makes into PDF, SVG or PNG files.

Every page is laid out for the paper asked for (A4 or Letter): each race, a second page where a
race's steps do not fit (named ``A-1``, ``A-2``), then the optional player mats (``mats``).
"""

from __future__ import annotations

from collections.abc import Sequence

from course_builder.powerboats.course.model import Course
from course_builder.powerboats.lake.board import Board
from course_builder.render.kit.export import Page, Sheet
from course_builder.render.powerboats.mats import DEFAULT_COLOURS, mats_svg
from course_builder.render.powerboats.sheet import course_sheet, finish


def game_sheet(board: Board, courses: Sequence[Course], *, paper: str = "a4",
               show_route: bool = True, mats: bool = False,
               colours: Sequence[str] = DEFAULT_COLOURS) -> Sheet:
    """The sheet of ``courses`` on ``board``: the races in order, then the mats."""
    sheets = [course_sheet(board, c, paper_name=paper, show_route=show_route) for c in courses]
    pages = finish(sheets, more_pages=1 if mats else 0)
    if mats:
        n = len(pages) + 1
        footer = f"Powerboats · player mats · page {n} of {n}" if n > 1 else ""
        pages.append(("mats", mats_svg(colours, paper=paper, footer=footer)))
    races = ", ".join(c.race for c in courses)
    return Sheet(tuple(Page(name, svg) for name, svg in pages), f"Powerboats races {races}")
