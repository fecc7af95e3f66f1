"""``powerboats validate`` and ``check-board``: a course file checked, and a board file checked
for the races it must hold. Each reports every problem on standard output after the file's
name, exit 1 when there is one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.files import emit, input_name, output_option, read_json, read_text
from course_builder.cli.options import format_option, input_argument
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import catalog, without_path
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import json_text
from course_builder.powerboats.course.fitness import lake_notes, race_problems
from course_builder.powerboats.course.load import read_spec
from course_builder.powerboats.course.validate import validate
from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.lake.boardfile import parse_kit
from course_builder.powerboats.lake.kit import assemble

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


@powerboats.command("check-board")
@input_argument("path", "FILE")
@format_option()
@output_option
def check_board_cmd(path: Path, fmt: str, output: Path | None) -> None:
    """Check a .board file: its tiles, slots and spots (file:line:col when broken), then what
    races A, B and C need: four spots each, on one body of water, and a legal course. Exit 1
    with the problems (the first that keeps the file from being read, else every problem of the
    races); 0 when a game can be played on it."""

    name = input_name(path)
    try:
        kit = parse_kit(read_text(path), name)
        lake = assemble(kit)
    except CourseBuilderError as exc:
        emit(_board_report(name, fmt, [str(exc)], [], None), output)
        raise SystemExit(1) from None
    notes = [f"not transcribed: {t} {f}" for (t, f), face in kit.faces.items()
             if face.status != "transcribed"] + lake_notes(lake)
    problems = race_problems(lake)
    emit(_board_report(name, fmt, problems, notes, lake), output)
    for note in notes if fmt != "json" else []:
        click.echo(f"note: {note}", err=True)
    if problems:
        raise SystemExit(1)


def _board_report(name: str, fmt: str, problems: list[str], notes: list[str],
                  lake: Board | None) -> str:
    summary: dict[str, Any] | None = None
    if lake is not None:
        summary = {"name": lake.name, "hexes": len(lake.hexes()), "water": lake.water_count,
                   "spots": {x: len(lake.spots_for(x)) for x in "ABC"}}
    if fmt == "json":
        return json_text({"file": name, "ok": not problems, "board": summary,
                          "problems": [without_path(p, name) for p in problems],
                          "notes": notes})
    lines = [problem if problem.startswith(f"{name}:") else f"{name}: {problem}"
             for problem in problems]
    if not problems and summary is not None:
        counts = ", ".join(f"{n} {x}" for x, n in summary["spots"].items())
        lines.append(f"{name}: ok: {summary['name']}, {summary['hexes']} hexes, "
                     f"{summary['water']} water, spots {counts}")
    return "\n".join(lines) + "\n"
