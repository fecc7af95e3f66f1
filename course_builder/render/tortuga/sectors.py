"""The Tortuga 2199 sector map drawn as large hexes, and the unverified-layout banner.

Drawn with the neutral kit (:mod:`course_builder.render.kit.svg`); returns strings, writes no
file. Hunt tokens are never drawn: they lie face down at the table (expansion, "Setup with the
Expansion"; ``other-games-research.md`` 3.7).
"""

from __future__ import annotations

import textwrap

import svgwrite

from course_builder.core.hexgrid import Layout
from course_builder.render.kit.svg import new_drawing, rounded_points, text
from course_builder.tortuga.sectors import TORTUGA, Sector, SectorKind, SectorMap

HEX_MM = 15.0
PAGE_WIDTH_MM = 190.0
MARGIN_MM = 8.0

FILLS = {
    SectorKind.TORTUGA: "#f3d27a",
    SectorKind.TURRET: "#c9d3de",
    SectorKind.TRADE_TERMINAL: "#cfe5c4",
    SectorKind.SPECIAL: "#e9dcf2",
}
EXPANSION_FILL = "#f8d9c4"
WARNING_FILL = "#fdecea"
WARNING_INK = "#a61b1b"


def map_extent(sector_map: SectorMap, size: float = HEX_MM) -> tuple[float, float, float, float]:
    """min x, min y, max x, max y of the map's hexes drawn at ``size`` around the origin."""
    probe = Layout(size, (0.0, 0.0))
    points = [p for h in sector_map.hexes() for p in probe.corners(h)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def map_layout(sector_map: SectorMap, top: float, width: float = PAGE_WIDTH_MM,
               size: float = HEX_MM) -> tuple[Layout, float]:
    """A layout centring the map across ``width`` below ``top``, and the map's bottom edge."""
    x0, y0, x1, y1 = map_extent(sector_map, size)
    origin = ((width - (x1 - x0)) / 2 - x0, top - y0)
    return Layout(size, origin), top + (y1 - y0)


def draw_sectors(dwg: svgwrite.Drawing, sector_map: SectorMap, layout: Layout) -> None:
    """Every sector: its hex in the colour of its kind, its name, and what it is."""
    group = dwg.g(id="sectors", stroke="#4a4a4a", stroke_width=0.4)
    labels = dwg.g(id="sector-labels")
    for s in sector_map.sectors:
        fill = EXPANSION_FILL if s.kind is SectorKind.SPECIAL and _from_expansion(s) else FILLS[
            s.kind]
        group.add(dwg.polygon(rounded_points(layout.corners(s.hex, 0.97)), fill=fill,
                              id=f"sector-{s.id}", class_=f"sector {s.kind.value}"))
        _label(dwg, labels, s, layout)
    dwg.add(group)
    dwg.add(labels)


def _from_expansion(s: Sector) -> bool:
    return s.id in ("hub", "shipwreck-bay")


def _label(dwg: svgwrite.Drawing, group: svgwrite.container.Group, s: Sector,
           layout: Layout) -> None:
    x, y = layout.center(s.hex)
    size = 3.4 if s.id == TORTUGA else 3.0
    name = s.name if s.kind is not SectorKind.TRADE_TERMINAL else s.name.replace(
        "Trade Terminal", "Trade\nTerminal")
    lines = [w for part in name.split("\n") for w in textwrap.wrap(part, 10)]
    details = _details(s)
    height = 1.2 * size * len(lines) + 3.0 * len(details)
    y0 = y - height / 2 + size
    for k, line in enumerate(lines):
        group.add(text(dwg, line, x, y0 + 1.2 * size * k, size, text_anchor="middle",
                       font_weight="bold", class_="sector-name"))
    y1 = y0 + 1.2 * size * (len(lines) - 1) + 3.6
    for k, line in enumerate(details):
        group.add(text(dwg, line, x, y1 + 3.0 * k, 2.3, text_anchor="middle",
                       fill="#374151", class_="sector-detail"))


def _details(s: Sector) -> list[str]:
    out = []
    if s.slot and s.slot not in s.name:
        out.append(f"position {s.slot}")
    if s.defence_max is not None:
        out.append(f"defence max {s.defence_max}")
    if _from_expansion(s):
        out.append("expansion")
    return out


def warning_banner(dwg: svgwrite.Drawing, warning: str, top: float,
                   width: float = PAGE_WIDTH_MM) -> float:
    """A boxed warning across the page at ``top``; returns the y below it."""
    lines = textwrap.wrap(warning, 105)
    height = 7.0 + 3.8 * len(lines)
    box = dwg.g(id="unverified-warning")
    box.add(dwg.rect((MARGIN_MM, top), (width - 2 * MARGIN_MM, height), rx=1.5,
                     fill=WARNING_FILL, stroke=WARNING_INK, stroke_width=0.6))
    box.add(text(dwg, "Check this layout against the rulebook's diagram before trusting distances",
                 MARGIN_MM + 3, top + 5.0, 3.4, font_weight="bold", fill=WARNING_INK))
    for k, line in enumerate(lines):
        box.add(text(dwg, line, MARGIN_MM + 3, top + 9.2 + 3.8 * k, 2.7, fill=WARNING_INK))
    dwg.add(box)
    return top + height


def map_svg(sector_map: SectorMap, title: str) -> str:
    """The map alone, with a title and (if unverified) the warning."""
    y = 16.0
    warning = sector_map.warning
    probe = new_drawing(PAGE_WIDTH_MM, 10.0)
    if warning:
        y = warning_banner(probe, warning, y) + 6.0
    layout, bottom = map_layout(sector_map, y)
    dwg = new_drawing(PAGE_WIDTH_MM, bottom + MARGIN_MM)
    dwg.add(text(dwg, title, MARGIN_MM, 10.0, 4.6, font_weight="bold", id="title"))
    if warning:
        warning_banner(dwg, warning, 16.0)
    draw_sectors(dwg, sector_map, layout)
    return str(dwg.tostring())
