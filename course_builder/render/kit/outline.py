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


def _corners(h: Hex) -> list[Lattice]:
    x, y = 2 * h.q + h.r, 3 * h.r
    return [(x + dx, y + dy) for dx, dy in _CORNERS]


def _to_mm(layout: Layout, point: tuple[float, float]) -> tuple[float, float]:
    return (layout.origin[0] + point[0] * layout.size * math.sqrt(3) / 2,
            layout.origin[1] + point[1] * layout.size / 2)


def _ring(layout: Layout, coords: Iterable[tuple[float, float]]) -> str:
    pts = [_to_mm(layout, p) for p in coords]
    return "M" + " L".join(f"{rounded(x)},{rounded(y)}" for x, y in pts[:-1]) + " Z"


def hex_union(hexes: Iterable[Hex]) -> Any:
    """The union of the hexes on the lattice (a shapely geometry), or None for no hexes."""
    import shapely

    corners = [_corners(h) for h in hexes]
    if not corners:
        return None
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
    """Path data of every side of the given hexes, each drawn once, joined into polylines."""
    edges: set[tuple[Lattice, Lattice]] = set()
    for h in hexes:
        corners = _corners(h)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            edges.add((min(a, b), max(a, b)))
    at: dict[Lattice, list[Lattice]] = {}
    for a, b in sorted(edges):
        at.setdefault(a, []).append(b)
        at.setdefault(b, []).append(a)
    used: set[tuple[Lattice, Lattice]] = set()
    paths = []
    for a, b in sorted(edges):
        if (a, b) in used:
            continue
        chain = [a, b]
        used.add((a, b))
        while True:
            end = chain[-1]
            nxt = next((c for c in at[end] if (min(end, c), max(end, c)) not in used), None)
            if nxt is None:
                break
            used.add((min(end, nxt), max(end, nxt)))
            chain.append(nxt)
        pts = [_to_mm(layout, p) for p in chain]
        paths.append("M" + " L".join(f"{rounded(x)},{rounded(y)}" for x, y in pts))
    return " ".join(paths)
