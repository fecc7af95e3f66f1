"""Boxes on a page: what a label covers and what a piece covers, to keep labels off the pieces.

Every piece of a drawing is reduced to small axis-aligned boxes (a polygon to its bounding box, a
stroked line to boxes along it no longer than :data:`STEP` mm), so "does this label hide part of
a piece" is a box test; tests read the same boxes back from the SVG. :class:`BoxIndex` finds the
boxes near a place without looking at all of them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

from course_builder.core.values import Frozen
from course_builder.render.kit.metrics import CAP_HEIGHT, DESCENT, text_width

STEP = 1.0
"""Longest piece of a line that one box stands for (mm)."""

Point = tuple[float, float]


class Box(Frozen):
    """An axis-aligned box, ``x0 <= x1`` and ``y0 <= y1`` (y down)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box, gap: float = 0.0) -> bool:
        """Whether the boxes share area (or come closer than ``gap``); touching is not
        overlapping."""
        return (self.x0 < other.x1 + gap and other.x0 < self.x1 + gap
                and self.y0 < other.y1 + gap and other.y0 < self.y1 + gap)

    def grown(self, by: float) -> Box:
        return Box(self.x0 - by, self.y0 - by, self.x1 + by, self.y1 + by)

    def inside(self, other: Box) -> bool:
        return (self.x0 >= other.x0 and self.y0 >= other.y0 and self.x1 <= other.x1
                and self.y1 <= other.y1)

    @property
    def centre(self) -> Point:
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2


def points_box(points: Iterable[Point], pad: float = 0.0) -> Box:
    """The bounding box of points, grown by ``pad`` (half a stroke width)."""
    xs, ys = zip(*points, strict=True)
    return Box(min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def line_boxes(points: Sequence[Point], width: float) -> list[Box]:
    """Boxes along a stroked polyline, each for at most :data:`STEP` mm of it."""
    out = []
    pad = width / 2
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay) / STEP))
        for k in range(n):
            px, py = ax + (bx - ax) * k / n, ay + (by - ay) * k / n
            qx, qy = ax + (bx - ax) * (k + 1) / n, ay + (by - ay) * (k + 1) / n
            # points_box((p, q), pad), written out: lines make most of a sheet's boxes
            out.append(Box(min(px, qx) - pad, min(py, qy) - pad, max(px, qx) + pad,
                           max(py, qy) + pad))
    return out


def text_box(content: str, x: float, baseline: float, size: float, *, anchor: str = "start",
             bold: bool = False) -> Box:
    """The box of a line of text: from the cap height above its baseline to the descenders."""
    width = text_width(content, size, bold)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    return Box(left, baseline - CAP_HEIGHT * size, left + width, baseline + DESCENT * size)


class BoxIndex:
    """Boxes filed in a grid of cells, so a query looks only at boxes near it. A box is filed
    once, however often it is added (a box counts once in :meth:`hits`)."""

    def __init__(self, cell: float = 6.0) -> None:
        self.cell = cell
        self._cells: dict[tuple[int, int], list[Box]] = {}
        self._filed: set[int] = set()
        self._boxes: list[Box] = []  # keeps every filed box alive, so no id is reused

    def add(self, box: Box) -> None:
        if id(box) in self._filed:
            return
        self._filed.add(id(box))
        self._boxes.append(box)
        c = self.cell
        cells = self._cells
        for i in range(math.floor(box.x0 / c), math.floor(box.x1 / c) + 1):
            for j in range(math.floor(box.y0 / c), math.floor(box.y1 / c) + 1):
                cells.setdefault((i, j), []).append(box)

    def add_all(self, boxes: Iterable[Box]) -> None:
        for box in boxes:
            self.add(box)

    def hits(self, box: Box, gap: float = 0.0) -> int:
        """How many filed boxes overlap ``box`` (:meth:`Box.overlaps` with ``gap``; a box filed
        in several cells counts once). Written out for speed: labels try thousands of places."""
        x0, y0, x1, y1 = box.x0, box.y0, box.x1, box.y1
        c = self.cell
        i0, i1 = math.floor((x0 - gap) / c), math.floor((x1 + gap) / c)
        j0, j1 = math.floor((y0 - gap) / c), math.floor((y1 + gap) / c)
        cells = self._cells
        if i0 == i1 and j0 == j1:  # one cell: it holds each box once
            return sum(1 for o in cells.get((i0, j0), ())
                       if x0 < o.x1 + gap and o.x0 < x1 + gap and y0 < o.y1 + gap
                       and o.y0 < y1 + gap)
        seen: set[int] = set()
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                for o in cells.get((i, j), ()):
                    if (x0 < o.x1 + gap and o.x0 < x1 + gap and y0 < o.y1 + gap
                            and o.y0 < y1 + gap):
                        seen.add(id(o))
        return len(seen)
