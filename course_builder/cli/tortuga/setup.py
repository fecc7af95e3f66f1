"""``tortuga setup``, ``sheet`` and ``map``: a seeded setup, its sheet, and the sector map."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import click

from course_builder.cli.aliases import alias
from course_builder.cli.common import F, resolve_seed, seed_option
from course_builder.cli.files import emit, output_option
from course_builder.cli.options import CaseFreeChoice, Players, format_option, input_argument
from course_builder.cli.sheets import sheet_format, sheet_options, write_sheet
from course_builder.cli.statefiles import refuse_output_over_state
from course_builder.cli.tortuga import dumps, layout_file, read_state, tortuga
from course_builder.core.errors import CourseBuilderError
from course_builder.tortuga.layouts import picture
from course_builder.tortuga.mapquery import ask
from course_builder.tortuga.sectors import SectorMap
from course_builder.tortuga.setup import Setup, Swap, make_setup, parse_swaps
from course_builder.tortuga.state import ID_RE, Scenario, state_to_json

# -------------------------------------------------------------------------------------------------
# setup options
# -------------------------------------------------------------------------------------------------


def _swaps(ctx: click.Context, param: click.Parameter, value: str | None
           ) -> tuple[Swap, ...] | None:
    if value is None:
        return None
    try:
        return parse_swaps(value)
    except CourseBuilderError as exc:
        raise click.BadParameter(str(exc)) from None


DEFAULT_IDS = tuple(f"p{k}" for k in range(1, 6))
"""The players' ids when only their number is given (``--players 3``: p1, p2, p3)."""


def _player_ids(ctx: click.Context, param: click.Parameter,
                value: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """``--players``: 2 to 5 player ids (their colours), each once, or their number."""
    if value is None:
        return None
    ids = tuple(name for name in value if name)
    if not 2 <= len(ids) <= len(DEFAULT_IDS):
        raise click.BadParameter(f"2 to {len(DEFAULT_IDS)} players, got {len(ids)}")
    for name in ids:
        if not ID_RE.match(name):
            raise click.BadParameter(f"{name[:40]!r} is not a player id (a letter or digit, then "
                                     "up to 39 letters, digits, '_', '.' or '-')")
    if len(set(ids)) != len(ids):
        raise click.BadParameter("a name is given twice")
    return ids


def _names_and_count(names: str, players: str) -> str:
    """The old ``--players N --names A,B,...``: the names, when there are N of them."""
    count = len([n for n in str(names).split(",") if n.strip()])
    if not str(players).strip().isdigit() or int(players) != count:
        raise click.BadParameter(f"{count} names for {players} players", param_hint="'--names'")
    return names


def players_option(required: bool, help: str) -> Callable[[F], F]:
    """``--players``: ids by seat (``red,blue,green``) or their number; ``--names`` (the old
    spelling of the ids, beside a number) still works."""
    def decorate(fn: F) -> F:
        fn = alias("--names", "players", "--players NAMES", merge=_names_and_count)(fn)
        return click.option("--players", type=Players(DEFAULT_IDS, 2, len(DEFAULT_IDS)),
                            required=required, callback=_player_ids, metavar="NAMES|N",
                            help=help)(fn)
    return decorate


def setup_options(fn: F) -> F:
    """``--players``, ``--seed``, ``--layout``, ``--swap``, ``--scenario``."""
    options = [
        players_option(True, "The players in turn order, by name (their colours, e.g. "
                       "red,blue,green), or their number, 2 to 5 (named p1, p2, ...)."),
        seed_option,
        click.option("--layout", default="spokes", show_default=True, metavar="NAME|FILE",
                     help="'spokes' or 'notches' (the research's two candidate layouts, both "
                     "unverified: TOR-01) or a .layout file."),
        click.option("--swap", default=None, callback=_swaps, metavar="SWAPS",
                     help="2-4 players: new sectors in play and what they replace, e.g. "
                     "'hub=mines,shipwreck-bay' or 'none'. Default: both, each replacing a base "
                     "special drawn at random (TOR-03)."),
        click.option("--scenario", type=CaseFreeChoice(["standard", "monster-hunters"]),
                     default="standard", show_default=True, help="Scoring rules."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def _make_setup(players: tuple[str, ...], seed: int | None, layout: str,
                swap: tuple[Swap, ...] | None, scenario: str) -> Setup:

    if swap is not None and len(players) == 5:
        raise click.UsageError("--swap is for 2-4 players; with 5 all six special sectors play")
    layouts = layout_file(layout)
    seed = resolve_seed(seed, True)
    assert seed is not None
    return make_setup(layouts, len(players), seed, swaps=swap, player_ids=players,
                      scenario=Scenario(scenario))


def _setup_text(setup: Setup) -> str:
    lines = [f"Tortuga 2199: Shipwreck Bay, {setup.players} players, seed {setup.seed}"]
    if setup.warning:
        lines.append(f"WARNING: {setup.warning}")
    lines += ["", "Map (T Tortuga, Tu Turret, Tr Trade Terminal, X special position):"]
    lines += ["    " + row for row in picture(setup.layout.plan(setup.players))]
    lines += ["", "Decisions:"] + [f"- {s.line()}" for s in setup.steps]
    lines += ["", "Checklist:"]
    lines += [f"{i}. {c.text} [{c.rule.id}]" for i, c in enumerate(setup.checklist, 1)]
    return "\n".join(lines) + "\n"


@tortuga.command("setup")
@setup_options
@format_option(help="text: the setup and checklist; json: the starting state.")
@output_option
def setup_cmd(players: tuple[str, ...], seed: int | None, layout: str,
              swap: tuple[Swap, ...] | None, scenario: str, fmt: str, output: Path | None) -> None:
    """Set up a game: the layout, the special sectors dealt, the expansion's checklist, and
    (as JSON) the starting game state for the referee commands."""
    setup = _make_setup(players, seed, layout, swap, scenario)
    if fmt == "json":
        if setup.warning:  # the state document has no place for it: say it on stderr
            click.echo(f"WARNING: {setup.warning}", err=True)
        emit(dumps(state_to_json(setup.state)), output)
    else:
        emit(_setup_text(setup), output)


@tortuga.command("sheet")
@setup_options
@sheet_options("output/tortuga-PLAYERS-SEED.FORMAT", None)
def sheet_cmd(players: tuple[str, ...], seed: int | None, layout: str,
              swap: tuple[Swap, ...] | None, scenario: str, fmt: str | None, paper: str, dpi: int,
              output: Path | None) -> None:
    """Print a setup sheet: the map, the unverified-layout warning and the checklist. Hunt
    tokens are never shown."""
    from course_builder.render.tortuga.sheet import setup_sheet  # svgwrite: only to draw

    fmt = sheet_format(fmt, output)
    setup = _make_setup(players, seed, layout, swap, scenario)
    write_sheet(lambda: setup_sheet(setup), fmt, paper, dpi, output,
                Path("output") / f"tortuga-{len(players)}-{setup.seed}.{fmt}")


# -------------------------------------------------------------------------------------------------
# the map
# -------------------------------------------------------------------------------------------------


@tortuga.command("map")
@input_argument("state_file", "[STATE]", required=False)
@alias("--state", "state_file", "the argument STATE")
@players_option(False, "Or the layout for these players (their names, or their number).")
@seed_option
@click.option("--layout", default="spokes", show_default=True, metavar="NAME|FILE")
@click.option("--from", "origin", default=None, metavar="SECTOR",
              help="Adjacent sectors and distances from this sector.")
@click.option("--within", type=click.IntRange(0, 64), default=None, metavar="K",
              help="With --from: the sectors 1 to K steps away (Accelerator: 3).")
@click.option("--furthest", is_flag=True, help="With --from: the furthest sectors, all ties.")
@click.option("--path-to", default=None, metavar="SECTOR",
              help="With --from: every shortest path to this sector.")
@format_option("svg")
@output_option
def map_cmd(state_file: Path | None, players: tuple[str, ...] | None, seed: int | None,
            layout: str, origin: str | None, within: int | None, furthest: bool,
            path_to: str | None, fmt: str, output: Path | None) -> None:
    """Show the sector map of the game state STATE or of a layout for --players (special
    positions X1.. unless --seed deals them), or answer questions about it: adjacency,
    distances, within K, furthest, shortest paths."""
    refuse_output_over_state(output, "map does not change it")
    sector_map = _the_map(state_file, len(players) if players else None, seed, layout)
    if origin is None and (within is not None or furthest or path_to is not None):
        raise click.UsageError("--within, --furthest and --path-to need --from SECTOR")
    if origin is not None:
        sector_map.sector(origin)
    if path_to is not None:
        sector_map.sector(path_to)
    if fmt == "svg":
        from course_builder.render.tortuga.sectors import map_svg  # svgwrite: only to draw

        emit(map_svg(sector_map, f"Tortuga 2199 · {sector_map.name}"), output)
        return
    answer = ask(sector_map, origin, within=within, furthest=furthest, path_to=path_to)
    emit(dumps(answer.to_json()) if fmt == "json" else answer.text(), output)


def _the_map(state_file: Path | None, players: int | None, seed: int | None, layout: str
             ) -> SectorMap:
    if (state_file is None) == (players is None):
        raise click.UsageError("give either a STATE file or --players N")
    if state_file is not None:
        return read_state(state_file).map
    assert players is not None
    if seed is None:
        return layout_file(layout).sector_map(players)

    return make_setup(layout_file(layout), players, seed).map
