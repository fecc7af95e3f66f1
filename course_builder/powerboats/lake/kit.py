"""Lake kits laid into their frame: arrangements of the six lake tiles and assembly of a board.

A kit (read from a ``.board`` file by :mod:`.boardfile`) describes the physical pieces; an
arrangement says which tile face lies in which slot and whether it is turned. :func:`assemble`
turns the two into a playable :class:`~course_builder.powerboats.lake.board.Board`. Rules:
reference, "Setup" (4 border pieces and 6 lake tiles fitted at random); BOARD-01, BOARD-05.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from course_builder.core.hexgrid import Hex, from_offset
from course_builder.core.values import replace
from course_builder.powerboats.lake.board import (
    BORDER,
    LETTERS,
    SPOTS_PER_LETTER,
    Board,
    BoardError,
    BoardSource,
    Section,
    number_spots,
)
from course_builder.powerboats.lake.boardfile import (
    BoardFileError,
    LakeKit,
    Placement,
    SpotMark,
)

Arrangement = dict[str, Placement]


def format_arrangement(kit: LakeKit, arrangement: Mapping[str, Placement]) -> str:
    """Compact text of an arrangement in slot order, e.g. ``T00=1d T01=2d ... T12=6dr``."""
    return " ".join(f"{slot}={arrangement[slot].code()}" for slot in kit.slots)


def parse_arrangement(kit: LakeKit, text: str) -> Arrangement:
    """Read :func:`format_arrangement` output back (raises :class:`BoardError`). The slot names
    may be left out: ``1d 2d 3dr 4d 5d 6d`` lays the codes in the kit's slots in slot order (the
    form course codes use, docs/notation.md). A tile may lie in one slot only."""
    items = text.replace(",", " ").split()
    if items and not any("=" in item for item in items):
        if len(items) != len(kit.slots):
            raise BoardError(f"arrangement {text!r}: give {len(kit.slots)} tile codes, one per "
                             f"slot in the order {' '.join(kit.slots)}")
        items = [f"{slot}={code}" for slot, code in zip(kit.slots, items, strict=True)]
    result: Arrangement = {}
    for item in items:
        slot, _, code = item.partition("=")
        if slot not in kit.slots or not code:
            raise BoardError(f"bad arrangement item {item!r} (expected SLOT=TILE[d|l][r])")
        rotated = code.endswith("r")
        core = code[:-1] if rotated else code
        face = {"d": "dark", "l": "light"}.get(core[-1:])
        if face is None or (core[:-1], face) not in kit.faces:
            raise BoardError(f"bad arrangement item {item!r}: no such tile face")
        if any(p.tile == core[:-1] for s, p in result.items() if s != slot):
            raise BoardError(f"bad arrangement item {item!r}: tile {core[:-1]} is already laid")
        result[slot] = Placement(core[:-1], face, rotated)
    missing = [s for s in kit.slots if s not in result]
    if missing:
        raise BoardError(f"arrangement leaves slots empty: {', '.join(missing)}")
    return result


def shuffled_arrangement(
    kit: LakeKit, rng: random.Random, *, rotate: bool = False, face: str = "dark"
) -> Arrangement:
    """The kit's tiles laid at random in the frame (rules, "Setup": "randomly fit the 6 lake
    tiles inside"). Whether a tile may be turned by 180 degrees is not in the rules, so it is the
    option ``rotate`` (off by default; see docs/rulings.md, BOARD-01)."""
    tiles = [t for t in kit.tiles() if (t, face) in kit.faces
             and kit.faces[(t, face)].status == "transcribed"]
    if len(tiles) < len(kit.slots):
        raise BoardError(
            f"only {len(tiles)} {face} tile faces are transcribed; {len(kit.slots)} are needed"
        )
    rng.shuffle(tiles)
    out: Arrangement = {}
    for slot, tile in zip(kit.slots, tiles, strict=False):
        out[slot] = Placement(tile, face, rotate and rng.random() < 0.5)
    return out


def assemble(kit: LakeKit, arrangement: Mapping[str, Placement] | None = None, *,
             source: BoardSource | None = None) -> Board:
    """Lay the tiles of a kit into its frame and number the letter spots. ``source`` says how the
    board was asked for (the name or path it was loaded by, a shuffle's seed); the arrangement
    actually laid is added to it, so the board can be built again.

    Raises :class:`BoardFileError` (with file, line and column) when the pieces do not make a
    valid lake, e.g. a letter that appears more or fewer than 4 times.
    """
    arrangement = dict(arrangement or kit.arrangement)
    rows, cols = kit.rows, kit.cols
    border = kit.border.terrain_text
    terrain = [list(row) for row in border]  # "_" (covered) until a tile lies there
    sections = [[BORDER] * cols for _ in range(rows)]
    marks: list[tuple[Hex, SpotMark]] = [(from_offset(r, c), mark)
                                         for r, c, mark in kit.border.marks if border[r][c] != "_"]
    slot_sections = []
    tr, tc = kit.tile_rows, kit.tile_cols
    for slot_name, slot in kit.slots.items():
        placement = arrangement[slot_name]
        face = kit.faces[(placement.tile, placement.face)]
        if face.grid is None:
            raise BoardError(f"tile {placement.tile} {placement.face} is not transcribed")
        text, c0 = face.grid.terrain_text, slot.col
        for lr in range(tr):
            row = text[tr - 1 - lr][tc - 1::-1] if placement.rotated else text[lr][:tc]
            terrain[slot.row + lr][c0:c0 + tc] = row.replace("_", "#")
            sections[slot.row + lr][c0:c0 + tc] = [slot_name] * tc
        laid = [(r, c, mark) for r, c, mark in face.grid.marks if r < tr and c < tc]
        if placement.rotated:  # turned: the last hex first, each letter against the other side
            laid = [(tr - 1 - r, tc - 1 - c, SpotMark(mark.letter, mark.on_land,
                                                      mark.side.opposite(), mark.approximate,
                                                      mark.line, mark.col))
                    for r, c, mark in reversed(laid)]
        marks.extend((from_offset(slot.row + r, c0 + c), mark) for r, c, mark in laid)
        slot_sections.append(Section(slot_name, slot.row, slot.col, tr, tc, placement.code()))
    _check_spot_counts(kit.path, marks)
    recorded = replace(source or BoardSource(kit.name),
                       arrangement=format_arrangement(kit, arrangement))
    return Board(
        kit.name, ["".join(row).replace("_", "") for row in terrain], sections, number_spots(marks),
        slots=slot_sections, source=recorded, named=True,
    )


def _check_spot_counts(path: str, marks: list[tuple[Hex, SpotMark]]) -> None:
    """Every letter on exactly :data:`SPOTS_PER_LETTER` spots. Which spot of a miscounted letter
    is the mistake cannot be known, so every miscounted letter is named with where each of its
    spots is written; the error points at the first of them in the file."""
    by_letter: dict[str, list[SpotMark]] = {letter: [] for letter in LETTERS}
    for _h, mark in sorted(marks, key=lambda hm: (hm[1].line, hm[1].col)):
        by_letter[mark.letter].append(mark)
    wrong = {letter: found for letter, found in by_letter.items()
             if len(found) != SPOTS_PER_LETTER}
    if not wrong:
        return
    parts = []
    for letter, found in wrong.items():
        at = ", ".join(f"{m.line}:{m.col}" for m in found)
        parts.append(f"{len(found)} '{letter}' spots" + (f" (at {at})" if found else ""))
    first = min((m for found in wrong.values() for m in found), key=lambda m: (m.line, m.col),
                default=None)
    raise BoardFileError(
        path, first.line if first else 1, first.col if first else 1,
        f"the lake has {' and '.join(parts)}; a lake has exactly {SPOTS_PER_LETTER} spots of "
        "each letter")
