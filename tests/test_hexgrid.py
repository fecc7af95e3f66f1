"""The hex core: coordinates, directions, offsets, lines and pixel geometry."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from course_builder.core.hexgrid import (
    DIRECTIONS,
    Direction,
    Hex,
    Layout,
    direction_between,
    distance,
    from_offset,
    hex_round,
    line,
    offset_neighbor,
    ray,
    to_offset,
    unit_vector,
    wedge,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
directions = st.sampled_from(DIRECTIONS)


@given(hexes)
def test_cube_coordinates_sum_to_zero(h: Hex) -> None:
    assert h.q + h.r + h.s == 0


@given(coords, coords)
def test_offset_round_trip(row: int, col: int) -> None:
    assert to_offset(from_offset(row, col)) == (row, col)


@given(hexes)
def test_axial_round_trip_through_offset(h: Hex) -> None:
    assert from_offset(*to_offset(h)) == h


@pytest.mark.parametrize(
    ("row", "col", "expected"),
    [
        # classic-lake.md, "Orientation and coordinates": even rows are shifted right
        (4, 6, {"E": (4, 7), "W": (4, 5), "NE": (3, 7), "NW": (3, 6), "SE": (5, 7), "SW": (5, 6)}),
        (5, 6, {"E": (5, 7), "W": (5, 5), "NE": (4, 6), "NW": (4, 5), "SE": (6, 6), "SW": (6, 5)}),
    ],
)
def test_even_r_neighbours_match_the_reference_table(row: int, col: int, expected: dict) -> None:
    for name, rc in expected.items():
        assert offset_neighbor(row, col, Direction[name]) == rc


@given(hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes, directions)
def test_neighbours_are_one_step_away(h: Hex, d: Direction) -> None:
    assert distance(h, h.neighbor(d)) == 1
    assert h.neighbor(d).neighbor(d.opposite()) == h


@given(directions)
def test_left_is_counter_clockwise_on_the_page(d: Direction) -> None:
    # screen y points down: counter-clockwise seen from above means the angle grows with -y
    x0, y0 = unit_vector(d)
    x1, y1 = unit_vector(d.left())
    cross = x0 * (-y1) - (-y0) * x1
    assert cross > 0
    assert d.left().right() == d
    assert d.left(3) == d.opposite() == d.right(3)
    assert d.left(6) == d


def test_direction_order_and_names() -> None:
    assert [d.name for d in DIRECTIONS] == ["E", "NE", "NW", "W", "SW", "SE"]
    assert Direction.E.left() is Direction.NE
    assert Direction.E.right() is Direction.SE
    assert Direction.parse(" nw ") is Direction.NW
    with pytest.raises(ValueError, match="unknown direction 'N'"):
        Direction.parse("N")


@given(hexes, hexes)
def test_rotation_keeps_distance_and_matches_direction_turns(h: Hex, c: Hex) -> None:
    assert distance(h.rotate_left(c), c) == distance(h, c)
    assert h.rotate_left(c).rotate_right(c) == h
    r = h
    for _ in range(6):
        r = r.rotate_left(c)
    assert r == h


@given(directions)
def test_rotating_a_direction_vector_turns_the_direction(d: Direction) -> None:
    assert d.vector.rotate_left() == d.left().vector
    assert d.vector.rotate_right() == d.right().vector


@given(hexes, directions, st.integers(min_value=0, max_value=20))
def test_ray_runs_straight(h: Hex, d: Direction, n: int) -> None:
    hexes_on_ray = list(ray(h, d, n))
    assert len(hexes_on_ray) == n
    for k, x in enumerate(hexes_on_ray, start=1):
        assert x == h + d.vector * k
        assert direction_between(h, x) is d


@given(hexes, hexes)
def test_line_is_connected_and_shortest(a: Hex, b: Hex) -> None:
    pts = line(a, b)
    assert pts[0] == a and pts[-1] == b
    assert len(pts) == distance(a, b) + 1
    assert all(distance(p, q) == 1 for p, q in itertools.pairwise(pts))


@given(hexes)
def test_layout_pixel_round_trip(h: Hex) -> None:
    layout = Layout(3.5, (10.0, 20.0))
    assert layout.to_hex(*layout.center(h)) == h
    for x, y in layout.corners(h, scale=0.9):
        assert layout.to_hex(x, y) == h


def test_layout_geometry_pointy_top() -> None:
    layout = Layout(2.0)
    x0, y0 = layout.center(Hex(0, 0))
    x1, y1 = layout.center(Hex(1, 0))  # east
    assert (x1 - x0, y1 - y0) == pytest.approx((2 * math.sqrt(3), 0))
    _x2, y2 = layout.center(Hex(0, 1))  # south-east, lower on the page
    assert y2 - y0 == pytest.approx(3.0)
    # row 1 (odd) col 0 is half a hex left of row 0 col 0 in even-r offset
    assert layout.center(from_offset(1, 0))[0] == pytest.approx(x0 - math.sqrt(3))
    a, b = layout.side_segment(Hex(0, 0), Direction.E)
    assert a[0] == pytest.approx(b[0]) == pytest.approx(math.sqrt(3))
    mx, my = layout.side_midpoint(Hex(0, 0), Direction.NE)
    assert mx > 0 and my < 0


def test_hex_round_picks_nearest() -> None:
    assert hex_round(0.2, 0.1) == Hex(0, 0)
    assert hex_round(0.4, 0.3) == Hex(1, 0)  # s = -0.7 is the largest error
    assert hex_round(0.9, -0.1) == Hex(1, 0)


@given(hexes.filter(lambda h: h != Hex(0, 0)))
def test_wedges_partition_the_plane(h: Hex) -> None:
    k = wedge(h)
    assert wedge(h.rotate_left()) == (k + 1) % 6
    # a ray along direction k lies in wedge k
    for d in DIRECTIONS:
        assert wedge(d.vector * 3) == d


def test_wedge_of_origin_is_an_error() -> None:
    with pytest.raises(ValueError):
        wedge(Hex(0, 0))
