"""Where boards come from: the built-in classic lake, a ``.board`` file, or a random lake.

This is the one place that turns a user's board choice (``classic``, ``random`` or a path, plus the
arrangement options) into a :class:`~course_builder.powerboats.lake.board.Board`, and that records
in ``board.source`` (a :class:`~course_builder.powerboats.lake.board.BoardSource`) everything
needed to build the same board again.

A :class:`Catalog` owns what it caches: the boards built from the built-in kits in their printed
arrangement (they never change, so every race on the classic lake shares one board and its
tables). The built-in kits are package data, parsed once for all catalogs (:func:`built_in_kit`),
and boards built from kits share the tables of their terrain (:mod:`.tables`). A ``.board`` file
named by the user is read afresh each time through the ``read_file`` function the caller gives
(the command line's own reader): the rules code reads no user files itself, and a long-running
server never serves a stale copy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from course_builder.core.jsonread import Value
from course_builder.core.resources import read_data_text
from course_builder.core.values import Frozen
from course_builder.powerboats.lake.board import Board, BoardError, BoardSource
from course_builder.powerboats.lake.boardfile import parse_kit
from course_builder.powerboats.lake.kit import assemble, parse_arrangement, shuffled_arrangement
from course_builder.powerboats.lake.lakegen import random_lake
from course_builder.powerboats.lake.params import LakeParams

if TYPE_CHECKING:
    from course_builder.powerboats.lake.boardfile import LakeKit

BUILT_IN = ("classic",)

ReadFile = Callable[["Path"], str]
"""Reads a user's text file (the caller's choice of encoding checks and error messages)."""


class BoardChoice(Frozen):
    """A user's board choice, as given on the command line."""

    board: str = "classic"
    shuffle_tiles: bool = False
    rotate_tiles: bool = False
    arrangement: str | None = None
    lake: LakeParams = LakeParams()  # immutable: one shared default is safe

    @property
    def uses_randomness(self) -> bool:
        return self.board == "random" or self.shuffle_tiles


@cache
def built_in_kit(name: str) -> LakeKit:
    """A built-in kit (one of :data:`BUILT_IN`), parsed once."""
    return parse_kit(read_data_text("boards", f"{name}.board"), f"{name}.board")


_PRINTED: dict[str, Board] = {}
"""The built-in lakes in their printed arrangement, as :meth:`Catalog.printed` built them."""


class Catalog:
    """Builds boards from choices and from recorded sources (see the module docstring)."""

    def __init__(self, read_file: ReadFile | None = None) -> None:
        self._read_file = read_file
        self._printed: dict[str, Board] = {}

    def kit(self, name: str) -> LakeKit:
        """A built-in kit by name (parsed once), or the kit in a ``.board`` file (read now)."""
        if name in BUILT_IN:
            return built_in_kit(name)
        if self._read_file is None:
            raise BoardError(f"board {name!r}: only the built-in boards ({', '.join(BUILT_IN)}) "
                             "can be used here; board files are read by the caller")
        return parse_kit(self._read_file(Path(name)), name)

    def printed(self, name: str) -> Board:
        """A built-in lake in its printed arrangement, its kit assembled once and shared by every
        catalog, as it does not depend on the files a catalog reads (a command's catalog and
        :data:`DEFAULT`, which course codes name the printed lakes by, build it once)."""
        shelf = _PRINTED if name in BUILT_IN else self._printed
        if name not in shelf:
            shelf[name] = assemble(self.kit(name), source=BoardSource(name))
        return shelf[name]

    def make(self, choice: BoardChoice, seed: int | None = None) -> Board:
        """Build the board a user asked for; ``seed`` drives every random choice."""
        if choice.board == "random":
            if choice.shuffle_tiles or choice.arrangement:
                raise BoardError("--shuffle-tiles and arrangements apply to tile kits, not random "
                                 "lakes")
            return random_lake(_need_seed(seed), choice.lake)
        if choice.board in BUILT_IN and not (choice.arrangement or choice.shuffle_tiles):
            return self.printed(choice.board)

        kit = self.kit(choice.board)
        if choice.arrangement:
            arrangement = parse_arrangement(kit, choice.arrangement)
        elif choice.shuffle_tiles:
            rng = random.Random(f"powerboats-tiles:{_need_seed(seed)}")
            arrangement = shuffled_arrangement(kit, rng, rotate=choice.rotate_tiles)
        else:
            arrangement = None
        source = BoardSource(choice.board)  # the name or path it was loaded by
        if choice.shuffle_tiles:
            source = BoardSource(choice.board, seed=seed, shuffled=True,
                                 rotate_tiles=choice.rotate_tiles)
        return assemble(kit, arrangement, source=source)

    def rebuild(self, source: BoardSource) -> Board:
        """The board a course was made on, from its recorded source (course files)."""
        if source.is_random:
            if source.seed is None or source.tile_size is None:
                raise BoardError("board: a random lake needs its 'seed' and 'tile_size' "
                                 "[rows, cols]")
            density = 0.12 if source.density is None else source.density
            return random_lake(source.seed, LakeParams(*source.tile_size, density))
        if source.board in BUILT_IN and source.arrangement in (
                None, self.printed(source.board).source.arrangement):
            return self.printed(source.board)
        return self.make(BoardChoice(source.board, arrangement=source.arrangement))


DEFAULT = Catalog()
"""Built-in boards only; the command line makes its own catalog that can read board files."""


def classic_board() -> Board:
    """The classic lake in the rulebook's arrangement (one shared board)."""
    return DEFAULT.printed("classic")


def make_board(choice: BoardChoice, seed: int | None = None, catalog: Catalog | None = None
               ) -> Board:
    """Build the board a user asked for (see :meth:`Catalog.make`)."""
    return (catalog or DEFAULT).make(choice, seed)


def board_from_source(source: BoardSource, catalog: Catalog | None = None) -> Board:
    """Rebuild the board a course was made on (see :meth:`Catalog.rebuild`)."""
    return (catalog or DEFAULT).rebuild(source)


def _need_seed(seed: int | None) -> int:
    if seed is None:
        raise BoardError("this board needs a seed")
    return seed


# ------------------------------------------------------------------------------------------------
# the source record in course files
# ------------------------------------------------------------------------------------------------

MAX_SEED = 2**63 - 1
"""Seeds are 0 .. 2**63 - 1 (any value a JSON reader and a shell can pass on unchanged)."""


SOURCE_FIELDS = ("board", "arrangement", "seed", "shuffled", "rotate_tiles", "tile_size",
                 "density")
"""The fields of a board source (docs/course-format.md, ``board``)."""


def source_from_json(data: Any) -> BoardSource:
    """A board source from a course file's ``board`` object; raises :class:`BoardError` naming
    the field for anything it cannot use (unknown keys, wrong types, a seed out of range)."""
    source = Value(data, (), BoardError).fields(
        SOURCE_FIELDS, what="an object like {\"board\": \"classic\"}")
    name = source["board"].string(longest=4096, what="a board name or .board file")
    if not name.strip():
        raise source["board"].refuse("the board name is empty")
    arrangement = source.get("arrangement").string(
        longest=4096, what="an arrangement like 'T00=1d T01=2d ...'", null=True)
    size = source.get("tile_size")
    tile_size = None if size.is_null else size.pair(what="[rows, cols]")
    density = source.get("density")
    return BoardSource(name, arrangement, source.get("seed").whole(0, MAX_SEED, null=True),
                       source.get("shuffled", False).boolean(),
                       source.get("rotate_tiles", False).boolean(), tile_size,
                       None if density.is_null else density.number())
