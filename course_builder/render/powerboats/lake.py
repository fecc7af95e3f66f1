"""Pictures of the Powerboats lake: hexes, islands, tile seams, letter spots and edge labels.

Drawn with the neutral kit of :mod:`course_builder.render.kit.svg`; returns strings, writes no file.
"""

from __future__ import annotations

import svgwrite

from course_builder.core.hexgrid import Direction, Layout, from_offset, to_offset
from course_builder.powerboats.lake.board import Board, Spot
from course_builder.render.kit.boxes import text_box
from course_builder.render.kit.svg import (
    COLORS,
    HALO_PAD,
    MARGIN_MM,
    Frame,
    new_drawing,
    rounded,
    rounded_point,
    rounded_points,
    text,
)


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
    names = dwg.g(id="slot-names")
    for slot in board.slots:
        x, y = layout.center(from_offset(slot.row, slot.col))
        label = f"{slot.name} · tile {slot.tile}" if slot.tile else slot.name
        x, y = x + 0.2 * layout.size, y + 0.25 * layout.size  # inside the slot, off its seam
        box = text_box(label, x, y, 2.4).grown(HALO_PAD)
        names.add(dwg.rect((rounded(box.x0), rounded(box.y0)),
                           (rounded(box.x1 - box.x0), rounded(box.y1 - box.y0)), rx=0.5,
                           fill="#ffffff", fill_opacity=0.88, class_="halo"))
        names.add(text(dwg, label, x, y, 2.4, class_="slot-name", fill=COLORS["seam"]))
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
    sub = board.source.details()
    if sub:
        dwg.add(text(dwg, sub, MARGIN_MM, 13.0, 2.6, id="subtitle"))
    draw_lake(dwg, board, frame)
    approx = [s.id for s in board.spots if s.approximate]
    if approx:
        note = ("Approximate (not readable in the source, marked '?'): "
                + ", ".join(approx))
        dwg.add(text(dwg, note, MARGIN_MM, frame.height - 3.0, 2.6, id="notes"))
    return dwg.tostring()

