"""``powerboats validate``: a course file checked. It reports every problem on standard output
after the file's name, exit 1 when there is one (a board file: :mod:`.boardchecks`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from course_builder.cli.files import emit, input_name, output_option
from course_builder.cli.jsonfiles import read_json
from course_builder.cli.options import format_option, input_argument
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import catalog, without_path
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import json_text
from course_builder.powerboats.course.load import read_spec
from course_builder.powerboats.course.validate import validate

if TYPE_CHECKING:
    from pathlib import Path


@powerboats.command("validate")
@input_argument("path", "FILE")
@format_option()
@output_option
def validate_cmd(path: Path, fmt: str, output: Path | None) -> None:
    """Check a course file (e.g. a course laid out by hand). Every problem goes to stdout, one per
    line after the file name, and the exit code is 1; 0 when the course is legal. A file that
    cannot be read or is not a course file is a problem too."""

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
