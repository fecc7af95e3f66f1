"""The board picture: every hex, seam and spot where the board says, in print-safe SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from course_builder.core.hexgrid import from_offset
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.render.kit.svg import COLORS, Frame
from course_builder.render.powerboats.lake import board_svg, spot_label_position

NS = {"svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def board():
    return classic_board()


@pytest.fixture(scope="module")
def root(board):
    return ET.fromstring(board_svg(board))


def test_size_in_millimetres_with_viewbox(root) -> None:
    assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
    w = float(root.get("width")[:-2])
    assert float(root.get("viewBox").split(",")[2]) == w
    assert not root.findall(".//svg:marker", NS)


def test_every_hex_with_its_terrain_colour(root, board) -> None:
    polys = root.findall(".//svg:g[@id='hexes']/svg:polygon", NS)
    assert len(polys) == 784
    by_id = {p.get("id"): p for p in polys}
    assert by_id["hex-10-13"].get("fill") == COLORS["water"]  # C3, a water spot
    assert by_id["hex-9-12"].get("fill") == COLORS["land"]  # A1, a one-hex island
    assert by_id["hex-0-0"].get("fill") == COLORS["shore"]  # border land
    assert sum(p.get("class") == "hex water" for p in polys) == 621


def test_spots_drawn_at_their_side(root, board) -> None:
    frame = Frame.fit(board)
    for spot in board.spots:
        g = root.find(f".//svg:g[@id='spot-{spot.id}']", NS)
        assert g is not None, spot.id
        label = g.find("svg:text", NS)
        assert label.text == (f"{spot.id}?" if spot.approximate else spot.id)
        x, y = spot_label_position(frame.layout, spot)
        assert float(label.get("x")) == pytest.approx(x, abs=1e-3)
        assert float(label.get("y")) == pytest.approx(y + 0.8, abs=1e-3)
        assert ("approximate" in label.get("class")) == spot.approximate
        # the label sits inside the spot's hex
        assert frame.layout.to_hex(x, y) == spot.hex


def test_seams_and_slot_names(root, board) -> None:
    seams = root.findall(".//svg:g[@id='seams']/svg:line", NS)
    # the outline of 6 tiles of 12 x 8 hexes: 2 + 3 vertical zigzags and 3 horizontal ones
    assert len(seams) > 150
    names = [t.text for t in root.findall(".//svg:g[@id='slot-names']/svg:text", NS)]
    assert names == [f"{s} · tile {n}d" for s, n in
                     zip(["T00", "T01", "T02", "T10", "T11", "T12"], "123456", strict=True)]
    assert from_offset(2, 2) in board.hexes()


def test_unitless_font_sizes(root) -> None:
    for t in root.iter("{http://www.w3.org/2000/svg}text"):
        float(t.get("font-size"))  # raises if it carries a unit
        assert t.get("font-family").startswith("DejaVu Sans")
