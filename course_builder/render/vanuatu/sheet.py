"""The Vanuatu setup sheet: the archipelago to lay out, the tiles each round reveals, and the
Rising Waters tallies, on one printable page; pre-rolled dice on a page of their own.

From top to bottom: the 16-space footprint with Efate and the three start ocean tiles drawn where
the seed put them (empty spaces numbered, a key to the side names E NE NW W SW SE); the lettered
tiles revealed in rounds 2-7 with a line to note where each went; the Rising Waters rounds 2, 4,
6, 8 with boxes for the die (left blank when pre-rolled: the dice are on :func:`dice_page_svg`,
a separate page one player keeps or cuts into slips), the actions counted down and the flood;
water-marker boxes for the five islands, the 20 dikes and the three submerged islands that lose
the game; a few reminders citing the rules (vanuatu-rising-waters.txt; other-games-research.md
2.1 and 2.5; docs/rulings.md VAN-xx).

Drawn with the neutral kit of :mod:`course_builder.render.kit.svg`; returns strings, writes no file.
:func:`setup_sheet` gives both pages to the one export path (:mod:`course_builder.render.kit.
export`): the PDF's second page, or a second SVG or PNG file (``vanuatu-setup-7-dice.png``).
"""

from __future__ import annotations

import svgwrite

from course_builder.core.hexgrid import DIRECTIONS, Layout, unit_vector
from course_builder.render.kit.export import Page, Sheet
from course_builder.render.kit.svg import (
    COLORS,
    Frame,
    new_drawing,
    rounded,
    rounded_points,
    text,
)
from course_builder.vanuatu.setup import Setup
from course_builder.vanuatu.state import DIKE_SUPPLY, LOSS_AT, RISING_ROUNDS, SINK_AT
from course_builder.vanuatu.tiles import Tile, catalogue

WIDTH = 190.0
HEX_MM = 12.0
COLUMN = 146.0  # left edge of the column beside the map
LEFT = 8.0
INK = COLORS["text"]
FAINT = "#6b7280"
ISLAND = "#b9c98f"
OCEAN = "#cfe6f5"
DANGER = "#b91c1c"


DICE_PAGE = "dice"
"""The name of the dice page, added to its file's name beside the sheet (``...-dice.png``)."""


def setup_sheet(setup: Setup) -> Sheet:
    """The sheet to export: the setup page, and the dice page when the dice are pre-rolled."""
    pages = [Page("", setup_sheet_svg(setup))]
    if setup.dice:
        pages.append(Page(DICE_PAGE, dice_page_svg(setup)))
    return Sheet(tuple(pages), f"Vanuatu setup, seed {setup.seed}")


def setup_sheet_svg(setup: Setup) -> str:
    """The setup sheet of a drawn setup as an SVG string."""
    frame = Frame.fit(setup.state.board, size=HEX_MM, top=14.0)
    y = frame.height - 4.0
    heights = (33.0, 44.0, 42.0, 16.0, 34.0)
    dwg = new_drawing(WIDTH, y + sum(heights))
    _title(dwg, setup)
    _map(dwg, setup, frame.layout)
    _side_key(dwg, COLUMN + 19.0, 30.0)
    _setting_up(dwg, setup, COLUMN, 56.0)
    _reveal_table(dwg, setup, y)
    y += heights[0]
    _rising_table(dwg, setup, y)
    y += heights[1]
    _water_tally(dwg, y)
    y += heights[2]
    _dikes_and_losses(dwg, y)
    y += heights[3]
    _reminders(dwg, y)
    return dwg.tostring()


def _title(dwg: svgwrite.Drawing, setup: Setup) -> None:
    dwg.add(text(dwg, "Vanuatu: The Rising Waters · setup", LEFT, 9.0, 5.2, font_weight="bold",
                 id="title"))
    parts = [f"seed {setup.seed}" if setup.seed is not None else "no seed"]
    names = [p.name for p in setup.state.players]
    if names:
        parts.append(f"players in turn order: {', '.join(names)}")
    dwg.add(text(dwg, " · ".join(parts), LEFT, 14.5, 2.8, id="subtitle"))


def _label_lines(tile: Tile | None, space: int, boats: bool) -> list[tuple[str, float, bool]]:
    """What a hex shows: (text, size, bold) lines from the top."""
    if tile is None:
        return [(str(space), 4.2, True), ("free", 2.3, False)]
    if tile.is_island:
        return [(f"space {space}", 2.2, False), (tile.label, 3.6, True),
                (f"huts {tile.huts}", 2.2, False)]
    lines = [(f"space {space}", 2.2, False), (tile.label, 3.4, True),
             (f"fish {tile.fish} · tr. {tile.treasure}", 2.0, False)]
    if boats:
        lines.append(("boats start", 2.0, True))
    return lines


def _map(dwg: svgwrite.Drawing, setup: Setup, layout: Layout) -> None:
    state = setup.state
    boats = catalogue().boats_tile.id
    group = dwg.g(id="archipelago")
    # empty spaces first, full size; tiles on top, a little smaller, so they read as tiles
    for space in sorted(state.board.spaces, key=lambda s: s in state.placed):
        h = state.board.hex_of(space)
        tile = state.tile(space)
        fill = "#ffffff" if tile is None else ISLAND if tile.is_island else OCEAN
        dash = {"stroke_dasharray": "1.5,1"} if tile is None else {}
        cell = dwg.g(id=f"space-{space}", class_="space")
        scale = 1.0 if tile is None else 0.96
        cell.add(dwg.polygon(rounded_points(layout.corners(h, scale=scale)), fill=fill,
                             stroke=INK if tile else FAINT, stroke_width=0.35, **dash))
        lines = _label_lines(tile, space, tile is not None and tile.id == boats)
        cx, cy = layout.center(h)
        top = cy - sum(size * 1.35 for _t, size, _b in lines) / 2
        for content, size, bold in lines:
            extra = {"font_weight": "bold"} if bold else {}
            top += size * 1.0  # down to this line's baseline
            cell.add(text(dwg, content, cx, top, size, text_anchor="middle",
                          fill=INK if tile else FAINT, **extra))
            top += size * 0.35
        group.add(cell)
    dwg.add(group)


def _side_key(dwg: svgwrite.Drawing, cx: float, cy: float) -> None:
    """A hex with its six side names: how sides (of dikes) are written."""
    layout = Layout(7.0, (0.0, 0.0))
    g = dwg.g(id="side-key")
    corners = [(cx + x, cy + y) for x, y in layout.corners(layout.to_hex(0.0, 0.0))]
    g.add(dwg.polygon(rounded_points(corners), fill="#ffffff", stroke=INK, stroke_width=0.3))
    for d in DIRECTIONS:
        ux, uy = unit_vector(d)
        g.add(text(dwg, d.name, cx + ux * 9.2, cy + uy * 9.2 + 1.0, 2.8, text_anchor="middle",
                   font_weight="bold"))
    g.add(text(dwg, "the sides of a space", cx, cy + 15.5, 2.4, text_anchor="middle",
               fill=FAINT))
    dwg.add(g)


def _setting_up(dwg: svgwrite.Drawing, setup: Setup, x: float, y: float) -> None:
    """The setup steps beside the map (research 2.1 "Setup", 2.5)."""
    cat = catalogue()
    start = dict(setup.start)
    boats = next(s for s, t in start.items() if t == cat.boats_tile.id)
    placed = ", ".join(f"{cat.get(t).label} {s}" for s, t in start.items())
    lines = [(0, "Setting up"), (0, f"1. Efate on space {setup.state.board.efate_space}."),
             (0, "2. Start tiles on spaces:"), (1, placed + "."),
             (0, "3. Every boat on the boat"), (1, f"tile (space {boats})."),
             (0, "4. Stack 1, top down:"), (1, " ".join(setup.stacks[0])),
             (1, "stack 2, top down:"), (1, " ".join(setup.stacks[1]))]
    if setup.first_player:
        lines.append((0, f"5. First player: {setup.first_player}."))
    g = dwg.g(id="setting-up")
    for i, (indent, line) in enumerate(lines):
        extra = {"font_weight": "bold"} if i == 0 else {}
        g.add(text(dwg, line, x + indent * 3.6, y + i * 4.2, 3.2 if i == 0 else 2.5, **extra))
    dwg.add(g)


def _heading(dwg: svgwrite.Drawing, content: str, y: float, note: str = "") -> None:
    dwg.add(text(dwg, content, LEFT, y, 3.6, font_weight="bold"))
    if note:
        dwg.add(text(dwg, note, LEFT + 5.0 + len(content) * 2.4, y, 2.5, fill=FAINT))


def _box(dwg: svgwrite.Drawing, x: float, y: float, size: float, *, fill: str = "none",
         stroke: str = INK, label: str = "") -> svgwrite.container.Group:
    g = dwg.g(class_="box")
    g.add(dwg.rect((rounded(x), rounded(y)), (rounded(size), rounded(size)), fill=fill,
                   stroke=stroke, stroke_width=0.3))
    if label:
        g.add(text(dwg, label, x + size / 2, y + size * 0.72, size * 0.6, text_anchor="middle",
                   font_weight="bold"))
    return g


def _reveal_table(dwg: svgwrite.Drawing, setup: Setup, y: float) -> None:
    _heading(dwg, "Tiles revealed", y, "the first player places both, in either order: "
             "note the spaces")
    group = dwg.g(id="reveal")
    width = (WIDTH - 2 * LEFT) / 6
    for i, (round_, pair) in enumerate(setup.reveals()):
        x = LEFT + i * width
        stack = 1 if round_ <= 4 else 2
        group.add(text(dwg, f"Round {round_}", x, y + 6.5, 3.0, font_weight="bold"))
        group.add(text(dwg, f"stack {stack}", x + 17.0, y + 6.5, 2.3, fill=FAINT))
        for k, tile_id in enumerate(pair):
            tile = catalogue().get(tile_id)
            ty = y + 9.0 + k * 9.0
            group.add(dwg.rect((rounded(x), rounded(ty)), (11.0, 7.0), rx=1.0,
                               fill=ISLAND if tile.is_island else OCEAN, stroke=INK,
                               stroke_width=0.3, class_=f"tile {tile.kind}"))
            group.add(text(dwg, tile.id, x + 5.5, ty + 5.0, 3.2, text_anchor="middle",
                           font_weight="bold"))
            group.add(text(dwg, str(tile.kind), x + 12.5, ty + 3.0, 2.2, fill=FAINT))
            group.add(text(dwg, "space ____", x + 12.5, ty + 6.5, 2.3))
    dwg.add(group)


def _rising_table(dwg: svgwrite.Drawing, setup: Setup, y: float) -> None:
    note = ("dice pre-rolled on a page of their own, kept by one player: write each die here "
            "when its round begins" if setup.dice else
            "the first player rolls the die at the start of the round")
    _heading(dwg, "Rising Waters", y, note)
    group = dwg.g(id="rising-waters")
    heads = ((LEFT, "round"), (LEFT + 16.0, "die"), (LEFT + 30.0, "actions counted down"),
             (LEFT + 100.0, "waters risen"), (LEFT + 128.0, "islands submerged after"))
    for x, head in heads:
        group.add(text(dwg, head, x, y + 6.0, 2.4, fill=FAINT))
    for i, round_ in enumerate(RISING_ROUNDS):
        ry = y + 8.0 + i * 7.5
        group.add(text(dwg, f"R{round_}", LEFT, ry + 4.6, 3.2, font_weight="bold"))
        group.add(_box(dwg, LEFT + 16.0, ry, 6.0))
        for k in range(6):
            group.add(_box(dwg, LEFT + 30.0 + k * 8.0, ry + 0.5, 5.0, stroke=FAINT))
        group.add(_box(dwg, LEFT + 104.0, ry, 6.0))
        for k in range(LOSS_AT):
            group.add(_box(dwg, LEFT + 132.0 + k * 8.0, ry + 0.5, 5.0,
                           fill="#fee2e2" if k == LOSS_AT - 1 else "none"))
    dwg.add(group)


def _water_tally(dwg: svgwrite.Drawing, y: float) -> None:
    _heading(dwg, "Water markers", y, f"one box per marker; under each box: prosperity points "
             f"per hut at the end; the {SINK_AT}th submerges the island")
    group = dwg.g(id="water-tally")
    islands = [t for t in catalogue().tiles.values() if t.is_island]
    for i, tile in enumerate(islands):
        column, row = divmod(i, 3)
        x = LEFT + column * 90.0
        ry = y + 4.0 + row * 10.5
        group.add(text(dwg, tile.label, x, ry + 5.0, 3.2, font_weight="bold"))
        group.add(text(dwg, "space ____" if tile.role != "efate" else "space 2", x + 13.0,
                       ry + 5.0, 2.4))
        for k in range(SINK_AT):
            last = k == SINK_AT - 1
            bx = x + 30.0 + k * 9.0
            group.add(_box(dwg, bx, ry, 6.5, stroke=DANGER if last else INK,
                           fill="#fee2e2" if last else "none"))
            under = "sunk" if last else f"−{2 * k + 1}"
            group.add(text(dwg, under, bx + 3.25, ry + 9.0, 2.1, text_anchor="middle",
                           fill=DANGER if last else FAINT))
    dwg.add(group)


def _dikes_and_losses(dwg: svgwrite.Drawing, y: float) -> None:
    _heading(dwg, "Dikes built", y, f"{DIKE_SUPPLY} in the box, 1 vatu each")
    group = dwg.g(id="dike-tally")
    for k in range(DIKE_SUPPLY):
        group.add(_box(dwg, LEFT + k * 8.5, y + 3.0, 5.5))
    dwg.add(group)


def _reminders(dwg: svgwrite.Drawing, y: float) -> None:
    _heading(dwg, "Reminders", y)
    lines = [
        "Waters rise in rounds 2, 4, 6, 8 after as many actions as the die shows (RW-ROUNDS, "
        "RW-COUNTDOWN; VAN-02, VAN-03).",
        "Each island side facing an ocean tile without a dike adds one marker; empty spaces and "
        "the edge add none (RW-SIDES, VAN-07).",
        "5th marker: the island is submerged, everything on it discarded, its huts out of the "
        "game (RW-FIFTH). 3 submerged: all lose (RW-LOST).",
        "BUILD: hut 3 vatus and/or dike 1 vatu, same island, boat adjacent; a dike only on an "
        "ocean side (rule sheet, Dike Building).",
        "End: each hut on an island with 1/2/3/4 markers costs 1/3/5/7 prosperity points "
        "(PENALTY).",
        "New tiles: empty space touching 2 placed tiles; islands never touch; ocean touches an "
        "island (research 2.1; VAN-05).",
    ]
    group = dwg.g(id="reminders")
    for i, line in enumerate(lines):
        group.add(text(dwg, line, LEFT, y + 5.5 + i * 4.6, 2.55, class_="reminder"))
    dwg.add(group)


# -- the pre-rolled dice: a page of their own -------------------------------------------------------

SLIP_HEIGHT = 24.0
SLIPS_TOP = 30.0
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}
"""Where the pips of each face sit, in thirds of the face from its centre."""


def dice_page_svg(setup: Setup) -> str:
    """The pre-rolled Rising Waters dice (``setup --pre-roll``) on a page of their own: not on
    the sheet every player sees, but for one player to keep, or to cut into four slips, each
    folded over its die and opened when its round begins (vanuatu-rising-waters.txt, "Rising
    Waters": the die is rolled at the beginning of rounds 2, 4, 6 and 8)."""
    if not setup.dice:
        raise ValueError("the setup has no pre-rolled dice")
    height = SLIPS_TOP + len(setup.dice) * SLIP_HEIGHT + 12.0
    dwg = new_drawing(WIDTH, height)
    dwg.add(text(dwg, "Vanuatu: The Rising Waters · pre-rolled dice", LEFT, 9.0, 5.2,
                 font_weight="bold", id="title"))
    seed = f"seed {setup.seed}" if setup.seed is not None else "no seed"
    dwg.add(text(dwg, f"{seed} · not for the shared sheet: one player keeps this page, face "
                 "down, or cuts it into slips", LEFT, 14.5, 2.8, id="subtitle"))
    dwg.add(text(dwg, "Cut along the dashed lines, fold each slip along its dotted line so the "
                 "die is hidden, and open it when its round begins.", LEFT, 21.0, 2.6,
                 fill=FAINT, id="how"))
    group = dwg.g(id="dice")
    for i, (round_, die) in enumerate(setup.dice):
        group.add(_slip(dwg, round_, die, SLIPS_TOP + i * SLIP_HEIGHT))
    _cut_line(dwg, group, SLIPS_TOP + len(setup.dice) * SLIP_HEIGHT)
    dwg.add(group)
    return dwg.tostring()


def _cut_line(dwg: svgwrite.Drawing, group: svgwrite.container.Group, y: float) -> None:
    group.add(dwg.line((LEFT, rounded(y)), (WIDTH - LEFT, rounded(y)), stroke=FAINT,
                       stroke_width=0.3, stroke_dasharray="2.5,1.5", class_="cut"))
    group.add(text(dwg, "cut", WIDTH - LEFT, y - 0.8, 2.0, text_anchor="end", fill=FAINT))


def _slip(dwg: svgwrite.Drawing, round_: int, die: int, y: float) -> svgwrite.container.Group:
    """One round's slip: the round on the left half, the die on the right, a fold between."""
    g = dwg.g(id=f"die-round-{round_}", class_="slip")
    _cut_line(dwg, g, y)
    middle = WIDTH / 2
    g.add(text(dwg, f"Round {round_}", LEFT + 4.0, y + 10.0, 4.4, font_weight="bold"))
    g.add(text(dwg, "open at the start of the round: the waters rise", LEFT + 4.0, y + 15.5,
               2.5, fill=FAINT))
    g.add(text(dwg, "after this many actions (RW-COUNTDOWN)", LEFT + 4.0, y + 19.0, 2.5,
               fill=FAINT))
    g.add(dwg.line((rounded(middle), rounded(y + 2.0)), (rounded(middle), rounded(y + 22.0)),
                   stroke=FAINT, stroke_width=0.3, stroke_dasharray="0.5,1.2", class_="fold"))
    g.add(text(dwg, "fold", middle + 1.2, y + 4.5, 2.0, fill=FAINT))
    face, cx, cy = 16.0, middle + 30.0, y + SLIP_HEIGHT / 2
    g.add(dwg.rect((rounded(cx - face / 2), rounded(cy - face / 2)), (face, face), rx=2.5,
                   fill="#ffffff", stroke=INK, stroke_width=0.45, class_="die"))
    for px, py in PIPS[die]:
        g.add(dwg.circle((rounded(cx + px * face / 3.6), rounded(cy + py * face / 3.6)), 1.45,
                         fill=INK))
    g.add(text(dwg, str(die), cx + face / 2 + 8.0, cy + 2.6, 7.5, font_weight="bold",
               class_="value"))
    return g
