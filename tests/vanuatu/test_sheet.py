"""The setup sheet (issue 16, item 7): what it shows, seeded, in the printer-safe SVG dialect."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from course_builder.render.kit.export import export
from course_builder.render.vanuatu.sheet import dice_page_svg, setup_sheet, setup_sheet_svg
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
    assert [t for t in rising if t.isdigit()] == []  # the dice are on their own page
    assert len(group(root, "dike-tally").findall("svg:g", NS)) == 20
    assert "First player: red." in [t.strip() for t in texts(group(root, "setting-up"))][-1]


def test_same_seed_same_sheet_and_print_safe() -> None:
    svg = setup_sheet_svg(make_setup(4))
    assert svg == setup_sheet_svg(make_setup(4)) != setup_sheet_svg(make_setup(5))
    assert "<marker" not in svg and 'width="190.0mm"' in svg
    assert not re.search(r'font-size="[0-9.]+(px|pt|mm)', svg)


def test_letter_pdf() -> None:
    [(name, pdf)] = export(setup_sheet(make_setup(4)), "pdf", paper="letter")
    assert name == "" and pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page\n") == 1


def test_rw_countdown_pre_rolled_dice_are_on_a_page_of_their_own() -> None:
    """Rule sheet, "Rising Waters" (RW-COUNTDOWN): the die is rolled when its round begins, so
    dice rolled at setup must stay unseen: not on the shared sheet, where "keep this part
    hidden" was their only guard, but on a page one player keeps or cuts into slips."""
    setup = make_setup(11, players=["red", "blue", "green"], pre_roll=True)
    shared = setup_sheet_svg(setup)
    assert "pre-rolled on a page of their own" in shared
    assert "keep this part hidden" not in shared
    root = ET.fromstring(dice_page_svg(setup))
    for round_, die in setup.dice:
        slip = texts(group(root, f"die-round-{round_}"))
        assert f"Round {round_}" in slip and str(die) in slip
    assert len(root.findall(".//svg:circle", NS)) == sum(d for _r, d in setup.dice)  # pips
    files = export(setup_sheet(setup), "png")
    assert [name for name, _ in files] == ["", "dice"]
    [(_, pdf)] = export(setup_sheet(setup), "pdf")
    assert pdf.count(b"/Type /Page\n") == 2
