"""Setup sheets: the pages a group lays one race's course out from, drawn for the paper.

Page one: the title, the course code (one line a dispute can quote, docs/notation.md), the lake
as wide as the printable area with every piece to place (:mod:`.pieces`, :mod:`.startfinish`)
and every label off the pieces (:mod:`.labels`), then the legend (:mod:`.legend`) and the
placement steps, from step 0 laying the lake tiles (with the slot diagram of :mod:`.slotmap`) to
the boats' start, and notes. The map gives up some height (down to :data:`MIN_MAP_SHARE` of the
page) when that keeps the steps on page one; when that is not enough (a race with Expansion 1
has a long legend and many steps) the legend goes beside a narrower map, in one column, if the
hexes stay at least :data:`MIN_HEX_MM` wide; steps that still do not fit continue on a second
page, a whole step at a time. Hexes printed narrower than :data:`SMALL_HEX_MM` (a lake of large
random tiles) get a note under the map. Pages are the paper's size with text at print size: body
text 9 pt, labels at least 7 pt.

Everything is drawn in the printer-safe SVG dialect of :mod:`course_builder.render.kit.svg`;
nothing here reads or writes files.
"""

from __future__ import annotations

import re

import svgwrite

from course_builder.core.values import Mutable, field
from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.describe import lake_step, placement_steps
from course_builder.powerboats.course.model import Course
from course_builder.powerboats.lake.board import Board
from course_builder.render.kit.boxes import line_boxes
from course_builder.render.kit.flow import wrap, wrap_lines
from course_builder.render.kit.metrics import CAP_HEIGHT, DESCENT
from course_builder.render.kit.paper import Paper, paper, pt
from course_builder.render.kit.svg import new_drawing, text
from course_builder.render.powerboats import labels as lab
from course_builder.render.powerboats.coast import (
    MapFrame,
    axis_steps,
    draw_axis_numbers,
    draw_coast_lake,
    draw_spot_ticks,
    fit_map,
    seam_segments,
)
from course_builder.render.powerboats.legend import (
    BODY_PT,
    HEAD_PT,
    LINE,
    Entry,
    draw_legend,
    legend_entries,
    legend_height,
)
from course_builder.render.powerboats.pieces import (
    PIECE_COLORS,
    Cover,
    draw_buoys,
    draw_expansion_tiles,
    draw_rounding_lines,
    draw_route,
)
from course_builder.render.powerboats.slotmap import draw_slot_map, slot_map_size
from course_builder.render.powerboats.startfinish import (
    crossing_arrows,
    draw_crossing_arrows,
    draw_lineup,
    draw_start_tile,
)

TITLE_PT = 14.0
FOOTER_PT = 8.0
MAP_SHARE = 0.66
"""At most this share of the printable height goes to the map (tall random lakes)."""
MIN_MAP_SHARE = 0.5
"""The map may shrink to this share of the printable height so that the legend and the steps
fit on page one; when they need more, the steps go on to a second page instead."""
MIN_HEX_MM = 4.0
"""The map set beside the legend keeps its hexes at least this wide (flat side to flat side)."""
LEGEND_BESIDE_MM = 58.0
"""The width of the legend set in one column beside the map."""
BESIDE_GAP_MM = 3.0
SMALL_HEX_MM = 3.0
"""Hexes printed narrower than this are too small to lay pieces from: the sheet says so."""
RACE_WORDS = {"A": "Race A (first race)", "B": "Race B (second race)",
              "C": "Race C (third race)"}


class CourseSheet(Mutable):
    """One race's pages (drawings, still open for page numbers) and where the map and labels
    went, for tests."""

    course: Course
    paper: Paper
    pages: list[svgwrite.Drawing] = field(default_factory=list)
    frame: MapFrame | None = None
    labels: list[lab.Placed] = field(default_factory=list)
    cursor: float = 0.0
    code: str = ""
    """The course code, repeated on continuation pages so a loose page still names its course."""

    @property
    def bottom(self) -> float:
        """The lowest baseline text may use (the footer line is below)."""
        return self.paper.bottom - pt(FOOTER_PT) * 2.2

    def room(self, height: float) -> None:
        """Start a continuation page unless ``height`` mm fit below the cursor."""
        if self.cursor + height > self.bottom:
            self.new_page(continued=True)

    def new_page(self, continued: bool = False) -> svgwrite.Drawing:
        dwg = new_drawing(self.paper.width, self.paper.height)
        self.pages.append(dwg)
        words = RACE_WORDS[self.course.race] + (", continued" if continued else "")
        y = self.paper.top + CAP_HEIGHT * pt(TITLE_PT)
        dwg.add(text(dwg, f"Powerboats · {words}", self.paper.left, y, pt(TITLE_PT),
                     font_weight="bold", id="title" if not continued else "title-continued",
                     class_="title"))
        self.cursor = y + pt(TITLE_PT) * 0.5
        if continued and self.code:
            _write_code(self, dwg)
        return dwg


def course_sheet(board: Board, course: Course, *, paper_name: str = "a4",
                 show_route: bool = True) -> CourseSheet:
    """Lay out one race's sheet for the paper (pages not yet numbered, see :func:`finish`)."""
    sheet = CourseSheet(course, paper(paper_name), code=course_code(course, board))
    dwg = sheet.new_page()
    _subtitle(sheet, dwg, board)
    _write_code(sheet, dwg)
    entries = legend_entries(board, course, show_route)
    width = sheet.paper.printable_width
    steps = _text_height(sheet, board)
    note = _scale_note_height(sheet, board)
    below = 2.0 + legend_height(entries, width) + 2.0 + steps + note
    beside = None if _fits_with_legend_below(sheet, board, below) else _frame_beside(
        sheet, board, entries, steps + note)
    if beside is None:
        _map(sheet, dwg, board, show_route, below)
        _scale_note(sheet, board)
        sheet.cursor += 2.0
        sheet.room(legend_height(entries, width))
        sheet.cursor = draw_legend(sheet.pages[-1], entries, sheet.paper.left, sheet.cursor,
                                   width) + 2.0
    else:
        _map_and_legend_beside(sheet, dwg, board, beside, entries, show_route)
    _steps(sheet, board)
    _notes(sheet)
    return sheet


def finish(sheets: list[CourseSheet], more_pages: int = 0) -> list[tuple[str, str]]:
    """Number the pages of all sheets in order and give (name, SVG) for each: the race letter,
    with ``-1``, ``-2`` when a race has several pages. ``more_pages`` follow (the mats)."""
    total = sum(len(s.pages) for s in sheets) + more_pages
    out = []
    n = 0
    for s in sheets:
        for k, dwg in enumerate(s.pages, start=1):
            n += 1
            words = f"Powerboats race {s.course.race}" + (f" · page {n} of {total}"
                                                          if total > 1 else "")
            baseline = s.paper.bottom - DESCENT * pt(FOOTER_PT)
            dwg.add(text(dwg, words, s.paper.right, baseline, pt(FOOTER_PT),
                         text_anchor="end", fill="#4b5563", id="footer", class_="footer"))
            name = s.course.race if len(s.pages) == 1 else f"{s.course.race}-{k}"
            out.append((name, dwg.tostring()))
    return out


def course_sheet_svgs(board: Board, course: Course, *, paper_name: str = "a4",
                      show_route: bool = True) -> list[str]:
    """The SVG pages of one race's sheet."""
    return [svg for _name, svg in finish([course_sheet(board, course, paper_name=paper_name,
                                                       show_route=show_route)])]


def _subtitle(sheet: CourseSheet, dwg: svgwrite.Drawing, board: Board) -> None:
    source = sheet.course.board_source
    parts = [f"lake: {source.board}"]
    if source.shuffled:
        parts.append("tiles shuffled" + (" and turned" if source.rotate_tiles else ""))
    if source.is_random and source.seed is not None:
        parts.append(f"lake seed {source.seed}")
    if sheet.course.seed is not None:
        parts.append(f"seed {sheet.course.seed}")
    if sheet.course.expansion_tiles:
        parts.append("Expansion 1")
    size = pt(BODY_PT)
    sheet.cursor += size * 1.1
    dwg.add(text(dwg, " · ".join(parts), sheet.paper.left, sheet.cursor, size, id="subtitle",
                 class_="body"))


def _write_code(sheet: CourseSheet, dwg: svgwrite.Drawing) -> None:
    """The course code, broken after a ',' or ':' if it is longer than the line."""
    size = pt(BODY_PT)
    g = dwg.g(id="course-code", class_="body")
    for line in wrap(f"Course code: {sheet.code}", sheet.paper.printable_width, size):
        sheet.cursor += size * LINE
        g.add(text(dwg, line, sheet.paper.left, sheet.cursor, size, class_="body code-line"))
    g.attribs["data-code"] = sheet.code  # the whole code, for tests and tools reading the SVG
    dwg.add(g)
    sheet.cursor += 1.0


def _map_top(sheet: CourseSheet) -> float:
    return sheet.cursor + 1.5


def _fits_with_legend_below(sheet: CourseSheet, board: Board, below: float) -> bool:
    """Whether the map (shrunk down to :data:`MIN_MAP_SHARE`, as :func:`_map` may) leaves room
    for the ``below`` mm of legend, steps and notes on page one."""
    p = sheet.paper
    top = _map_top(sheet)
    printable = p.bottom - p.top
    room = sheet.bottom - top - below
    natural = fit_map(board, p.left, top, p.printable_width, printable * MAP_SHARE).box.y1 - top
    return natural <= room or room >= printable * MIN_MAP_SHARE


def _frame_beside(sheet: CourseSheet, board: Board, entries: list[Entry], text: float) -> MapFrame | None:
    """The map's frame when the legend stands beside it in one column and ``text`` mm of steps
    and notes follow below, all on page one; ``None`` when that does not fit or would make the
    hexes narrower than :data:`MIN_HEX_MM`."""
    p = sheet.paper
    top = _map_top(sheet)
    room = sheet.bottom - top - 2.0 - text
    frame = fit_map(board, p.left, top, p.printable_width - LEGEND_BESIDE_MM - BESIDE_GAP_MM,
                    min(room, (p.bottom - p.top) * MAP_SHARE))
    if frame.layout.width < MIN_HEX_MM or legend_height(entries, LEGEND_BESIDE_MM, 1) > room:
        return None
    return frame


def _map_and_legend_beside(sheet: CourseSheet, dwg: svgwrite.Drawing, board: Board, frame: MapFrame,
                           entries: list[Entry], show_route: bool) -> None:
    """The one-page layout: the map in ``frame``, the legend in one column to its right."""
    sheet.frame = frame
    sheet.labels = draw_map(dwg, board, sheet.course, frame, show_route)
    x = frame.box.x1 + BESIDE_GAP_MM
    legend_bottom = draw_legend(dwg, entries, x, frame.box.y0, sheet.paper.right - x, 1)
    sheet.cursor = frame.box.y1
    _scale_note(sheet, board)
    sheet.cursor = max(sheet.cursor, legend_bottom) + 2.0


def _scale_words(board: Board, frame: MapFrame) -> str | None:
    """The note for hexes too small to lay pieces from (:data:`SMALL_HEX_MM`), or ``None``."""
    width = frame.layout.width
    if width >= SMALL_HEX_MM:
        return None
    col_step, row_step = axis_steps(board, frame.layout)
    numbered = ("" if col_step == row_step == 1 else
                f"; columns are numbered every {col_step}, rows every {row_step}")
    return (f"Note: the hexes print {width:.1f} mm across, too small to lay the pieces from: "
            f"print this page enlarged, or take each hex's row and column from the steps"
            f"{numbered}.")


def _scale_note_height(sheet: CourseSheet, board: Board) -> float:
    """Room for the scale note, judged at the largest map the page takes."""
    p = sheet.paper
    frame = fit_map(board, p.left, _map_top(sheet), p.printable_width,
                    (p.bottom - p.top) * MAP_SHARE)
    words = _scale_words(board, frame)
    if words is None:
        return 0.0
    size = pt(BODY_PT)
    return len(wrap(words, p.printable_width, size, indent=5.0)) * size * LINE + 1.0


def _scale_note(sheet: CourseSheet, board: Board) -> None:
    """Under the map, when its hexes print too small to set the lake up from."""
    assert sheet.frame is not None
    words = _scale_words(board, sheet.frame)
    if words is None:
        return
    size = pt(BODY_PT)
    dwg = sheet.pages[-1]
    g = dwg.add(dwg.g(id="scale-note"))
    sheet.cursor += 1.0
    for k, line in enumerate(wrap(words, sheet.paper.printable_width, size, indent=5.0)):
        sheet.cursor += size * LINE
        g.add(text(dwg, line, sheet.paper.left + (5.0 if k else 0.0), sheet.cursor, size,
                   class_="note body scale-note", fill="#4b5563"))


def _map(sheet: CourseSheet, dwg: svgwrite.Drawing, board: Board, show_route: bool,
         below: float) -> None:
    """The map as wide as the printable area, up to :data:`MAP_SHARE` of its height; shorter
    (down to :data:`MIN_MAP_SHARE`) when that lets the ``below`` mm of legend, steps and notes
    fit on the page."""
    p = sheet.paper
    top = _map_top(sheet)
    printable = p.bottom - p.top
    room = sheet.bottom - top - below
    height = printable * MAP_SHARE
    natural = fit_map(board, p.left, top, p.printable_width, height).box.y1 - top
    if natural > room >= printable * MIN_MAP_SHARE:
        height = room
    frame = fit_map(board, p.left, top, p.printable_width, height)
    sheet.frame = frame
    sheet.labels = draw_map(dwg, board, sheet.course, frame, show_route)
    sheet.cursor = frame.box.y1


def draw_map(dwg: svgwrite.Drawing, board: Board, course: Course, frame: MapFrame,
             show_route: bool = True) -> list[lab.Placed]:
    """The sheet's map in ``frame``: the lake, every piece of the course, the labels placed off
    the pieces and the row and column numbers. Returns the labels as placed."""
    layout = frame.layout
    draw_coast_lake(dwg, board, layout)
    cover = Cover()
    cover.soft.extend(b for a, c in seam_segments(board, layout) for b in line_boxes([a, c], 0.5))
    draw_lineup(dwg, board, course, layout, cover)
    draw_expansion_tiles(dwg, course, layout, cover)
    tile_group = draw_start_tile(dwg, course, layout, cover)
    if show_route:
        draw_route(dwg, course, layout, cover)
    draw_rounding_lines(dwg, course, layout, cover)
    draw_buoys(dwg, course, layout, cover)
    arrows = crossing_arrows(course, layout, cover.route)
    draw_crossing_arrows(dwg, tile_group, arrows, layout, cover)
    ticks = draw_spot_ticks(dwg, board, layout)
    placer = lab.Placer(layout, frame.hexes.grown(0.5), cover.hard + ticks, cover.soft)
    specs = [lab.arrow_spec(a.kind, a.tail, a.tip, layout, PIECE_COLORS[a.kind])
             for a in arrows]
    specs += lab.spot_specs(board, layout) + lab.slot_specs(board, layout)
    placed = [placer.place(spec) for spec in specs]
    lab.draw_labels(dwg, placed, layout)
    draw_axis_numbers(dwg, board, frame)
    return placed


MAP_MARGIN = 2.0
"""Margin (mm) round the map drawn alone."""


def course_map_svg(board: Board, course: Course, *, width: float = 190.0,
                   show_route: bool = True) -> tuple[str, MapFrame]:
    """The map of a setup sheet alone, ``width`` mm wide (no title, legend or steps): the picture
    the web page shows and draws boats over, with the frame that says where each hex is."""
    frame = fit_map(board, MAP_MARGIN, MAP_MARGIN, width - 2 * MAP_MARGIN, 10 * width)
    dwg = new_drawing(width, frame.box.y1 + MAP_MARGIN)
    draw_map(dwg, board, course, frame, show_route)
    return dwg.tostring(), frame


class _Measure(CourseSheet):
    """A sheet without a bottom: text laid out on it never breaks to a new page, so its cursor
    says how tall the text is."""

    @property
    def bottom(self) -> float:
        return float("inf")


def _text_height(sheet: CourseSheet, board: Board) -> float:
    """The height (mm) of the steps and notes, laid out on a scratch page."""
    scratch = _Measure(sheet.course, sheet.paper)
    scratch.new_page()
    scratch.cursor = 0.0
    _steps(scratch, board)
    _notes(scratch)
    return scratch.cursor


def _steps(sheet: CourseSheet, board: Board) -> None:
    """'Setting up': step 0 (the lake tiles) beside the slot diagram, then steps 1..n; lines that
    do not fit go on to the next page."""
    size = pt(BODY_PT)
    line_h = size * LINE
    steps = [(i, s) for i, s in enumerate(placement_steps(sheet.course), start=1)]
    step0 = lake_step(board)
    if step0:
        steps.insert(0, (0, step0))
    map_w, map_h = slot_map_size(board) if step0 else (0.0, 0.0)
    sheet.room(pt(HEAD_PT) * 1.6 + max(map_h, 2 * line_h))
    dwg = sheet.pages[-1]
    sheet.cursor += CAP_HEIGHT * pt(HEAD_PT) + 1.0
    dwg.add(text(dwg, "Setting up", sheet.paper.left, sheet.cursor, pt(HEAD_PT),
                 font_weight="bold", class_="heading", id="steps-heading"))
    sheet.cursor += 1.5
    float_bottom = sheet.cursor + map_h
    if map_h:
        draw_slot_map(dwg, board, sheet.paper.right - map_w, sheet.cursor)
    width = sheet.paper.printable_width
    block = dwg.add(dwg.g(id="instructions"))
    for number, words in steps:
        label = f"{number}. "
        indent = 5.0
        widths = [width - (map_w + 4.0 if sheet.cursor + (k + 1) * line_h < float_bottom + 2.0
                           else 0.0) - (indent if k else 0.0) for k in range(40)]
        lines = wrap_lines(label + words, widths, size)
        if (sheet.cursor + len(lines) * line_h > sheet.bottom
                and len(lines) * line_h < sheet.bottom - sheet.paper.top - 20.0):
            sheet.new_page(continued=True)  # a step is never split between pages
            block = sheet.pages[-1].add(sheet.pages[-1].g(id="instructions"))
            float_bottom = 0.0
        for k, line in enumerate(lines):
            if sheet.cursor + line_h > sheet.bottom:
                sheet.new_page(continued=True)
                block = sheet.pages[-1].add(sheet.pages[-1].g(id="instructions"))
                float_bottom = 0.0
            sheet.cursor += line_h
            block.add(text(sheet.pages[-1], line, sheet.paper.left + (indent if k else 0.0),
                           sheet.cursor, size, class_="instruction body"))
        sheet.cursor += 0.6
    sheet.cursor = max(sheet.cursor, float_bottom)


def sheet_notes(course: Course) -> list[str]:
    """The course's notes, less those on approximate spots: on a sheet the '?' by each such spot
    and the legend say it (BOARD-03)."""
    return [n for n in course.notes
            if not re.fullmatch(r"spot \S+ is approximate in the board data .*", n)]


def _notes(sheet: CourseSheet) -> None:
    notes = sheet_notes(sheet.course)
    size = pt(BODY_PT)
    line_h = size * LINE
    dwg = sheet.pages[-1]
    block = dwg.add(dwg.g(id="notes"))
    sheet.cursor += 1.0
    for note in notes:
        for k, line in enumerate(wrap(f"Note: {note}", sheet.paper.printable_width, size,
                                      indent=5.0)):
            if sheet.cursor + line_h > sheet.bottom:
                sheet.new_page(continued=True)
                block = sheet.pages[-1].add(sheet.pages[-1].g(id="notes"))
            sheet.cursor += line_h
            block.add(text(sheet.pages[-1], line, sheet.paper.left + (5.0 if k else 0.0),
                           sheet.cursor, size, class_="note body", fill="#4b5563"))

