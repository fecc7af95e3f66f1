"""The neutral SVG kit every game draws with: drawings in mm, text, labels on halos, rounding,
the hex frame.

Print-safe means: sizes in millimetres with a viewBox, no ``<marker>`` (arrowheads are polygons),
unitless font sizes, one font family (DejaVu Sans) with a generic fallback, coordinates rounded to
3 decimals. Game code never imports this module; the per-game renderers build on it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import svgwrite

from course_builder.core.hexgrid import Layout
from course_builder.core.values import Frozen
from course_builder.render.kit.boxes import Box, text_box

if TYPE_CHECKING:
    from course_builder.core.hexboard import HexBoard

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


class Frame(Frozen):
    """Where the lake sits on the drawing: the hex layout and the drawing's size in mm."""

    layout: Layout
    width: float
    height: float
    top: float

    @classmethod
    def fit(cls, board: HexBoard, size: float = HEX_SIZE_MM, top: float = 14.0) -> Frame:
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


HALO_PAD = 0.35
"""Room (mm) between a label's text and the edge of its halo."""


def label(dwg: svgwrite.Drawing, content: str, x: float, y: float, size: float, *,
          anchor: str = "middle", bold: bool = False, fill: str = COLORS["text"],
          class_: str = "label", **extra: str) -> tuple[svgwrite.container.Group, Box]:
    """A label on a light halo (a white box under the text), so lines and hatching under it
    never make it hard to read. ``y`` is the baseline. Returns the group and the halo's box."""
    box = text_box(content, x, y, size, anchor=anchor, bold=bold).grown(HALO_PAD)
    g = dwg.g(class_=class_)
    g.add(dwg.rect((rounded(box.x0), rounded(box.y0)),
                   (rounded(box.x1 - box.x0), rounded(box.y1 - box.y0)), rx=0.5,
                   fill="#ffffff", fill_opacity=0.88, class_="halo"))
    attrs: dict[str, str] = {"text_anchor": anchor, "fill": fill}
    if bold:
        attrs["font_weight"] = "bold"
    attrs.update(extra)
    g.add(text(dwg, content, x, y, size, **attrs))
    return g, box
