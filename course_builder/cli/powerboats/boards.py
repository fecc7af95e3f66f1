"""``powerboats board``: show a lake (as text, JSON or a picture)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from course_builder.cli.common import resolve_seed, seed_option
from course_builder.cli.files import emit, output_option
from course_builder.cli.options import format_option
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import board_choice, board_options, catalog
from course_builder.core.jsonwrite import json_text
from course_builder.powerboats.course.describe import lake_step
from course_builder.powerboats.lake.board import Board

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
        from course_builder.render.powerboats.lake import board_svg  # svgwrite: only to draw

        emit(board_svg(lake), output)
    else:
        emit(_lake_header(lake) + lake.to_text(), output)


def _lake_header(lake: Board) -> str:
    """What the picture alone does not say: the lake's source and which tile lies where."""
    source = lake.source
    name = source.board + (f", seed {source.seed}" if source.seed is not None else "")
    lines = [f"Lake: {name}"]
    if source.arrangement:
        lines.append(f"Tiles: {source.arrangement}")
    step = lake_step(lake)
    if step:
        lines.append(step)
    return "\n".join(lines) + "\n\n"
