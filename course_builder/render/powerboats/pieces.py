"""The course pieces on a setup sheet: expansion tiles, the route, rounding lines, buoys.

Each piece is drawn in the printer-safe dialect inside a group of class ``piece`` and reported
as small boxes (:mod:`course_builder.render.kit.boxes`) so that labels can be kept off it. Drawn
bottom to top: expansion tiles, the route, the rounding lines' chevrons (over the route, so it
never hides them; COURSE-17), the buoys with their rounding arrows. The start/finish tile is in
:mod:`.startfinish`. Rules: reference, "Building a Course"; COURSE-03/04 for the rounding lines;
COURSE-05 and COURSE-15 for the route.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import svgwrite

from course_builder.core.hexgrid import Direction, Hex, Layout, unit_vector
from course_builder.core.values import Mutable, field
from course_builder.powerboats.course.code import KIND_CODES
from course_builder.powerboats.course.model import Course, ExpansionKind
from course_builder.powerboats.course.rounding import Sense
from course_builder.render.kit.boxes import Box, Point, line_boxes, points_box, text_box
from course_builder.render.kit.metrics import CAP_HEIGHT
from course_builder.render.kit.paper import pt
from course_builder.render.kit.svg import rounded, rounded_point, rounded_points, text

PIECE_COLORS = {
    "buoy": "#f2c230",
    "buoy-start": "#ffffff",
    "buoy-edge": "#1d2b36",
    "arrow": "#c2410c",
    "chevron": "#c2410c",
    "casing": "#ffffff",
    "tile-dark": "#1d2b36",
    "tile-light": "#ffffff",
    "start": "#15803d",
    "finish": "#b91c1c",
    "lineup": "#22c55e",
    "route": "#6b21a8",
    ExpansionKind.REDOUBT: "#8d6e63",
    ExpansionKind.CURRENT: "#0369a1",
    ExpansionKind.MAELSTROM: "#7e22ce",
    ExpansionKind.LOW_WATER: "#78716c",
}

KIND_LETTERS = KIND_CODES
"""The letter of each expansion tile kind, as in course codes."""

BUOY_PT = 8.0
PIECE_PT = 8.0
CHEVRON_MM = 0.6
CASING_MM = 0.6
"""Extra width of the white casing under chevrons and arrows, for contrast on any ground."""
ROUTE_DASH = "1.2,0.8"
ROUTE_DASH_IGNORING_TILES = "0.5,0.9"


class Cover(Mutable):
    """What the drawn pieces cover: ``hard`` boxes no label may overlap, ``soft`` boxes labels
    should avoid (the route, the line-up area, seams), and the route's points."""

    hard: list[Box] = field(default_factory=list)
    soft: list[Box] = field(default_factory=list)
    route: list[Point] = field(default_factory=list)
    marks: list[Box] = field(default_factory=list)
    """What is printed on the expansion tiles (rocks, R, flows, turns): chevrons keep off it."""


def hex_box(layout: Layout, h: Hex, scale: float = 1.0, stroke: float = 0.0) -> Box:
    """The box of a hex drawn at ``scale``, its outline's ``stroke`` width included."""
    return points_box(layout.corners(h, scale=scale), stroke / 2)


def arrowhead(tip: Point, direction: Point, size: float) -> list[Point]:
    """A triangular arrowhead polygon (no SVG markers: they do not survive the PDF route)."""
    dx, dy = direction
    n = math.hypot(dx, dy) or 1.0
    dx, dy = dx / n, dy / n
    bx, by = tip[0] - dx * size, tip[1] - dy * size
    px, py = -dy * size * 0.55, dx * size * 0.55
    return rounded_points([tip, (bx + px, by + py), (bx - px, by - py)])


def chevron(centre: Point, direction: Point, size: float) -> list[Point]:
    """A V pointing along ``direction``, symmetric about it whatever the angle: wing, apex,
    wing, as a polyline to be stroked. Its arms are ``size`` long and open 70 degrees, narrow
    enough to read as an arrowhead on diagonal lines too; it is centred on ``centre``."""
    dx, dy = direction
    n = math.hypot(dx, dy) or 1.0
    dx, dy = dx / n, dy / n
    px, py = -dy, dx
    along, half = size * math.cos(math.radians(35)), size * math.sin(math.radians(35))
    cx, cy = centre[0] + dx * along / 2, centre[1] + dy * along / 2
    back = (cx - dx * along, cy - dy * along)
    return rounded_points([(back[0] + px * half, back[1] + py * half), (cx, cy),
                           (back[0] - px * half, back[1] - py * half)])


def crossing_vector(direction: Direction, sense: Sense) -> Point:
    """Screen direction (y down) in which a boat crosses a rounding line to round the buoy:
    clockwise means towards the side just clockwise of the line (COURSE-04)."""
    ux, uy = unit_vector(direction)
    return (-uy, ux) if sense is Sense.CW else (uy, -ux)


def chevron_vector(direction: Direction, sense: Sense) -> Point:
    """Where the chevrons on a rounding line point: across the line towards the side boats cross
    to (:func:`crossing_vector`), drawn square to the page so they read as arrowheads. On an
    east-west line that is straight up or down the page; on a diagonal line it is the one of the
    two hex directions that cross the line that way which runs across the page (E or W), so the
    chevron is a real heading that crosses the line (COURSE-04, COURSE-17)."""
    if direction in (Direction.E, Direction.W):
        return crossing_vector(direction, sense)
    steps = ((direction.right(1), direction.right(2)) if sense is Sense.CW
             else (direction.left(1), direction.left(2)))
    across = next(d for d in steps if d in (Direction.E, Direction.W))
    return unit_vector(across)


def arc_arrow(centre: Point, radius: float, sense: Sense, start_deg: float,
              sweep_deg: float = 250.0, head: float = 1.2) -> tuple[list[Point], list[Point]]:
    """A circular arrow around a point, as a polyline and a polygon head. Angles are screen
    angles (clockwise on the page for positive values), so ``sense`` reads as seen on paper."""
    sign = 1.0 if sense is Sense.CW else -1.0
    steps = 24
    pts = []
    for i in range(steps + 1):
        a = math.radians(start_deg + sign * sweep_deg * i / steps)
        pts.append((centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a)))
    end = math.radians(start_deg + sign * sweep_deg)
    tangent = (-math.sin(end) * sign, math.cos(end) * sign)
    tip = (pts[-1][0] + tangent[0] * head * 0.6, pts[-1][1] + tangent[1] * head * 0.6)
    return rounded_points(pts), arrowhead(tip, tangent, head)


def draw_expansion_tiles(dwg: svgwrite.Drawing, course: Course, layout: Layout,
                         cover: Cover) -> None:
    """Each tile's three hexes in its kind's colour with what is printed on it: the current's
    flow, the maelstrom's turn, the low water's rocks, R for a redoubt (COURSE-10)."""
    size = layout.size
    tiles = dwg.g(id="expansion-tiles")
    for t in course.expansion_tiles:
        g = dwg.g(id=f"expansion-{t.spot}", class_=f"expansion {t.kind} piece")
        for i, h in enumerate(t.hexes):
            g.add(dwg.polygon(rounded_points(layout.corners(h, scale=0.92)),
                              fill=PIECE_COLORS[t.kind], stroke="#1d2b36", stroke_width=0.25))
            cover.hard.append(hex_box(layout, h, 0.92, 0.25))
            cx, cy = layout.center(h)
            if t.kind == ExpansionKind.CURRENT and t.flow is not None:
                vx, vy = unit_vector(t.flow)
                tail = (cx - vx * size * 0.55, cy - vy * size * 0.55)
                tip = (cx + vx * size * 0.6, cy + vy * size * 0.6)
                g.add(dwg.line(rounded_point(tail), rounded_point(tip), stroke="#ffffff",
                               stroke_width=0.45))
                head = arrowhead(tip, (vx, vy), size * 0.4)
                g.add(dwg.polygon(head, fill="#ffffff", class_="flow"))
                cover.marks += [*line_boxes([tail, tip], 0.45), points_box(head)]
            elif t.kind == ExpansionKind.MAELSTROM and t.sense is not None:
                line, head = arc_arrow((cx, cy), size * 0.45, t.sense, -90.0, 270.0, size * 0.35)
                g.add(dwg.polyline(line, fill="none", stroke="#ffffff", stroke_width=0.4))
                g.add(dwg.polygon(head, fill="#ffffff", class_="maelstrom-sense"))
                cover.marks += [*line_boxes(line, 0.4), points_box(head)]
            else:
                mark = (str(t.rocks[i]) if t.kind == ExpansionKind.LOW_WATER and t.rocks
                        else KIND_LETTERS[t.kind])
                baseline = cy + CAP_HEIGHT * pt(PIECE_PT) / 2
                g.add(text(dwg, mark, cx, baseline, pt(PIECE_PT),
                           text_anchor="middle", fill="#ffffff", font_weight="bold",
                           class_="rocks" if t.kind == ExpansionKind.LOW_WATER else "kind"))
                cover.marks.append(text_box(mark, cx, baseline, pt(PIECE_PT), anchor="middle",
                                            bold=True))
        tiles.add(g)
    dwg.add(tiles)


def draw_route(dwg: svgwrite.Drawing, course: Course, layout: Layout, cover: Cover) -> None:
    """The shortest legal route (COURSE-05), dashed; dotted when the course has expansion tiles,
    whose effects it ignores (COURSE-15). Labels avoid it where they can."""
    if course.route is None:
        return
    pts = rounded_points([layout.center(h) for h in course.route.hexes])
    dash = ROUTE_DASH_IGNORING_TILES if course.expansion_tiles else ROUTE_DASH
    dwg.add(dwg.polyline(pts, id="route", fill="none", stroke=PIECE_COLORS["route"],
                         stroke_width=0.4, stroke_dasharray=dash, stroke_linecap="round",
                         class_="route"))
    cover.route = pts
    cover.soft.extend(line_boxes(pts, 0.4))


TILE_CHEVRON_PLACES = ((0.5, 0.5), (0.4, 0.5), (0.5, 0.58), (0.4, 0.6), (0.3, 0.62))
"""Where a chevron on an expansion tile's hex may go, tried in order: (arm length in hex sizes,
how far towards the neighbouring hex on the line, as a share of the way to its centre)."""


def chevron_places(course: Course, n: int, layout: Layout,
                   marks: Sequence[Box] = ()) -> list[tuple[Point, float] | None]:
    """Where rounding line ``n``'s chevrons go, one per hex of the line, with their arm length:
    the hex's centre, except on an expansion tile's hex, whose centre holds what is printed on
    it (rocks, R, the flow or the turn; their boxes ``marks``): there a smaller chevron goes
    towards the next hex on the line or the one before, the first place of
    :data:`TILE_CHEVRON_PLACES` clear of the marks and of the other chevrons; ``None`` when no
    place is (the dashed line still runs through the hex)."""
    rounding = course.rounding_lines[n - 1]
    sense = course.buoy(n).arrow
    assert sense is not None
    vec = chevron_vector(rounding.direction, sense)
    marked = {h for t in course.expansion_tiles for h in t.hexes}
    hexes = rounding.hexes
    places: list[tuple[Point, float] | None] = [
        None if h in marked else (layout.center(h), layout.size * 0.75) for h in hexes]
    taken = [b for p in places if p is not None for b in _chevron_boxes(p, vec)]
    for k, h in enumerate(hexes):
        if h not in marked:
            continue
        centre = layout.center(h)
        before = hexes[k - 1] if k else course.buoy(n).hex
        sides = [layout.center(o) for o in ([hexes[k + 1], before] if k + 1 < len(hexes)
                                            else [before])]
        for arm, share in TILE_CHEVRON_PLACES:
            place = next((p for p in (((centre[0] + (o[0] - centre[0]) * share,
                                        centre[1] + (o[1] - centre[1]) * share),
                                       layout.size * arm) for o in sides)
                          if not any(b.overlaps(m) for b in _chevron_boxes(p, vec)
                                     for m in (*marks, *taken))), None)
            if place is not None:
                places[k] = place
                taken += _chevron_boxes(place, vec)
                break
    return places


def _chevron_boxes(place: tuple[Point, float], vec: Point) -> list[Box]:
    return line_boxes(chevron(place[0], vec, place[1]), CHEVRON_MM + CASING_MM)


def draw_rounding_lines(dwg: svgwrite.Drawing, course: Course, layout: Layout,
                        cover: Cover) -> None:
    """Each rounding line as a thin line from its buoy to the edge of the lake, with a chevron on
    every hex pointing the way boats cross it to round the buoy (COURSE-03, COURSE-04): stroked
    on a white casing, over the route; on an expansion tile's hex, off its mark
    (:func:`chevron_places`). The line through the chevrons shows where the line runs, so a
    chevron on a diagonal line reads as pointing across it."""
    size = layout.size
    lines = dwg.g(id="rounding-lines", fill="none", stroke_linecap="round",
                  stroke_linejoin="round")
    for n, rounding in enumerate(course.rounding_lines, start=1):
        sense = course.buoy(n).arrow
        assert sense is not None
        vec = chevron_vector(rounding.direction, sense)
        g = dwg.g(id=f"rounding-line-{n}", class_="rounding-line piece")
        ux, uy = unit_vector(rounding.direction)
        bx, by = layout.center(course.buoy(n).hex)
        start = (bx + ux * size * 0.95, by + uy * size * 0.95)
        end = layout.center(rounding.hexes[-1]) if rounding.hexes else start
        g.add(dwg.line(rounded_point(start), rounded_point(end), stroke=PIECE_COLORS["chevron"],
                       stroke_width=0.3, stroke_dasharray="0.8,0.8", class_="line"))
        cover.hard.extend(line_boxes([start, end], 0.3))
        for spot in chevron_places(course, n, layout, cover.marks):
            if spot is None:
                continue
            pts = chevron(spot[0], vec, spot[1])
            g.add(dwg.polyline(pts, stroke=PIECE_COLORS["casing"],
                               stroke_width=CHEVRON_MM + CASING_MM, class_="casing"))
            g.add(dwg.polyline(pts, stroke=PIECE_COLORS["chevron"], stroke_width=CHEVRON_MM,
                               class_="chevron"))
            cover.hard.extend(line_boxes(pts, CHEVRON_MM + CASING_MM))
        lines.add(g)
    dwg.add(lines)


def buoy_label(number: int | str) -> str:
    """The mark on a buoy: its number, F for the finish buoy."""
    return "F" if number == "finish" else str(number)


def draw_buoys(dwg: svgwrite.Drawing, course: Course, layout: Layout, cover: Cover) -> None:
    """Buoys 0-3 and the finish buoy with their marks; around buoys 1-3 the rounding arrow, kept
    inside the buoy's hex so the spot's tick on the hex side stays clear."""
    size = layout.size
    buoys = dwg.g(id="buoys")
    for b in course.buoys:
        cx, cy = layout.center(b.hex)
        g = dwg.g(id=f"buoy-{b.number}", class_="buoy piece")
        start_like = b.number in (0, "finish")
        radius = size * 0.5
        g.add(dwg.circle((rounded(cx), rounded(cy)), rounded(radius),
                         fill=PIECE_COLORS["buoy-start" if start_like else "buoy"],
                         stroke=PIECE_COLORS["buoy-edge"], stroke_width=0.35))
        cover.hard.append(Box(cx - radius, cy - radius, cx + radius, cy + radius))
        g.add(text(dwg, buoy_label(b.number), cx, cy + CAP_HEIGHT * pt(BUOY_PT) / 2, pt(BUOY_PT),
                   text_anchor="middle", font_weight="bold"))
        if b.arrow is not None:
            buoy_line = course.rounding_lines[int(b.number) - 1]
            ux, uy = unit_vector(buoy_line.direction)
            start = math.degrees(math.atan2(uy, ux)) + (40 if b.arrow is Sense.CW else -40)
            arc, head = arc_arrow((cx, cy), size * 0.8, b.arrow, start, 250.0, size * 0.42)
            g.add(dwg.polyline(arc, fill="none", stroke=PIECE_COLORS["arrow"],
                               stroke_width=0.45, class_="rounding-arrow"))
            g.add(dwg.polygon(head, fill=PIECE_COLORS["arrow"], class_="rounding-arrow-head"))
            cover.hard.extend(line_boxes(arc, 0.45))
            cover.hard.append(points_box(head))
        buoys.add(g)
    dwg.add(buoys)
