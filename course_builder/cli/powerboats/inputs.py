"""What several Powerboats commands take: the board (``--board`` and the random-lake options)
and where boards come from, and the rulings that judge a move (course files and positions:
:mod:`.positions`)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from course_builder.cli.common import F
from course_builder.cli.files import read_text
from course_builder.cli.options import FiniteFloat, ruling_options, ruling_values
from course_builder.core.errors import CourseBuilderError
from course_builder.powerboats.lake.board import BoardError
from course_builder.powerboats.lake.catalog import BUILT_IN, BoardChoice, Catalog
from course_builder.powerboats.lake.params import LakeParams
from course_builder.powerboats.play.rules import RULING_OPTIONS, Rules

MAX_DENSITY = 0.35
"""The densest random lake (lakegen.LakeParams checks the same)."""


# -------------------------------------------------------------------------------------------------
# the board
# -------------------------------------------------------------------------------------------------


def _tile_size(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, int]:
    """``--tile-size ROWSxCOLS``, within the limits of random lakes (a usage error otherwise)."""

    try:
        rows, cols = (int(x) for x in value.lower().split("x"))
    except ValueError:
        raise click.BadParameter(f"expected ROWSxCOLS such as 12x8, got {value!r}") from None
    try:
        LakeParams(rows, cols).check()
    except BoardError as exc:
        raise click.BadParameter(str(exc)) from None
    return rows, cols


def board_options(fn: F) -> F:
    """``--board``, ``--shuffle-tiles``, ``--rotate-tiles`` and the random-lake parameters."""
    options = [
        click.option("--board", "board", default="classic", show_default=True, metavar="NAME",
                     help="'classic', 'random' (a generated lake) or the path of a .board file."),
        click.option("--shuffle-tiles", is_flag=True,
                     help="Lay the 6 lake tiles at random in the frame (uses the seed)."),
        click.option("--rotate-tiles", is_flag=True,
                     help="With --shuffle-tiles: also turn tiles by 180 degrees at random "
                     "(not in the rules; see docs/rulings.md BOARD-01)."),
        click.option("--tile-size", default="12x8", show_default=True, callback=_tile_size,
                     metavar="ROWSxCOLS",
                     help="Random lakes: rows x columns of one lake tile (rows even, 6 to 48; "
                     "columns 6 to 48)."),
        click.option("--density", type=FiniteFloat(0.0, MAX_DENSITY), default=0.12,
                     show_default=True, help="Random lakes: share of each tile that is island "
                     f"(0 to {MAX_DENSITY}; spots stand by islands, so keep some)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def board_choice(board: str, shuffle_tiles: bool, rotate_tiles: bool,
                  tile_size: tuple[int, int], density: float) -> BoardChoice:
    """The board the options choose. A name that is not built in is a file, read when the
    board is made (a file that cannot be read: exit 1); a bare word that is neither is a
    mistyped name (a usage error)."""

    if rotate_tiles and not shuffle_tiles:
        raise click.UsageError("--rotate-tiles only makes sense with --shuffle-tiles")
    names = (*BUILT_IN, "random")
    if board not in names and not os.path.exists(board) and not _names_a_file(board):
        raise click.BadParameter(f"no such board: {board!r} ({', '.join(names)}, or a board "
                                 "file, whose name ends in .board)", param_hint="'--board'")
    return BoardChoice(board, shuffle_tiles, rotate_tiles, None,
                       LakeParams(tile_size[0], tile_size[1], density))


def _names_a_file(text: str) -> bool:
    """Whether ``--board TEXT`` can only mean a file: a path or a name ending in .board."""
    return "/" in text or os.sep in text or text.endswith(".board")


def without_path(message: str, path: Path | str) -> str:
    """A reader's message with its leading ``PATH:`` taken off (JSON names the file once);
    a ``LINE:COL:`` after it stays."""
    prefix = f"{path}:"
    return message[len(prefix):].lstrip() if message.startswith(prefix) else message


def catalog(beside: Path | None = None, folders: list[Path] | None = None) -> Catalog:
    """Where this run's boards come from: the built-in ones and the user's board files. A
    board file named by a course file is looked for beside it first (``beside``: the course
    file; ``folders``: the folders of the course files read so far, latest first), then from the
    current folder; a bare name that is neither a built-in board nor a file is said to be an
    unknown board (a typo of 'classic', say)."""
    def read_board(path: Path) -> str:
        places = list(folders or [])
        if beside is not None and str(beside) != "-":
            places.insert(0, beside.parent)
        for folder in places if not path.is_absolute() else []:
            near = folder / path
            if near.exists():
                return read_text(near)
        if not path.exists() and path.suffix != ".board" and len(path.parts) == 1:
            raise CourseBuilderError(f"unknown board {str(path)!r}: the built-in boards are "
                                     f"{', '.join(BUILT_IN)}; a board file's name ends in "
                                     ".board")
        return read_text(path)

    return Catalog(read_file=read_board)


def rules_options(command: str) -> Callable[[F], F]:
    """The options of the rulings that change what ``command`` does (the table:
    :data:`course_builder.powerboats.play.rules.RULING_OPTIONS`)."""
    return ruling_options(RULING_OPTIONS, command)


def rulings_given(params: dict[str, Any]) -> dict[str, Any]:
    """The rulings given on the command line by their field (taken out of ``params``)."""
    return ruling_values(RULING_OPTIONS, params)


def rules_from(params: dict[str, Any]) -> Rules:
    """The rules of play the ruling options given say (taken out of ``params``)."""
    given = rulings_given(params)
    given.pop("finish_buoy_on_water", None)  # a course's option, not the rules of play
    given.pop("strict_course", None)  # how a course is read (COURSE-19), not the rules of play
    return Rules(**given)
