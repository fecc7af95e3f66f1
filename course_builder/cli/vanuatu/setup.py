"""``vanuatu setup`` and ``show``: a seeded setup (its sheet or its state), a state checked and shown."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.common import emit, output_option, progress_bar, resolve_seed, seed_option
from course_builder.cli.statefiles import is_stdout, refuse_output_over_state
from course_builder.cli.vanuatu import (
    format_option,
    load_state,
    rules_from,
    rules_options,
    state_argument,
    vanuatu,
)
from course_builder.core.errors import CourseBuilderError

if TYPE_CHECKING:
    pass


# -------------------------------------------------------------------------------------------------
# vanuatu setup / show
# -------------------------------------------------------------------------------------------------


def _colours(ctx: click.Context, param: click.Parameter, value: str | None) -> list[str]:
    """``--players``: 2-5 distinct colour names (a usage error otherwise)."""
    from course_builder.vanuatu.setup import player_names

    if not value:
        return []
    try:
        return player_names(value.split(","))
    except CourseBuilderError as exc:
        raise click.BadParameter(str(exc).removeprefix("players: ")) from None


@vanuatu.command("setup")
@seed_option
@click.option("--players", metavar="COLOURS", default=None, callback=_colours,
              help="2-5 colour names in seating order, e.g. red,blue,green; their boats start "
              "on the boat tile.")
@click.option("--vatus", type=click.IntRange(0, 1000), default=0, show_default=True,
              help="Vatus each player starts with (the base game's amount is not in our "
              "sources: agree on it).")
@click.option("--pre-roll", is_flag=True,
              help="Roll the Rising Waters die for rounds 2, 4, 6 and 8 now (printed on the "
              "sheet: keep it hidden).")
@rules_options
@click.option("--format", "fmt", type=click.Choice(["text", "json", "svg", "pdf", "png"]),
              default="text", show_default=True,
              help="text or json: the setup and its board state; svg, pdf or png: the sheet.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4",
              show_default=True, help="PDF paper size.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Output file (sheets default to output/vanuatu-setup-SEED.FORMAT, text and "
              "JSON to stdout; '-': stdout, for text, JSON and SVG). Written completely or not "
              "at all; missing folders are created; a symlink's target is written.")
def setup_cmd(seed: int | None, players: list[str], vatus: int, pre_roll: bool, fmt: str,
              paper: str, output: Path | None, **options: Any) -> None:
    """Draw a setup; print its sheet or its state.

    Draws the start tiles' spaces, the order of the lettered tiles, the first player and
    (optionally) the dice; prints the setup sheet or the starting board state."""
    from course_builder.vanuatu.options import Rules
    from course_builder.vanuatu.setup import make_setup
    from course_builder.vanuatu.textview import state_text

    if output is not None and is_stdout(output) and fmt in ("pdf", "png"):
        raise click.UsageError(f"a {fmt.upper()} sheet is binary: it is written to a file, not "
                               "to stdout ('-o -' takes text, json or svg)")
    rules = Rules().changed(**rules_from(options))
    seed = resolve_seed(seed, True)
    assert seed is not None
    setup = make_setup(seed, players=players, vatus=vatus, pre_roll=pre_roll, rules=rules)
    if fmt in ("svg", "pdf", "png"):
        from course_builder.render.vanuatu.sheets import render_setup

        with progress_bar("drawing the sheet") as progress:
            progress(0, 1)
            data = render_setup(setup, fmt, paper.lower())
            progress(1, 1)
        if output is not None and is_stdout(output):
            emit(data.decode("utf-8"), None)
        else:
            emit(data, output or Path("output") / f"vanuatu-setup-{seed}.{fmt}")
        return
    if fmt == "json":
        emit(setup.state.dumps(), output)
        return
    emit(_setup_text(setup) + state_text(setup.state), output)


def _setup_text(setup: Any) -> str:
    start = ", ".join(f"{t} on space {s}" for s, t in setup.start)
    lines = [f"Vanuatu: The Rising Waters, setup with seed {setup.seed}",
             f"Start tiles: {start}; Efate on space {setup.state.board.efate_space}."]
    if setup.dice:
        lines.append("Pre-rolled dice: " + ", ".join(f"round {r}: {d}" for r, d in setup.dice))
    if setup.first_player:
        lines.append(f"First player: {setup.first_player}.")
    return "\n".join(lines) + "\n\n"


@vanuatu.command("show")
@state_argument
@rules_options
@format_option
@output_option
def show_cmd(state_file: Path, fmt: str, output: Path | None, **options: Any) -> None:
    """Check a board state and show it.

    A map, the islands, boats and supplies, or the state as normalised JSON."""
    from course_builder.vanuatu.textview import state_text

    if fmt != "json":  # show --format json -o STATE rewrites a state in normal form: allowed
        refuse_output_over_state(output, "show --format json writes a state")
    state = load_state(state_file, rules_from(options))
    emit(state.dumps() if fmt == "json" else state_text(state), output)
