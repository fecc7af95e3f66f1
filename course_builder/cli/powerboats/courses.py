"""``powerboats course`` and ``validate``: a random legal course, a course file checked."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from course_builder.cli.common import FilePath, emit, output_option, read_json, resolve_seed, seed_option
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import (
    board_choice,
    board_options,
    catalog,
    without_path,
)
from course_builder.core.errors import CourseBuilderError

if TYPE_CHECKING:
    from pathlib import Path


@powerboats.command("course")
@click.option("--race", type=click.Choice(["A", "B", "C"], case_sensitive=False), required=True,
              metavar="A|B|C",
              help="Race A, B or C: which letter spots hold the buoys.")
@board_options
@seed_option
@click.option("--expansion", is_flag=True, help="Place the 7 tiles of Expansion 1.")
@click.option("--assign", metavar="SPOTS", default=None,
              help="Spots of buoys 0,1,2,3, e.g. A3,A1,A2,A4 (arrows are still solved).")
@click.option("--finish-buoy-on-water", is_flag=True,
              help="Also require the finish buoy's hex to be water (ruling COURSE-01).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@output_option
def course_cmd(race: str, board: str, shuffle_tiles: bool, rotate_tiles: bool,
               tile_size: tuple[int, int], density: float, seed: int | None, expansion: bool,
               assign: str | None, finish_buoy_on_water: bool, fmt: str,
               output: Path | None) -> None:
    """Generate a random legal course for one race (same seed, same course). Text and JSON both
    give its one-line course code (docs/notation.md)."""
    from course_builder.powerboats.course.code import course_code
    from course_builder.powerboats.course.codec import dumps
    from course_builder.powerboats.course.describe import course_text
    from course_builder.powerboats.course.generate import CourseMaker, CourseOptions

    choice = board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
    seed = resolve_seed(seed, not assign or expansion or choice.uses_randomness)
    lake = catalog().make(choice, seed)
    maker = CourseMaker(lake, CourseOptions(finish_buoy_on_water=finish_buoy_on_water))
    course = maker.generate(race.upper(), seed, assign=assign,
                            expansion=expansion)
    if fmt == "json":
        emit(dumps({**course.to_json(), "code": course_code(course, lake)}), output)
    else:
        emit(course_text(course, lake), output)


@powerboats.command("validate")
@click.argument("path", type=FilePath(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def validate_cmd(path: Path, fmt: str) -> None:
    """Check a course file (e.g. a course laid out by hand). Every problem goes to stdout, one per
    line after the file name, and the exit code is 1; 0 when the course is legal. A file that
    cannot be read or is not a course file is a problem too."""
    from course_builder.powerboats.course.codec import spec_from_json
    from course_builder.powerboats.course.validate import validate

    problems: list[str] = []
    route_length = None
    race = None
    try:
        spec = spec_from_json(read_json(path))
        race = spec.race
        result = validate(spec, catalog(path).rebuild(spec.board_source))
        problems = [str(p) for p in result.problems]
        if result.course is not None and result.course.route is not None:
            route_length = result.course.route.length
    except CourseBuilderError as exc:
        problems = [str(exc)]
    if fmt == "json":
        click.echo(json.dumps({"file": str(path), "ok": not problems, "race": race,
                               "route_length": route_length,
                               "problems": [without_path(p, path) for p in problems]}, indent=1))
    elif problems:
        for problem in problems:
            click.echo(problem if problem.startswith(f"{path}:") else f"{path}: {problem}")
    else:
        click.echo(f"{path}: ok: race {race} course, shortest legal route {route_length} hexes")
    if problems:
        raise SystemExit(1)
