"""The drawing kit's fast paths (issue 19, start-up of the sheet command) give the very numbers of
the plain definitions they replace: sheets stay byte-identical."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from course_builder.core.hexgrid import Direction, Hex, Layout
from course_builder.powerboats.lake.catalog import BoardChoice, Catalog
from course_builder.powerboats.lake.params import LakeParams
from course_builder.render.kit.boxes import Box, BoxIndex, line_boxes, points_box
from course_builder.render.kit.metrics import text_width
from course_builder.render.kit.outline import _corners, grid_lines, hex_union
from course_builder.render.powerboats.coast import _extent

CATALOG = Catalog()


def test_corners_are_the_trigonometric_corners() -> None:
    layout = Layout(2.345, (10.1, -3.7))
    for h in (Hex(0, 0), Hex(3, -7), Hex(-12, 5)):
        for scale in (1.0, 0.92, 0.3):
            cx, cy = layout.center(h)
            assert layout.corners(h, scale) == [
                (cx + layout.size * scale * math.cos(math.radians(60 * i - 30)),
                 cy + layout.size * scale * math.sin(math.radians(60 * i - 30)))
                for i in range(6)]
    corners = layout.corners(Hex(2, 1))
    assert layout.side_segment(Hex(2, 1), Direction.NE) == (corners[5], corners[0])


def test_box_index_counts_as_comparing_every_box() -> None:
    rnd = random.Random(5)

    def box() -> Box:
        x, y = rnd.uniform(-20, 40), rnd.uniform(-20, 40)
        return Box(x, y, x + rnd.uniform(0, 15), y + rnd.uniform(0, 9))

    filed = [box() for _ in range(300)]
    index = BoxIndex()
    index.add_all(filed)
    index.add_all(filed[:50])  # a box added again is still one box
    for _ in range(500):
        query = box()
        for gap in (0.0, 0.15, 2.0):
            assert index.hits(query, gap) == sum(query.overlaps(b, gap) for b in filed)


def test_line_boxes_are_the_boxes_of_their_pieces() -> None:
    points = [(0.0, 0.0), (3.3, 1.7), (3.3, -2.25), (-0.4, 0.1)]
    boxes = line_boxes(points, 0.5)
    expected = []
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        n = max(1, math.ceil(math.hypot(bx - ax, by - ay)))
        for k in range(n):
            expected.append(points_box(((ax + (bx - ax) * k / n, ay + (by - ay) * k / n),
                                        (ax + (bx - ax) * (k + 1) / n,
                                         ay + (by - ay) * (k + 1) / n)), 0.25))
    assert boxes == expected


def test_text_width_adds_the_advances() -> None:
    assert text_width("A1", 2048, bold=True) == 1585 + 1425
    assert text_width("A1", 2048, bold=True) == 1585 + 1425  # kept, same answer
    assert text_width("é", 2048) == 2025  # not listed: as wide as "W"


@pytest.fixture(scope="module", params=["classic", "turned", "random"])
def board(request):
    if request.param == "random":
        return CATALOG.make(BoardChoice("random", lake=LakeParams(12, 8, 0.2)), 3)
    turned = request.param == "turned"
    return CATALOG.make(BoardChoice("classic", shuffle_tiles=turned, rotate_tiles=turned), 3)


def test_hex_union_is_the_union_of_each_hexs_corners(board) -> None:
    import shapely

    hexes = list(board.hexes())
    land = [h for i, h in enumerate(hexes) if not board.water[i]]
    for group in (hexes, land, land[:1]):
        plain = shapely.coverage_union_all(shapely.polygons([_corners(h) for h in group]))
        assert hex_union(group).equals_exact(plain, 0.0)
    assert hex_union([]) is None


def test_grid_lines_draw_every_side_once(board) -> None:
    layout = Layout(1.0, (0.0, 0.0))
    water = [h for i, h in enumerate(board.hexes()) if board.water[i]]
    sides = {tuple(sorted(pair)) for h in water
             for pair in zip(_corners(h), _corners(h)[1:] + _corners(h)[:1], strict=True)}
    drawn = []
    for polyline in grid_lines(layout, water).split("M")[1:]:
        points = [tuple(float(v) for v in p.split(",")) for p in polyline.strip().split(" L")]
        drawn += [tuple(sorted(pair)) for pair in itertools.pairwise(points)]
    assert len(drawn) == len(set(drawn)) == len(sides)


def test_extent_is_that_of_every_corner(board) -> None:
    probe = Layout(1.0, (0.0, 0.0))
    corners = [p for h in board.hexes() for p in probe.corners(h)]
    assert _extent(board) == (min(x for x, _ in corners), min(y for _, y in corners),
                              max(x for x, _ in corners), max(y for _, y in corners))
