"""The lake as a setup sheet shows it: open water with a faint hex grid, each island and each
stretch of shore one merged outline (closer to the printed board than a mosaic of hexes, and
lighter to print), the seams of the lake tiles, the letter-spot ticks and the row and column
numbers. Sizes are print sizes (:mod:`course_builder.render.kit.paper`).
"""

from __future__ import annotations

import weakref

import svgwrite

from course_builder.core.hexgrid import Direction, Layout, from_offset
from course_builder.core.values import Frozen
from course_builder.powerboats.lake.board import BORDER, Board
from course_builder.render.kit.boxes import Box, line_boxes, text_box
from course_builder.render.kit.metrics import CAP_HEIGHT, text_width
from course_builder.render.kit.outline import grid_lines, hex_outlines
from course_builder.render.kit.paper import pt
from course_builder.render.kit.svg import COLORS, rounded, rounded_point, text

AXIS_PT = 7.0
"""Row and column numbers: the smallest text on a sheet (labels are at least 7 pt)."""
COAST = "#6b7a4f"
SHORE_EDGE = "#7d7a63"
TICK_MM = 0.7


class MapFrame(Frozen):
    """Where the lake is drawn on a page: its hex layout, the box of the hexes and the box of the
    whole map with its row and column numbers."""

    layout: Layout
    hexes: Box
    box: Box


class LakeShapes(Frozen):
    """The lake drawn once for a board and a layout (every race of a game reuses it): path data
    of the water, the grid, each stretch of shore and each island, and the tile seams."""

    water: tuple[str, ...]
    grid: str
    shore: tuple[str, ...]
    islands: tuple[str, ...]
    seams: tuple[tuple[tuple[float, float], tuple[float, float]], ...]


_SHAPES: weakref.WeakKeyDictionary[Board, dict[Layout, LakeShapes]] = weakref.WeakKeyDictionary()
_EXTENTS: weakref.WeakKeyDictionary[Board, tuple[float, float, float, float]] = (
    weakref.WeakKeyDictionary())


def _extent(board: Board) -> tuple[float, float, float, float]:
    """min x, min y, max x, max y of the board's hex corners at hex size 1."""
    if board not in _EXTENTS:
        # Every hex's corners are its centre plus the same six offsets, and rounding is
        # monotonic, so the extreme corners are corners of the hexes with the extreme centres:
        # the same numbers as taking every corner of every hex, from four hexes' corners.
        probe = Layout(1.0, (0.0, 0.0))
        hexes = board.hexes()
        centres = [probe.center(h) for h in hexes]
        xs = [x for x, _ in centres]
        ys = [y for _, y in centres]

        def corners_of(k: int) -> list[tuple[float, float]]:
            return probe.corners(hexes[k])

        _EXTENTS[board] = (min(x for x, _ in corners_of(xs.index(min(xs)))),
                           min(y for _, y in corners_of(ys.index(min(ys)))),
                           max(x for x, _ in corners_of(xs.index(max(xs)))),
                           max(y for _, y in corners_of(ys.index(max(ys)))))
    return _EXTENTS[board]


def fit_map(board: Board, x: float, y: float, width: float, max_height: float) -> MapFrame:
    """The largest lake that fits ``width`` x ``max_height`` mm at (x, y), numbers included: as
    wide as the printable area unless the lake is too tall for that."""
    x0, y0, x1, y1 = _extent(board)
    size = pt(AXIS_PT)
    left = text_width(str(board.rows - 1), size) + 1.2
    top = CAP_HEIGHT * size + 1.2
    hex_size = min((width - left) / (x1 - x0), (max_height - top) / (y1 - y0))
    origin = (x + left - x0 * hex_size, y + top - y0 * hex_size)
    layout = Layout(hex_size, origin)
    hexes = Box(x + left, y + top, x + left + (x1 - x0) * hex_size,
                y + top + (y1 - y0) * hex_size)
    return MapFrame(layout, hexes, Box(x, y, hexes.x1, hexes.y1))


def lake_shapes(board: Board, layout: Layout) -> LakeShapes:
    """The lake's shapes at a layout, made once per board and layout."""
    cached = _SHAPES.setdefault(board, {})
    if layout not in cached:
        hexes = list(board.hexes())
        land = [(h, board.section(h) == BORDER) for i, h in enumerate(hexes)
                if not board.water[i]]
        cached[layout] = LakeShapes(
            tuple(hex_outlines(layout, hexes)),
            grid_lines(layout, [h for i, h in enumerate(hexes) if board.water[i]]),
            tuple(hex_outlines(layout, [h for h, border in land if border])),
            tuple(hex_outlines(layout, [h for h, border in land if not border])),
            tuple(_seam_segments(board, layout)))
    return cached[layout]


def draw_coast_lake(dwg: svgwrite.Drawing, board: Board, layout: Layout) -> None:
    """Water and grid, then shore and islands as merged outlines, then the tile seams."""
    shapes = lake_shapes(board, layout)
    lake = dwg.g(id="lake")
    for d in shapes.water:
        lake.add(dwg.path(d=d, fill=COLORS["water"], class_="water"))
    lake.add(dwg.path(d=shapes.grid, fill="none", stroke=COLORS["grid"], stroke_width=0.15,
                      id="grid"))
    for kind, paths, fill, edge in (("shore", shapes.shore, COLORS["shore"], SHORE_EDGE),
                                    ("island", shapes.islands, COLORS["land"], COAST)):
        for k, d in enumerate(paths, start=1):
            lake.add(dwg.path(d=d, fill=fill, fill_rule="evenodd", stroke=edge,
                              stroke_width=0.3, stroke_linejoin="round", id=f"{kind}-{k}",
                              class_=kind))
    dwg.add(lake)
    if shapes.seams:
        d = " ".join(f"M{rounded(a[0])},{rounded(a[1])} L{rounded(b[0])},{rounded(b[1])}"
                     for a, b in shapes.seams)
        dwg.add(dwg.path(d=d, id="seams", fill="none", stroke=COLORS["seam"], stroke_width=0.5,
                         stroke_linecap="round"))


def seam_segments(board: Board, layout: Layout) -> tuple[tuple[tuple[float, float],
                                                               tuple[float, float]], ...]:
    """The hex sides between two lake sections (the edges of the lake tiles)."""
    return lake_shapes(board, layout).seams


def _seam_segments(board: Board, layout: Layout) -> list[tuple[tuple[float, float],
                                                               tuple[float, float]]]:
    out = []
    hexes = board.hexes()
    sections = [board.section(h) for h in hexes]
    for i, h in enumerate(hexes):
        here = sections[i]
        for d in (Direction.E, Direction.SE, Direction.SW):
            j = board.neighbors[i][d]
            if j != -1 and sections[j] != here:
                out.append(layout.side_segment(h, d))
    return out


def draw_spot_ticks(dwg: svgwrite.Drawing, board: Board, layout: Layout) -> list[Box]:
    """The side each letter is printed against, as a short bold line on a white casing (drawn
    over the pieces, so a rounding arrow never hides it). Returns the ticks' boxes."""
    g = dwg.g(id="spot-ticks", stroke_linecap="round")
    boxes = []
    for spot in board.spots:
        a, b = layout.side_segment(spot.hex, spot.side)
        a, b = _shrunk(a, b, 0.12)
        tick = dwg.g(id=f"spot-tick-{spot.id}", class_="spot-tick")
        tick.add(dwg.line(rounded_point(a), rounded_point(b), stroke="#ffffff",
                          stroke_width=TICK_MM + 0.5))
        tick.add(dwg.line(rounded_point(a), rounded_point(b), stroke=COLORS["spot"],
                          stroke_width=TICK_MM))
        g.add(tick)
        boxes.extend(line_boxes([a, b], TICK_MM + 0.5))
    dwg.add(g)
    return boxes


def _shrunk(a: tuple[float, float], b: tuple[float, float], by: float
            ) -> tuple[tuple[float, float], tuple[float, float]]:
    """The segment a-b with ``by`` of its length taken off each end (ticks clear of corners)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return (a[0] + dx * by, a[1] + dy * by), (b[0] - dx * by, b[1] - dy * by)


AXIS_STEPS = (1, 5, 10, 20, 50, 100)
"""Every how many rows or columns a number is printed: every one when they fit, else every 5th
(then 10th, ...)."""
AXIS_GAP_MM = 0.8
"""Room kept between two neighbouring row or column numbers."""


def axis_steps(board: Board, layout: Layout) -> tuple[int, int]:
    """Every how many columns and rows a number fits without running into the next one."""
    size = pt(AXIS_PT)
    widest = text_width(str(board.cols - 1), size) + AXIS_GAP_MM
    tallest = CAP_HEIGHT * size + AXIS_GAP_MM
    col = next((n for n in AXIS_STEPS if n * layout.width >= widest), AXIS_STEPS[-1])
    row = next((n for n in AXIS_STEPS if n * layout.row_height >= tallest), AXIS_STEPS[-1])
    return col, row


def draw_axis_numbers(dwg: svgwrite.Drawing, board: Board, frame: MapFrame) -> list[Box]:
    """Column numbers above the lake, row numbers to its left (at :data:`AXIS_PT`): each one, or
    every 5th (10th ...) when the hexes are too small for every number (:func:`axis_steps`)."""
    layout = frame.layout
    size = pt(AXIS_PT)
    g = dwg.g(id="edge-labels", fill=COLORS["text"])
    boxes = []
    col_step, row_step = axis_steps(board, layout)
    for col in range(0, board.cols, col_step):
        x = layout.center(from_offset(0, col))[0]
        y = frame.hexes.y0 - 1.0
        g.add(text(dwg, str(col), x, y, size, text_anchor="middle", class_="axis-label"))
        boxes.append(text_box(str(col), x, y, size, anchor="middle"))
    for row in range(0, board.rows, row_step):
        cy = layout.center(from_offset(row, 0))[1]
        x = frame.hexes.x0 - 1.0
        y = cy + CAP_HEIGHT * size / 2
        g.add(text(dwg, str(row), x, y, size, text_anchor="end", class_="axis-label"))
        boxes.append(text_box(str(row), x, y, size, anchor="end"))
    dwg.add(g)
    return boxes

