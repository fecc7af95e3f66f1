"""The start/finish tile at a glance: the chequered tile, the shaded area where boats line up,
and the start and finish arrows across the tile, clear of the route.

Rules: reference, "Start Positions" (boats start on or behind the start/finish tile) and
"Building a Course" (the start and finish directions); the shaded depth is a display convention,
COURSE-14. The arrows point along the hex direction boats travel when they cross the tile; each
is drawn through the tile hex where it crosses the route least (COURSE-16).
"""

from __future__ import annotations

import svgwrite

from course_builder.core.hexgrid import Direction, Hex, Layout, unit_vector
from course_builder.core.values import Frozen
from course_builder.powerboats.course.model import Course
from course_builder.powerboats.course.tile import crossing_side
from course_builder.powerboats.lake.board import Board
from course_builder.render.kit.boxes import Box, BoxIndex, Point, line_boxes, points_box
from course_builder.render.kit.outline import hex_outlines
from course_builder.render.kit.svg import rounded_point, rounded_points
from course_builder.render.powerboats.pieces import PIECE_COLORS, Cover, arrowhead, hex_box

LINEUP_ROWS = 2
"""How many rows behind the tile the line-up area shows (COURSE-14)."""
ARROW_MM = 0.6


class CrossingArrow(Frozen):
    """A start or finish arrow: which one, from tail to tip, through tile hex ``index``."""

    kind: str
    tail: Point
    tip: Point
    index: int


def lineup_hexes(board: Board, course: Course, layout: Layout) -> list[Hex]:
    """Water hexes up to :data:`LINEUP_ROWS` rows behind the tile (the side boats come from when
    they cross it at the start), along the tile's length, free of buoys and expansion tiles."""
    tile = course.tile
    behind = -crossing_side(tile.axis, tile.start_direction)
    ax, ay = unit_vector(tile.axis)
    x0, y0 = layout.center(tile.hexes[0])
    step = layout.width
    taken = {b.hex for b in course.buoys} | {h for t in course.expansion_tiles for h in t.hexes}
    out = []
    for h in board.hexes():
        if not board.is_water(h) or h in tile.hexes or h in taken:
            continue
        x, y = layout.center(h)
        dx, dy = x - x0, y - y0
        along = (dx * ax + dy * ay) / step
        across = (ax * -dy - -ay * dx) / layout.row_height  # y up: left of the axis > 0
        if -0.6 <= along <= len(tile.hexes) - 0.4 and 0.1 < across * behind <= LINEUP_ROWS + 0.1:
            out.append(h)
    return out


def draw_lineup(dwg: svgwrite.Drawing, board: Board, course: Course, layout: Layout,
                cover: Cover) -> list[Hex]:
    """The line-up area, shaded with a dashed edge (COURSE-14)."""
    hexes = lineup_hexes(board, course, layout)
    g = dwg.g(id="lineup-area", class_="lineup")
    for d in hex_outlines(layout, hexes):
        g.add(dwg.path(d=d, fill=PIECE_COLORS["lineup"], fill_opacity=0.3, fill_rule="evenodd",
                       stroke=PIECE_COLORS["start"], stroke_width=0.35,
                       stroke_dasharray="1,0.7"))
    dwg.add(g)
    cover.soft.extend(hex_box(layout, h) for h in hexes)
    return hexes


def draw_start_tile(dwg: svgwrite.Drawing, course: Course, layout: Layout,
                    cover: Cover) -> svgwrite.container.Group:
    """The 4-hex start/finish tile, chequered like a finish flag."""
    tile = dwg.g(id="start-finish-tile", class_="piece")
    for i, h in enumerate(course.tile.hexes):
        fill = PIECE_COLORS["tile-dark" if i % 2 == 0 else "tile-light"]
        tile.add(dwg.polygon(rounded_points(layout.corners(h, scale=0.92)), fill=fill,
                             stroke=PIECE_COLORS["tile-dark"], stroke_width=0.5,
                             class_="tile-hex"))
        cover.hard.append(hex_box(layout, h, 0.92, 0.5))
    dwg.add(tile)
    return tile


def crossing_arrows(course: Course, layout: Layout, route: list[Point]) -> list[CrossingArrow]:
    """Where the start and finish arrows go: through two different tile hexes, the pair whose
    arrows stay apart (shafts and heads, with room between: two heads that touch read as one
    mark) and cross the route least, the start arrow preferring the second hex and the finish
    arrow the third."""
    route_boxes = BoxIndex()
    route_boxes.add_all(line_boxes(route, 0.4) if len(route) > 1 else [])
    tile = course.tile
    options = {kind: [_arrow(kind, direction, layout, h, k) for k, h in enumerate(tile.hexes)]
               for kind, direction in (("start", tile.start_direction),
                                       ("finish", tile.finish_direction))}
    best: tuple[float, list[CrossingArrow]] | None = None
    for start in options["start"]:
        for finish in options["finish"]:
            if start.index == finish.index:
                continue
            crossings = sum(route_boxes.hits(b) for a in (start, finish)
                            for b in arrow_boxes(a, layout))
            touching = sum(1 for a in arrow_boxes(start, layout, ARROW_GAP_MM)
                           for b in arrow_boxes(finish, layout) if a.overlaps(b))
            cost = (touching * 100 + crossings * 10 + abs(start.index - 1)
                    + abs(finish.index - 2))
            if best is None or cost < best[0]:
                best = (cost, [start, finish])
    assert best is not None
    return best[1]


ARROW_GAP_MM = 1.0
"""Room kept between the start and the finish arrow."""


def arrow_boxes(arrow: CrossingArrow, layout: Layout, grow: float = 0.0) -> list[Box]:
    """What an arrow covers, its white casing included: the shaft's boxes and its head's."""
    direction = (arrow.tip[0] - arrow.tail[0], arrow.tip[1] - arrow.tail[1])
    head = arrowhead(arrow.tip, direction, layout.size * 0.6 + 0.5)
    return [*line_boxes([arrow.tail, arrow.tip], ARROW_MM + 0.6 + 2 * grow),
            points_box(head, grow)]


def _arrow(kind: str, direction: Direction, layout: Layout, h: Hex, k: int) -> CrossingArrow:
    vx, vy = unit_vector(direction)
    cx, cy = layout.center(h)
    reach = layout.size * 1.45
    return CrossingArrow(kind, (cx - vx * reach, cy - vy * reach), (cx + vx * reach,
                                                                     cy + vy * reach), k)


def draw_crossing_arrows(dwg: svgwrite.Drawing, group: svgwrite.container.Group,
                         arrows: list[CrossingArrow], layout: Layout, cover: Cover) -> None:
    """Each arrow on a white casing; labelled later (``start``, ``finish``) off the pieces."""
    for arrow in arrows:
        direction = (arrow.tip[0] - arrow.tail[0], arrow.tip[1] - arrow.tail[1])
        head = arrowhead(arrow.tip, direction, layout.size * 0.6)
        g = dwg.g(id=f"{arrow.kind}-arrow", class_=f"{arrow.kind}-arrow piece")
        g.add(dwg.line(rounded_point(arrow.tail), rounded_point(arrow.tip),
                       stroke=PIECE_COLORS["casing"], stroke_width=ARROW_MM + 0.6,
                       class_="casing"))
        g.add(dwg.polygon(arrowhead(arrow.tip, direction, layout.size * 0.6 + 0.5),
                          fill=PIECE_COLORS["casing"], class_="casing"))
        g.add(dwg.line(rounded_point(arrow.tail), rounded_point(arrow.tip),
                       stroke=PIECE_COLORS[arrow.kind], stroke_width=ARROW_MM))
        g.add(dwg.polygon(head, fill=PIECE_COLORS[arrow.kind]))
        group.add(g)
        cover.hard.extend(arrow_boxes(arrow, layout))

