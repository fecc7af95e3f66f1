"""Printable PDF (vector, via fpdf2): SVG pages placed on A4 or Letter paper.

Each page is an SVG from :mod:`course_builder.render.powerboats.sheet` (or the player mats), scaled to fit
the printable area and centred at the top. The bundled DejaVu Sans is embedded, so the PDF looks
the same everywhere.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

from fpdf import FPDF

from course_builder.render.kit import RenderError, fonts

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 10.0


def pdf_pages(pages: Sequence[str], paper: str = "a4", *, title: str = "") -> bytes:
    """A PDF with one page per SVG string."""
    try:
        width, height = PAPERS[paper.lower()]
    except KeyError:
        raise RenderError(f"unknown paper {paper!r} (expected a4 or letter)") from None
    pdf = FPDF(unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.set_creator("course_builder")
    if title:
        pdf.set_title(title)
    pdf.add_font(fonts.FAMILY, fname=str(fonts.regular()))
    pdf.add_font(fonts.FAMILY, style="B", fname=str(fonts.bold()))  # our SVGs use no italics
    for svg in pages:
        pdf.add_page()
        w, h = _svg_size(svg)
        scale = min((width - 2 * MARGIN_MM) / w, (height - 2 * MARGIN_MM) / h)
        pdf.image(io.BytesIO(svg.encode("utf-8")), x=(width - w * scale) / 2, y=MARGIN_MM,
                  w=w * scale, h=h * scale)
    return bytes(pdf.output())


def _svg_size(svg: str) -> tuple[float, float]:
    """Width and height in mm of one of our SVGs (sizes are given as '123.4mm')."""
    w = re.search(r'width="([0-9.]+)mm"', svg)
    h = re.search(r'height="([0-9.]+)mm"', svg)
    if not w or not h:
        raise RenderError("the SVG has no size in mm")
    return float(w.group(1)), float(h.group(1))
