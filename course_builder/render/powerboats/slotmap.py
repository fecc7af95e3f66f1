"""The small diagram of step 0: which lake tile lies in which slot of the frame, which side up,
and whether it is turned (reference, "Setup" 1; BOARD-01; tile codes as in docs/notation.md).

One box per slot, placed as the slots lie in the frame: the slot's name and the side up in words
at the top, the tile's number in large type (upside down when the tile is turned), and "turned"
under it when it is.
"""

from __future__ import annotations

import svgwrite

from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.lake.describe import FACE_WORDS, slot_rows
from course_builder.render.kit.metrics import CAP_HEIGHT
from course_builder.render.kit.paper import pt
from course_builder.render.kit.svg import COLORS, rounded, text

CELL_W = 14.5
CELL_H = 14.0
GAP = 1.2
NAME_PT = 7.0
NUMBER_PT = 13.0


def slot_map_size(board: Board) -> tuple[float, float]:
    """Width and height (mm) of the diagram, its heading included; (0, 0) for a lake not made of
    tiles."""
    rows = slot_rows(board)
    if not rows:
        return 0.0, 0.0
    cols = max(len(r) for r in rows)
    return cols * CELL_W + (cols - 1) * GAP, pt(8.0) * 1.5 + len(rows) * CELL_H + (
        len(rows) - 1) * GAP


def draw_slot_map(dwg: svgwrite.Drawing, board: Board, x: float, y: float) -> None:
    """The diagram with its top-left corner at (x, y)."""
    rows = slot_rows(board)
    g = dwg.g(id="slot-map")
    g.add(text(dwg, "Lake tiles in the frame", x, y + CAP_HEIGHT * pt(8.0), pt(8.0),
               font_weight="bold"))
    top = y + pt(8.0) * 1.5
    for r, row in enumerate(rows):
        for c, slot in enumerate(row):
            cx = x + c * (CELL_W + GAP)
            cy = top + r * (CELL_H + GAP)
            turned = slot.tile.endswith("r")
            core = slot.tile[:-1] if turned else slot.tile
            number, face = core[:-1], FACE_WORDS.get(core[-1:], core[-1:])
            cell = g.add(dwg.g(id=f"slot-map-{slot.name}", class_="slot-cell"))
            cell.add(dwg.rect((rounded(cx), rounded(cy)), (CELL_W, CELL_H), rx=0.8,
                              fill="#eef6fb" if face == "dark" else "#ffffff",
                              stroke=COLORS["seam"], stroke_width=0.5))
            cell.add(text(dwg, slot.name, cx + 1.0, cy + 1.0 + CAP_HEIGHT * pt(NAME_PT),
                          pt(NAME_PT), fill=COLORS["seam"], class_="slot-name"))
            cell.add(text(dwg, face, cx + CELL_W - 1.0, cy + 1.0 + CAP_HEIGHT * pt(NAME_PT),
                          pt(NAME_PT), text_anchor="end", fill=COLORS["seam"],
                          class_="slot-side"))
            mx, my = cx + CELL_W / 2, cy + CELL_H / 2 + 0.4
            attrs = {"transform": f"rotate(180 {rounded(mx)} {rounded(my)})"} if turned else {}
            cell.add(text(dwg, number, mx, my + CAP_HEIGHT * pt(NUMBER_PT) / 2, pt(NUMBER_PT),
                          text_anchor="middle", font_weight="bold", class_="slot-tile",
                          **attrs))
            if turned:
                cell.add(text(dwg, "turned", mx, cy + CELL_H - 1.0, pt(NAME_PT),
                              text_anchor="middle", font_weight="bold", fill=COLORS["spot"],
                              class_="slot-turned"))
    dwg.add(g)
