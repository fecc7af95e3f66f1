"""The setup sheet and the map picture: the warning, the sectors, the checklist, nothing hidden
revealed (TOR-01; tortuga2199-shipwreck-bay.txt, "Setup with the Expansion")."""

from __future__ import annotations

import re

import pytest

from course_builder.render.kit.export import export
from course_builder.render.tortuga.sectors import PAGE_WIDTH_MM, map_svg
from course_builder.render.tortuga.sheet import WRAP, setup_sheet, setup_sheet_svg
from course_builder.tortuga.layouts import builtin_layouts, parse_layouts
from course_builder.tortuga.setup import make_setup, parse_swaps
from course_builder.tortuga.state import Scenario


def texts(svg: str) -> list[str]:
    return re.findall(r">([^<>]+)</text>", svg)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_sheet_shows_the_warning_sectors_and_checklist(players: int) -> None:
    setup = make_setup(builtin_layouts("spokes"), players, 5)
    svg = setup_sheet_svg(setup)
    assert 'id="unverified-warning"' in svg
    assert setup.warning is not None and setup.warning[:60] in " ".join(texts(svg))
    for s in setup.map.sectors:
        assert f'id="sector-{s.id}"' in svg
    items = [t for t in texts(svg) if re.match(r"\d+\. ", t)]
    assert len(items) == len(setup.checklist)
    assert all(len(t) <= WRAP for t in texts(svg) if t in items)
    assert "hunt-token" not in svg and "False Signal" not in svg


def test_a_verified_layout_prints_no_warning() -> None:
    text = builtin_layouts("spokes").path
    assert text == "data/tortuga/spokes.layout"
    from course_builder.core.resources import data_path

    checked = parse_layouts(data_path("tortuga", "spokes.layout").read_text().replace(
        "verified = no", "verified = yes"), "checked.layout")
    svg = setup_sheet_svg(make_setup(checked, 4, 5))
    assert "unverified-warning" not in svg and "UNVERIFIED" not in svg
    assert "--layout checked.layout" in svg  # the footer repeats the file used


def test_the_sheet_fits_the_page_width() -> None:
    svg = setup_sheet_svg(make_setup(builtin_layouts("spokes"), 5, 5))
    assert f'width="{PAGE_WIDTH_MM:g}mm"' in svg or f'width="{PAGE_WIDTH_MM}mm"' in svg
    xs = [float(x) for x in re.findall(r'<polygon[^>]* points="([-0-9.]+),', svg)]
    assert xs and min(xs) > 0 and max(xs) < PAGE_WIDTH_MM


def test_same_seed_same_sheet() -> None:
    layout = builtin_layouts("notches")
    assert setup_sheet_svg(make_setup(layout, 3, 9)) == setup_sheet_svg(make_setup(layout, 3, 9))


def test_formats() -> None:
    sheet = setup_sheet(make_setup(builtin_layouts("spokes"), 2, 1))
    assert export(sheet, "pdf")[0][1][:4] == b"%PDF"
    [(name, svg)] = export(sheet, "svg")
    assert name == "" and b"<svg" in svg
    with pytest.raises(ValueError, match="unknown format"):
        export(sheet, "gif")


def test_the_map_picture_carries_the_warning() -> None:
    svg = map_svg(builtin_layouts("spokes").sector_map(5), "five")
    assert 'id="unverified-warning"' in svg and svg.count('class="sector ') == 13


@pytest.mark.parametrize(("kwargs", "options"), [
    ({}, ""),
    ({"swaps": ()}, " --swap none"),
    ({"swaps": parse_swaps("shipwreck-bay,hub=mines")}, " --swap shipwreck-bay,hub=mines"),
    ({"player_ids": ["red", "blue", "green"], "scenario": Scenario.MONSTER_HUNTERS},
     " --scenario monster-hunters"),
])
def test_the_footer_repeats_the_options(kwargs, options: str) -> None:
    svg = setup_sheet_svg(make_setup(builtin_layouts("spokes"), 3, 12, **kwargs))
    players = ",".join(kwargs.get("player_ids", ())) or "3"
    assert f"course-builder tortuga sheet --players {players} --seed 12{options}</text>" in svg
