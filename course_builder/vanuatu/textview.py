"""A board state as plain text: a map of the footprint, then the islands, boats and supplies.

The map keeps the board's shape: each space is ``[NN label]`` with its number and what lies on it
(``~fish`` an ocean tile, ``A1 w2`` an island with two water markers, ``D1 sunk`` a submerged one,
blank an empty space), rows shifted half a space as the hexes are.
"""

from __future__ import annotations

from course_builder.core.hexgrid import to_offset
from course_builder.vanuatu.state import LOSS_AT, SINK_AT, State

CELL = 14  # characters per space on the map, gap included


def space_label(state: State, space: int) -> str:
    """What a map cell shows for a space (at most 8 characters)."""
    tile = state.tile(space)
    if tile is None:
        return ""
    if not tile.is_island:
        return "~" + tile.label
    water = state.placed[space].water
    return f"{tile.label} sunk" if water >= SINK_AT else f"{tile.label} w{water}"


def map_lines(state: State) -> list[str]:
    """The footprint as text, one line per row of spaces."""
    board = state.board
    rows: dict[int, list[tuple[float, int]]] = {}
    for space in board.spaces:
        row, col = to_offset(board.hex_of(space))
        rows.setdefault(row, []).append((col + (0.5 if row % 2 == 0 else 0.0), space))
    left = min(x for cells in rows.values() for x, _s in cells)
    lines = []
    for row in sorted(rows):
        line = ""
        for x, space in sorted(rows[row]):
            line = line.ljust(round((x - left) * CELL))
            line += f"[{space:>2} {space_label(state, space):<8}]"
        lines.append(line.rstrip())
    return lines


def island_lines(state: State) -> list[str]:
    """One line per island: water, ocean sides (open and diked), huts."""
    lines = []
    for space in state.islands():
        placed = state.placed[space]
        tile = state.catalogue.get(placed.tile)
        if placed.submerged:
            lines.append(f"  {space:>2} {tile.label}: submerged")
            continue
        ocean = state.ocean_sides(space)
        diked = [d.name for d in ocean if d in placed.dikes]
        open_ = [d.name for d in state.open_sides(space)]
        huts = ", ".join(placed.huts) or "none"
        lines.append(f"  {space:>2} {tile.label}: water {placed.water} of {SINK_AT} (the "
                     f"{SINK_AT}th submerges); open sides "
                     f"{' '.join(open_) or 'none'}; dikes {' '.join(diked) or 'none'}; huts "
                     f"{huts} (of {tile.huts})")
    return lines


def state_text(state: State) -> str:
    """The whole state as text."""
    floods = ", ".join(str(r) for r in state.floods) or "none yet"
    head = [f"Vanuatu, round {state.round}; floods done: {floods}; dikes left "
            f"{state.dikes_left}; submerged {len(state.submerged())} of {LOSS_AT}"
            + ("; THE GAME IS LOST" if state.lost else "")]
    lines = head + [""] + map_lines(state) + ["", "Islands:"] + (island_lines(state) or
                                                                  ["  none"])
    if state.players:
        lines += ["", "Players (turn order):"]
        lines += [f"  {p.name}: boat on {p.boat if p.boat is not None else '-'}, {p.vatus} "
                  f"vatus, {p.huts_left} huts left" for p in state.players]
    if state.reveal:
        lines += ["", "Tiles revealed per round:"]
        lines.append("  " + "; ".join(
            f"{2 + i}: {' '.join(_mark(state, t) for t in state.reveal[2 * i:2 * i + 2])}"
            for i in range(6)))
    return "\n".join(lines) + "\n"


def _mark(state: State, tile_id: str) -> str:
    """A tile id, with the space it lies on once placed (``A1@5``)."""
    space = state.space_of(tile_id)
    return tile_id if space is None else f"{tile_id}@{space}"
