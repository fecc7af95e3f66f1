"""Setup sheets: every piece where the course says, print-safe SVG, PDF pages, PNG pixels."""

from __future__ import annotations

import io
import itertools
import logging
import math
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from PIL import Image

from course_builder.cli import cli
from course_builder.core.hexgrid import from_offset
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.model import ExpansionKind
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.render.kit.export import export
from course_builder.render.kit.pdf import pdf_pages
from course_builder.render.kit.png import png_from_svg
from course_builder.render.kit.svg import COLORS
from course_builder.render.powerboats.pieces import PIECE_COLORS
from course_builder.render.powerboats.sheet import course_sheet, finish
from course_builder.render.powerboats.sheets import game_sheet

SVG = "{http://www.w3.org/2000/svg}"
NS = {"svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def board():
    return classic_board()


@pytest.fixture(scope="module")
def course(board):
    # seed 4, race B: seven expansion tiles including a shifted current (see docs/course-format)
    return CourseMaker(board).generate("B", 4, expansion=True)


@pytest.fixture(scope="module")
def sheet(board, course):
    return course_sheet(board, course)


@pytest.fixture(scope="module")
def pages(sheet):
    return [svg for _name, svg in finish([sheet])]


@pytest.fixture(scope="module")
def root(pages):
    return ET.fromstring(pages[0])


@pytest.fixture(scope="module")
def layout(sheet):
    return sheet.frame.layout


def _points(el) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in el.get("points").split()]


def _centroid(pts) -> tuple[float, float]:
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def test_buoys_at_their_hexes(root, course, layout) -> None:
    for b in course.buoys:
        g = root.find(f".//svg:g[@id='buoy-{b.number}']", NS)
        circle = g.find("svg:circle", NS)
        x, y = layout.center(b.hex)
        assert float(circle.get("cx")) == pytest.approx(x, abs=1e-3)
        assert float(circle.get("cy")) == pytest.approx(y, abs=1e-3)
        label = g.find("svg:text", NS).text
        assert label == ("F" if b.number == "finish" else str(b.number))
        fill = PIECE_COLORS["buoy-start" if b.number in (0, "finish") else "buoy"]
        assert circle.get("fill") == fill
        arrows = g.findall("svg:polyline[@class='rounding-arrow']", NS)
        assert len(arrows) == (1 if b.arrow else 0)


def test_rounding_arrows_turn_in_the_buoys_sense(root, course, layout) -> None:
    for n in (1, 2, 3):
        b = course.buoy(n)
        line = root.find(f".//svg:g[@id='buoy-{n}']/svg:polyline", NS)
        pts = _points(line)
        cx, cy = layout.center(b.hex)
        # signed area of the arc as seen on the page (y down): positive = clockwise on paper
        turn = sum((x1 - cx) * (y2 - cy) - (x2 - cx) * (y1 - cy)
                   for (x1, y1), (x2, y2) in itertools.pairwise(pts))
        assert (turn > 0) == (b.arrow.value == "cw")
        # the arc stays inside the buoy's hex, clear of the spot tick on its side
        assert max(math.dist(p, (cx, cy)) for p in pts) < layout.size * 0.84


def test_start_finish_tile(root, course, layout) -> None:
    hexes = root.findall(".//svg:g[@id='start-finish-tile']/svg:polygon[@class='tile-hex']", NS)
    assert len(hexes) == 4
    for poly, h in zip(hexes, course.tile.hexes, strict=True):
        assert _centroid(_points(poly)) == pytest.approx(layout.center(h), abs=1e-3)


def test_expansion_tiles_with_their_effects(root, course, layout) -> None:
    assert len(course.expansion_tiles) == 7
    for t in course.expansion_tiles:
        g = root.find(f".//svg:g[@id='expansion-{t.spot}']", NS)
        assert g.get("class") == f"expansion {t.kind} piece"
        polys = [p for p in g.findall("svg:polygon", NS) if p.get("fill") == PIECE_COLORS[t.kind]]
        assert len(polys) == 3
        for poly, h in zip(polys, t.hexes, strict=True):
            assert _centroid(_points(poly)) == pytest.approx(layout.center(h), abs=1e-3)
        if t.kind == ExpansionKind.CURRENT:
            assert len(g.findall("svg:polygon[@class='flow']", NS)) == 3
        if t.kind == ExpansionKind.MAELSTROM:
            assert len(g.findall("svg:polygon[@class='maelstrom-sense']", NS)) == 3
        if t.kind == ExpansionKind.LOW_WATER:
            rocks = [int(x.text) for x in g.findall("svg:text[@class='rocks']", NS)]
            assert rocks == list(t.rocks)


def test_title_and_subtitle(root) -> None:
    assert root.find(".//svg:text[@id='title']", NS).text == "Powerboats · Race B (second race)"
    subtitle = root.find(".//svg:text[@id='subtitle']", NS).text
    assert subtitle == "lake: classic · seed 4 · Expansion 1"


def test_print_safe_dialect(pages) -> None:
    for svg in pages:
        assert "<marker" not in svg
        root = ET.fromstring(svg)
        assert root.get("width").endswith("mm")
        for t in root.iter(f"{SVG}text"):
            float(t.get("font-size"))
            assert t.get("font-family") == "DejaVu Sans, sans-serif"
            assert t.get("font-style") is None


def test_same_seed_same_bytes(board, course, pages) -> None:
    assert [svg for _n, svg in finish([course_sheet(board, course)])] == pages


def _pdf_boxes(data: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([0-9.]+)\s+([0-9.]+)\s*\]", data)
    return [(float(w), float(h)) for w, h in boxes]


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_pdf_pages_and_paper(board, course, paper, size, caplog) -> None:
    with caplog.at_level(logging.WARNING, logger="fpdf"):
        data = export(game_sheet(board, [course], paper=paper), "pdf", paper=paper)[0][1]
    assert not [r for r in caplog.records if r.name.startswith("fpdf")], caplog.text
    assert data.startswith(b"%PDF")
    boxes = _pdf_boxes(data)
    assert boxes and all(b == pytest.approx(size, abs=0.1) for b in boxes)
    assert re.search(rb"/Count 1\b", data)  # the legend beside the map keeps it on one page


def test_whole_game_pdf_has_every_page_and_mats(board, caplog) -> None:
    maker = CourseMaker(board)
    courses = [maker.generate(r, 9) for r in "ABC"]
    with caplog.at_level(logging.WARNING, logger="fpdf"):
        data = export(game_sheet(board, courses, mats=True), "pdf")[0][1]
    assert not [r for r in caplog.records if r.name.startswith("fpdf")], caplog.text
    pages = sum(len(course_sheet(board, c).pages) for c in courses) + 1
    assert re.search(rf"/Count {pages}\b".encode(), data)


def test_svg_marker_makes_the_fpdf_guard_fail(caplog) -> None:
    """The warning guard above can fail: an SVG marker is reported by fpdf2."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" '
           'viewBox="0 0 10 10"><defs><marker id="m"/></defs><line x1="0" y1="0" x2="5" y2="5" '
           'stroke="black" marker-end="url(#m)"/></svg>')
    with caplog.at_level(logging.WARNING, logger="fpdf"):
        pdf_pages([svg])
    assert any(r.name.startswith("fpdf") for r in caplog.records)


def test_png_pixels(pages, course, layout) -> None:
    dpi = 100
    image = Image.open(io.BytesIO(png_from_svg(pages[0], dpi=dpi))).convert("RGB")

    def pixel(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return image.getpixel((round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)))

    def rgb(hex_colour: str) -> tuple[int, int, int]:
        return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))

    def near(a, b, tol=12) -> bool:
        return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))

    # buoy 1's disc, just off its number
    bx, by = layout.center(course.buoy(1).hex)
    assert near(pixel(bx - layout.size * 0.4, by), rgb(PIECE_COLORS["buoy"]))
    # an island hex inside a tile: (17, 12) in the classic lake, far from every piece
    ix, iy = layout.center(from_offset(17, 12))
    assert near(pixel(ix + 0.8, iy + 0.8), rgb(COLORS["land"]))
    # open water: (22, 16)
    wx, wy = layout.center(from_offset(22, 16))
    assert near(pixel(wx + 0.8, wy + 0.8), rgb(COLORS["water"]))


def test_sheet_command_outputs(tmp_path, monkeypatch) -> None:
    runner = CliRunner()
    monkeypatch.chdir(tmp_path)  # the default output folder is ./output
    result = runner.invoke(cli, ["powerboats", "sheet", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert result.stderr == "wrote output/powerboats-A-3.pdf\n"
    assert (tmp_path / "output" / "powerboats-A-3.pdf").read_bytes().startswith(b"%PDF")
    game = runner.invoke(cli, ["powerboats", "sheet", "--race", "game", "--seed", "3",
                               "--format", "svg", "--mats", "-o", "out/game.svg"])
    assert game.exit_code == 0, game.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "game-A.svg", "game-B.svg", "game-C.svg", "game-mats.svg"]
    png = runner.invoke(cli, ["powerboats", "sheet", "--race", "C", "--seed", "3",
                              "--format", "png", "--dpi", "100", "-o", "c.png"])
    assert png.exit_code == 0
    assert (tmp_path / "c.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sheet_from_a_course_file(tmp_path) -> None:
    runner = CliRunner()
    course_file = tmp_path / "c.json"
    runner.invoke(cli, ["powerboats", "course", "--race", "B", "--seed", "8", "--format", "json",
                        "-o", str(course_file)])
    out = tmp_path / "c.svg"
    result = runner.invoke(cli, ["powerboats", "sheet", str(course_file),
                                 "--format", "svg", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "Race B" in out.read_text()
    bad = course_file.read_text().replace('"arrow": "cw"', '"arrow": "sideways"', 1)
    course_file.write_text(bad)
    failed = runner.invoke(cli, ["powerboats", "sheet", str(course_file)])
    assert failed.exit_code == 1 and failed.stderr.startswith(f"Error: {course_file}:")
    assert "buoys[1].arrow: expected an arrow, 'cw' or 'ccw', got 'sideways'" in failed.stderr


def test_pdf_of_a_turned_lake_on_letter_has_no_warnings(caplog) -> None:
    """Turned tiles (an upside-down number in the slot diagram), expansion tiles, Letter paper and
    the mats: fpdf2 reads every element."""
    from course_builder.powerboats.lake.catalog import BoardChoice, Catalog

    board = Catalog().make(BoardChoice("classic", True, True), 0)
    course = CourseMaker(board).generate("C", 0, expansion=True)
    with caplog.at_level(logging.WARNING, logger="fpdf"):
        data = export(game_sheet(board, [course], paper="letter", mats=True), "pdf",
                      paper="letter")[0][1]
    assert not [r for r in caplog.records if r.name.startswith("fpdf")], caplog.text
    assert re.search(rb"/Count 2\b", data)  # the race on one page, then the mats
    assert b"rotate" not in data  # the SVG's transform became PDF operators
