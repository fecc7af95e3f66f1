"""What several Powerboats commands read: the board (``--board`` and the random-lake options),
course files, positions, and the rulings that judge a move."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.common import F, as_path, input_name, read_json, read_text
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


def _density(ctx: click.Context, param: click.Parameter, value: float) -> float:
    if not 0.0 <= value <= MAX_DENSITY:  # also NaN
        raise click.BadParameter(f"{value} is not in the range 0<=x<={MAX_DENSITY}")
    return value


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
                     help="Random lakes: rows x columns of one lake tile (rows even, 6 to 48; "
                     "columns 6 to 48)."),
        click.option("--density", type=float, default=0.12, callback=_density,
                     show_default=True, help="Random lakes: share of each tile that is island "
                     f"(0 to {MAX_DENSITY}; spots stand by islands, so keep some)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def board_choice(board: str, shuffle_tiles: bool, rotate_tiles: bool,
                  tile_size: tuple[int, int], density: float) -> Any:
    from course_builder.powerboats.lake.catalog import BoardChoice
    from course_builder.powerboats.lake.params import LakeParams

    if rotate_tiles and not shuffle_tiles:
        raise click.UsageError("--rotate-tiles only makes sense with --shuffle-tiles")
    if board not in ("classic", "random") and not os.path.isfile(board):
        raise click.BadParameter(f"no such board or file: {board!r}", param_hint="'--board'")
    return BoardChoice(board, shuffle_tiles, rotate_tiles, None,
                       LakeParams(tile_size[0], tile_size[1], density))


def without_path(message: str, path: Path) -> str:
    """A reader's message with its leading ``PATH:`` taken off (JSON names the file once);
    a ``LINE:COL:`` after it stays."""
    prefix = f"{path}:"
    return message[len(prefix):].lstrip() if message.startswith(prefix) else message


def course_from_file(path: Path) -> tuple[Any, list[Any]]:
    from course_builder.powerboats.course.load import IllegalCourse, load_course

    try:
        lake, course = load_course(read_json(path), catalog(path))
    except IllegalCourse as exc:
        raise CourseBuilderError(f"{path}: {exc}") from None
    return lake, [course]


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


def read_position(text: str, rules: Any) -> Any:
    """A position from its notation, or from a file (``-``: standard input) holding the notation
    (comment lines start with ``#``) or the position's JSON."""
    from course_builder.powerboats.play.notation import (
        RaceBook,
        parse_position,
        position_from_json,
    )

    folders: list[Path] = []

    def read_course(ref: str) -> Any:
        path = as_path(ref)
        data = read_json(path)
        if ref != "-":
            folders.insert(0, path.parent)  # its board file is looked for beside it
        return data

    book = RaceBook(catalog(folders=folders), read_course=read_course)
    if "|" in text:
        return parse_position(text, rules, book)
    path = as_path(text)
    content = read_text(path)
    where = input_name(path)
    content = "\n".join(line for line in content.splitlines()
                        if not line.lstrip().startswith("#")).strip()
    if content.startswith("{"):
        try:
            data = json.loads(content)
        except (ValueError, RecursionError) as exc:
            raise CourseBuilderError(f"{where}: not valid JSON ({str(exc)[:80]})") from None
        return position_from_json(data, rules, book)
    if "|" not in content:
        raise CourseBuilderError(f"{where}: no position in it (expected 'COURSE | BOATS | COLOUR "
                                 "TURN', see docs/notation.md)")
    return parse_position(content, rules, book)


def rules_options(fn: F) -> F:
    """The named rulings of the adjudicator (docs/rulings.md, MOVE-xx)."""
    options = [
        click.option("--finished-boats-block", is_flag=True,
                     help="Finished boats stay on the lake as boats others cannot end on "
                     "(MOVE-07)."),
        click.option("--start-finish-buoys-pass", is_flag=True,
                     help="Start and finish buoys are no obstacles (MOVE-03)."),
        click.option("--no-zero-dice-turn", is_flag=True,
                     help="A boat without dice must add one; it may not only turn (MOVE-02)."),
        click.option("--heading-with-tiles", type=click.Choice(["simulate", "straight"]),
                     default="simulate", show_default=True,
                     help="Judge the heading rule with the expansion tiles' effects, or on the "
                     "plain straight line (EXP-11)."),
        click.option("--flights-do-not-count", is_flag=True,
                     help="Hexes flown over from a redoubt do not count for buoys and the "
                     "finish (EXP-03)."),
        click.option("--redoubt-wait-sails", is_flag=True,
                     help="The doubled turn after ending on a redoubt sails instead of flying "
                     "(EXP-07)."),
        click.option("--current-crash-min-one", is_flag=True,
                     help="A current that pushes a boat into land after its last step does 1 "
                     "damage, not 0 (EXP-05)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def rules_from(options: dict[str, Any]) -> Any:
    from course_builder.powerboats.play.rules import Rules

    return Rules(finished_boats_block=options["finished_boats_block"],
                 start_finish_buoys_block=not options["start_finish_buoys_pass"],
                 zero_dice_turn=not options["no_zero_dice_turn"],
                 heading_with_tiles=options["heading_with_tiles"],
                 flight_counts=not options["flights_do_not_count"],
                 redoubt_wait_flies=not options["redoubt_wait_sails"],
                 current_crash_min_one=options["current_crash_min_one"])
