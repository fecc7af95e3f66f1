"""Laying Expansion 1's seven tiles for a race (expansion, "Preparation").

Seven tiles, each 3 water hexes long: 2 Redoubt, 2 Current, 2 Maelstrom, 1 Low-water. They go on
the letters of the two races not being sailed, never on the lake section of the start/finish tile;
island letters first, then water letters; a tile runs from the hex beside the letter's side
straight outwards, and one that would cross a tile already laid is laid over its letter the other
way. Rulings COURSE-08..COURSE-11 in docs/rulings.md. Randomness comes from the ``random.Random``
passed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from course_builder.core.hexgrid import Hex, direction_between, ray
from course_builder.powerboats.course.model import (
    Buoy,
    ExpansionKind,
    ExpansionTile,
    StartFinishTile,
)
from course_builder.powerboats.course.rounding import Sense
from course_builder.powerboats.lake.board import Board, BoardError, Spot

if TYPE_CHECKING:
    import random  # the caller's generator: checking a course (validate) rolls nothing

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
        outward, over = tile_hexes(spot)
        hexes, shifted = outward, False
        problem = _expansion_problem(board, outward, taken, laid, excluded)
        if problem == "crosses another expansion tile" and not spot.on_land:
            problem2 = _expansion_problem(board, over, taken, laid, excluded)
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


def tile_hexes(spot: Spot) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """Where an expansion tile lies at a spot (expansion, "Preparation"): from the hex beside the
    letter's side straight outwards, or, shifted over the letter, from the letter's hex the other
    way (only for a water letter whose tile would cross another; COURSE-09)."""
    outward = tuple(ray(spot.hex, spot.side, EXPANSION_LENGTH))
    over = (spot.hex, *ray(spot.hex, spot.side.opposite(), EXPANSION_LENGTH - 1))
    return outward, over


def _expansion_problem(board: Board, hexes: Sequence[Hex], taken: set[Hex], laid: set[Hex],
                       excluded: set[str]) -> str | None:
    for h in hexes:
        if not board.contains(h):
            return "would run off the lake"
        if h in laid:
            return "crosses another expansion tile"
        if not board.is_water(h):
            return "would lie on land"
        if h in taken:
            return "would cover a buoy or the start/finish tile"
        if board.section(h) in excluded:
            return "would reach the lake section of the start/finish tile"
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


# ------------------------------------------------------------------------------------------------
# checking tiles laid by hand against the same rule
# ------------------------------------------------------------------------------------------------

TileProblem = tuple[str, str]
"""What is wrong, as (the piece concerned, the message)."""


def check_tiles(board: Board, race: str, tiles: Sequence[ExpansionTile], start_tile: Sequence[Hex],
                buoys: Sequence[Hex], *, free: bool = False) -> list[TileProblem]:
    """Every way laid-out expansion tiles break the placement rule (expansion, "Preparation";
    COURSE-08..COURSE-11): each tile's hexes follow from its letter; the set is Expansion 1's;
    all seven are laid while a letter is free; island letters come first. ``buoys`` are the
    hexes of buoys 0-3 and the finish buoy (buoy 0 first). With ``free`` (COURSE-12) only each
    tile's own hexes are checked: open water, in a line, on nothing else."""
    if not tiles:
        return []  # a course without the expansion
    excluded = expansion_sections(board, start_tile, buoys[0])
    taken = set(buoys) | set(start_tile)
    if free:
        return _free_tile_problems(board, tiles, taken)
    problems: list[TileProblem] = []
    problems.extend(_set_problems(tiles))
    holders: dict[str, ExpansionTile] = {}
    for t in tiles:
        subject = f"{t.kind} tile at {t.spot or '?'}"
        others = {h: f"{o.kind} tile at {o.spot or '?'}" for o in tiles if o is not t
                  for h in o.hexes}
        problems.extend((subject, m) for m in _tile_problems(board, race, t, others, taken,
                                                             excluded))
        if t.spot in holders:
            problems.append((subject, f"spot {t.spot} already holds the "
                             f"{holders[t.spot].kind} tile"))
        holders.setdefault(t.spot, t)
    problems.extend(_free_spot_problems(board, race, tiles, taken, excluded))
    return problems


def _free_tile_problems(board: Board, tiles: Sequence[ExpansionTile], taken: set[Hex]
                        ) -> list[TileProblem]:
    problems: list[TileProblem] = []
    seen: set[Hex] = set()
    for t in tiles:
        subject = f"{t.kind} tile at {t.spot or '?'}"
        a, b, c = t.hexes
        direction = direction_between(a, b)
        if direction is None or a.distance(b) != 1 or b.neighbor(direction) != c:
            problems.append((subject, "its 3 hexes must lie next to each other in a straight "
                             "line"))
        for h in t.hexes:
            if not board.is_water(h) or h in taken or h in seen:
                problems.append((subject, f"hex {_rc(h)} is not free open water"))
            seen.add(h)
    return problems


def _set_problems(tiles: Sequence[ExpansionTile]) -> list[TileProblem]:
    problems = []
    for kind in dict.fromkeys(EXPANSION_SET):
        have = sum(1 for t in tiles if t.kind is kind)
        want = EXPANSION_SET.count(kind)
        if have > want:
            problems.append(("expansion tiles", f"{have} {kind.label} tiles, but Expansion 1 has "
                             f"{want} (expansion, \"Contents\")"))
    if len(tiles) > len(EXPANSION_SET):
        problems.append(("expansion tiles", f"{len(tiles)} tiles, but Expansion 1 has "
                         f"{len(EXPANSION_SET)} (expansion, \"Contents\")"))
    return problems


def _tile_problems(board: Board, race: str, t: ExpansionTile, others: dict[Hex, str],
                   taken: set[Hex], excluded: set[str]) -> list[str]:
    """A tile against its letter: a spot of another race, its hexes where the rule puts them."""
    try:
        spot = board.spot(t.spot)
    except BoardError:
        return [f"the board has no spot {t.spot!r}"]
    out = []
    if spot.letter == race:
        out.append(f"stands on a {race} spot, which race {race} uses for buoys "
                   "(expansion, \"Preparation\")")
    outward, over = tile_hexes(spot)
    if t.hexes == over and over != outward:
        if spot.on_land:
            out.append(f"is laid over its letter, but {spot.id} is written on an island: a "
                       "tile is shifted over water letters only (COURSE-09)")
        elif not any(h in others for h in outward):
            out.append(f"is laid over its letter, but laid from the side of {spot.id}'s letter "
                       "it crosses no other tile (expansion, \"Preparation\"; COURSE-09)")
    elif t.hexes != outward:
        expected = ", ".join(_rc(h) for h in outward)
        out.append(f"must run straight out from the side of {spot.id}'s letter: {expected} "
                   "(expansion, \"Preparation\")")
    for h in t.hexes:
        if not board.is_water(h):
            out.append(f"hex {_rc(h)} is land or off the lake")
        elif h in taken:
            out.append(f"hex {_rc(h)} holds a buoy or lies under the start/finish tile")
        elif board.section(h) in excluded:
            out.append(f"hex {_rc(h)} lies on lake section {board.section(h)} with the "
                       "start/finish tile (expansion, \"Preparation\"; COURSE-08)")
        elif h in others:
            out.append(f"hex {_rc(h)} is under the {others[h]}")
    return out


def _free_spot_problems(board: Board, race: str, tiles: Sequence[ExpansionTile],
                        taken: set[Hex], excluded: set[str]) -> list[TileProblem]:
    """All seven tiles are laid while a tile fits at a free letter; island letters first."""
    used = {t.spot for t in tiles}
    laid = {h for t in tiles for h in t.hexes}
    free = [s for s in board.spots if s.letter != race and s.id not in used
            and board.section(s.hex) not in excluded and _fits(board, s, taken, laid, excluded)]
    problems: list[TileProblem] = []
    if free and len(tiles) < len(EXPANSION_SET):
        problems.append(("expansion tiles", f"only {len(tiles)} of the {len(EXPANSION_SET)} "
                         f"tiles are laid, but a tile fits at free spot {free[0].id} "
                         "(expansion, \"Preparation\"; COURSE-11)"))
    island_free = [s for s in free if s.on_land]
    on_water = [t.spot for t in tiles if not _on_land(board, t.spot)]
    if island_free and on_water:
        problems.append(("expansion tiles", f"island letter {island_free[0].id} is free while "
                         f"water letter {on_water[0]} holds a tile: island letters come first "
                         "(expansion, \"Preparation\")"))
    return problems


def _fits(board: Board, spot: Spot, taken: set[Hex], laid: set[Hex], excluded: set[str]) -> bool:
    outward, over = tile_hexes(spot)
    problem = _expansion_problem(board, outward, taken, laid, excluded)
    if problem == "crosses another expansion tile" and not spot.on_land:
        problem = _expansion_problem(board, over, taken, laid, excluded)
    return problem is None


def _on_land(board: Board, spot_id: str) -> bool:
    try:
        return board.spot(spot_id).on_land
    except BoardError:
        return False


def _rc(h: Hex) -> str:
    r, c = h.offset
    return f"({r}, {c})"
