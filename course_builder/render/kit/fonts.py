"""The bundled font (DejaVu Sans): every renderer uses it, so no output depends on system fonts.

The files in ``data/fonts/`` are DejaVu Sans 2.37 cut down to the scripts a club sheet may need
(a free font: its licence allows changed copies under a name without "Bitstream" or "Vera"):
Latin (U+0000-024F), Greek, Cyrillic, general punctuation, currency, letterlike symbols, arrows,
mathematical and technical symbols and geometric shapes; 1,656 characters of DejaVu's 6,000,
with their glyphs, widths, hints and OpenType layout (kerning in GPOS; the old ``kern`` table
is dropped, and nothing here reads it: :mod:`.metrics` ignores kerning). fpdf2 reads the whole
font each time a PDF is made and resvg loads it for every PNG: the cut files are a quarter of
the size and make a one-race PDF about 0.1 s faster (issue "Setup sheets ready for the table":
under 1 s for the whole process). Made with fontTools (a shell: the ranges, then one command
per face)::

    R=U+0000-024F,U+0370-03FF,U+0400-04FF,U+2000-206F,U+20A0-20CF,U+2100-214F,U+2190-21FF
    R=$R,U+2200-22FF,U+2300-23FF,U+25A0-25FF,U+FFFD
    O="--layout-features=* --name-IDs=* --name-languages=* --notdef-outline --glyph-names"
    pyftsubset DejaVuSans.ttf --output-file=data/fonts/DejaVuSans.ttf --unicodes=$R $O

(and the same for DejaVuSans-Bold.ttf).
"""

from __future__ import annotations

from pathlib import Path

from course_builder.core.resources import data_path

FAMILY = "DejaVu Sans"


def regular() -> Path:
    return data_path("fonts", "DejaVuSans.ttf")


def bold() -> Path:
    return data_path("fonts", "DejaVuSans-Bold.ttf")
