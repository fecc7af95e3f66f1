"""``powerboats course``: a random legal course (checking a course or board file:
:mod:`.checks`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.common import resolve_seed, seed_option
from course_builder.cli.files import emit, output_option
from course_builder.cli.options import expansion_option, format_option, race_option
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import (
    board_choice,
    board_options,
    catalog,
    rules_options,
    rulings_given,
)
from course_builder.powerboats.course.code import course_code
from course_builder.powerboats.course.codec import dumps
from course_builder.powerboats.course.describe import course_text
from course_builder.powerboats.course.generate import CourseMaker, CourseOptions

if TYPE_CHECKING:
    from pathlib import Path


@powerboats.command("course")
@race_option(required=True, help="Race A, B or C: which letter spots hold the buoys.")
@board_options
@seed_option
@expansion_option()
@click.option("--assign", metavar="SPOTS", default=None,
              help="Spots of buoys 0,1,2,3, e.g. A3,A1,A2,A4 (arrows are still solved).")
@rules_options("course")
@format_option()
@output_option
def course_cmd(race: str, board: str, shuffle_tiles: bool, rotate_tiles: bool,
               tile_size: tuple[int, int], density: float, seed: int | None, expansion: bool,
               assign: str | None, fmt: str, output: Path | None, **rulings: Any) -> None:
    """Generate a random legal course for one race (same seed, same course). Text and JSON both
    give its one-line course code (docs/notation.md)."""

    on_water = rulings_given(rulings).get("finish_buoy_on_water", False)
    choice = board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
    seed = resolve_seed(seed, not assign or expansion or choice.uses_randomness)
    lake = catalog().make(choice, seed)
    maker = CourseMaker(lake, CourseOptions(finish_buoy_on_water=on_water))
    course = maker.generate(race, seed, assign=assign, expansion=expansion)
    if fmt == "json":
        emit(dumps({**course.to_json(), "code": course_code(course, lake)}), output)
    else:
        emit(course_text(course, lake), output)
