"""Setup sheets: one printable page per race that a group can lay the course out from.

A sheet shows the lake in its printed orientation (score track side at the bottom) with every
piece to place: buoys 0-3 and the finish buoy with their numbers, the rounding arrow around each of
buoys 1-3, each rounding line as chevrons, the start/finish tile with its start and finish arrows,
the expansion tiles with their effect, and optionally the shortest route. Below the lake: a legend,
numbered placement instructions in plain words, and notes for anything approximate.

Everything is drawn in the printer-safe SVG dialect of :mod:`course_builder.render.kit.svg` and
returned as a string; nothing here reads or writes files.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass

import svgwrite

from course_builder.core.hexgrid import Direction, Hex, Layout, unit_vector
from course_builder.powerboats.course.describe import placement_steps
from course_builder.powerboats.course.model import Course, ExpansionKind
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.lake.board import Board
from course_builder.render.kit.svg import (
    Frame,
    new_drawing,
    rounded,
    rounded_point,
    rounded_points,
    text,
)
from course_builder.render.powerboats.lake import draw_lake

SHEET_WIDTH_MM = 190.0
HEX_MM = 3.3

PIECE_COLORS = {
    "buoy": "#f2c230",
    "buoy-start": "#ffffff",
    "buoy-edge": "#1d2b36",
    "arrow": "#c2410c",
    "chevron": "#c2410c",
    "tile-dark": "#1d2b36",
    "tile-light": "#ffffff",
    "start": "#15803d",
    "finish": "#b91c1c",
    "route": "#6b21a8",
    ExpansionKind.REDOUBT: "#8d6e63",
    ExpansionKind.CURRENT: "#0369a1",
    ExpansionKind.MAELSTROM: "#7e22ce",
    ExpansionKind.LOW_WATER: "#78716c",
}

KIND_LETTERS = {ExpansionKind.REDOUBT: "R", ExpansionKind.CURRENT: "C", ExpansionKind.MAELSTROM: "M",
                ExpansionKind.LOW_WATER: "L"}


def arrowhead(tip: tuple[float, float], direction: tuple[float, float], size: float
              ) -> list[tuple[float, float]]:
    """A triangular arrowhead polygon (no SVG markers: they do not survive the PDF route)."""
    dx, dy = direction
    n = math.hypot(dx, dy) or 1.0
    dx, dy = dx / n, dy / n
    bx, by = tip[0] - dx * size, tip[1] - dy * size
    px, py = -dy * size * 0.55, dx * size * 0.55
    return rounded_points([tip, (bx + px, by + py), (bx - px, by - py)])


def chevron(centre: tuple[float, float], direction: tuple[float, float], size: float
            ) -> list[tuple[float, float]]:
    """A filled V pointing along ``direction``: the mark on a rounding line."""
    dx, dy = direction
    n = math.hypot(dx, dy) or 1.0
    dx, dy = dx / n, dy / n
    px, py = -dy, dx
    tip = (centre[0] + dx * size * 0.5, centre[1] + dy * size * 0.5)
    back = (centre[0] - dx * size * 0.5, centre[1] - dy * size * 0.5)
    notch = (centre[0] - dx * size * 0.05, centre[1] - dy * size * 0.05)
    return rounded_points([
        tip,
        (back[0] + px * size * 0.6, back[1] + py * size * 0.6),
        notch,
        (back[0] - px * size * 0.6, back[1] - py * size * 0.6),
    ])


def crossing_vector(direction: Direction, sense: Sense) -> tuple[float, float]:
    """Screen direction (y down) in which a boat crosses a rounding line to round the buoy:
    clockwise means towards the side just clockwise of the line."""
    ux, uy = unit_vector(direction)
    return (-uy, ux) if sense is Sense.CW else (uy, -ux)


def arc_arrow(centre: tuple[float, float], radius: float, sense: Sense, start_deg: float,
              sweep_deg: float = 250.0, head: float = 1.2
              ) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
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


@dataclass(frozen=True)
class SheetLayout:
    """Where things are on a sheet (mm); tests use it to find pieces."""

    frame: Frame
    width: float
    height: float


def sheet_layout(board: Board) -> SheetLayout:
    frame = Frame.fit(board, size=HEX_MM, top=20.0)
    return SheetLayout(frame, max(SHEET_WIDTH_MM, frame.width), frame.height)


def course_sheet_svg(board: Board, course: Course, *, show_route: bool = True,
                     page: str = "") -> str:
    """The setup sheet of one race as an SVG string."""
    layout = sheet_layout(board)
    frame = layout.frame
    instructions = _wrapped([f"{i}. {step}" for i, step in
                             enumerate(placement_steps(course), start=1)], 110)
    notes = _wrapped([f"Note: {n}" for n in _notes(course)], 120)
    legend_top = frame.height + 2.0
    items = _legend_items(course, show_route)
    text_top = legend_top + 8.0 + 5.0 * math.ceil(len(items) / 3) + 3.0
    height = text_top + 5.0 + 4.2 * len(instructions) + 3.8 * len(notes) + 10.0
    dwg = new_drawing(layout.width, height)
    _title(dwg, board, course, page)
    draw_lake(dwg, board, frame)
    _draw_course(dwg, course, frame.layout, show_route)
    _legend(dwg, items, legend_top)
    y = text_top
    block = dwg.g(id="instructions")
    block.add(text(dwg, "Setting up", 8.0, y, 3.6, font_weight="bold"))
    y += 5.0
    for line, indent in instructions:
        block.add(text(dwg, line, 8.0 + indent, y, 2.9, class_="instruction"))
        y += 4.2
    dwg.add(block)
    if notes:
        y += 1.5
        block = dwg.g(id="notes")
        for line, indent in notes:
            block.add(text(dwg, line, 8.0 + indent, y, 2.6, class_="note", fill="#4b5563"))
            y += 3.8
        dwg.add(block)
    return dwg.tostring()


def _title(dwg: svgwrite.Drawing, board: Board, course: Course, page: str) -> None:
    race_words = {"A": "Race A (first race)", "B": "Race B (second race)",
                  "C": "Race C (third race)"}[course.race]
    dwg.add(text(dwg, f"Powerboats · {race_words}", 8.0, 9.0, 5.2, font_weight="bold",
                 id="title"))
    source = course.board_source
    parts = [f"lake: {source.board}"]
    if source.arrangement:
        parts.append(f"tiles {source.arrangement}")
    if source.is_random:
        parts.append(f"lake seed {source.seed}")
    if course.seed is not None:
        parts.append(f"seed {course.seed}")
    if course.expansion_tiles:
        parts.append("Expansion 1")
    if page:
        parts.append(page)
    dwg.add(text(dwg, " · ".join(parts), 8.0, 14.5, 2.7, id="subtitle"))


def _hexes_outline(dwg: svgwrite.Drawing, layout: Layout, h: Hex, **attrs: object
                   ) -> svgwrite.shapes.Polygon:
    return dwg.polygon(rounded_points(layout.corners(h, scale=0.92)), **attrs)


def _draw_course(dwg: svgwrite.Drawing, course: Course, layout: Layout, show_route: bool) -> None:
    size = layout.size
    # expansion tiles under everything else
    tiles = dwg.g(id="expansion-tiles")
    for t in course.expansion_tiles:
        g = dwg.g(id=f"expansion-{t.spot}", class_=f"expansion {t.kind}")
        for i, h in enumerate(t.hexes):
            g.add(_hexes_outline(dwg, layout, h, fill=PIECE_COLORS[t.kind], fill_opacity=0.85,
                                 stroke="#1d2b36", stroke_width=0.25))
            cx, cy = layout.center(h)
            if t.kind == ExpansionKind.CURRENT and t.flow is not None:
                vx, vy = unit_vector(t.flow)
                tail = (cx - vx * size * 0.55, cy - vy * size * 0.55)
                tip = (cx + vx * size * 0.6, cy + vy * size * 0.6)
                g.add(dwg.line(rounded_point(tail), rounded_point(tip), stroke="#ffffff",
                               stroke_width=0.45))
                g.add(dwg.polygon(arrowhead(tip, (vx, vy), size * 0.4), fill="#ffffff",
                                  class_="flow"))
            elif t.kind == ExpansionKind.MAELSTROM and t.sense is not None:
                line, head = arc_arrow((cx, cy), size * 0.45, t.sense, -90.0, 270.0,
                                       size * 0.35)
                g.add(dwg.polyline(line, fill="none", stroke="#ffffff", stroke_width=0.4))
                g.add(dwg.polygon(head, fill="#ffffff", class_="maelstrom-sense"))
            elif t.kind == ExpansionKind.LOW_WATER and t.rocks is not None:
                g.add(text(dwg, str(t.rocks[i]), cx, cy + 1.0, 2.8, text_anchor="middle",
                           fill="#ffffff", font_weight="bold", class_="rocks"))
            else:
                g.add(text(dwg, KIND_LETTERS[t.kind], cx, cy + 1.0, 2.8, text_anchor="middle",
                           fill="#ffffff", font_weight="bold"))
        tiles.add(g)
    dwg.add(tiles)
    # the start/finish tile: a chequered strip
    tile = dwg.g(id="start-finish-tile")
    for i, h in enumerate(course.tile.hexes):
        fill = PIECE_COLORS["tile-dark" if i % 2 == 0 else "tile-light"]
        tile.add(_hexes_outline(dwg, layout, h, fill=fill, stroke=PIECE_COLORS["tile-dark"],
                                stroke_width=0.5, class_="tile-hex"))
    _crossing_arrow(dwg, tile, layout, course, course.tile.start_direction, "start", 0.2)
    _crossing_arrow(dwg, tile, layout, course, course.tile.finish_direction, "finish", 0.8)
    dwg.add(tile)
    if show_route and course.route is not None:
        pts = rounded_points([layout.center(h) for h in course.route.hexes])
        dwg.add(dwg.polyline(pts, id="route", fill="none", stroke=PIECE_COLORS["route"],
                             stroke_width=0.35, stroke_dasharray="1.2,0.8", opacity=0.8))
    # rounding lines as chevrons
    lines = dwg.g(id="rounding-lines")
    for n, rounding in enumerate(course.rounding_lines, start=1):
        sense = course.buoy(n).arrow
        assert sense is not None
        vec = crossing_vector(rounding.direction, sense)
        g = dwg.g(id=f"rounding-line-{n}", class_="rounding-line")
        for h in rounding.hexes:
            g.add(dwg.polygon(chevron(layout.center(h), vec, size * 0.7),
                              fill=PIECE_COLORS["chevron"], opacity=0.75, class_="chevron"))
        lines.add(g)
    dwg.add(lines)
    # buoys with their numbers and arrows
    buoys = dwg.g(id="buoys")
    for b in course.buoys:
        cx, cy = layout.center(b.hex)
        label = "F" if b.number == "finish" else str(b.number)
        g = dwg.g(id=f"buoy-{b.number}", class_="buoy")
        start_like = b.number in (0, "finish")
        g.add(dwg.circle((rounded(cx), rounded(cy)), rounded(size * 0.62),
                         fill=PIECE_COLORS["buoy-start" if start_like else "buoy"],
                         stroke=PIECE_COLORS["buoy-edge"], stroke_width=0.4))
        g.add(text(dwg, label, cx, cy + 1.1, 3.2, text_anchor="middle", font_weight="bold"))
        if b.arrow is not None:
            buoy_line = course.rounding_lines[int(b.number) - 1]
            ux, uy = unit_vector(buoy_line.direction)
            start = math.degrees(math.atan2(uy, ux)) + (40 if b.arrow is Sense.CW else -40)
            arc, head = arc_arrow((cx, cy), size * 1.05, b.arrow, start, 250.0, size * 0.5)
            g.add(dwg.polyline(arc, fill="none", stroke=PIECE_COLORS["arrow"],
                               stroke_width=0.55, class_="rounding-arrow"))
            g.add(dwg.polygon(head, fill=PIECE_COLORS["arrow"], class_="rounding-arrow-head"))
        buoys.add(g)
    dwg.add(buoys)


def _crossing_arrow(dwg: svgwrite.Drawing, group: svgwrite.container.Group, layout: Layout,
                    course: Course, direction: Direction, kind: str, along: float) -> None:
    """An arrow across the start/finish tile showing the way boats cross it."""
    hexes = course.tile.hexes
    a = layout.center(hexes[0])
    b = layout.center(hexes[-1])
    mx, my = a[0] + (b[0] - a[0]) * along, a[1] + (b[1] - a[1]) * along
    vx, vy = unit_vector(direction)
    size = layout.size
    tail = (mx - vx * size * 1.6, my - vy * size * 1.6)
    tip = (mx + vx * size * 1.6, my + vy * size * 1.6)
    g = dwg.g(id=f"{kind}-arrow", class_=f"{kind}-arrow")
    g.add(dwg.line(rounded_point(tail), rounded_point(tip), stroke=PIECE_COLORS[kind],
                   stroke_width=0.7))
    g.add(dwg.polygon(arrowhead(tip, (vx, vy), size * 0.7), fill=PIECE_COLORS[kind]))
    label = "S" if kind == "start" else "F"
    g.add(text(dwg, label, tail[0] - vx * 1.6, tail[1] - vy * 1.6 + 1.0, 2.8,
               text_anchor="middle", font_weight="bold", fill=PIECE_COLORS[kind]))
    group.add(g)


def _legend_items(course: Course, show_route: bool) -> list[tuple[str, str]]:
    items: list[tuple[str, str]] = [
        ("buoy", "buoy 1-3 with its rounding arrow"),
        ("buoy-start", "start buoy 0, finish buoy F"),
        ("chevron", "rounding line: cross it this way"),
        ("tile", "start/finish tile"),
        ("start", "start arrow (S)"),
        ("finish", "finish arrow (F)"),
    ]
    if show_route and course.route is not None:
        items.append(("route", f"shortest legal route: {course.route.length} hexes"))
    kinds = sorted({t.kind for t in course.expansion_tiles}, key=list(ExpansionKind).index)
    for kind in kinds:
        extra = {ExpansionKind.CURRENT: " (arrows: flow)", ExpansionKind.MAELSTROM: " (arrow: turn)",
                 ExpansionKind.LOW_WATER: " (number: rocks)"}.get(kind, "")
        items.append((kind, f"{kind.label}{extra}"))
    return items


def _legend(dwg: svgwrite.Drawing, items: list[tuple[str, str]], top: float) -> None:
    g = dwg.g(id="legend")
    g.add(text(dwg, "Legend", 8.0, top + 3.0, 3.4, font_weight="bold"))
    col_width = 62.0
    for i, (key, label) in enumerate(items):
        x = 8.0 + (i % 3) * col_width
        y = top + 8.0 + (i // 3) * 5.0
        _legend_sample(dwg, g, key, x + 2.0, y - 1.0)
        g.add(text(dwg, label, x + 6.0, y, 2.6, class_="legend-label"))
    dwg.add(g)


def _legend_sample(dwg: svgwrite.Drawing, g: svgwrite.container.Group, key: str, x: float,
                   y: float) -> None:
    if key in ("buoy", "buoy-start"):
        g.add(dwg.circle((rounded(x), rounded(y)), 1.6, fill=PIECE_COLORS[key],
                         stroke=PIECE_COLORS["buoy-edge"], stroke_width=0.3))
    elif key == "chevron":
        g.add(dwg.polygon(chevron((x, y), (1.0, 0.0), 2.6), fill=PIECE_COLORS["chevron"]))
    elif key == "tile":
        g.add(dwg.rect((rounded(x - 1.8), rounded(y - 1.2)), (3.6, 2.4), fill="#ffffff",
                       stroke=PIECE_COLORS["tile-dark"], stroke_width=0.3))
        g.add(dwg.rect((rounded(x - 1.8), rounded(y - 1.2)), (1.2, 1.2), fill=PIECE_COLORS["tile-dark"]))
        g.add(dwg.rect((rounded(x + 0.6), rounded(y - 1.2)), (1.2, 1.2), fill=PIECE_COLORS["tile-dark"]))
        g.add(dwg.rect((rounded(x - 0.6), rounded(y)), (1.2, 1.2), fill=PIECE_COLORS["tile-dark"]))
    elif key in ("start", "finish"):
        g.add(dwg.line((rounded(x - 2.0), rounded(y)), (rounded(x + 1.0), rounded(y)),
                       stroke=PIECE_COLORS[key], stroke_width=0.6))
        g.add(dwg.polygon(arrowhead((x + 2.2, y), (1.0, 0.0), 1.4), fill=PIECE_COLORS[key]))
    elif key == "route":
        g.add(dwg.line((rounded(x - 2.0), rounded(y)), (rounded(x + 2.0), rounded(y)),
                       stroke=PIECE_COLORS["route"], stroke_width=0.35, stroke_dasharray="1.2,0.8"))
    else:
        g.add(dwg.rect((rounded(x - 1.8), rounded(y - 1.5)), (3.6, 3.0), fill=PIECE_COLORS[key]))
        g.add(text(dwg, KIND_LETTERS[ExpansionKind(key)], x, y + 0.9, 2.4, text_anchor="middle",
                   fill="#ffffff", font_weight="bold"))


def _wrapped(paragraphs: list[str], width: int) -> list[tuple[str, float]]:
    """Lines of text with their indent in mm (continuation lines are indented)."""
    out: list[tuple[str, float]] = []
    for paragraph in paragraphs:
        for k, line in enumerate(textwrap.wrap(paragraph, width=width, break_on_hyphens=False)):
            out.append((line, 0.0 if k == 0 else 4.0))
    return out


def _notes(course: Course) -> list[str]:
    notes = list(course.notes)
    if course.expansion_tiles and course.route is not None:
        notes.append("The route ignores the expansion tiles' effects.")
    return notes
