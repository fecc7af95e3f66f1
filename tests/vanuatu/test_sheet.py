"""The setup sheet (issue 16, item 7): what it shows, seeded, in the printer-safe SVG dialect."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from course_builder.render.vanuatu.sheet import setup_sheet_svg
from course_builder.render.vanuatu.sheets import render_setup
from course_builder.vanuatu.setup import make_setup

NS = {"svg": "http://www.w3.org/2000/svg"}


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter("{http://www.w3.org/2000/svg}text")]


def group(root: ET.Element, gid: str) -> ET.Element:
    found = root.find(f".//svg:g[@id='{gid}']", NS)
    assert found is not None, gid
    return found


def test_the_sheet_shows_the_drawn_setup() -> None:
    setup = make_setup(11, players=["red", "blue", "green"], pre_roll=True)
    root = ET.fromstring(setup_sheet_svg(setup))
    archipelago = group(root, "archipelago")
    assert len(archipelago.findall("svg:g", NS)) == 16
    assert texts(group(root, "space-2"))[1] == "Efate"
    for space, tile in setup.start:
        assert texts(group(root, f"space-{space}"))[1] == tile.removeprefix("start-")
    assert texts(group(root, "space-12")) == ["12", "free"]
    reveal = [t for t in texts(group(root, "reveal")) if re.fullmatch(r"[A-F][12]", t)]
    assert tuple(reveal) == setup.reveal
    rising = texts(group(root, "rising-waters"))
    assert [t for t in rising if t.startswith("R")][:4] == ["R2", "R4", "R6", "R8"]
    assert [t for t in rising if t.isdigit()] == [str(d) for _r, d in setup.dice]
    assert len(group(root, "dike-tally").findall("svg:g", NS)) == 20
    assert "First player: red." in [t.strip() for t in texts(group(root, "setting-up"))][-1]


def test_same_seed_same_sheet_and_print_safe() -> None:
    svg = setup_sheet_svg(make_setup(4))
    assert svg == setup_sheet_svg(make_setup(4)) != setup_sheet_svg(make_setup(5))
    assert "<marker" not in svg and 'width="190.0mm"' in svg
    assert not re.search(r'font-size="[0-9.]+(px|pt|mm)', svg)


def test_letter_pdf() -> None:
    assert render_setup(make_setup(4), "pdf", "letter").startswith(b"%PDF")
