"""``course-builder tortuga ...``: setup, sheets, the map and the Shipwreck Bay referee.

Referee commands read a game state (``--state FILE``, JSON, docs/tortuga.md), print what happens
and why, rule by rule (``--format text|json``, ``-o FILE``), and write the new state with
``--write-state FILE`` (the same file as ``--state`` updates it in place). Every answer that depends
on adjacency or distance on an unverified layout carries the warning (ruling TOR-01).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from course_builder.cli.common import (
    F,
    GameGroup,
    emit,
    input_name,
    output_option,
    progress_bar,
    read_json,
    read_text,
    resolve_seed,
    seed_option,
)
from course_builder.cli.statefiles import (
    emit_with_state,
    is_stdout,
    refuse_output_over_state,
    state_target,
)
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import hex_pairs, json_text

MAX_FILE_BYTES = 1_000_000
STATE_PATH = click.Path(dir_okay=False, allow_dash=True, path_type=Path)
"""A state file to read; ``-`` is standard input."""


@click.group(cls=GameGroup)
def tortuga() -> None:
    """Tortuga 2199 with Shipwreck Bay: setup for 2-5 players and a referee for the expansion."""


# -------------------------------------------------------------------------------------------------
# reading input
# -------------------------------------------------------------------------------------------------


def _read_state(path: Path) -> Any:
    """The game state in a JSON file (``-``: standard input); every problem is one line naming
    the file (and the field, with its line and column)."""
    from course_builder.tortuga.statejson import state_from_json

    return read_json(path, state_from_json)


def _layout_file(layout: str) -> Any:
    from course_builder.tortuga.layouts import BUILTIN, builtin_layouts, parse_layouts

    if layout in BUILTIN:
        return builtin_layouts(layout)
    path = Path(layout)
    if not path.is_file():
        raise click.BadParameter(f"no built-in layout or file {layout!r} (built in: "
                                 f"{', '.join(BUILTIN)})", param_hint="'--layout'")
    return parse_layouts(read_text(path, MAX_FILE_BYTES), str(path))


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
    layouts = _layout_file(layout)
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
        emit(_dumps(state_to_json(setup.state)), output)
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
    emit(_dumps(answer.to_json()) if fmt == "json" else answer.text(), output)


def _the_map(state_file: Path | None, players: int | None, seed: int | None, layout: str) -> Any:
    if (state_file is None) == (players is None):
        raise click.UsageError("give either --state FILE or --players N")
    if state_file is not None:
        return _read_state(state_file).map
    assert players is not None
    if seed is None:
        return _layout_file(layout).sector_map(players)
    from course_builder.tortuga.setup import make_setup

    return make_setup(_layout_file(layout), players, seed).map


# -------------------------------------------------------------------------------------------------
# the referee: shared options and output
# -------------------------------------------------------------------------------------------------


def state_options(fn: F) -> F:
    """``--state``, ``--write-state``, ``--format``, ``-o``."""
    options = [
        click.option("--state", "state_file", required=True, type=STATE_PATH,
                     help="The game state (JSON; '-': standard input)."),
        click.option("--write-state", type=click.Path(dir_okay=False, path_type=Path),
                     default=None, callback=state_target,
                     help="Write the state after the action to this file (may be the --state "
                     "file itself). With -o FILE both are written or neither; missing folders "
                     "are created; a symlink's target is written."),
        click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                     show_default=True, help="json: steps, warning and the new state."),
        output_option,
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


def _short_name(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and len(value) > 200:
        raise click.BadParameter("at most 200 characters")
    return value


def token_record_options(shield_help: str) -> Callable[[F], F]:
    """``--shield``, ``--value``, ``--name``: what the referee records of a hunt token."""
    def decorate(fn: F) -> F:
        options = [
            click.option("--shield", type=click.IntRange(0, 100), default=None,
                         help=shield_help),
            click.option("--value", type=click.IntRange(0, 100), default=None,
                         help="Record its influence."),
            click.option("--name", default=None, callback=_short_name, help="Record its name."),
        ]
        for option in reversed(options):
            fn = option(fn)
        return fn
    return decorate


def _answer(outcome: Any, fmt: str, output: Path | None, write_state: Path | None) -> None:
    from course_builder.tortuga.state import state_to_json

    refuse_output_over_state(output, "--write-state updates it")
    answer = _dumps(outcome.to_json()) if fmt == "json" else outcome.text()
    state = None
    if write_state is not None:
        state = (write_state, _dumps(state_to_json(outcome.state)))
    emit_with_state(answer, output, state, "--write-state")


def _dumps(data: Any) -> str:
    """JSON text of a state or an answer: sorted keys, each [row, col] hex on one line."""
    return json_text(data, sort_keys=True, fold=hex_pairs)


def _rulings(this_player: str = "mover", captured_returnable: bool = False) -> Any:
    from course_builder.tortuga.rules import Rulings, ThisPlayer

    return Rulings(this_player=ThisPlayer(this_player), captured_returnable=captured_returnable)


_card_option = click.option(
    "--card", default=None, metavar="CARD|none",
    help="With the System Fault supply empty: the card removed from the game to move instead, "
    "or 'none' to decline (SB-MINE-EMPTY, SB-FAULT-EMPTY, TOR-10).")


def _seeded(seed: int | None) -> random.Random:
    chosen = resolve_seed(seed, True)
    return random.Random(chosen)


_mine_option = click.option(
    "--mine", "mine_owner", default=None, metavar="OWNER",
    help="Mines of several colours in the sector entered: whose token is removed (TOR-08; "
    "default: the earliest laid).")
_this_player_option = click.option(
    "--this-player", type=click.Choice(["mover", "owner"]), default="mover", show_default=True,
    help="Whose discard pile takes the replacement card when the System Fault supply is empty "
    "(TOR-07).")


# -------------------------------------------------------------------------------------------------
# move
# -------------------------------------------------------------------------------------------------


@tortuga.command("move")
@state_options
@click.option("--player", required=True, help="Whose ship moves.")
@click.option("--to", "to", required=True, metavar="SECTOR", help="The sector it moves into.")
@click.option("--accelerator", is_flag=True,
              help="Play the Accelerator: any sector within three (SB-ACCELERATOR).")
@_mine_option
@_card_option
@_this_player_option
def move_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
             player: str, to: str, accelerator: bool, mine_owner: str | None, card: str | None,
             this_player: str) -> None:
    """Move a ship to an adjacent sector (or with --accelerator up to three away) and apply the
    mines in the sector entered."""
    from course_builder.tortuga.movement import move_ship

    state = _read_state(state_file)
    outcome = move_ship(state, player, to, accelerator=accelerator, mine_owner=mine_owner,
                        replacement=card, rulings=_rulings(this_player))
    _answer(outcome, fmt, output, write_state)


# -------------------------------------------------------------------------------------------------
# mine
# -------------------------------------------------------------------------------------------------


@tortuga.group("mine", cls=GameGroup)
def mine() -> None:
    """Mine cards: buy one in the Hub, play one to lay a mine."""


@mine.command("buy")
@state_options
@click.option("--player", required=True)
def mine_buy_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                 player: str) -> None:
    """Buy a mine card in the Hub: two mine tokens from the supply into the cargo bay."""
    from course_builder.tortuga.mines import buy_mine_card

    _answer(buy_mine_card(_read_state(state_file), player), fmt, output, write_state)


@mine.command("play")
@state_options
@click.option("--player", required=True)
def mine_play_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                  player: str) -> None:
    """Play a mine card: one token from the cargo bay onto the ship's sector."""
    from course_builder.tortuga.mines import play_mine_card

    _answer(play_mine_card(_read_state(state_file), player), fmt, output, write_state)


# -------------------------------------------------------------------------------------------------
# hunt
# -------------------------------------------------------------------------------------------------


@tortuga.group("hunt", cls=GameGroup)
def hunt() -> None:
    """Hunt tokens: recording those laid at setup, the Psionic card (move, attack, return) and
    capturing or redeeming."""


@hunt.command("place")
@state_options
@click.option("--token", required=True, help="A new hunt token id (e.g. h1).")
@click.option("--sector", required=True, help="The sector the table laid it on.")
@token_record_options("Record its shield (the referee's private record).")
def hunt_place_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                   token: str, sector: str, shield: int | None, value: int | None,
                   name: str | None) -> None:
    """Record a hunt token the table laid face down at setup, where the base setup says (TOR-24)."""
    from course_builder.tortuga.hunt import place_token

    outcome = place_token(_read_state(state_file), token, sector, shield=shield, value=value,
                          name=name)
    _answer(outcome, fmt, output, write_state)


@hunt.command("move")
@state_options
@click.option("--player", required=True, help="Who plays the Psionic card.")
@click.option("--token", required=True, help="The hunt token to move.")
@click.option("--to", "to", required=True, metavar="SECTOR", help="An adjacent sector.")
def hunt_move_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                  player: str, token: str, to: str) -> None:
    """Psionic card: move a hunt token, explored or not, to an adjacent sector."""
    from course_builder.tortuga.hunt import psionic_move

    _answer(psionic_move(_read_state(state_file), player, token, to), fmt, output, write_state)


def _cards(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[str, ...]:
    if not value:
        return ()
    cards = tuple(c.strip() for c in value.split(",") if c.strip())
    if len(cards) > 100:
        raise click.BadParameter("at most 100 cards")
    return cards


@hunt.command("attack")
@state_options
@click.option("--player", required=True, help="Who plays the Psionic card (the attacker).")
@click.option("--token", required=True, help="The hunt token that attacks.")
@click.option("--defender", required=True, help="Whose ship is attacked (in the token's sector).")
@click.option("--winner", type=click.Choice(["attacker", "defender"]), required=True,
              help="Who won the combat at the table (TOR-11).")
@click.option("--shield", type=click.IntRange(0, 100), default=None,
              help="The token's shield value, if the state does not record it.")
@click.option("--defender-cards", default=None, callback=_cards, metavar="A,B,...",
              help="The defender's cards in the combat; one is destroyed if the attacker wins.")
@seed_option
def hunt_attack_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                    player: str, token: str, defender: str, winner: str, shield: int | None,
                    defender_cards: tuple[str, ...], seed: int | None) -> None:
    """Psionic card: attack an enemy ship with a hunt token in its sector; apply the result."""
    from course_builder.tortuga.hunt import Winner, psionic_attack

    state = _read_state(state_file)
    needed = winner == "attacker" and len(set(defender_cards)) > 1
    rng = random.Random(resolve_seed(seed, needed))
    outcome = psionic_attack(state, player, token, defender, Winner(winner), rng, shield=shield,
                             defender_cards=defender_cards)
    _answer(outcome, fmt, output, write_state)


@hunt.command("return")
@state_options
@click.option("--player", required=True, help="Who plays the Psionic card.")
@click.option("--to", "to", default=None, metavar="SECTOR",
              help="The player's choice among the furthest sectors (default: drawn, TOR-06).")
@click.option("--captured-returnable", is_flag=True,
              help="Captured tokens may be returned too, not only those in the box (TOR-14).")
@seed_option
def hunt_return_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                    player: str, to: str | None, captured_returnable: bool,
                    seed: int | None) -> None:
    """Psionic card on an empty board: a random removed hunt token returns, exclamation side
    up, to a sector furthest from the player's ship."""
    from course_builder.tortuga.hunt import psionic_return

    state = _read_state(state_file)
    outcome = psionic_return(state, player, _seeded(seed), to=to,
                             rulings=_rulings(captured_returnable=captured_returnable))
    _answer(outcome, fmt, output, write_state)


@hunt.command("capture")
@state_options
@click.option("--player", required=True)
@click.option("--token", required=True, help="The hunt target captured, in the ship's sector.")
@click.option("--points", type=click.IntRange(0, 100), default=None,
              help="Influence gained: the token's value if not recorded (Monster Hunters), the "
              "base game's reward otherwise (TOR-18).")
def hunt_capture_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                     player: str, token: str, points: int | None) -> None:
    """Capture a hunt target and score it (Monster Hunters: the value on the token)."""
    from course_builder.tortuga.scoring import capture

    _answer(capture(_read_state(state_file), player, token, points), fmt, output, write_state)


@hunt.command("redeem")
@state_options
@click.option("--player", required=True)
@click.option("--card", required=True, help="The Hunt card removed from the game.")
@click.option("--points", type=click.IntRange(0, 100), default=None,
              help="Influence gained in the standard scenario (Monster Hunters: 1).")
def hunt_redeem_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                    player: str, card: str, points: int | None) -> None:
    """Redeem a Hunt card from hand for influence (Monster Hunters: 1)."""
    from course_builder.tortuga.scoring import redeem

    _answer(redeem(_read_state(state_file), player, card, points), fmt, output, write_state)


# -------------------------------------------------------------------------------------------------
# control
# -------------------------------------------------------------------------------------------------


@tortuga.group("control", cls=GameGroup)
def control() -> None:
    """Sector control: record it, and the Hub and Shipwreck Bay abilities."""


@control.command("set")
@state_options
@click.option("--sector", required=True)
@click.option("--player", required=True, help="The new controller, or 'none'.")
def control_set_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                    sector: str, player: str) -> None:
    """Record who controls a sector after a conquest (base game)."""
    from course_builder.tortuga.control import set_control

    outcome = set_control(_read_state(state_file), sector, None if player == "none" else player)
    _answer(outcome, fmt, output, write_state)


@control.command("hub")
@state_options
@click.option("--player", required=True)
@click.option("--token", required=True, help="The hunt target to explore, anywhere.")
@token_record_options("Record its shield.")
def control_hub_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                    player: str, token: str, shield: int | None, value: int | None,
                    name: str | None) -> None:
    """Hub control ability: explore one hunt target in any sector."""
    from course_builder.tortuga.control import hub_explore

    outcome = hub_explore(_read_state(state_file), player, token, shield=shield, value=value,
                          name=name)
    _answer(outcome, fmt, output, write_state)


@control.command("shipwreck-bay")
@state_options
@click.option("--player", required=True)
@click.option("--target", required=True, help="Whose discard pile takes the card (any player).")
@_card_option
def control_wreck_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                      player: str, target: str, card: str | None) -> None:
    """Shipwreck Bay control ability: a System Fault card into any player's discard pile."""
    from course_builder.tortuga.control import wreck_fault

    outcome = wreck_fault(_read_state(state_file), player, target, card)
    _answer(outcome, fmt, output, write_state)


# -------------------------------------------------------------------------------------------------
# fault, score, check
# -------------------------------------------------------------------------------------------------


@tortuga.group("fault", cls=GameGroup)
def fault() -> None:
    """System Fault cards: give one (Shadow Hacker), return one to the supply."""


@fault.command("give")
@state_options
@click.option("--player", required=True, help="Who plays the Shadow Hacker card.")
@click.option("--target", required=True, help="Whose discard pile takes the card (any player).")
@_card_option
def fault_give_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                   player: str, target: str, card: str | None) -> None:
    """Shadow Hacker: a System Fault card from the supply into any player's discard pile."""
    from course_builder.tortuga.faults import shadow_hacker

    outcome = shadow_hacker(_read_state(state_file), player, target, card)
    _answer(outcome, fmt, output, write_state)


@fault.command("return")
@state_options
@click.option("--player", required=True)
@click.option("--card", default=None, help="Which System Fault card (default: the first held).")
def fault_return_cmd(state_file: Path, write_state: Path | None, fmt: str, output: Path | None,
                     player: str, card: str | None) -> None:
    """Spend two icons: a System Fault card goes back to the common supply."""
    from course_builder.tortuga.faults import return_fault

    _answer(return_fault(_read_state(state_file), player, card), fmt, output, write_state)


@tortuga.command("score")
@click.option("--state", "state_file", required=True, type=STATE_PATH,
              help="The game state (JSON; '-': standard input).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@output_option
def score_cmd(state_file: Path, fmt: str, output: Path | None) -> None:
    """Influence standings and whether the game is over (15 influence or Tortuga conquered)."""
    from course_builder.tortuga.scoring import standings

    refuse_output_over_state(output, "score does not change it")
    outcome = standings(_read_state(state_file))
    emit(_dumps(outcome.to_json()) if fmt == "json" else outcome.text(), output)


@tortuga.command("check")
@click.argument("state_file", type=STATE_PATH)
def check_cmd(state_file: Path) -> None:
    """Check a game state file (e.g. edited by hand; '-': standard input); exit 1 with the field
    at fault."""
    state = _read_state(state_file)
    on_board = len(state.tokens_on_board())
    click.echo(f"{input_name(state_file)}: ok: {len(state.players)} players, {len(state.map)} sectors, "
               f"{on_board} hunt token(s) on the board, {len(state.fault_supply)} System Fault "
               f"card(s) and {state.mine_supply} mine token(s) in the supplies")
    if state.map.warning:
        click.echo(f"WARNING: {state.map.warning}")
