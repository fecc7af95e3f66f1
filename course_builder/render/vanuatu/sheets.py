"""The Vanuatu setup sheet in the format asked for: SVG, PDF (A4 or Letter) or PNG."""

from __future__ import annotations

from course_builder.render.vanuatu.sheet import setup_sheet_svg
from course_builder.vanuatu.setup import Setup

FORMATS = ("svg", "pdf", "png")


def render_setup(setup: Setup, fmt: str = "pdf", paper: str = "a4", dpi: int = 300) -> bytes:
    """The sheet's file content (``dpi``: the PNG's resolution)."""
    svg = setup_sheet_svg(setup)
    if fmt == "svg":
        return svg.encode("utf-8")
    if fmt == "pdf":
        from course_builder.render.kit.pdf import pdf_pages

        return pdf_pages([svg], paper, title=f"Vanuatu setup, seed {setup.seed}")
    if fmt == "png":
        from course_builder.render.kit.png import png_from_svg

        return png_from_svg(svg, dpi)
    raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
