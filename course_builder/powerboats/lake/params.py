"""What a random lake looks like (:class:`LakeParams`), apart from the generator itself.

Choosing a board (:mod:`.catalog`, the command line's options) needs the parameters and their
limits; the generator (:mod:`.lakegen`) takes them.
"""

from __future__ import annotations

from course_builder.core.values import Frozen
from course_builder.powerboats.lake.board import BoardError

MIN_TILE = 6
MAX_TILE = 48
"""Rows and columns of one random lake tile: at most 48, a lake of about 98 x 146 hexes that is
made in about a second; larger ones would keep a user waiting for no game anyone plays."""


class LakeParams(Frozen):
    """What a random lake looks like: size of one lake tile and how much of it is island."""

    tile_rows: int = 12
    tile_cols: int = 8
    density: float = 0.12

    def check(self) -> None:
        if not MIN_TILE <= self.tile_rows <= MAX_TILE or self.tile_rows % 2:
            raise BoardError(f"tile rows must be even, {MIN_TILE} to {MAX_TILE}, got "
                             f"{self.tile_rows}")
        if not MIN_TILE <= self.tile_cols <= MAX_TILE:
            raise BoardError(f"tile columns must be {MIN_TILE} to {MAX_TILE}, got "
                             f"{self.tile_cols}")
        if not 0.0 <= self.density <= 0.35:
            raise BoardError(f"island density must be between 0 and 0.35, got {self.density}")
