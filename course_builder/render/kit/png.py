"""PNG pictures of our SVGs (resvg), drawn with the bundled font only, with their resolution.

resvg writes no resolution into the PNG, so a ``pHYs`` chunk is added: a page drawn for A4 at
300 dpi then prints at A4 size, not at whatever a viewer assumes.
"""

from __future__ import annotations

import struct
import zlib

import resvg_py

from course_builder.render.kit import fonts


def png_from_svg(svg: str, dpi: int) -> bytes:
    """Render an SVG string to PNG bytes on a white background, recording ``dpi``."""
    data = resvg_py.svg_to_bytes(
        svg_string=svg,
        background="white",
        dpi=dpi,
        skip_system_fonts=True,
        font_files=[str(fonts.regular()), str(fonts.bold())],
        sans_serif_family=fonts.FAMILY,
        font_family=fonts.FAMILY,
    )
    return with_dpi(bytes(data), dpi)


def with_dpi(png: bytes, dpi: float) -> bytes:
    """The PNG with a ``pHYs`` chunk saying ``dpi`` (replacing any there was)."""
    signature, rest = png[:8], png[8:]
    chunks = []
    while rest:
        length = struct.unpack(">I", rest[:4])[0]
        chunk, rest = rest[:12 + length], rest[12 + length:]
        if chunk[4:8] != b"pHYs":
            chunks.append(chunk)
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    phys = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    return signature + chunks[0] + phys + b"".join(chunks[1:])  # right after IHDR
