"""Setup sheets ready for the table (issue 12): pages laid out for A4 and Letter with text at print
size, step 0 and its slot diagram, no label over a piece, start and finish at a glance, rounding
chevrons, the legend, coastlines, the course code, mats, PNG resolution."""

from __future__ import annotations

import io
import itertools
import math
import struct
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from course_builder.core.hexgrid import Direction
from course_builder.powerboats.course.code import course_code, course_code_data
from course_builder.powerboats.course.describe import placement_steps
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.course.load import load_course
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.course.tile import crossing_side
from course_builder.powerboats.lake.board import BORDER
from course_builder.powerboats.lake.catalog import BoardChoice, Catalog, classic_board
from course_builder.render.kit import fonts, metrics
from course_builder.render.kit.boxes import line_boxes, text_box
from course_builder.render.kit.outline import _corners, hex_outlines
from course_builder.render.kit.paper import MM_PER_PT, PAPERS
from course_builder.render.kit.pdf import Placement, placement, svg_size
from course_builder.render.kit.png import png_from_svg
from course_builder.render.powerboats.mats import mats_svg
from course_builder.render.powerboats.pieces import (
    chevron,
    chevron_places,
    chevron_vector,
    crossing_vector,
)
from course_builder.render.powerboats.sheet import (
    MIN_HEX_MM,
    MIN_MAP_SHARE,
    SMALL_HEX_MM,
    course_sheet,
    finish,
)
from course_builder.render.powerboats.startfinish import lineup_hexes
from tests.sheet_geometry import element_boxes, overlaps

SVG = "{http://www.w3.org/2000/svg}"
NS = {"svg": "http://www.w3.org/2000/svg"}
CATALOG = Catalog()


def _sheet(race: str, seed: int, expansion: bool, paper: str = "a4", shuffle: bool = False):
    board = CATALOG.make(BoardChoice("classic", shuffle, shuffle), seed)
    course = CourseMaker(board).generate(race, seed, expansion=expansion)
    sheet = course_sheet(board, course, paper_name=paper)
    return board, course, sheet, [ET.fromstring(svg) for _n, svg in finish([sheet])]


@pytest.fixture(scope="module", params=["a4", "letter"])
def expansion_sheet(request):
    return _sheet("B", 4, True, request.param)


def _pt(el: ET.Element) -> float:
    return round(float(el.get("font-size")) / MM_PER_PT, 2)


def _texts(roots, cls: str) -> list[ET.Element]:
    """Texts of a class, or in a group of that class (labels: their halo and text)."""
    out = []
    for r in roots:
        for g in r.iter():
            if cls in (g.get("class") or "").split():
                out.extend(g.iter(f"{SVG}text"))
    return out


# -- 1. paper fit ---------------------------------------------------------------------------------

def test_pages_are_the_paper_with_text_at_print_size(expansion_sheet) -> None:
    _board, _course, sheet, roots = expansion_sheet
    paper = sheet.paper
    for svg in (ET.tostring(r, encoding="unicode") for r in roots):
        assert svg_size(svg) == (paper.width, paper.height)
        # the PDF places a page drawn for its paper unscaled: sizes below are printed sizes
        assert placement(svg_size(svg), paper) == Placement(0.0, 0.0, paper.width,
                                                             paper.height, 1.0)
    every = [t for r in roots for t in r.iter(f"{SVG}text")]
    assert min(_pt(t) for t in every) == 7.0
    assert {_pt(t) for t in _texts(roots, "body")} == {9.0}
    assert {_pt(t) for t in _texts(roots, "axis-label")} == {7.0}
    assert {_pt(t) for t in _texts(roots, "label")} == {8.0}  # spots, slots, start, finish
    assert {_pt(t) for t in _texts(roots, "title")} == {14.0}
    assert len(_texts(roots, "instruction")) > 10


def test_everything_inside_the_printable_area(expansion_sheet) -> None:
    _board, _course, sheet, roots = expansion_sheet
    p = sheet.paper
    for root in roots:
        for t in root.iter(f"{SVG}text"):
            if t.get("transform"):
                continue
            box = text_box(t.text, float(t.get("x")), float(t.get("y")), float(t.get("font-size")),
                           anchor=t.get("text-anchor", "start"), bold=t.get("font-weight") ==
                           "bold")
            assert p.left - 0.01 <= box.x0 and box.x1 <= p.right + 0.01, t.text
            assert p.top - 0.01 <= box.y0 and box.y1 <= p.bottom + 0.01, t.text


def test_map_as_wide_as_the_printable_area() -> None:
    """When the steps go on to page two anyway, the map takes the whole width, the legend
    below it."""
    _board, _course, sheet, roots = _random_sheet(20, 12, 0.12, 1, True)
    assert sheet.frame.box.x0 == pytest.approx(sheet.paper.left, abs=1e-9)
    assert sheet.frame.box.x1 == pytest.approx(sheet.paper.right, abs=1e-9)
    assert sheet.frame.layout.size == pytest.approx(2.6467, abs=1e-4)
    legend = roots[0].find(".//svg:g[@id='legend']/svg:text", NS)
    assert float(legend.get("y")) > sheet.frame.box.y1  # the legend below the map


def test_the_legend_beside_the_map_keeps_an_expansion_race_on_one_page(expansion_sheet) -> None:
    """Issue: a race with Expansion 1 took two pages, the second two-thirds blank. With the
    legend in one column beside a narrower map (hexes still MIN_HEX_MM wide at least), the
    steps fit under them."""
    _board, course, sheet, roots = expansion_sheet
    assert len(roots) == 1
    p = sheet.paper
    assert sheet.frame.box.x0 == pytest.approx(p.left, abs=1e-9)
    assert sheet.frame.layout.width >= MIN_HEX_MM
    heading = roots[0].find(".//svg:g[@id='legend']/svg:text", NS)
    assert float(heading.get("x")) > sheet.frame.box.x1  # beside the map
    assert float(heading.get("y")) < sheet.frame.box.y1
    lines = " ".join(t.text for t in _texts(roots, "instruction"))
    for i, step in enumerate(placement_steps(course), start=1):
        assert f"{i}. {step}" in lines
    assert overlaps(roots[0]) == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("race", "seed", "shuffle"), [("A", 7, False), ("C", 3, True),
                                                       ("B", 2, False), ("A", 5, True)])
def test_an_expansion_race_on_the_classic_lake_fits_one_page(race, seed, shuffle, paper) -> None:
    _b, _c, sheet, roots = _sheet(race, seed, True, paper, shuffle)
    assert len(roots) == 1 and sheet.frame.layout.width >= MIN_HEX_MM


def _random_sheet(rows: int, cols: int, density: float, seed: int, expansion: bool,
                  paper: str = "a4"):
    from course_builder.powerboats.lake.lakegen import LakeParams

    board = CATALOG.make(BoardChoice("random", lake=LakeParams(rows, cols, density)), seed)
    course = CourseMaker(board).generate("A", seed, expansion=expansion)
    sheet = course_sheet(board, course, paper_name=paper)
    return board, course, sheet, [ET.fromstring(svg) for _n, svg in finish([sheet])]


def test_steps_that_do_not_fit_go_on_a_second_page() -> None:
    """A tall random lake with Expansion 1: beside the legend its hexes would be narrower than
    MIN_HEX_MM, so the steps continue on page two."""
    _board, course, _sheet, roots = _random_sheet(20, 12, 0.12, 1, True)
    assert len(roots) == 2
    assert roots[1].find(".//svg:text[@id='title-continued']", NS).text == (
        "Powerboats · Race A (first race), continued")
    codes = [r.find(".//svg:g[@id='course-code']", NS).get("data-code") for r in roots]
    assert codes == [course_code(course)] * 2  # a loose page still names its course
    lines = [t.text for t in _texts(roots, "instruction")]
    joined = " ".join(lines)
    for i, step in enumerate(placement_steps(course), start=1):
        assert f"{i}. {step}" in joined
    assert [t.text for t in roots[-1].iter(f"{SVG}text") if t.get("id") == "footer"] == [
        "Powerboats race A · page 2 of 2"]


def test_a_race_without_expansion_starts_its_steps_on_page_one() -> None:
    _b, _c, _s, roots = _sheet("A", 3, False, "a4")
    assert roots[0].find(".//svg:text[@id='steps-heading']", NS) is not None
    assert _texts(roots[:1], "instruction")[0].text.startswith("0. Lay the six lake tiles")


@pytest.mark.parametrize(("race", "paper"), [(r, p) for r in "ABC" for p in ("a4", "letter")])
def test_a_race_without_expansion_fits_one_page(race, paper) -> None:
    """Issue 12, "Paper fit": the map gives up a little height (never below MIN_MAP_SHARE of
    the page) rather than send a line or two of the steps to a second page."""
    for seed in (1, 2, 3):
        _b, _c, sheet, roots = _sheet(race, seed, False, paper)
        assert len(roots) == 1, (race, seed)
        printable = sheet.paper.bottom - sheet.paper.top
        assert sheet.frame.box.y1 - sheet.frame.box.y0 >= MIN_MAP_SHARE * printable - 1.0


@pytest.mark.parametrize(("lake", "seed", "paper"), [
    ((16, 10, 0.15), 1, "letter"), ((20, 12, 0.12), 2, "a4"), ((24, 6, 0.12), 3, "letter")])
def test_a_step_is_never_split_between_pages(lake, seed, paper) -> None:
    _b, _c, _s, roots = _random_sheet(*lake, seed, True, paper)
    assert len(roots) == 2
    for root in roots:
        lines = [t.text for t in _texts([root], "instruction")]
        assert not lines or lines[0][:1].isdigit(), lines[:1]  # a page starts with a step


@pytest.mark.parametrize(("paper", "pixels"), [("a4", (2480, 3508)), ("letter", (2550, 3300))])
def test_png_is_the_paper_at_300_dpi(paper, pixels) -> None:
    _b, _c, _s, roots = _sheet("A", 3, False, paper)
    png = png_from_svg(ET.tostring(roots[0], encoding="unicode"), 300)
    image = Image.open(io.BytesIO(png))
    assert image.size == pixels
    at = png.index(b"pHYs")
    assert struct.unpack(">IIB", png[at + 4:at + 13]) == (11811, 11811, 1)  # 300 dpi
    assert png[12:16] == b"IHDR" and png[8 + 25 + 4:8 + 25 + 8] == b"pHYs"  # right after IHDR


# -- 2. lay the lake first ----------------------------------------------------------------------------

def test_step_zero_and_the_slot_diagram_say_which_tile_where() -> None:
    board, _course, _made, roots = _sheet("C", 0, False, "a4", shuffle=True)
    assert board.source.arrangement == "T00=3dr T01=5d T02=6dr T10=2dr T11=4d T12=1dr"
    step0 = " ".join(t.text for t in _texts(roots, "instruction")[:4])
    assert step0.startswith("0. Lay the six lake tiles in the frame, dark side up, left to "
                            "right: top row (T00, T01, T02): tile 3 turned, tile 5, tile 6 "
                            "turned; bottom row (T10, T11, T12): tile 2 turned, tile 4, tile 1 "
                            "turned. 'Turned': rotated by 180 degrees (code r).")
    cells = {}
    for g in (g for r in roots for g in r.iter(f"{SVG}g") if g.get("class") == "slot-cell"):
        texts = {t.get("class"): t for t in g.iter(f"{SVG}text")}
        cells[texts["slot-name"].text] = (texts["slot-tile"].text, texts["slot-side"].text,
                                          "slot-turned" in texts,
                                          (texts["slot-tile"].get("transform") or "")[:10])
    assert cells == {"T00": ("3", "dark", True, "rotate(180"), "T01": ("5", "dark", False, ""),
                     "T02": ("6", "dark", True, "rotate(180"), "T10": ("2", "dark", True,
                                                                         "rotate(180"),
                     "T11": ("4", "dark", False, ""), "T12": ("1", "dark", True, "rotate(180")}
    slot_labels = sorted(t.text for t in _texts(roots, "label") if t.text.startswith("T"))
    assert slot_labels == ["T00 · 3dr", "T01 · 5d", "T02 · 6dr", "T10 · 2dr", "T11 · 4d",
                           "T12 · 1dr"]


# -- 3. nothing hides a label ----------------------------------------------------------------------

SWEEP = [(race, seed, expansion, paper, seed % 2 == 1)
         for seed in range(6) for race in "ABC" for expansion in (False, True)
         for paper in (("a4", "letter")[(seed + expansion) % 2],)]


@pytest.mark.parametrize(("race", "seed", "expansion", "paper", "shuffle"), SWEEP)
def test_no_label_over_a_piece_or_another_label(race, seed, expansion, paper, shuffle) -> None:
    _b, _c, _s, roots = _sheet(race, seed, expansion, paper, shuffle)
    assert overlaps(roots[0]) == []


def test_the_overlap_check_can_fail(expansion_sheet) -> None:
    """Moving a spot label onto its buoy is reported."""
    _b, course, sheet, roots = expansion_sheet
    root = ET.fromstring(ET.tostring(roots[0]))
    spot = course.buoy(1).spot
    g = next(g for g in root.iter(f"{SVG}g") if (g.find(f"{SVG}text") is not None and
                                                  g.find(f"{SVG}text").get("id") ==
                                                  f"spot-{spot}"))
    x, y = sheet.frame.layout.center(course.buoy(1).hex)
    g.find(f"{SVG}rect").set("x", str(x - 1))
    g.find(f"{SVG}rect").set("y", str(y - 1))
    assert f"spot-{spot} over buoy-1" in overlaps(root)


def test_labels_sit_on_halos(expansion_sheet) -> None:
    _b, _c, _s, roots = expansion_sheet
    groups = [g for g in roots[0].iter(f"{SVG}g") if "label" in (g.get("class") or "").split()]
    assert len(groups) == 12 + 6 + 2  # spots, slots, start and finish
    for g in groups:
        rect, t = g.find(f"{SVG}rect"), g.find(f"{SVG}text")
        assert rect.get("class") == "halo" and rect.get("fill") == "#ffffff"
        box = text_box(t.text, float(t.get("x")), float(t.get("y")), float(t.get("font-size")),
                       anchor="middle", bold=t.get("font-weight") == "bold")
        assert float(rect.get("x")) < box.x0 and box.x1 < float(rect.get("x")) + float(
            rect.get("width"))


# -- 4. start and finish at a glance -------------------------------------------------------------

@pytest.mark.parametrize(("race", "seed"), [("A", 5), ("B", 4), ("C", 2)])
def test_lineup_area_is_behind_the_tile(race, seed) -> None:
    board, course, sheet, roots = _sheet(race, seed, False)
    layout = sheet.frame.layout
    tile = course.tile
    hexes = lineup_hexes(board, course, layout)
    assert hexes and roots[0].find(".//svg:g[@id='lineup-area']/svg:path", NS) is not None
    behind = -crossing_side(tile.axis, tile.start_direction)
    x0, y0 = layout.center(tile.hexes[0])
    ax, ay = (math.cos(math.radians(60 * tile.axis)), -math.sin(math.radians(60 * tile.axis)))
    for h in hexes:
        x, y = layout.center(h)
        side = ax * -(y - y0) + ay * (x - x0)  # y up: left of the axis is positive
        assert side * behind > 0 and board.is_water(h) and h not in tile.hexes
        # moving in the start direction from the line-up area leads towards the tile
        sx, sy = math.cos(math.radians(60 * tile.start_direction)), -math.sin(
            math.radians(60 * tile.start_direction))
        assert (x0 - x) * sx + (y0 - y) * sy > -layout.size * 3


def test_start_and_finish_arrows(expansion_sheet) -> None:
    _b, course, _s, roots = expansion_sheet
    root = roots[0]
    route = [tuple(map(float, p.split(","))) for p in
             root.find(".//svg:polyline[@id='route']", NS).get("points").split()]
    route_boxes = line_boxes(route, 0.4)
    for kind, direction in (("start", course.tile.start_direction),
                            ("finish", course.tile.finish_direction)):
        g = root.find(f".//svg:g[@id='{kind}-arrow']", NS)
        line = g.findall("svg:line", NS)[-1]
        a = (float(line.get("x1")), float(line.get("y1")))
        b = (float(line.get("x2")), float(line.get("y2")))
        angle = math.degrees(math.atan2(a[1] - b[1], b[0] - a[0])) % 360
        assert angle == pytest.approx(60 * direction, abs=0.01)
        assert line.get("stroke") == {"start": "#15803d", "finish": "#b91c1c"}[kind]
        # clear of the route
        assert not any(x.overlaps(r) for x in line_boxes([a, b], 0.6) for r in route_boxes)
    labels = {t.text for t in _texts([root], "arrow-label")}
    buoy = root.find(".//svg:g[@id='buoy-finish']/svg:text", NS).text
    assert labels == {"start", "finish"} and buoy == "F"


# -- 5. rounding lines that read ---------------------------------------------------------------

def test_chevrons_point_across_the_line_on_every_direction() -> None:
    for direction in Direction:
        for sense in Sense:
            v = chevron_vector(direction, sense)
            c = crossing_vector(direction, sense)
            assert v[0] * c[0] + v[1] * c[1] >= math.cos(math.radians(30)) - 1e-9
            # square to the page: straight up/down on an E-W line, across on a diagonal
            assert abs(v[0]) < 1e-9 or abs(v[1]) < 1e-9


def test_chevrons_drawn_over_the_route(expansion_sheet) -> None:
    _b, course, sheet, roots = expansion_sheet
    layout = sheet.frame.layout
    order = [el.get("id") for el in roots[0].iter() if el.get("id")]
    assert order.index("route") < order.index("rounding-lines")
    # spot ticks over every piece (a rounding arrow never hides one), labels over everything
    assert (order.index("expansion-tiles") < order.index("buoys") < order.index("spot-ticks")
            < order.index("labels"))
    for n, line in enumerate(course.rounding_lines, start=1):
        g = roots[0].find(f".//svg:g[@id='rounding-line-{n}']", NS)
        chevrons = g.findall("svg:polyline[@class='chevron']", NS)
        casings = g.findall("svg:polyline[@class='casing']", NS)
        assert len(chevrons) == len(casings) == len(line.hexes)  # no tile on these lines
        vx, vy = chevron_vector(line.direction, course.buoy(n).arrow)
        places = chevron_places(course, n, layout)
        assert None not in places
        for el, h, ((cx, cy), arm) in zip(chevrons, line.hexes, places, strict=True):
            (w1, apex, w2) = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            assert math.dist((cx, cy), layout.center(h)) <= layout.width / 2 + 1e-6
            assert (apex[0] - cx) * vx + (apex[1] - cy) * vy > 0  # points the way to cross
            assert math.dist(apex, w1) == pytest.approx(math.dist(apex, w2), abs=2e-3)
            assert math.dist(apex, w1) == pytest.approx(arm, abs=2e-3)
            assert float(el.get("stroke-width")) == 0.6


SMALL_LAKE = (6, 6, 0.3, 11)
"""The sheet of issue 28: ``sheet --board random --seed 11 --density 0.3 --tile-size 6x6
--expansion``, where buoy 3's chevron covered a low-water hex's rocks and the start and finish
arrowheads ran into each other."""


def _mark_boxes(root: ET.Element) -> list:
    """The boxes of what is printed on the expansion tiles: rocks, R, flows and turns."""
    out = []
    for g in root.iter(f"{SVG}g"):
        if "expansion" not in (g.get("class") or "").split():
            continue
        for el in g:
            if el.tag == f"{SVG}text":
                out.append(text_box(el.text, float(el.get("x")), float(el.get("y")),
                                    float(el.get("font-size")), anchor="middle", bold=True))
            elif el.tag != f"{SVG}polygon" or el.get("class") in ("flow", "maelstrom-sense"):
                out.extend(element_boxes(el))
    return out


@pytest.mark.parametrize(("rows", "cols", "density", "seed"),
                         [SMALL_LAKE, (6, 6, 0.3, 3), (8, 6, 0.25, 5), (12, 8, 0.2, 11)])
def test_no_chevron_covers_what_an_expansion_tile_shows(rows, cols, density, seed) -> None:
    """COURSE-17's chevrons and COURSE-10's tiles: a chevron on a tile's hex moves off the
    centre, where the tile's rocks, R, flow or turn are printed."""
    _board, _course, _sheet, roots = _random_sheet(rows, cols, density, seed, True)
    marks = _mark_boxes(roots[0])
    chevrons = [b for el in roots[0].iter(f"{SVG}polyline") if el.get("class") == "chevron"
                for b in element_boxes(el)]
    assert marks and chevrons
    assert not [(m, c) for m in marks for c in chevrons if m.overlaps(c)]


def test_the_overlap_of_a_chevron_and_rocks_is_seen() -> None:
    """The check above on the sheet as it was: the chevron back on the rocks' hex centre."""
    _board, course, sheet, roots = _random_sheet(*SMALL_LAKE, True)
    layout = sheet.frame.layout
    rocks = next(t for t in course.expansion_tiles if t.rocks)
    crossed = next(h for line in course.rounding_lines for h in line.hexes if h in rocks.hexes)
    arm = chevron(layout.center(crossed), (1.0, 0.0), layout.size * 0.75)
    assert any(m.overlaps(b) for m in _mark_boxes(roots[0]) for b in line_boxes(arm, 0.6))


def _arrow_boxes(root: ET.Element, kind: str) -> list:
    g = root.find(f".//svg:g[@id='{kind}-arrow']", NS)
    return [b for el in g.iter() for b in element_boxes(el, 0.0)]


@pytest.mark.parametrize(("rows", "cols", "density", "seed"),
                         [SMALL_LAKE, (6, 6, 0.3, 3), (8, 6, 0.25, 5), (12, 8, 0.12, 4)])
def test_start_and_finish_arrows_stand_apart(rows, cols, density, seed) -> None:
    """COURSE-16: two arrows through two tile hexes; their heads (and shafts) stay a millimetre
    apart at least, so they never read as one mark."""
    _b, _c, _s, roots = _random_sheet(rows, cols, density, seed, True)
    start, finish_ = _arrow_boxes(roots[0], "start"), _arrow_boxes(roots[0], "finish")
    assert start and finish_
    assert not [(a, b) for a in start for b in finish_ if a.grown(0.5).overlaps(b.grown(0.5))]


def _axis_labels(root: ET.Element) -> tuple[list, list]:
    """Column numbers (centred above the lake) and row numbers (set right, to its left)."""
    cols, rows = [], []
    for t in root.iter(f"{SVG}text"):
        if t.get("class") != "axis-label":
            continue
        box = text_box(t.text, float(t.get("x")), float(t.get("y")), float(t.get("font-size")),
                       anchor=t.get("text-anchor"))
        (cols if t.get("text-anchor") == "middle" else rows).append((int(t.text), box))
    return cols, rows


@pytest.mark.parametrize(("lake", "every"), [((48, 48, 0.12, 11), 5), ((12, 8, 0.12, 11), 1)])
def test_row_and_column_numbers_never_run_together(lake, every) -> None:
    """With 48x48 tiles the numbers ran into each other: every 5th is printed when every one
    does not fit; a usual lake numbers every row and column."""
    board, _c, _s, roots = _random_sheet(*lake, False)
    cols, rows = _axis_labels(roots[0])
    for numbers, count in ((cols, board.cols), (rows, board.rows)):
        assert [n for n, _ in numbers] == list(range(0, count, every))
        boxes = [b for _, b in numbers]
        assert not [(a, b) for a, b in itertools.pairwise(boxes) if a.overlaps(b)]


def test_hexes_printed_about_a_millimetre_wide_are_said_on_the_sheet() -> None:
    _b, _c, sheet, roots = _random_sheet(48, 48, 0.12, 11, False)
    assert sheet.frame.layout.width < SMALL_HEX_MM
    note = " ".join(t.text for t in roots[0].iter(f"{SVG}text")
                    if "scale-note" in (t.get("class") or ""))
    assert note.startswith(f"Note: the hexes print {sheet.frame.layout.width:.1f} mm across")
    assert "columns are numbered every 5, rows every 5" in note
    for lake in ((12, 8, 0.12, 11), (6, 6, 0.3, 11)):
        _b, _c, _s, roots = _random_sheet(*lake, True)
        assert not [t for t in roots[0].iter(f"{SVG}text")
                    if "scale-note" in (t.get("class") or "")]


@pytest.mark.parametrize(("rows", "cols", "density", "seed", "paper"),
                         [(*SMALL_LAKE, "a4"), (*SMALL_LAKE, "letter"), (6, 6, 0.3, 3, "a4"),
                          (8, 6, 0.25, 5, "letter"), (48, 48, 0.12, 11, "a4")])
def test_no_label_over_a_piece_on_random_lakes(rows, cols, density, seed, paper) -> None:
    _b, _c, _s, roots = _random_sheet(rows, cols, density, seed, True, paper)
    assert overlaps(roots[0]) == []


# -- 6. a complete legend ---------------------------------------------------------------------------

def test_legend_entries(expansion_sheet) -> None:
    _b, _c, _s, roots = expansion_sheet
    entries = {g.get("class").split()[1].removeprefix("legend-"): " ".join(
        t.text for t in g.iter(f"{SVG}text") if "legend-label" in (t.get("class") or ""))
        for g in roots[0].iter(f"{SVG}g") if "legend-entry" in (g.get("class") or "")}
    assert entries == {
        "water": "open water", "island": "island", "shore": "shore (the lake's frame)",
        "spot": "letter spot; tick: its letter's side",
        "approximate": "? approximate: check your board",
        "slot": "T00 · 1d: slot, tile 1, dark side up",
        "buoy": "buoy 1-3, rounding arrow", "buoy-start": "start buoy 0, finish buoy F",
        "chevron": "rounding line: cross it this way", "tile": "start/finish tile",
        "lineup": "line-up: on or behind the tile",
        "start": "start arrow: crossing at the start",
        "finish": "finish arrow: crossing to finish",
        "route-ignoring-tiles": "route ignoring tiles: 56 hexes",
        "redoubt": "redoubt tile", "current": "current, arrows: flow",
        "maelstrom": "maelstrom, arrow: turn", "low-water": "low water, number: rocks"}


def test_route_without_tiles_is_the_plain_route() -> None:
    _b, course, _s, roots = _sheet("A", 3, False)
    route = roots[0].find(".//svg:polyline[@id='route']", NS)
    assert route.get("stroke-dasharray") == "1.2,0.8"
    assert f"shortest legal route: {course.route.length} hexes" in {
        t.text for t in roots[0].iter(f"{SVG}text")}


# -- 8. coastlines -------------------------------------------------------------------------------------

def _components(board, hexes) -> int:
    left, count = set(hexes), 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            h = todo.pop()
            for n in h.neighbors():
                if n in left:
                    left.remove(n)
                    todo.append(n)
    return count


def test_each_island_is_one_outline(expansion_sheet) -> None:
    board, _c, _s, roots = expansion_sheet
    islands = [h for i, h in enumerate(board.hexes()) if not board.water[i]
               and board.section(h) != BORDER]
    paths = roots[0].findall(".//svg:g[@id='lake']/svg:path[@class='island']", NS)
    assert len(paths) == _components(board, islands) == 34
    assert all(p.get("d").count("M") >= 1 for p in paths)
    assert not roots[0].findall(".//svg:polygon[@class='hex land']", NS)


def test_coverage_union_is_the_unary_union() -> None:
    import shapely

    board = classic_board()
    land = [h for i, h in enumerate(board.hexes()) if not board.water[i]]
    polygons = shapely.polygons([_corners(h) for h in land])
    assert shapely.coverage_union_all(polygons).equals(shapely.unary_union(polygons))
    assert len(hex_outlines(classic_board_layout(), land)) == _components(board, land)


def classic_board_layout():
    from course_builder.core.hexgrid import Layout

    return Layout(3.0, (0.0, 0.0))


# -- 9. the course in one line ---------------------------------------------------------------------

@pytest.mark.parametrize(("race", "seed", "expansion", "shuffle"),
                         [("A", 3, False, False), ("B", 4, True, False), ("C", 0, True, True)])
def test_the_code_on_the_sheet_reads_back_to_the_course(race, seed, expansion, shuffle) -> None:
    board, course, _s, roots = _sheet(race, seed, expansion, "a4", shuffle)
    g = roots[0].find(".//svg:g[@id='course-code']", NS)
    printed = "".join(t.text for t in g.findall("svg:text", NS)).removeprefix("Course code: ")
    assert printed == g.get("data-code") == course_code(course, board)
    board2, course2 = load_course(course_code_data(printed), CATALOG)
    assert (course2.buoys, course2.tile, course2.expansion_tiles, course2.route) == (
        course.buoys, course.tile, course.expansion_tiles, course.route)
    assert board2.source.arrangement == board.source.arrangement


# -- 10. mats ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_mats_have_equal_margins(paper) -> None:
    svg = mats_svg(paper=paper, footer="Powerboats · player mats · page 4 of 4")
    root = ET.fromstring(svg)
    frames = root.findall(".//svg:rect[@class='mat-frame']", NS)
    left = min(float(r.get("x")) for r in frames)
    right = PAPERS[paper].width - max(float(r.get("x")) + float(r.get("width")) for r in frames)
    assert left == pytest.approx(right, abs=1e-9) and left >= PAPERS[paper].margin
    bottom = max(float(r.get("y")) + float(r.get("height")) for r in frames)
    footer = root.find(".//svg:text[@id='footer']", NS)
    top_of_footer = text_box(footer.text, float(footer.get("x")), float(footer.get("y")),
                             float(footer.get("font-size")), anchor="end").y0
    assert bottom < top_of_footer and footer.text == "Powerboats · player mats · page 4 of 4"
    image = Image.open(io.BytesIO(png_from_svg(svg, 100))).convert("L")
    ink = [x for x in range(image.width)
           if any(image.getpixel((x, y)) < 200 for y in range(0, image.height, 3))]
    assert abs(ink[0] - (image.width - 1 - ink[-1])) <= 2


# -- the kit --------------------------------------------------------------------------------------------

def test_metrics_are_the_fonts_advances() -> None:
    from fontTools.ttLib import TTFont

    for path, table in ((fonts.regular(), metrics.REGULAR), (fonts.bold(), metrics.BOLD)):
        font = TTFont(str(path), lazy=True)
        cmap, hmtx = font.getBestCmap(), font["hmtx"]
        assert font["head"].unitsPerEm == metrics.UNITS_PER_EM
        assert tuple(hmtx[cmap[ord(ch)]][0] for ch in metrics.CHARACTERS) == table
    assert metrics.text_width("A1", 2048, bold=True) == 1585 + 1425


def test_the_cut_fonts_keep_latin_greek_cyrillic_and_the_sheet_symbols() -> None:
    """data/fonts/ holds DejaVu Sans cut down for speed (render/kit/fonts.py): names of clubs,
    players and lakes in the European scripts still print, and so does every character the
    sheets use; a bold face has what the regular one has."""
    from fontTools.ttLib import TTFont

    wanted = (metrics.CHARACTERS + "ÄÖÜßàçéñøÅąćęłńóśźżČŠŽőűĞİşΑΩαωάДЖЯдяёЇ€£№™←↑↓≤≥≠−•■□▲▼◆○●")
    cmaps = [TTFont(str(path), lazy=True).getBestCmap() for path in (fonts.regular(), fonts.bold())]
    for cmap in cmaps:
        assert not [ch for ch in wanted if ord(ch) not in cmap]
        assert len(cmap) >= 1600
    assert set(cmaps[1]) >= set(cmaps[0])


def test_a_random_lake_sheet_has_no_tile_step_nor_question_marks() -> None:
    from course_builder.powerboats.lake.lakegen import LakeParams

    board = CATALOG.make(BoardChoice("random", lake=LakeParams(12, 8, 0.12)), 4)
    course = CourseMaker(board).generate("A", 4)
    roots = [ET.fromstring(svg) for _n, svg in finish([course_sheet(board, course)])]
    keys = {g.get("class").split()[1] for r in roots for g in r.iter(f"{SVG}g")
            if "legend-entry" in (g.get("class") or "")}
    assert "legend-approximate" not in keys and "legend-slot" not in keys
    assert _texts(roots, "instruction")[0].text.startswith("1. Buoy 0 (start) on spot ")
    assert roots[0].find(".//svg:g[@id='slot-map']", NS) is None
    assert overlaps(roots[0]) == []
