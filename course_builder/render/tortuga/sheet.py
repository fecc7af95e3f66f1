"""The Tortuga 2199 setup sheet: the map with the special sectors dealt, the warning, the checklist.

One page: title and seed; the unverified-layout banner whenever the map is unverified (ruling
TOR-01); the sectors; then the expansion's setup list as numbered items, each ending with the id
of the rule it applies; a footer saying how to repeat the setup. Hunt tokens are never shown.
"""

from __future__ import annotations

import textwrap

from course_builder.render.kit.export import Page, Sheet
from course_builder.render.kit.svg import new_drawing, text
from course_builder.render.tortuga.sectors import (
    MARGIN_MM,
    PAGE_WIDTH_MM,
    draw_sectors,
    map_layout,
    warning_banner,
)
from course_builder.tortuga.layouts import BUILTIN
from course_builder.tortuga.sectors import Special
from course_builder.tortuga.setup import Setup
from course_builder.tortuga.state import Scenario

LINE_MM = 4.2
WRAP = 108


def setup_sheet_svg(setup: Setup) -> str:
    """The setup sheet as an SVG string."""
    items = _wrapped([f"{i}. {c.text} [{c.rule.id}]" for i, c in enumerate(setup.checklist, 1)])
    footer = _footer(setup)
    y = 19.0
    probe = new_drawing(PAGE_WIDTH_MM, 10.0)
    if setup.warning:
        y = warning_banner(probe, setup.warning, y) + 6.0
    layout, map_bottom = map_layout(setup.map, y)
    list_top = map_bottom + 9.0
    height = list_top + 6.0 + LINE_MM * len(items) + 4.0 + 3.6 * len(footer) + MARGIN_MM
    dwg = new_drawing(PAGE_WIDTH_MM, height)
    dwg.add(text(dwg, f"Tortuga 2199: Shipwreck Bay · setup for {setup.players} players",
                 MARGIN_MM, 10.0, 5.0, font_weight="bold", id="title"))
    players = ", ".join(p.id for p in setup.state.players)
    dwg.add(text(dwg, f"layout: {setup.layout.name} · seed {setup.seed} · turn order: {players}",
                 MARGIN_MM, 15.5, 2.8, id="subtitle"))
    if setup.warning:
        warning_banner(dwg, setup.warning, 19.0)
    draw_sectors(dwg, setup.map, layout)
    block = dwg.g(id="checklist")
    block.add(text(dwg, "Setting up (with the base game's setup)", MARGIN_MM, list_top, 3.6,
                   font_weight="bold"))
    y = list_top + 6.0
    for line, indent in items:
        block.add(text(dwg, line, MARGIN_MM + indent, y, 2.9, class_="checklist-item"))
        y += LINE_MM
    dwg.add(block)
    y += 4.0
    for line in footer:
        dwg.add(text(dwg, line, MARGIN_MM, y, 2.4, fill="#4b5563", class_="footer"))
        y += 3.6
    return str(dwg.tostring())


def _wrapped(paragraphs: list[str]) -> list[tuple[str, float]]:
    out: list[tuple[str, float]] = []
    for paragraph in paragraphs:
        for k, line in enumerate(textwrap.wrap(paragraph, WRAP, break_on_hyphens=False)):
            out.append((line, 0.0 if k == 0 else 4.0))
    return out


def _footer(setup: Setup) -> list[str]:
    name, path = setup.layout.name, setup.layout.path
    builtin = name in BUILTIN and path == f"data/tortuga/{name}.layout"
    layout = "" if builtin and name == "spokes" else f" --layout {name if builtin else path}"
    rules = textwrap.wrap(
        "Rules: tortuga2199-shipwreck-bay.txt, 'Setup with the Expansion'; the base game as "
        "reported in other-games-research.md section 3; rulings TOR-01 to TOR-03 in "
        "docs/rulings.md.", 130)
    ids = [p.id for p in setup.state.players]
    players = (str(setup.players) if ids == [f"p{i}" for i in range(1, len(ids) + 1)]
               else ",".join(ids))
    return [*rules, f"Same sheet again: course-builder tortuga sheet --players {players} "
                    f"--seed {setup.seed}{layout}{_options(setup)}"]


def _options(setup: Setup) -> str:
    """The options besides players, seed and layout that made this setup."""
    out = ""
    default = ((Special.HUB, True), (Special.SHIPWRECK_BAY, True))
    if setup.players < 5 and tuple((new, drawn) for new, _, drawn in setup.swaps) != default:
        spec = ",".join(new.value if drawn else f"{new.value}={old.value}"
                        for new, old, drawn in setup.swaps)
        out += f" --swap {spec or 'none'}"
    if setup.state.scenario is not Scenario.STANDARD:
        out += f" --scenario {setup.state.scenario.value}"
    return out


def setup_sheet(setup: Setup) -> Sheet:
    """The sheet to export (one page) through :mod:`course_builder.render.kit.export`."""
    return Sheet((Page("", setup_sheet_svg(setup)),),
                 f"Tortuga 2199 setup, {setup.players} players, seed {setup.seed}")
