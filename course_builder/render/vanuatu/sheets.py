"""The Vanuatu setup sheet in the format asked for: SVG, PDF (A4 or Letter) or PNG.

Pre-rolled dice are a page of their own (:func:`~course_builder.render.vanuatu.sheet.
dice_page_svg`): the second page of the PDF, a second file for SVG and PNG.
"""

from __future__ import annotations

from course_builder.render.vanuatu.sheet import dice_page_svg, setup_sheet_svg
from course_builder.vanuatu.setup import Setup

FORMATS = ("svg", "pdf", "png")
DICE_PAGE = "dice"
"""The name of the dice page's file beside the sheet (``vanuatu-setup-7-dice.png``)."""


def render_setup(setup: Setup, fmt: str = "pdf", paper: str = "a4",
                 dpi: int = 300) -> list[tuple[str, bytes]]:
    """The files of the sheet: ``(name, content)``, the name empty for the sheet itself and
    :data:`DICE_PAGE` for the dice page of an SVG or PNG; a PDF is one file of every page
    (``dpi``: the PNG's resolution)."""
    pages = [("", setup_sheet_svg(setup))]
    if setup.dice:
        pages.append((DICE_PAGE, dice_page_svg(setup)))
    if fmt == "svg":
        return [(name, svg.encode("utf-8")) for name, svg in pages]
    if fmt == "pdf":
        from course_builder.render.kit.pdf import pdf_pages

        return [("", pdf_pages([svg for _, svg in pages], paper,
                               title=f"Vanuatu setup, seed {setup.seed}"))]
    if fmt == "png":
        from course_builder.render.kit.png import png_from_svg

        return [(name, png_from_svg(svg, dpi)) for name, svg in pages]
    raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
