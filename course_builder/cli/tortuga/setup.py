"""``tortuga setup``, ``sheet`` and ``map``: a seeded setup, its sheet, and the sector map."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from course_builder.cli.common import (
    F,
    emit,
    output_option,
    progress_bar,
    resolve_seed,
    seed_option,
)
from course_builder.cli.statefiles import is_stdout, refuse_output_over_state
from course_builder.cli.tortuga import STATE_PATH, dumps, layout_file, read_state, tortuga
from course_builder.core.errors import CourseBuilderError

# -------------------------------------------------------------------------------------------------
# setup options
# -------------------------------------------------------------------------------------------------


def _swaps(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    from course_builder.tortuga.setup import parse_swaps

    if value is None:
        return None
    try:
        return parse_swaps(value)
    except CourseBuilderError as exc:
        raise click.BadParameter(str(exc)) from None


def _names(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    """``--names``: player ids, each once (their number is checked against --players)."""
    from course_builder.tortuga.state import ID_RE, MAX_PLAYERS

    if value is None:
        return None
    names = tuple(n.strip() for n in value.split(",") if n.strip())
    if len(names) > MAX_PLAYERS:
        raise click.BadParameter(f"at most {MAX_PLAYERS} names, got {len(names)}")
    for name in names:
        if not ID_RE.match(name):
            raise click.BadParameter(f"{name[:40]!r} is not a player id (a letter or digit, then "
                                     "up to 39 letters, digits, '_', '.' or '-')")
    if len(set(names)) != len(names):
        raise click.BadParameter("a name is given twice")
    return names


def setup_options(fn: F) -> F:
    """``--players``, ``--seed``, ``--layout``, ``--swap``, ``--names``, ``--scenario``."""
    options = [
        click.option("--players", type=click.IntRange(2, 5), required=True,
                     help="Number of players, 2 to 5."),
        seed_option,
        click.option("--layout", default="spokes", show_default=True, metavar="NAME|FILE",
                     help="'spokes' or 'notches' (the research's two candidate layouts, both "
                     "unverified: TOR-01) or a .layout file."),
        click.option("--swap", default=None, callback=_swaps, metavar="SWAPS",
                     help="2-4 players: new sectors in play and what they replace, e.g. "
                     "'hub=mines,shipwreck-bay' or 'none'. Default: both, each replacing a base "
                     "special drawn at random (TOR-03)."),
        click.option("--names", default=None, callback=_names, metavar="A,B,...",
                     help="Player names (their colours) in turn order; default p1, p2, ..."),
        click.option("--scenario", type=click.Choice(["standard", "monster-hunters"]),
                     default="standard", show_default=True, help="Scoring rules."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def _make_setup(players: int, seed: int | None, layout: str, swap: Any, names: Any,
                scenario: str) -> Any:
    from course_builder.tortuga.setup import make_setup
    from course_builder.tortuga.state import Scenario

    if swap is not None and players == 5:
        raise click.UsageError("--swap is for 2-4 players; with 5 all six special sectors play")
    if names is not None and len(names) != players:
        raise click.BadParameter(f"{len(names)} names for {players} players",
                                 param_hint="'--names'")
    layouts = layout_file(layout)
    seed = resolve_seed(seed, True)
    assert seed is not None
    return make_setup(layouts, players, seed, swaps=swap, player_ids=names,
                      scenario=Scenario(scenario))


def _setup_text(setup: Any) -> str:
    from course_builder.tortuga.layouts import picture

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
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: the setup and checklist; json: the starting state.")
@output_option
def setup_cmd(players: int, seed: int | None, layout: str, swap: Any, names: Any, scenario: str,
              fmt: str, output: Path | None) -> None:
    """Set up a game: the layout, the special sectors dealt, the expansion's checklist, and
    (as JSON) the starting game state for the referee commands."""
    from course_builder.tortuga.state import state_to_json

    setup = _make_setup(players, seed, layout, swap, names, scenario)
    if fmt == "json":
        if setup.warning:  # the state document has no place for it: say it on stderr
            click.echo(f"WARNING: {setup.warning}", err=True)
        emit(dumps(state_to_json(setup.state)), output)
    else:
        emit(_setup_text(setup), output)


@tortuga.command("sheet")
@setup_options
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg", "png"]), default="pdf",
              show_default=True)
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False),
              default="a4", show_default=True, help="PDF paper size.")
@click.option("--dpi", type=click.IntRange(50, 1200), default=150, show_default=True,
              help="PNG resolution, 50 to 1200 (recorded in the PNG, so it prints at its drawn "
              "size); only with --format png.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Output file (default: output/tortuga-PLAYERS-SEED.FORMAT; '-': an SVG sheet "
              "to stdout, PDF and PNG are binary). Written completely or not at all; missing "
              "folders are created; a symlink's target is written.")
def sheet_cmd(players: int, seed: int | None, layout: str, swap: Any, names: Any, scenario: str,
              fmt: str, paper: str, dpi: int, output: Path | None) -> None:
    """Print a setup sheet: the map, the unverified-layout warning and the checklist. Hunt
    tokens are never shown."""
    from course_builder.render.tortuga.sheet import render_setup

    source = click.get_current_context().get_parameter_source("dpi")
    if source not in (None, click.core.ParameterSource.DEFAULT) and fmt != "png":
        raise click.UsageError("--dpi only applies to --format png")
    if output is not None and is_stdout(output) and fmt != "svg":
        raise click.UsageError(f"a {fmt.upper()} sheet is binary: give a file with -o, not "
                               "stdout ('-' takes --format svg)")
    setup = _make_setup(players, seed, layout, swap, names, scenario)
    with progress_bar("drawing the sheet") as progress:
        progress(0, 1)
        data = render_setup(setup, fmt, paper.lower(), dpi)
        progress(1, 1)
    if output is not None and is_stdout(output):
        emit(data.decode("utf-8"), None)
        return
    emit(data, output or Path("output") / f"tortuga-{players}-{setup.seed}.{fmt}")


# -------------------------------------------------------------------------------------------------
# the map
# -------------------------------------------------------------------------------------------------


@tortuga.command("map")
@click.option("--state", "state_file", type=STATE_PATH,
              default=None, help="The map of this game state ('-': standard input).")
@click.option("--players", type=click.IntRange(2, 5), default=None,
              help="Or the layout for this many players.")
@seed_option
@click.option("--layout", default="spokes", show_default=True, metavar="NAME|FILE")
@click.option("--from", "origin", default=None, metavar="SECTOR",
              help="Adjacent sectors and distances from this sector.")
@click.option("--within", type=click.IntRange(0, 64), default=None, metavar="K",
              help="With --from: the sectors 1 to K steps away (Accelerator: 3).")
@click.option("--furthest", is_flag=True, help="With --from: the furthest sectors, all ties.")
@click.option("--path-to", default=None, metavar="SECTOR",
              help="With --from: every shortest path to this sector.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "svg"]), default="text",
              show_default=True)
@output_option
def map_cmd(state_file: Path | None, players: int | None, seed: int | None, layout: str,
            origin: str | None, within: int | None, furthest: bool, path_to: str | None,
            fmt: str, output: Path | None) -> None:
    """Show the sector map (with --players, special positions X1.. unless --seed deals them),
    or answer questions about it: adjacency, distances, within K, furthest, shortest paths."""
    from course_builder.tortuga.mapquery import ask

    refuse_output_over_state(output, "map does not change it")
    sector_map = _the_map(state_file, players, seed, layout)
    if origin is None and (within is not None or furthest or path_to is not None):
        raise click.UsageError("--within, --furthest and --path-to need --from SECTOR")
    if origin is not None:
        sector_map.sector(origin)
    if path_to is not None:
        sector_map.sector(path_to)
    if fmt == "svg":
        from course_builder.render.tortuga.sectors import map_svg

        emit(map_svg(sector_map, f"Tortuga 2199 · {sector_map.name}"), output)
        return
    answer = ask(sector_map, origin, within=within, furthest=furthest, path_to=path_to)
    emit(dumps(answer.to_json()) if fmt == "json" else answer.text(), output)


def _the_map(state_file: Path | None, players: int | None, seed: int | None, layout: str) -> Any:
    if (state_file is None) == (players is None):
        raise click.UsageError("give either --state FILE or --players N")
    if state_file is not None:
        return read_state(state_file).map
    assert players is not None
    if seed is None:
        return layout_file(layout).sector_map(players)
    from course_builder.tortuga.setup import make_setup

    return make_setup(layout_file(layout), players, seed).map
