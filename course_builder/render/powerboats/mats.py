"""Per-player mats: a dice and damage area for each boat colour, one printable page.

The board ties each boat colour to a seat (its colour area on the lake's dock), so players who
swap seats or play on a printed lake use these mats instead. Each mat has room for the dice
(speed), the damage track (4 counters sink the boat: reference, "Damage") and the buoys rounded.
The sixth boat colour is not named in our rule texts; colours are a parameter. The page has the
paper's size, the mats centred with equal margins left and right.
"""

from __future__ import annotations

from collections.abc import Sequence

from course_builder.render.kit.metrics import DESCENT
from course_builder.render.kit.paper import paper as paper_size
from course_builder.render.kit.paper import pt
from course_builder.render.kit.svg import new_drawing, text

DEFAULT_COLOURS = ("Yellow", "Red", "Orange", "Purple", "Black", "Green")

SWATCHES = {
    "yellow": "#facc15", "red": "#dc2626", "orange": "#f97316", "purple": "#7e22ce",
    "black": "#1f2937", "green": "#16a34a", "blue": "#2563eb", "white": "#f3f4f6",
}

MAT_W = 90.0
MAT_H = 80.0
GAP = 6.0
BODY = pt(9.0)


def mats_svg(colours: Sequence[str] = DEFAULT_COLOURS, *, title: str = "Powerboats · player mats",
             paper: str = "a4", footer: str = "") -> str:
    """Up to six mats on one page, two per row, centred on the paper; ``footer`` at the bottom
    right (the page number in a set of sheets)."""
    sheet = paper_size(paper)
    dwg = new_drawing(sheet.width, sheet.height)
    left = (sheet.width - (2 * MAT_W + GAP)) / 2
    rows = (len(colours) + 1) // 2
    room = sheet.bottom - (pt(8.0) * 2.2 if footer else 0.0) - sheet.top - 10.0
    height = min(MAT_H, (room - GAP * (rows - 1)) / max(rows, 1))
    dwg.add(text(dwg, title, left, sheet.top + 5.0, pt(14.0), font_weight="bold", id="title"))
    for i, colour in enumerate(colours):
        x = left + (i % 2) * (MAT_W + GAP)
        y = sheet.top + 10.0 + (i // 2) * (height + GAP)
        swatch = SWATCHES.get(colour.lower(), "#9ca3af")
        g = dwg.g(id=f"mat-{colour.lower()}", class_="mat")
        g.add(dwg.rect((x, y), (MAT_W, height), fill="#ffffff", stroke="#1d2b36",
                       stroke_width=0.4, rx=2.0, class_="mat-frame"))
        g.add(dwg.rect((x, y), (MAT_W, 9.0), fill=swatch, stroke="#1d2b36", stroke_width=0.4,
                       rx=2.0))
        ink = "#ffffff" if colour.lower() in ("black", "purple", "red", "blue", "green") else "#1d2b36"
        g.add(text(dwg, colour, x + 4.0, y + 6.4, pt(12.0), font_weight="bold", fill=ink))
        g.add(text(dwg, "Speed: dice (add, remove or keep one; re-roll any)", x + 4.0, y + 15.0,
                   BODY))
        for k in range(8):
            g.add(dwg.rect((x + 4.0 + k * 10.5, y + 17.5), (9.0, 9.0), fill="none",
                           stroke="#6b7280", stroke_width=0.3, stroke_dasharray="1,0.7",
                           class_="die-slot"))
        g.add(text(dwg, "Damage (4 or more: the boat sinks)", x + 4.0, y + 35.0, BODY))
        for k in range(4):
            cx = x + 10.0 + k * 14.0
            g.add(dwg.circle((cx, y + 43.0), 5.0, fill="#fee2e2" if k == 3 else "none",
                             stroke="#b91c1c", stroke_width=0.4, class_="damage-slot"))
            g.add(text(dwg, str(k + 1), cx, y + 44.2, pt(10.0), text_anchor="middle",
                       fill="#b91c1c"))
        g.add(text(dwg, "Buoys rounded", x + 4.0, y + 57.0, BODY))
        for k, label in enumerate(("1", "2", "3", "Finish")):
            bx = x + 4.0 + k * 14.0
            g.add(dwg.rect((bx, y + 60.0), (5.0, 5.0), fill="none", stroke="#1d2b36",
                           stroke_width=0.3, class_="buoy-box"))
            g.add(text(dwg, label, bx + 6.5, y + 64.0, BODY))
        g.add(text(dwg, "Carried damage (races B, C):", x + 4.0, y + 74.0, BODY))
        dwg.add(g)
    if footer:
        dwg.add(text(dwg, footer, left + 2 * MAT_W + GAP, sheet.bottom - DESCENT * pt(8.0),
                     pt(8.0), text_anchor="end", fill="#4b5563", id="footer"))
    return dwg.tostring()
