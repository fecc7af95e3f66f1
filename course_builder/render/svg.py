"""SVG pictures of a lake, in the printer-safe dialect the PDF route can read.

Print-safe means: sizes in millimetres with a viewBox, no ``<marker>`` (arrowheads are polygons),
unitless font sizes, one font family (DejaVu Sans) with a generic fallback, coordinates rounded to
3 decimals. The rules code never imports this module; it takes a board and returns a string.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import svgwrite

from course_builder.hexgrid import Direction, Layout, from_offset, to_offset
from course_builder.powerboats.board import Board, Spot

FONT_FAMILY = "DejaVu Sans, sans-serif"

COLORS = {
    "water": "#cfe6f5",
    "land": "#b9c98f",
    "shore": "#a8a58c",
    "grid": "#9cc3dc",
    "seam": "#33526b",
    "spot": "#8a1c1c",
    "text": "#1d2b36",
}

HEX_SIZE_MM = 3.6
MARGIN_MM = 8.0


def rounded(x: float) -> float:
    """A coordinate rounded to 3 decimals (micrometres): small, stable SVG text."""
    return round(x, 3)


def rounded_point(point: tuple[float, float]) -> tuple[float, float]:
    return rounded(point[0]), rounded(point[1])


def rounded_points(points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    return [rounded_point(p) for p in points]



@dataclass(frozen=True)
class Frame:
    """Where the lake sits on the drawing: the hex layout and the drawing's size in mm."""

    layout: Layout
    width: float
    height: float
    top: float

    @classmethod
    def fit(cls, board: Board, size: float = HEX_SIZE_MM, top: float = 14.0) -> Frame:
        probe = Layout(size, (0.0, 0.0))
        xs, ys = [], []
        for h in board.hexes():
            for x, y in probe.corners(h):
                xs.append(x)
                ys.append(y)
        ox = MARGIN_MM + 6.0 - min(xs)
        oy = top + 6.0 - min(ys)
        layout = Layout(size, (ox, oy))
        width = (max(xs) - min(xs)) + 2 * MARGIN_MM + 12.0
        height = top + (max(ys) - min(ys)) + 12.0 + MARGIN_MM
        return cls(layout, width, height, top)


def new_drawing(width: float, height: float) -> svgwrite.Drawing:
    """An empty drawing of the given size in millimetres, user units = mm."""
    dwg = svgwrite.Drawing(size=(f"{rounded(width)}mm", f"{rounded(height)}mm"), debug=False)
    dwg.viewbox(0, 0, rounded(width), rounded(height))
    dwg.add(dwg.rect((0, 0), (rounded(width), rounded(height)), fill="#ffffff", id="background"))
    return dwg


def text(dwg: svgwrite.Drawing, content: str, x: float, y: float, size: float, **extra: str
         ) -> svgwrite.text.Text:
    """A text element in the bundled font with a unitless size."""
    attrs = {"font_family": FONT_FAMILY, "font_size": rounded(size), "fill": COLORS["text"]}
    attrs.update(extra)
    return dwg.text(content, insert=(rounded(x), rounded(y)), **attrs)


def draw_lake(dwg: svgwrite.Drawing, board: Board, frame: Frame) -> None:
    """Hexes, islands, faint grid, tile seams with slot names, letter spots and edge labels."""
    layout = frame.layout
    hexes = dwg.g(id="hexes", stroke=COLORS["grid"], stroke_width=0.15)
    for i, h in enumerate(board.hexes()):
        row, col = to_offset(h)
        if board.water[i]:
            fill, kind = COLORS["water"], "water"
        else:
            kind = "land"
            fill = COLORS["shore"] if board.section(h) == "border" else COLORS["land"]
        hexes.add(dwg.polygon(rounded_points(layout.corners(h)), fill=fill, id=f"hex-{row}-{col}",
                              class_=f"hex {kind}"))
    dwg.add(hexes)
    _draw_seams(dwg, board, layout)
    _draw_edge_labels(dwg, board, layout)
    _draw_spots(dwg, board, layout)


def _draw_seams(dwg: svgwrite.Drawing, board: Board, layout: Layout) -> None:
    seams = dwg.g(id="seams", stroke=COLORS["seam"], stroke_width=0.6, stroke_linecap="round")
    for i, h in enumerate(board.hexes()):
        here = board.section(h)
        for d in (Direction.E, Direction.SE, Direction.SW):
            j = board.neighbors[i][d]
            if j != -1 and board.section(board.hex_at(j)) != here:
                a, b = layout.side_segment(h, d)
                seams.add(dwg.line(rounded_point(a), rounded_point(b)))
    dwg.add(seams)
    names = dwg.g(id="slot-names", opacity=0.6)
    for slot in board.slots:
        x, y = layout.center(from_offset(slot.row, slot.col))
        label = f"{slot.name} · tile {slot.tile}" if slot.tile else slot.name
        names.add(text(dwg, label, x - 0.5 * layout.size, y - 0.2 * layout.size, 2.2,
                       class_="slot-name", fill=COLORS["seam"]))
    dwg.add(names)


def _draw_edge_labels(dwg: svgwrite.Drawing, board: Board, layout: Layout) -> None:
    labels = dwg.g(id="edge-labels", fill=COLORS["text"], opacity=0.7)
    size = layout.size
    for col in range(board.cols):
        x, y = layout.center(from_offset(0, col))
        labels.add(text(dwg, str(col), x, y - 1.6 * size, 1.8, text_anchor="middle"))
    for row in range(board.rows):
        x, y = layout.center(from_offset(row, 0))
        labels.add(text(dwg, str(row), x - 1.3 * size, y + 0.6, 1.8, text_anchor="end"))
    dwg.add(labels)


def _draw_spots(dwg: svgwrite.Drawing, board: Board, layout: Layout) -> None:
    spots = dwg.g(id="spots")
    for spot in board.spots:
        g = dwg.g(id=f"spot-{spot.id}", class_="spot")
        a, b = layout.side_segment(spot.hex, spot.side)
        g.add(dwg.line(rounded_point(a), rounded_point(b), stroke=COLORS["spot"], stroke_width=0.7))
        x, y = spot_label_position(layout, spot)
        label = f"{spot.id}?" if spot.approximate else spot.id
        g.add(text(dwg, label, x, y + 0.8, 2.3, text_anchor="middle", font_weight="bold",
                   fill=COLORS["spot"], class_="spot-label approximate" if spot.approximate
                   else "spot-label"))
        spots.add(g)
    dwg.add(spots)


def spot_label_position(layout: Layout, spot: Spot) -> tuple[float, float]:
    """Centre of a spot's label: inside its hex, pushed towards the side the letter is printed at."""
    return layout.side_midpoint(spot.hex, spot.side, scale=0.3)


def board_svg(board: Board, *, title: str | None = None) -> str:
    """A picture of the lake for checking a board or laying out its tiles."""
    frame = Frame.fit(board)
    dwg = new_drawing(frame.width, frame.height)
    heading = title or f"Powerboats - {board.name} lake"
    dwg.add(text(dwg, heading, MARGIN_MM, 9.0, 5.0, font_weight="bold", id="title"))
    sub = board.source.get("arrangement") or ", ".join(
        f"{k} {v}" for k, v in board.source.items() if k != "board"
    )
    if sub:
        dwg.add(text(dwg, sub, MARGIN_MM, 13.0, 2.6, id="subtitle"))
    draw_lake(dwg, board, frame)
    approx = [s.id for s in board.spots if s.approximate]
    if approx:
        note = ("Approximate (not readable in the source, marked '?'): "
                + ", ".join(approx))
        dwg.add(text(dwg, note, MARGIN_MM, frame.height - 3.0, 2.6, id="notes"))
    return dwg.tostring()


__all__ = ["Frame", "board_svg", "draw_lake", "new_drawing", "text"]
