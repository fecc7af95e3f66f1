"""Merged outlines of groups of hexes (islands, coasts, areas) and the hex grid as few lines.

Hexes are merged with shapely. Corners are first put on an integer lattice (x in units of half a
hex width, y in quarters of a hex height), where every corner of every hex is exact, so
neighbouring hexes share their sides exactly: the hexes form a coverage, whose union
``coverage_union_all`` computes like ``unary_union`` (tests check they agree) at a fraction of
the cost. The result is scaled back to millimetres. Pointy-top grids only (:class:`Layout`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from course_builder.core.hexgrid import Hex, Layout
from course_builder.render.kit.svg import rounded

Lattice = tuple[int, int]

_CORNERS: tuple[Lattice, ...] = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))
"""Corner offsets of a pointy-top hex on the lattice, clockwise on screen from east-north-east,
as :meth:`Layout.corners` lists them."""


_CORNER_DX = [dx for dx, _dy in _CORNERS]
_CORNER_DY = [dy for _dx, dy in _CORNERS]


def _corners(h: Hex) -> list[Lattice]:
    x, y = 2 * h.q + h.r, 3 * h.r
    return [(x + dx, y + dy) for dx, dy in _CORNERS]


_SQRT3 = math.sqrt(3)


def _to_mm(layout: Layout, point: tuple[float, float]) -> tuple[float, float]:
    return (layout.origin[0] + point[0] * layout.size * _SQRT3 / 2,
            layout.origin[1] + point[1] * layout.size / 2)


def _ring(layout: Layout, coords: Iterable[tuple[float, float]]) -> str:
    pts = [_to_mm(layout, p) for p in coords]
    return "M" + " L".join(f"{rounded(x)},{rounded(y)}" for x, y in pts[:-1]) + " Z"


def hex_union(hexes: Iterable[Hex]) -> Any:
    """The union of the hexes on the lattice (a shapely geometry), or None for no hexes.

    The corners are worked out as one array (n hexes x 6 corners x 2), the same integers as
    :func:`_corners` gives, without a Python list per hex for shapely to convert."""
    import numpy as np
    import shapely

    qr = np.array([(h.q, h.r) for h in hexes], dtype=np.int64)
    if not len(qr):
        return None
    q, r = qr[:, 0], qr[:, 1]
    corners = np.empty((len(qr), len(_CORNERS), 2), dtype=np.float64)
    corners[:, :, 0] = (2 * q + r)[:, None] + _CORNER_DX
    corners[:, :, 1] = (3 * r)[:, None] + _CORNER_DY
    return shapely.coverage_union_all(shapely.polygons(corners))


def hex_outlines(layout: Layout, hexes: Iterable[Hex]) -> list[str]:
    """Path data (``d``) of each connected area the hexes make, holes included (draw with
    ``fill-rule="evenodd"``), in a stable order: top to bottom, then left to right."""
    merged = hex_union(hexes)
    if merged is None:
        return []
    polygons = list(getattr(merged, "geoms", [merged]))
    polygons.sort(key=lambda p: (p.bounds[1], p.bounds[0]))
    out = []
    for poly in polygons:
        rings = [poly.exterior, *sorted(poly.interiors, key=lambda r: (r.bounds[1], r.bounds[0]))]
        out.append(" ".join(_ring(layout, ring.coords) for ring in rings))
    return out


def grid_lines(layout: Layout, hexes: Iterable[Hex]) -> str:
    """Path data of every side of the given hexes, each drawn once, joined into polylines.

    The sides are taken in sorted order; each unused one starts a polyline that goes on through
    the first unused side at its end (in that same order) until none is left. Each corner's
    text is worked out once, however many polylines pass through it."""
    edges: set[tuple[Lattice, Lattice]] = set()
    for h in hexes:
        corners = _corners(h)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            edges.add((a, b) if a < b else (b, a))
    ordered = sorted(edges)
    free: dict[Lattice, list[Lattice]] = {}  # each corner's unused sides, in sorted order
    for a, b in ordered:
        free.setdefault(a, []).append(b)
        free.setdefault(b, []).append(a)
    names: dict[Lattice, str] = {}

    def name(p: Lattice) -> str:
        text = names.get(p)
        if text is None:
            x, y = _to_mm(layout, p)
            text = names[p] = f"{rounded(x)},{rounded(y)}"
        return text

    paths = []
    for a, b in ordered:
        if b not in free[a]:
            continue  # drawn as part of an earlier polyline
        free[a].remove(b)
        free[b].remove(a)
        chain = [name(a), name(b)]
        end = b
        while free[end]:
            nxt = free[end].pop(0)
            free[nxt].remove(end)
            chain.append(name(nxt))
            end = nxt
        paths.append("M" + " L".join(chain))
    return " ".join(paths)
