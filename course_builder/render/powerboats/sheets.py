"""Sheets for one race or a whole game in the format asked for: SVG, PDF or PNG.

Every page is laid out for the paper asked for (A4 or Letter), in every format: the PDF places the
pages unscaled, SVG and PNG pages have the paper's size, and a PNG records its resolution (300 dpi
unless asked otherwise). PDF puts every page (each race, a second page where a race's steps do
not fit, then the optional player mats) in one document. SVG and PNG give one file per page; the
caller names them with the returned suffixes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from course_builder.powerboats.course.model import Course
from course_builder.powerboats.lake.board import Board
from course_builder.render.kit import RenderError
from course_builder.render.powerboats.mats import DEFAULT_COLOURS, mats_svg
from course_builder.render.powerboats.sheet import course_sheet, finish

FORMATS = ("svg", "pdf", "png")
SHEET_DPI = 300


def sheet_pages(board: Board, courses: Sequence[Course], *, paper: str = "a4",
                show_route: bool = True, mats: bool = False,
                colours: Sequence[str] = DEFAULT_COLOURS) -> list[tuple[str, str]]:
    """(name, SVG) for each page: the races in order, then the mats."""
    sheets = [course_sheet(board, c, paper_name=paper, show_route=show_route) for c in courses]
    pages = finish(sheets, more_pages=1 if mats else 0)
    if mats:
        n = len(pages) + 1
        footer = f"Powerboats · player mats · page {n} of {n}" if n > 1 else ""
        pages.append(("mats", mats_svg(colours, paper=paper, footer=footer)))
    return pages


def render_sheets(board: Board, courses: Sequence[Course], *, fmt: str = "pdf",
                  paper: str = "a4", show_route: bool = True, mats: bool = False,
                  colours: Sequence[str] = DEFAULT_COLOURS, dpi: int = SHEET_DPI,
                  progress: Callable[[int, int], None] | None = None) -> list[tuple[str, bytes]]:
    """Files to write: one (suffix, bytes) for a PDF, one per page for SVG and PNG.
    ``progress(done, total)`` hears of each step: drawing the pages, then each page converted
    (PNG) or the whole document made (PDF)."""
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
    report = progress or (lambda done, total: None)
    pages = sheet_pages(board, courses, paper=paper, show_route=show_route, mats=mats,
                        colours=colours)
    total = 1 + (len(pages) if fmt == "png" else 1)
    report(1, total)
    if fmt == "pdf":
        from course_builder.render.kit.pdf import pdf_pages

        races = ", ".join(c.race for c in courses)
        data = pdf_pages([svg for _name, svg in pages], paper, title=f"Powerboats races {races}")
        report(total, total)
        return [("", data)]
    if fmt == "png":
        from course_builder.render.kit.png import png_from_svg

        files = []
        for name, svg in pages:
            files.append((name, png_from_svg(svg, dpi)))
            report(1 + len(files), total)
        return files
    report(total, total)
    return [(name, svg.encode("utf-8")) for name, svg in pages]
