"""PNG previews of our SVGs (resvg), drawn with the bundled font only."""

from __future__ import annotations

import resvg_py

from course_builder.render.kit import fonts


def png_from_svg(svg: str, dpi: int = 150) -> bytes:
    """Render an SVG string to PNG bytes on a white background."""
    data = resvg_py.svg_to_bytes(
        svg_string=svg,
        background="white",
        dpi=dpi,
        skip_system_fonts=True,
        font_files=[str(fonts.regular()), str(fonts.bold())],
        sans_serif_family=fonts.FAMILY,
        font_family=fonts.FAMILY,
    )
    return bytes(data)
