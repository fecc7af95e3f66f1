"""Advance widths of the bundled DejaVu Sans (regular and bold), to lay text out without a font
library: wrapping steps to the printable width, boxes of labels for placing them off the pieces.

The numbers are the fonts' own ``hmtx`` advances in font units (2048 per em) for printable ASCII
and the few other characters the sheets use; tests/test_sheet_layout.py checks them against the
TTF files. Kerning is ignored (it only narrows text), so widths err on the wide side. A character
not listed counts as the widest one, "W" of the face.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import repeat

UNITS_PER_EM = 2048
CAP_HEIGHT = 0.745
"""Height of capitals and digits above the baseline, in em (DejaVu Sans: 1493 units for "H",
1520 for the overshoot of "0")."""
DESCENT = 0.21
"""Depth of descenders (g, p, y) below the baseline, in em (426 units for "g")."""

CHARACTERS = "".join(chr(c) for c in range(32, 127)) + "·°–—→↻↺×…’"
"""Printable ASCII, then the few other characters the sheets use."""

REGULAR = (
    651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048,
    1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612, 1235,
    1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024, 1024,
    1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253, 1300,
    1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716, 651, 1024,
    1024, 2048, 1716, 1716, 1716, 1716, 2048, 651,
)

BOLD = (
    713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748, 1425,
    1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188, 2048,
    1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741, 1501,
    1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, 748, 936, 1716, 1024, 1024,
    1382, 1466, 1214, 1466, 1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134, 1458, 1407, 1466,
    1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716, 778, 1024,
    1024, 2048, 1716, 1716, 1716, 1716, 2048, 778,
)

_REGULAR = dict(zip(CHARACTERS, REGULAR, strict=True))
_BOLD = dict(zip(CHARACTERS, BOLD, strict=True))


@lru_cache(maxsize=4096)
def advance(text: str, bold: bool = False) -> int:
    """Width of ``text`` in font units. Kept for the texts met last: placing a label measures
    the same text at every place it tries, wrapping measures a line for each word added."""
    table = _BOLD if bold else _REGULAR
    return sum(map(table.get, text, repeat(table["W"])))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width of ``text`` set at ``size`` (any unit: the result is in the same unit)."""
    return advance(text, bold) * size / UNITS_PER_EM
