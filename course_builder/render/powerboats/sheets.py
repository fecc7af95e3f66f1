"""Sheets for one race or a whole game in the format asked for: SVG, PDF or PNG.

PDF puts every page (each race, then the optional player mats) in one document. SVG and PNG give
one file per page; the caller names them with the returned suffixes.
"""

from __future__ import annotations

from collections.abc import Sequence

from course_builder.powerboats.course.model import Course
from course_builder.powerboats.lake.board import Board
from course_builder.render.kit import RenderError
from course_builder.render.powerboats.mats import DEFAULT_COLOURS, mats_svg
from course_builder.render.powerboats.sheet import course_sheet_svg

FORMATS = ("svg", "pdf", "png")


def sheet_pages(board: Board, courses: Sequence[Course], *, show_route: bool = True,
                mats: bool = False, colours: Sequence[str] = DEFAULT_COLOURS
                ) -> list[tuple[str, str]]:
    """(name, SVG) for each page: the races in order, then the mats."""
    pages = []
    total = len(courses) + (1 if mats else 0)
    for i, course in enumerate(courses, start=1):
        page = f"page {i} of {total}" if total > 1 else ""
        pages.append((course.race, course_sheet_svg(board, course, show_route=show_route,
                                                    page=page)))
    if mats:
        pages.append(("mats", mats_svg(colours)))
    return pages


def render_sheets(board: Board, courses: Sequence[Course], *, fmt: str = "pdf",
                  paper: str = "a4", show_route: bool = True, mats: bool = False,
                  colours: Sequence[str] = DEFAULT_COLOURS) -> list[tuple[str, bytes]]:
    """Files to write: one (suffix, bytes) for a PDF, one per page for SVG and PNG."""
    pages = sheet_pages(board, courses, show_route=show_route, mats=mats, colours=colours)
    if fmt == "pdf":
        from course_builder.render.kit.pdf import pdf_pages

        races = ", ".join(c.race for c in courses)
        data = pdf_pages([svg for _name, svg in pages], paper, title=f"Powerboats races {races}")
        return [("", data)]
    if fmt == "png":
        from course_builder.render.kit.png import png_from_svg

        return [(name, png_from_svg(svg)) for name, svg in pages]
    if fmt == "svg":
        return [(name, svg.encode("utf-8")) for name, svg in pages]
    raise RenderError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
