"""What several Powerboats commands read: the board (``--board`` and the random-lake options),
course files, positions, and the rulings that judge a move."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.common import F, as_path, input_name, read_json, read_text
from course_builder.cli.options import FiniteFloat, ruling_options, ruling_values
from course_builder.core.errors import CourseBuilderError

if TYPE_CHECKING:  # pathlib is imported where a file is named (see common.as_path)
    from pathlib import Path


MAX_DENSITY = 0.35
"""The densest random lake (lakegen.LakeParams checks the same)."""


# -------------------------------------------------------------------------------------------------
# the board
# -------------------------------------------------------------------------------------------------


def _tile_size(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, int]:
    """``--tile-size ROWSxCOLS``, within the limits of random lakes (a usage error otherwise)."""
    from course_builder.powerboats.lake.board import BoardError
    from course_builder.powerboats.lake.params import LakeParams

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
                  tile_size: tuple[int, int], density: float) -> Any:
    """The board the options choose. A name that is not built in is a file, read when the
    board is made (a file that cannot be read: exit 1); a bare word that is neither is a
    mistyped name (a usage error)."""
    from course_builder.powerboats.lake.catalog import BUILT_IN, BoardChoice
    from course_builder.powerboats.lake.params import LakeParams

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


def course_from_file(path: Path) -> tuple[Any, list[Any]]:
    """The lake and (as a list of one) the course of a course file (``-``: standard input);
    errors name the file, line and column."""
    return read_json(path, lambda data: course_from_data(data, path))


def course_from_data(data: Any, path: Path) -> tuple[Any, list[Any]]:
    """The lake and course of a course file's data (its board file is looked for beside it): a
    reader for :meth:`~course_builder.core.jsonread.JsonDocument.read`, which puts the file's
    name, line and column in front of its errors."""
    from course_builder.powerboats.course.load import load_course

    lake, course = load_course(data, catalog(path))
    return lake, [course]


def is_course_data(data: Any) -> bool:
    """Whether JSON data is a course file's (its buoys) rather than a position's (its boats)."""
    return isinstance(data, dict) and "buoys" in data and "boats" not in data


def catalog(beside: Path | None = None, folders: list[Path] | None = None) -> Any:
    """Where this run's boards come from: the built-in ones and the user's board files. A
    board file named by a course file is looked for beside it first (``beside``: the course
    file; ``folders``: the folders of the course files read so far, latest first), then from the
    current folder; a bare name that is neither a built-in board nor a file is said to be an
    unknown board (a typo of 'classic', say)."""
    from course_builder.powerboats.lake.catalog import BUILT_IN, Catalog

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


def read_position(text: str, rules: Any, content: str | None = None, *,
                  tiles_as_laid: bool = False) -> Any:
    """A position from its notation, or from a file (``-``: standard input) holding the notation
    (comment lines start with ``#``) or the position's JSON (``content``: the file's text, when
    the caller has read it already). With ``tiles_as_laid`` a course whose expansion tiles lie
    off their spots is judged on the tiles as laid, with a one-line warning on standard error
    naming what ``validate`` would refuse (COURSE-19)."""
    book = _position_book(tiles_as_laid)
    position = _read_position(text, rules, content, book)
    for warning in book.warnings:
        click.echo(f"warning: {warning}", err=True)
    return position


def _position_book(tiles_as_laid: bool) -> Any:
    """The races of the positions one command reads; ``@course.json`` files are read, and a board
    file they name is looked for beside the latest course file first."""
    from course_builder.powerboats.play.notation import RaceBook

    folders: list[Path] = []

    def read_course(ref: str, reader: Callable[[Any], Any]) -> Any:
        path = as_path(ref)
        if ref != "-":
            folders.insert(0, path.parent)  # its board file is looked for beside it
        return read_json(path, reader)

    return RaceBook(catalog(folders=folders), read_course=read_course,
                    tiles_as_laid=tiles_as_laid)


def _read_position(text: str, rules: Any, content: str | None, book: Any) -> Any:
    from course_builder.core.jsonread import MAX_BYTES, parse
    from course_builder.powerboats.play.notation import parse_position, position_from_json

    if "|" in text:
        return parse_position(text, rules, book)
    path = as_path(text)
    text = read_text(path, MAX_BYTES) if content is None else content
    where = input_name(path)
    # comment lines left blank, so that JSON errors give the file's own line and column (cut at
    # "\n" alone, as JSON counts lines: the rest of the text stays as it was)
    json_text = "\n".join("" if line.lstrip().startswith("#") else line
                          for line in text.split("\n"))
    if json_text.lstrip().startswith("{"):
        return parse(json_text, where).read(lambda data: position_from_json(data, rules, book))
    content = "\n".join(line for line in text.splitlines()
                        if not line.lstrip().startswith("#")).strip()
    if "|" not in content:
        raise CourseBuilderError(f"{where}: no position in it (expected 'COURSE | BOATS | COLOUR "
                                 "TURN', see docs/notation.md)")
    return parse_position(content, rules, book)


def rules_options(command: str) -> Callable[[F], F]:
    """The options of the rulings that change what ``command`` does (the table:
    :data:`course_builder.powerboats.play.rules.RULING_OPTIONS`)."""
    from course_builder.powerboats.play.rules import RULING_OPTIONS

    return ruling_options(RULING_OPTIONS, command)


def rulings_given(params: dict[str, Any]) -> dict[str, Any]:
    """The rulings given on the command line by their field (taken out of ``params``)."""
    from course_builder.powerboats.play.rules import RULING_OPTIONS

    return ruling_values(RULING_OPTIONS, params)


def rules_from(params: dict[str, Any]) -> Any:
    """The rules of play the ruling options given say (taken out of ``params``)."""
    from course_builder.powerboats.play.rules import Rules

    given = rulings_given(params)
    given.pop("finish_buoy_on_water", None)  # a course's option, not the rules of play
    given.pop("strict_course", None)  # how a course is read (COURSE-19), not the rules of play
    return Rules(**given)
