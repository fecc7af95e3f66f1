"""Printable PDF (vector, via fpdf2): SVG pages placed on A4 or Letter paper.

A page drawn for the paper (an SVG exactly the paper's size, :mod:`.paper`) is placed as it is,
unscaled, so every size on it is its printed size. Any other SVG page is scaled to fit the
printable area and centred at the top (pictures not laid out for a paper). The bundled DejaVu
Sans is embedded, so the PDF looks the same everywhere.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

from course_builder.core.values import Frozen
from course_builder.render.kit import RenderError, fonts
from course_builder.render.kit.paper import PAPERS, Paper
from course_builder.render.kit.paper import paper as paper_size

__all__ = ["PAPERS", "Placement", "pdf_pages", "placement", "svg_size"]


class Placement(Frozen):
    """Where a page's SVG goes on the paper (mm) and the scale it is drawn at."""

    x: float
    y: float
    width: float
    height: float
    scale: float


def placement(size: tuple[float, float], sheet: Paper) -> Placement:
    """A paper-sized page at scale 1; anything else scaled to the printable area."""
    w, h = size
    if abs(w - sheet.width) < 0.01 and abs(h - sheet.height) < 0.01:
        return Placement(0.0, 0.0, sheet.width, sheet.height, 1.0)
    scale = min((sheet.width - 2 * sheet.margin) / w, (sheet.height - 2 * sheet.margin) / h)
    return Placement((sheet.width - w * scale) / 2, sheet.margin, w * scale, h * scale, scale)


def pdf_pages(pages: Sequence[str], paper: str = "a4", *, title: str = "") -> bytes:
    """A PDF with one page per SVG string, on ``paper`` (a4 or letter)."""
    from fpdf import FPDF

    sheet = paper_size(paper)
    pdf = FPDF(unit="mm", format=(sheet.width, sheet.height))
    pdf.set_auto_page_break(False)
    pdf.set_creator("course_builder")
    if title:
        pdf.set_title(title)
    pdf.add_font(fonts.FAMILY, fname=str(fonts.regular()))
    pdf.add_font(fonts.FAMILY, style="B", fname=str(fonts.bold()))  # our SVGs use no italics
    for svg in pages:
        pdf.add_page()
        where = placement(svg_size(svg), sheet)
        pdf.image(io.BytesIO(svg.encode("utf-8")), x=where.x, y=where.y, w=where.width,
                  h=where.height)
    return bytes(pdf.output())


def svg_size(svg: str) -> tuple[float, float]:
    """Width and height in mm of one of our SVGs (sizes are given as '123.4mm')."""
    w = re.search(r'width="([0-9.]+)mm"', svg)
    h = re.search(r'height="([0-9.]+)mm"', svg)
    if not w or not h:
        raise RenderError("the SVG has no size in mm")
    return float(w.group(1)), float(h.group(1))
