"""Laying Expansion 1's seven tiles for a race (expansion, "Preparation").

Seven tiles, each 3 water hexes long: 2 Redoubt, 2 Current, 2 Maelstrom, 1 Low-water. They go on
the letters of the two races not being sailed, never on the lake section of the start/finish tile;
island letters first, then water letters; a tile runs from the hex beside the letter's side
straight outwards, and one that would cross a tile already laid is laid over its letter the other
way. Rulings COURSE-08..COURSE-11 in docs/rulings.md. Randomness comes from the ``random.Random``
passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from course_builder.core.hexgrid import Hex, ray
from course_builder.powerboats.course.model import (
    Buoy,
    ExpansionKind,
    ExpansionTile,
    StartFinishTile,
)
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.lake.board import Board, Spot

EXPANSION_LENGTH = 3
EXPANSION_SET: tuple[ExpansionKind, ...] = (
    ExpansionKind.REDOUBT, ExpansionKind.REDOUBT, ExpansionKind.CURRENT, ExpansionKind.CURRENT,
    ExpansionKind.MAELSTROM, ExpansionKind.MAELSTROM, ExpansionKind.LOW_WATER)
"""Expansion 1's seven tiles (expansion, "Contents")."""


def expansion_sections(board: Board, tile: Sequence[Hex], buoy0: Hex) -> set[str]:
    """Lake sections the expansion tiles must avoid: those under the start/finish tile and its
    start buoy (COURSE-08). The border ring is not a lake section."""
    sections = {board.section(h) for h in (*tile, buoy0)}
    return {s for s in sections if s and s != "border"}


def place_expansion(board: Board, race: str, buoys: Sequence[Buoy], tile: StartFinishTile,
                    rng: random.Random) -> tuple[tuple[ExpansionTile, ...], list[str]]:
    """Lay Expansion 1's seven tiles (expansion, "Preparation"; COURSE-08..COURSE-11).

    Free spots are the letters of the two other races outside the start/finish tile's section;
    island letters are used first, then water letters, each group in random order. A tile runs
    from the hex beside the letter's side straight outwards. If it would cross a tile already laid
    and the letter is on water, it is laid from the letter hex the other way instead (shifted 3
    hexes over the letter). A tile that still does not fit on free water skips that spot and waits
    for the next one; tiles left when the spots run out stay in the box. Both are noted.
    """
    excluded = expansion_sections(board, tile.hexes, buoys[0].hex)
    spots = [s for s in board.spots if s.letter != race and board.section(s.hex) not in excluded]
    land = [s for s in spots if s.on_land]
    water = [s for s in spots if not s.on_land]
    rng.shuffle(land)
    rng.shuffle(water)
    kinds: list[ExpansionKind] = list(EXPANSION_SET)
    rng.shuffle(kinds)
    taken = {b.hex for b in buoys} | set(tile.hexes)
    laid: set[Hex] = set()
    placed: list[ExpansionTile] = []
    notes: list[str] = []
    for spot in land + water:
        if not kinds:
            notes.append(f"spot {spot.id} stays free: all 7 expansion tiles are placed")
            continue
        outward = tuple(ray(spot.hex, spot.side, EXPANSION_LENGTH))
        hexes, shifted = outward, False
        problem = _expansion_problem(board, outward, taken, laid)
        if problem == "crosses another expansion tile" and not spot.on_land:
            back = spot.side.opposite()
            over = (spot.hex, *ray(spot.hex, back, EXPANSION_LENGTH - 1))
            problem2 = _expansion_problem(board, over, taken, laid)
            if problem2 is None:
                hexes, shifted, problem = over, True, None
            else:
                problem = f"{problem}, and shifted over the letter it {problem2}"
        if problem is not None:
            notes.append(f"no expansion tile at spot {spot.id}: it {problem}")
            continue
        kind = kinds.pop(0)
        placed.append(_expansion_tile(kind, spot, hexes, shifted, rng))
        laid.update(hexes)
    if kinds:
        notes.append(f"{len(kinds)} expansion tile(s) left in the box for lack of free spots: "
                     + ", ".join(kinds))
    return tuple(placed), notes


def _expansion_problem(board: Board, hexes: Sequence[Hex], taken: set[Hex],
                       laid: set[Hex]) -> str | None:
    for h in hexes:
        if not board.contains(h):
            return "would run off the lake"
        if h in laid:
            return "crosses another expansion tile"
        if not board.is_water(h):
            return "would lie on land"
        if h in taken:
            return "would cover a buoy or the start/finish tile"
    return None


def _expansion_tile(kind: ExpansionKind, spot: Spot, hexes: tuple[Hex, ...], shifted: bool,
                    rng: random.Random) -> ExpansionTile:
    """The tile with the print we do not know chosen by the seed (COURSE-10): the current flows
    along the tile one way or the other, the maelstrom turns either way, the low-water hexes hold
    1, 2 and 3 rocks in some order."""
    axis = spot.side.opposite() if shifted else spot.side
    if kind == ExpansionKind.CURRENT:
        return ExpansionTile(kind, spot.id, hexes, flow=rng.choice((axis, axis.opposite())),
                             shifted=shifted)
    if kind == ExpansionKind.MAELSTROM:
        return ExpansionTile(kind, spot.id, hexes, sense=rng.choice((Sense.CW, Sense.CCW)),
                             shifted=shifted)
    if kind == ExpansionKind.LOW_WATER:
        rocks = [1, 2, 3]
        rng.shuffle(rocks)
        return ExpansionTile(kind, spot.id, hexes, rocks=tuple(rocks), shifted=shifted)
    return ExpansionTile(kind, spot.id, hexes, shifted=shifted)

