"""Where boards come from: the built-in classic lake, a ``.board`` file, or a random lake.

This is the one place that turns a user's board choice (``classic``, ``random`` or a path, plus the
arrangement options) into a :class:`~course_builder.powerboats.lake.board.Board`, and that records in
``board.source`` everything needed to rebuild the same board later.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from course_builder.core.resources import data_path
from course_builder.powerboats.lake.board import (
    Board,
    BoardError,
    assemble,
    parse_arrangement,
    shuffled_arrangement,
)
from course_builder.powerboats.lake.boardfile import LakeKit, load_kit
from course_builder.powerboats.lake.lakegen import LakeParams, random_lake

BUILT_IN = ("classic",)


@dataclass(frozen=True)
class BoardChoice:
    """A user's board choice, as given on the command line or read from a course file."""

    board: str = "classic"
    shuffle_tiles: bool = False
    rotate_tiles: bool = False
    arrangement: str | None = None
    lake: LakeParams = field(default_factory=LakeParams)

    @property
    def uses_randomness(self) -> bool:
        return self.board == "random" or self.shuffle_tiles


@lru_cache(maxsize=8)
def _cached_kit(path: str) -> LakeKit:
    return load_kit(path)


def kit_path(name: str) -> Path:
    """The file of a built-in kit (``classic``), or the path itself."""
    if name in BUILT_IN:
        return data_path("boards", f"{name}.board")
    return Path(name)


def load_named_kit(name: str) -> LakeKit:
    """A built-in kit by name or a kit from a ``.board`` file."""
    return _cached_kit(str(kit_path(name)))


def classic_board() -> Board:
    """The classic lake in the rulebook's arrangement."""
    return assemble(load_named_kit("classic"))


def make_board(choice: BoardChoice, seed: int | None = None) -> Board:
    """Build the board a user asked for; ``seed`` drives every random choice."""
    if choice.board == "random":
        if choice.shuffle_tiles or choice.arrangement:
            raise BoardError("--shuffle-tiles and arrangements apply to tile kits, not random lakes")
        return random_lake(_need_seed(seed), choice.lake)
    kit = load_named_kit(choice.board)
    if choice.arrangement:
        arrangement = parse_arrangement(kit, choice.arrangement)
    elif choice.shuffle_tiles:
        rng = random.Random(f"powerboats-tiles:{_need_seed(seed)}")
        arrangement = shuffled_arrangement(kit, rng, rotate=choice.rotate_tiles)
    else:
        arrangement = None
    source: dict[str, Any] = {"board": choice.board}  # the name or path it was loaded by
    if choice.shuffle_tiles:
        source.update(seed=seed, shuffled=True, rotate_tiles=choice.rotate_tiles)
    return assemble(kit, arrangement, source=source)


def _need_seed(seed: int | None) -> int:
    if seed is None:
        raise BoardError("this board needs a seed")
    return seed


def board_from_source(source: dict[str, Any]) -> Board:
    """Rebuild the board a course was made on from its recorded ``source`` (course files)."""
    name = source.get("board")
    if not isinstance(name, str):
        raise BoardError(f"board: expected a board name or path, got {name!r}")
    if name == "random":
        seed = source.get("seed")
        size = source.get("tile_size", [12, 8])
        if not isinstance(seed, int) or not isinstance(size, list) or len(size) != 2:
            raise BoardError("board: a random lake needs its 'seed' and 'tile_size' [rows, cols]")
        params = LakeParams(int(size[0]), int(size[1]), float(source.get("density", 0.12)))
        return random_lake(seed, params)
    if name not in BUILT_IN and not Path(name).is_file():
        raise BoardError(f"board: no built-in board or file called {name!r}")
    arrangement = source.get("arrangement")
    return make_board(BoardChoice(name, arrangement=arrangement if isinstance(arrangement, str)
                                  else None))
