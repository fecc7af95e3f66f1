"""The legend of a setup sheet: every kind of mark on the lake, each with a small sample.

Entries: water, island and shore; a letter spot (its tick and label) and '?' for approximate
data (BOARD-03); a lake tile's outline with its slot and tile code; the buoys and rounding
arrows; the rounding lines' chevrons (COURSE-03/04); the start/finish tile, the line-up area
(COURSE-14) and the two arrows; the route (COURSE-05, and COURSE-15 with expansion tiles); each
kind of expansion tile on the sheet. Set in columns at body size; long entries wrap.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import svgwrite

from course_builder.core.values import Frozen
from course_builder.powerboats.course.describe import tile_words
from course_builder.powerboats.course.model import Course, ExpansionKind
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.lake.board import Board
from course_builder.render.kit.flow import wrap
from course_builder.render.kit.metrics import CAP_HEIGHT
from course_builder.render.kit.paper import pt
from course_builder.render.kit.svg import COLORS, rounded, rounded_points, text
from course_builder.render.powerboats.coast import COAST, SHORE_EDGE
from course_builder.render.powerboats.labels import slot_text
from course_builder.render.powerboats.pieces import (
    KIND_LETTERS,
    PIECE_COLORS,
    ROUTE_DASH,
    ROUTE_DASH_IGNORING_TILES,
    arc_arrow,
    arrowhead,
    chevron,
)

BODY_PT = 9.0
HEAD_PT = 10.5
COLUMNS = 3
SAMPLE_MM = 7.0
LINE = 1.32
"""Line height as a multiple of the font size."""

Group = Any
"""An svgwrite group (svgwrite has no type hints)."""


KIND_WORDS = {ExpansionKind.REDOUBT: "redoubt tile", ExpansionKind.CURRENT: "current, arrows: flow",
              ExpansionKind.MAELSTROM: "maelstrom, arrow: turn",
              ExpansionKind.LOW_WATER: "low water, number: rocks"}


class Entry(Frozen):
    """A legend entry: which sample to draw and what it says."""

    key: str
    words: str


def legend_entries(board: Board, course: Course, show_route: bool) -> list[Entry]:
    """The entries this sheet needs, in reading order."""
    entries = [Entry("water", "open water"), Entry("island", "island"),
               Entry("shore", "shore (the lake's frame)"),
               Entry("spot", "letter spot; tick: its letter's side")]
    if any(s.approximate for s in board.spots):
        entries.append(Entry("approximate", "? approximate: check your board"))
    slot = next((s for s in board.slots if s.tile), None)
    if slot is not None:
        entries.append(Entry("slot", f"{slot_text(slot)}: slot, {tile_words(slot.tile)}"))
    entries += [Entry("buoy", "buoy 1-3, rounding arrow"),
                Entry("buoy-start", "start buoy 0, finish buoy F"),
                Entry("chevron", "rounding line: cross it this way"),
                Entry("tile", "start/finish tile"),
                Entry("lineup", "line-up: on or behind the tile"),
                Entry("start", "start arrow: crossing at the start"),
                Entry("finish", "finish arrow: crossing to finish")]
    if show_route and course.route is not None:
        words = f"shortest legal route: {course.route.length} hexes"
        if course.expansion_tiles:
            words = f"route ignoring tiles: {course.route.length} hexes"
        entries.append(Entry("route-ignoring-tiles" if course.expansion_tiles else "route",
                             words))
    kinds = sorted({t.kind for t in course.expansion_tiles}, key=list(ExpansionKind).index)
    entries += [Entry(str(kind), KIND_WORDS[kind]) for kind in kinds]
    return entries


def legend_height(entries: list[Entry], width: float, columns: int = COLUMNS) -> float:
    """The height of the legend block (heading included) at ``width`` mm in ``columns``."""
    return _layout(entries, width, columns)[1]


def draw_legend(dwg: svgwrite.Drawing, entries: list[Entry], x: float, top: float,
                width: float, columns: int = COLUMNS) -> float:
    """The legend from ``top`` in ``columns``; returns its bottom."""
    rows, bottom = _layout(entries, width, columns)
    size = pt(BODY_PT)
    g = dwg.g(id="legend")
    g.add(text(dwg, "Legend", x, top + CAP_HEIGHT * pt(HEAD_PT), pt(HEAD_PT),
               font_weight="bold", class_="heading"))
    col_width = width / columns
    for i, (entry, lines, dy) in enumerate(rows):
        cx = x + (i % columns) * col_width
        y = top + dy
        item = g.add(dwg.g(class_=f"legend-entry legend-{entry.key}"))
        SAMPLES.get(entry.key, _kind_sample)(dwg, item, entry.key, cx + SAMPLE_MM / 2 - 0.5,
                                            y - CAP_HEIGHT * size / 2)
        for k, line in enumerate(lines):
            item.add(text(dwg, line, cx + SAMPLE_MM, y + k * size * LINE, size,
                          class_="legend-label body"))
    dwg.add(g)
    return top + bottom


def _layout(entries: list[Entry], width: float, columns: int
            ) -> tuple[list[tuple[Entry, list[str], float]], float]:
    """Each entry with its lines and baseline (from the legend's top), and the total height."""
    size = pt(BODY_PT)
    col_text = width / columns - SAMPLE_MM - 2.0
    head = pt(HEAD_PT) * 1.6
    wrapped = [(e, wrap(e.words, col_text, size)) for e in entries]
    out: list[tuple[Entry, list[str], float]] = []
    y = head + CAP_HEIGHT * size
    for start in range(0, len(wrapped), columns):
        row = wrapped[start:start + columns]
        out.extend((e, lines, y) for e, lines in row)
        y += max(len(lines) for _, lines in row) * size * LINE + 0.4
    return out, y - CAP_HEIGHT * size


def _hex(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return rounded_points([(x + r * math.cos(math.radians(60 * i - 30)),
                            y + r * math.sin(math.radians(60 * i - 30))) for i in range(6)])


def _terrain(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    fill, edge = {"water": (COLORS["water"], COLORS["grid"]), "island": (COLORS["land"], COAST),
                  "shore": (COLORS["shore"], SHORE_EDGE)}[key]
    g.add(dwg.polygon(_hex(x, y, 2.2), fill=fill, stroke=edge, stroke_width=0.3))


def _spot(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    g.add(dwg.line((rounded(x - 2.6), rounded(y + 1.6)), (rounded(x + 2.6), rounded(y + 1.6)),
                   stroke=COLORS["spot"], stroke_width=0.7))
    g.add(text(dwg, "A1?" if key == "approximate" else "A1", x, y + 0.6, pt(7.5),
               text_anchor="middle", font_weight="bold", fill=COLORS["spot"]))


def _slot(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    g.add(dwg.polyline(rounded_points([(x - 3.0, y + 2.4), (x - 3.0, y - 2.2),
                                       (x + 3.2, y - 2.2)]),
                       fill="none", stroke=COLORS["seam"], stroke_width=0.5))


def _buoy(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    fill = PIECE_COLORS[key]
    g.add(dwg.circle((rounded(x), rounded(y)), 1.5, fill=fill, stroke=PIECE_COLORS["buoy-edge"],
                     stroke_width=0.3))
    if key == "buoy":
        arc, head = arc_arrow((x, y), 2.5, Sense.CW, -40.0, 250.0, 1.3)
        g.add(dwg.polyline(arc, fill="none", stroke=PIECE_COLORS["arrow"], stroke_width=0.4))
        g.add(dwg.polygon(head, fill=PIECE_COLORS["arrow"]))


def _chevron(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    for dx in (-1.5, 1.5):
        pts = chevron((x + dx, y), (1.0, 0.0), 2.4)
        g.add(dwg.polyline(pts, fill="none", stroke=PIECE_COLORS["chevron"], stroke_width=0.6,
                           stroke_linecap="round", stroke_linejoin="round"))


def _tile(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    for i, dx in enumerate((-2.4, -0.8, 0.8, 2.4)):
        fill = PIECE_COLORS["tile-dark" if i % 2 == 0 else "tile-light"]
        g.add(dwg.polygon(_hex(x + dx, y, 0.92), fill=fill, stroke=PIECE_COLORS["tile-dark"],
                          stroke_width=0.25))


def _lineup(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    g.add(dwg.rect((rounded(x - 3.0), rounded(y - 1.8)), (6.0, 3.6), fill=PIECE_COLORS["lineup"],
                   fill_opacity=0.3, stroke=PIECE_COLORS["start"], stroke_width=0.35,
                   stroke_dasharray="1,0.7"))


def _arrow(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    g.add(dwg.line((rounded(x - 3.0), rounded(y)), (rounded(x + 1.4), rounded(y)),
                   stroke=PIECE_COLORS[key], stroke_width=0.6))
    g.add(dwg.polygon(arrowhead((x + 3.0, y), (1.0, 0.0), 1.8), fill=PIECE_COLORS[key]))


def _route(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    dash = ROUTE_DASH if key == "route" else ROUTE_DASH_IGNORING_TILES
    g.add(dwg.line((rounded(x - 3.0), rounded(y)), (rounded(x + 3.0), rounded(y)),
                   stroke=PIECE_COLORS["route"], stroke_width=0.4, stroke_dasharray=dash,
                   stroke_linecap="round"))


def _kind_sample(dwg: svgwrite.Drawing, g: Group, key: str, x: float, y: float) -> None:
    kind = ExpansionKind(key)
    g.add(dwg.polygon(_hex(x, y, 2.3), fill=PIECE_COLORS[kind], stroke="#1d2b36",
                      stroke_width=0.25))
    g.add(text(dwg, KIND_LETTERS[kind] if kind != ExpansionKind.LOW_WATER else "2", x,
               y + CAP_HEIGHT * pt(7.5) / 2, pt(7.5), text_anchor="middle", fill="#ffffff",
               font_weight="bold"))


SAMPLES: dict[str, Callable[[svgwrite.Drawing, Group, str, float, float], None]] = {
    "water": _terrain, "island": _terrain, "shore": _terrain, "spot": _spot,
    "approximate": _spot, "slot": _slot, "buoy": _buoy, "buoy-start": _buoy,
    "chevron": _chevron, "tile": _tile, "lineup": _lineup, "start": _arrow, "finish": _arrow,
    "route": _route, "route-ignoring-tiles": _route,
}
