"""The start of a race (reference, "Start Positions"; MOVE-08): where boats may start, and the
first position.
"""

from __future__ import annotations

from collections.abc import Sequence

from course_builder.core.hexgrid import Hex
from course_builder.powerboats.play.position import Boat, Position, PositionError
from course_builder.powerboats.play.race import Race


def start_hexes(race: Race) -> tuple[Hex, ...]:
    """Where boats may start (reference, "Start Positions": on or behind the start/finish tile):
    the tile's hexes, then the rows behind it, nearest first, open water only."""
    board = race.board
    tile = race.course.tile
    back = tile.start_direction.opposite()
    out: list[Hex] = []
    for k in range(0, max(board.rows, board.cols)):
        for h in tile.hexes:
            spot = h
            for _ in range(k):
                spot = spot.neighbor(back)
            i = board.index_or_none(spot)
            if i is not None and board.water[i] and i not in race.buoy_index and spot not in out:
                out.append(spot)
    return tuple(out)


def initial_position(race: Race, boats: Sequence[Boat | str], *, start_player: int = 0
                     ) -> Position:
    """The position at the start of a race: ``boats`` in seat order (clockwise round the
    table), given as :class:`Boat` records or as colours to be placed on the start hexes in
    order, pointing in the start direction, with no dice. The seat ``start_player`` moves first:
    the position lists the boats clockwise from it, so the turn number grows when play comes
    round to it (MOVE-08)."""
    places = iter(start_hexes(race))
    made: list[Boat] = []
    for b in boats:
        if isinstance(b, Boat):
            made.append(b)
            continue
        try:
            made.append(Boat(b.lower(), next(places), race.course.tile.start_direction))
        except StopIteration:
            raise PositionError("no free start hex left for every boat") from None
    if not 0 <= start_player < len(made):
        raise PositionError(f"the start player is seat 0 to {len(made) - 1}, got {start_player}")
    return Position(race, tuple(made[start_player:] + made[:start_player]), 0, 1)
