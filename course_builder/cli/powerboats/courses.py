"""``powerboats course`` and ``validate``: a random legal course, a course file checked."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.common import (
    emit,
    input_name,
    output_option,
    read_json,
    resolve_seed,
    seed_option,
)
from course_builder.cli.options import expansion_option, format_option, input_argument, race_option
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import (
    board_choice,
    board_options,
    catalog,
    rules_options,
    rulings_given,
    without_path,
)
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import json_text

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
    from course_builder.powerboats.course.code import course_code
    from course_builder.powerboats.course.codec import dumps
    from course_builder.powerboats.course.describe import course_text
    from course_builder.powerboats.course.generate import CourseMaker, CourseOptions

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


@powerboats.command("validate")
@input_argument("path", "FILE")
@format_option()
@output_option
def validate_cmd(path: Path, fmt: str, output: Path | None) -> None:
    """Check a course file (e.g. a course laid out by hand). Every problem goes to stdout, one per
    line after the file name, and the exit code is 1; 0 when the course is legal. A file that
    cannot be read or is not a course file is a problem too."""
    from course_builder.powerboats.course.load import read_spec
    from course_builder.powerboats.course.validate import validate

    name = input_name(path)
    problems: list[str] = []
    route_length = None
    race = None
    try:
        spec, lake = read_json(path, lambda data: read_spec(data, catalog(path)))
        race = spec.race
        result = validate(spec, lake)
        problems = [str(p) for p in result.problems]
        if result.course is not None and result.course.route is not None:
            route_length = result.course.route.length
    except CourseBuilderError as exc:
        problems = [str(exc)]
    if fmt == "json":
        emit(json_text({"file": name, "ok": not problems, "race": race,
                        "route_length": route_length,
                        "problems": [without_path(p, name) for p in problems]}), output)
    elif problems:
        emit("".join((p if p.startswith(f"{name}:") else f"{name}: {p}") + "\n"
                     for p in problems), output)
    else:
        emit(f"{name}: ok: race {race} course, shortest legal route {route_length} hexes\n",
             output)
    if problems:
        raise SystemExit(1)
