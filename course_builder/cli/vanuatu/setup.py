"""``vanuatu setup``, ``sheet`` and ``show``: a seeded setup (its state, or its sheet to print),
a state checked and shown."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from course_builder.cli.common import F, resolve_seed, seed_option
from course_builder.cli.files import emit, output_option
from course_builder.cli.options import Players, format_option
from course_builder.cli.sheets import (
    DEFAULT_DPI,
    SHEET_FORMATS,
    hidden_paper_option,
    sheet_format,
    sheet_options,
    write_sheet,
)
from course_builder.cli.statefiles import refuse_output_over_state
from course_builder.cli.vanuatu import (
    load_state,
    rules_from,
    rules_options,
    state_argument,
    vanuatu,
)
from course_builder.core.errors import CourseBuilderError
from course_builder.vanuatu.options import Rules
from course_builder.vanuatu.setup import DEFAULT_PLAYERS, Setup, make_setup, player_names
from course_builder.vanuatu.textview import state_text

# -------------------------------------------------------------------------------------------------
# vanuatu setup / sheet / show
# -------------------------------------------------------------------------------------------------


def _colours(ctx: click.Context, param: click.Parameter,
             value: tuple[str, ...] | None) -> list[str]:
    """``--players``: 2-5 distinct colour names, or their number (a usage error otherwise)."""
    if not value or value == ("",):
        return []
    try:
        return player_names(value)
    except CourseBuilderError as exc:
        raise click.BadParameter(str(exc).removeprefix("players: ")) from None


def setup_options(command: str) -> Callable[[F], F]:
    """``--seed``, ``--players``, ``--vatus``, ``--pre-roll`` and the rulings ``command`` takes:
    what a setup is drawn from."""
    options = [
        seed_option,
        click.option("--players", type=Players(DEFAULT_PLAYERS, 2, 5), default=None,
                     callback=_colours, metavar="COLOURS|N",
                     help="2-5 colour names in seating order, e.g. red,blue,green, or their "
                     "number (red, blue, green, yellow, purple); their boats start on the boat "
                     "tile."),
        click.option("--vatus", type=click.IntRange(0, 1000), default=0, show_default=True,
                     help="Vatus each player starts with (the base game's amount is not in our "
                     "sources: agree on it)."),
        click.option("--pre-roll", is_flag=True,
                     help="Roll the Rising Waters die for rounds 2, 4, 6 and 8 now (vanuatu sheet "
                     "prints them on a page of their own, for one player to keep hidden)."),
        rules_options(command),
    ]

    def decorate(fn: F) -> F:
        for option in reversed(options):
            fn = option(fn)
        return fn
    return decorate


def _make_setup(seed: int | None, players: list[str], vatus: int, pre_roll: bool,
                rulings: dict[str, Any]) -> Setup:

    rules = Rules().changed(**rules_from(rulings))
    seed = resolve_seed(seed, True)
    assert seed is not None
    return make_setup(seed, players=players, vatus=vatus, pre_roll=pre_roll, rules=rules)


@vanuatu.command("setup")
@setup_options("setup")
@format_option(help="text: the setup and its board state; json: the board state.",
               hidden=SHEET_FORMATS)
@hidden_paper_option
@output_option
def setup_cmd(seed: int | None, players: list[str], vatus: int, pre_roll: bool, fmt: str,
              paper: str, output: Path | None, **rulings: Any) -> None:
    """Draw a setup; print it and its board state.

    Draws the start tiles' spaces, the order of the lettered tiles, the first player and
    (optionally) the dice; prints the setup and the starting board state (``vanuatu sheet``
    draws it to print)."""
    if fmt in SHEET_FORMATS:
        click.echo(f"note: vanuatu setup --format {fmt} is now vanuatu sheet --format {fmt}",
                   err=True)
        _write_sheet(_make_setup(seed, players, vatus, pre_roll, rulings), fmt, paper,
                     DEFAULT_DPI, output)
        return
    setup = _make_setup(seed, players, vatus, pre_roll, rulings)
    if fmt == "json":
        emit(setup.state.dumps(), output)
        return
    emit(_setup_text(setup) + state_text(setup.state), output)


@vanuatu.command("sheet")
@setup_options("sheet")
@sheet_options("output/vanuatu-setup-SEED.FORMAT", "-dice: the pre-rolled dice")
def sheet_cmd(seed: int | None, players: list[str], vatus: int, pre_roll: bool,
              fmt: str | None, paper: str, dpi: int, output: Path | None,
              **rulings: Any) -> None:
    """Print a setup sheet: the map with Efate and the start tiles, the setup steps, the tiles of
    each round, the Rising Waters rounds, water boxes for the islands and the rules' reminders."""
    fmt = sheet_format(fmt, output)
    _write_sheet(_make_setup(seed, players, vatus, pre_roll, rulings), fmt, paper, dpi, output)


def _write_sheet(setup: Setup, fmt: str, paper: str, dpi: int, output: Path | None) -> None:
    """The setup's sheet to its file (or an SVG sheet to stdout with ``-o -``); pre-rolled dice
    are a page of their own, never on the shared sheet: the PDF's second page, or a second SVG
    or PNG file beside the sheet (``...-dice.svg``)."""
    from course_builder.render.vanuatu.sheet import setup_sheet  # svgwrite: only to draw

    write_sheet(lambda: setup_sheet(setup), fmt, paper, dpi, output,
                Path("output") / f"vanuatu-setup-{setup.seed}.{fmt}")


def _setup_text(setup: Setup) -> str:
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
@rules_options("show")
@format_option()
@output_option
def show_cmd(state_file: Path, fmt: str, output: Path | None, **options: Any) -> None:
    """Check a board state and show it.

    A map, the islands, boats and supplies, or the state as normalised JSON."""
    if fmt != "json":  # show --format json -o STATE rewrites a state in normal form: allowed
        refuse_output_over_state(output, "show --format json writes a state")
    state = load_state(state_file, rules_from(options))
    emit(state.dumps() if fmt == "json" else state_text(state), output)
