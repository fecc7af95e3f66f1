"""``powerboats board`` and ``check-board``: show a lake, check a .board file."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.common import (
    emit,
    input_name,
    output_option,
    read_text,
    resolve_seed,
    seed_option,
)
from course_builder.cli.options import format_option, input_argument
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import board_choice, board_options, catalog, without_path
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import json_text

if TYPE_CHECKING:
    from pathlib import Path


@powerboats.command("board")
@board_options
@seed_option
@format_option("svg")
@output_option
def board_cmd(board: str, shuffle_tiles: bool, rotate_tiles: bool, tile_size: tuple[int, int],
              density: float, seed: int | None, fmt: str, output: Path | None) -> None:
    """Show a lake: as text, as JSON (every hex and spot) or as an SVG picture."""

    choice = board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density)
    seed = resolve_seed(seed, choice.uses_randomness)
    lake = catalog().make(choice, seed)
    if fmt == "json":
        emit(json_text(lake.to_json(), sort_keys=True), output)
    elif fmt == "svg":
        from course_builder.render.powerboats.lake import board_svg

        emit(board_svg(lake), output)
    else:
        emit(_lake_header(lake) + lake.to_text(), output)


def _lake_header(lake: Any) -> str:
    """What the picture alone does not say: the lake's source and which tile lies where."""
    from course_builder.powerboats.course.describe import lake_step

    source = lake.source
    name = source.board + (f", seed {source.seed}" if source.seed is not None else "")
    lines = [f"Lake: {name}"]
    if source.arrangement:
        lines.append(f"Tiles: {source.arrangement}")
    step = lake_step(lake)
    if step:
        lines.append(step)
    return "\n".join(lines) + "\n\n"


@powerboats.command("check-board")
@input_argument("path", "FILE")
@format_option()
@output_option
def check_board_cmd(path: Path, fmt: str, output: Path | None) -> None:
    """Check a .board file: its tiles, slots and spots (file:line:col when broken), then what
    races A, B and C need: four spots each, on one body of water, and a legal course. Exit 1
    with the problems (the first that keeps the file from being read, else every problem of the
    races); 0 when a game can be played on it."""
    from course_builder.powerboats.course.fitness import lake_notes, race_problems
    from course_builder.powerboats.lake.boardfile import parse_kit
    from course_builder.powerboats.lake.kit import assemble

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


def _board_report(name: str, fmt: str, problems: list[str], notes: list[str], lake: Any) -> str:
    summary = None
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
