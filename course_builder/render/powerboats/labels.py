"""Labels on the lake, placed off the pieces: letter spots, lake-tile slots, the start and finish
arrows.

Each label has candidate places, nearest first, around the point it names. A candidate is out if
its box (text plus halo) overlaps a piece, a spot tick or a label already placed, or leaves the
lake; among the rest the nearest wins, with a small penalty for covering the route, the line-up
area or a tile seam. A label that ends up away from its point gets a thin leader line. The first
candidate is where the board itself prints the label, so most labels stay there.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import svgwrite

from course_builder.core.hexgrid import Layout, from_offset
from course_builder.core.values import Frozen
from course_builder.powerboats.lake.board import Board, Section
from course_builder.render.kit.boxes import Box, BoxIndex, Point, line_boxes, text_box
from course_builder.render.kit.metrics import CAP_HEIGHT
from course_builder.render.kit.paper import pt
from course_builder.render.kit.svg import COLORS, HALO_PAD, label, rounded_point

SPOT_PT = 8.0
SLOT_PT = 8.0
ARROW_LABEL_PT = 8.0
RINGS = (0.0, 0.75, 1.2, 1.7, 2.3, 3.0, 3.8, 4.8, 6.0)
"""Distances (in hex sizes) from the named point at which candidates are tried."""


class LabelSpec(Frozen):
    """A label to place: its text and style, the point it names, where it would go first."""

    key: str
    content: str
    point: Point
    first: Point
    size: float
    bold: bool
    fill: str
    class_: str
    leader: bool = True
    """Draw a leader line to ``point`` when the label had to move away from it."""


class Placed(Frozen):
    spec: LabelSpec
    centre: Point
    box: Box


class Placer:
    """Places labels one by one against the pieces' boxes and the labels placed so far."""

    def __init__(self, layout: Layout, bounds: Box, hard: list[Box], soft: list[Box]) -> None:
        self.layout = layout
        self.bounds = bounds
        self.hard = BoxIndex()
        self.hard.add_all(hard)
        self.soft = BoxIndex()
        self.soft.add_all(soft)
        self.placed: list[Placed] = []

    def place(self, spec: LabelSpec) -> Placed:
        """The best free place for a label (see the module docstring); it then blocks others."""
        best: tuple[float, Placed] | None = None
        least: tuple[int, Placed] | None = None
        for ring, centre in self._candidates(spec):
            if best is not None and ring >= best[0]:
                break  # every cost from here on is at least the ring's
            box = self._box(spec, centre)
            if not box.inside(self.bounds):
                continue
            hits = self.hard.hits(box, 0.15)
            if hits:
                if least is None or hits < least[0]:
                    least = (hits, Placed(spec, centre, box))
                continue
            near = ring + 0.6 * self.soft.hits(box) + 0.01 * math.dist(centre, spec.first)
            if best is not None and near >= best[0]:
                continue  # the leader's term only adds: this place cannot win
            cost = near + 2.0 * self._leader_hits(spec, box)
            if best is None or cost < best[0]:
                best = (cost, Placed(spec, centre, box))
        if best is None:  # nowhere free: where it covers least (or its first place)
            best = (0.0, least[1] if least else Placed(spec, spec.first,
                                                       self._box(spec, spec.first)))
        self.hard.add(best[1].box)
        self.placed.append(best[1])
        return best[1]

    def _leader_hits(self, spec: LabelSpec, box: Box) -> int:
        """Pieces a leader line from the named point to this box would cross (its first
        millimetre, at the named point itself, excepted)."""
        if not spec.leader:
            return 0
        px, py = spec.point
        ex, ey = min(max(px, box.x0), box.x1), min(max(py, box.y0), box.y1)
        length = math.hypot(ex - px, ey - py)
        if length < 1.0 + self.layout.size * 0.45:
            return 0
        start = (px + (ex - px) / length, py + (ey - py) / length)
        return sum(self.hard.hits(b) for b in line_boxes([start, (ex, ey)], 0.25))

    def _candidates(self, spec: LabelSpec) -> Iterator[tuple[int, Point]]:
        yield 0, spec.first
        size = self.layout.size
        ox, oy = spec.point
        for ring, r in enumerate(RINGS[1:], start=1):
            count = 8 if ring < 3 else 16
            for k in range(count):
                a = 2 * math.pi * k / count
                yield ring, (ox + r * size * math.cos(a), oy + r * size * math.sin(a))

    @staticmethod
    def _box(spec: LabelSpec, centre: Point) -> Box:
        baseline = centre[1] + CAP_HEIGHT * spec.size / 2
        return text_box(spec.content, centre[0], baseline, spec.size, anchor="middle",
                        bold=spec.bold).grown(HALO_PAD)


def spot_specs(board: Board, layout: Layout) -> list[LabelSpec]:
    """Every letter spot's id ('?' when approximate), first inside its hex by its tick."""
    out = []
    for spot in board.spots:
        content = f"{spot.id}?" if spot.approximate else spot.id
        tick = layout.side_midpoint(spot.hex, spot.side)
        first = layout.side_midpoint(spot.hex, spot.side, scale=0.3)
        out.append(LabelSpec(f"spot-{spot.id}", content, tick, first, pt(SPOT_PT), True,
                             COLORS["spot"], "label spot-label" + (" approximate" if
                                                                     spot.approximate else "")))
    return out


def slot_text(slot: Section) -> str:
    """A lake tile's label: its slot and the tile code in it, e.g. ``T00 · 1d``."""
    return f"{slot.name} · {slot.tile}" if slot.tile else slot.name


def slot_specs(board: Board, layout: Layout) -> list[LabelSpec]:
    """Each lake tile slot's name and tile code, first just inside its top-left corner."""
    out = []
    for slot in board.slots:
        x0, y0 = layout.center(from_offset(slot.row, slot.col))
        content = slot_text(slot)
        first = (x0 + layout.size * 1.6, y0 + layout.size * 0.1)
        out.append(LabelSpec(f"slot-{slot.name}", content, first, first, pt(SLOT_PT), False,
                             COLORS["seam"], "label slot-label", leader=False))
    return out


def arrow_spec(kind: str, tail: Point, tip: Point, layout: Layout, color: str) -> LabelSpec:
    """``start`` or ``finish`` by the tail of its arrow."""
    vx, vy = tip[0] - tail[0], tip[1] - tail[1]
    n = math.hypot(vx, vy) or 1.0
    first = (tail[0] - vx / n * layout.size * 0.9, tail[1] - vy / n * layout.size * 0.9)
    return LabelSpec(f"{kind}-arrow-label", kind, tail, first, pt(ARROW_LABEL_PT), True, color,
                     f"label arrow-label {kind}-label")


def draw_labels(dwg: svgwrite.Drawing, placed: list[Placed], layout: Layout) -> None:
    """The placed labels on their halos, with a leader line to the point they name when they
    had to move away from it."""
    g = dwg.g(id="labels")
    for p in placed:
        spec = p.spec
        if spec.leader and math.dist(p.centre, spec.first) > 1e-6 and _far(p, layout):
            g.add(dwg.line(rounded_point(spec.point), rounded_point(_edge_point(p)),
                           stroke=spec.fill, stroke_width=0.25, class_="leader"))
        baseline = p.centre[1] + CAP_HEIGHT * spec.size / 2
        group, _ = label(dwg, spec.content, p.centre[0], baseline, spec.size, bold=spec.bold,
                         fill=spec.fill, class_=spec.class_, id=spec.key)
        g.add(group)
    dwg.add(g)


def _far(p: Placed, layout: Layout) -> bool:
    px, py = p.spec.point
    b = p.box
    dx = max(b.x0 - px, 0.0, px - b.x1)
    dy = max(b.y0 - py, 0.0, py - b.y1)
    return math.hypot(dx, dy) > layout.size * 0.45


def _edge_point(p: Placed) -> Point:
    """Where the leader meets the label's box: the box point nearest the named point."""
    px, py = p.spec.point
    b = p.box
    return (min(max(px, b.x0), b.x1), min(max(py, b.y0), b.y1))

