"""The Shipwreck Bay referee: ``tortuga move``, ``mine``, ``hunt``, ``control``, ``fault``,
``score`` and ``check`` on a game state, each answer rule by rule with the new state."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from course_builder.cli.aliases import alias
from course_builder.cli.common import F, GameGroup, resolve_seed, seed_option
from course_builder.cli.files import emit, input_name, output_option
from course_builder.cli.options import (
    CaseFreeChoice,
    format_option,
    input_argument,
    ruling_options,
    ruling_values,
)
from course_builder.cli.statefiles import emit_with_state, refuse_output_over_state, save_option
from course_builder.cli.tortuga import dumps, read_state, tortuga
from course_builder.core.errors import CourseBuilderError
from course_builder.tortuga.control import hub_explore, set_control, wreck_fault
from course_builder.tortuga.faults import return_fault, shadow_hacker
from course_builder.tortuga.hunt import Winner, place_token, psionic_attack, psionic_move, psionic_return
from course_builder.tortuga.mines import buy_mine_card, play_mine_card
from course_builder.tortuga.movement import move_ship
from course_builder.tortuga.outcome import Outcome
from course_builder.tortuga.rules import RULING_OPTIONS, Rulings, ThisPlayer
from course_builder.tortuga.scoring import capture, redeem, standings
from course_builder.tortuga.state import state_to_json

# -------------------------------------------------------------------------------------------------
# the referee: shared options and output
# -------------------------------------------------------------------------------------------------


def state_argument(fn: F) -> F:
    """``STATE``, the game state file (``-``: standard input); ``--state`` is its old spelling."""
    fn = alias("--state", "state_file", "the argument STATE")(fn)
    return input_argument("state_file", "STATE")(fn)


def state_options(fn: F) -> F:
    """``STATE``, ``--save``, ``--format``, ``-o``."""
    options = [
        state_argument,
        save_option("Write the state after the action to this file (it may be STATE itself). "
                    "With -o FILE both are written or neither; missing folders are created; a "
                    "symlink's target is written."),
        alias("--write-state", "save", "--save"),
        format_option(help="json: steps, warning and the new state."),
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


def _answer(outcome: Outcome, fmt: str, output: Path | None, save: Path | None) -> None:
    refuse_output_over_state(output, "--save updates it")
    answer = dumps(outcome.to_json()) if fmt == "json" else outcome.text()
    state = None
    if save is not None:
        state = (save, dumps(state_to_json(outcome.state)))
    emit_with_state(answer, output, state)


def _rulings(given: dict[str, Any]) -> Rulings:
    """The rulings the options given say (the table: ``tortuga.rules.RULING_OPTIONS``)."""
    values = ruling_values(RULING_OPTIONS, given)
    if "this_player" in values:
        values["this_player"] = ThisPlayer(values["this_player"])
    return Rulings(**values)


def _rulings_options(command: str) -> Callable[[F], F]:
    return ruling_options(RULING_OPTIONS, command)


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
@_rulings_options("move")
def move_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
             player: str, to: str, accelerator: bool, mine_owner: str | None, card: str | None,
             **rulings: Any) -> None:
    """Move a ship to an adjacent sector (or with --accelerator up to three away) and apply the
    mines in the sector entered."""
    state = read_state(state_file)
    outcome = move_ship(state, player, to, accelerator=accelerator, mine_owner=mine_owner,
                        replacement=card, rulings=_rulings(rulings))
    _answer(outcome, fmt, output, save)


# -------------------------------------------------------------------------------------------------
# mine
# -------------------------------------------------------------------------------------------------


@tortuga.group("mine", cls=GameGroup)
def mine() -> None:
    """Mine cards: buy one in the Hub, play one to lay a mine."""


@mine.command("buy")
@state_options
@click.option("--player", required=True)
def mine_buy_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                 player: str) -> None:
    """Buy a mine card in the Hub: two mine tokens from the supply into the cargo bay."""
    _answer(buy_mine_card(read_state(state_file), player), fmt, output, save)


@mine.command("play")
@state_options
@click.option("--player", required=True)
def mine_play_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                  player: str) -> None:
    """Play a mine card: one token from the cargo bay onto the ship's sector."""
    _answer(play_mine_card(read_state(state_file), player), fmt, output, save)


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
def hunt_place_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                   token: str, sector: str, shield: int | None, value: int | None,
                   name: str | None) -> None:
    """Record a hunt token the table laid face down at setup, where the base setup says (TOR-24)."""
    outcome = place_token(read_state(state_file), token, sector, shield=shield, value=value,
                          name=name)
    _answer(outcome, fmt, output, save)


@hunt.command("move")
@state_options
@click.option("--player", required=True, help="Who plays the Psionic card.")
@click.option("--token", required=True, help="The hunt token to move.")
@click.option("--to", "to", required=True, metavar="SECTOR", help="An adjacent sector.")
def hunt_move_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                  player: str, token: str, to: str) -> None:
    """Psionic card: move a hunt token, explored or not, to an adjacent sector."""
    _answer(psionic_move(read_state(state_file), player, token, to), fmt, output, save)


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
@click.option("--winner", type=CaseFreeChoice(["attacker", "defender"]), required=True,
              help="Who won the combat at the table (TOR-11).")
@click.option("--shield", type=click.IntRange(0, 100), default=None,
              help="The token's shield value, if the state does not record it.")
@click.option("--defender-cards", default=None, callback=_cards, metavar="A,B,...",
              help="The defender's cards in the combat; one is destroyed if the attacker wins.")
@seed_option
def hunt_attack_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                    player: str, token: str, defender: str, winner: str, shield: int | None,
                    defender_cards: tuple[str, ...], seed: int | None) -> None:
    """Psionic card: attack an enemy ship with a hunt token in its sector; apply the result."""
    state = read_state(state_file)
    needed = winner == "attacker" and len(set(defender_cards)) > 1
    rng = random.Random(resolve_seed(seed, needed))
    outcome = psionic_attack(state, player, token, defender, Winner(winner), rng, shield=shield,
                             defender_cards=defender_cards)
    _answer(outcome, fmt, output, save)


@hunt.command("return")
@state_options
@click.option("--player", required=True, help="Who plays the Psionic card.")
@click.option("--to", "to", default=None, metavar="SECTOR",
              help="The player's choice among the furthest sectors (default: drawn, TOR-06).")
@_rulings_options("hunt return")
@seed_option
def hunt_return_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                    player: str, to: str | None, seed: int | None, **rulings: Any) -> None:
    """Psionic card on an empty board: a random removed hunt token returns, exclamation side
    up, to a sector furthest from the player's ship."""
    state = read_state(state_file)
    outcome = psionic_return(state, player, _seeded(seed), to=to,
                             rulings=_rulings(rulings))
    _answer(outcome, fmt, output, save)


@hunt.command("capture")
@state_options
@click.option("--player", required=True)
@click.option("--token", required=True, help="The hunt target captured, in the ship's sector.")
@click.option("--points", type=click.IntRange(0, 100), default=None,
              help="Influence gained: the token's value if not recorded (Monster Hunters), the "
              "base game's reward otherwise (TOR-18).")
def hunt_capture_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                     player: str, token: str, points: int | None) -> None:
    """Capture a hunt target and score it (Monster Hunters: the value on the token)."""
    _answer(capture(read_state(state_file), player, token, points), fmt, output, save)


@hunt.command("redeem")
@state_options
@click.option("--player", required=True)
@click.option("--card", required=True, help="The Hunt card removed from the game.")
@click.option("--points", type=click.IntRange(0, 100), default=None,
              help="Influence gained in the standard scenario (Monster Hunters: 1).")
def hunt_redeem_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                    player: str, card: str, points: int | None) -> None:
    """Redeem a Hunt card from hand for influence (Monster Hunters: 1)."""
    _answer(redeem(read_state(state_file), player, card, points), fmt, output, save)


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
def control_set_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                    sector: str, player: str) -> None:
    """Record who controls a sector after a conquest (base game)."""
    outcome = set_control(read_state(state_file), sector, None if player == "none" else player)
    _answer(outcome, fmt, output, save)


@control.command("hub")
@state_options
@click.option("--player", required=True)
@click.option("--token", required=True, help="The hunt target to explore, anywhere.")
@token_record_options("Record its shield.")
def control_hub_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                    player: str, token: str, shield: int | None, value: int | None,
                    name: str | None) -> None:
    """Hub control ability: explore one hunt target in any sector."""
    outcome = hub_explore(read_state(state_file), player, token, shield=shield, value=value,
                          name=name)
    _answer(outcome, fmt, output, save)


@control.command("shipwreck-bay")
@state_options
@click.option("--player", required=True)
@click.option("--target", required=True, help="Whose discard pile takes the card (any player).")
@_card_option
def control_wreck_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                      player: str, target: str, card: str | None) -> None:
    """Shipwreck Bay control ability: a System Fault card into any player's discard pile."""
    outcome = wreck_fault(read_state(state_file), player, target, card)
    _answer(outcome, fmt, output, save)


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
def fault_give_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                   player: str, target: str, card: str | None) -> None:
    """Shadow Hacker: a System Fault card from the supply into any player's discard pile."""
    outcome = shadow_hacker(read_state(state_file), player, target, card)
    _answer(outcome, fmt, output, save)


@fault.command("return")
@state_options
@click.option("--player", required=True)
@click.option("--card", default=None, help="Which System Fault card (default: the first held).")
def fault_return_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None,
                     player: str, card: str | None) -> None:
    """Spend two icons: a System Fault card goes back to the common supply."""
    _answer(return_fault(read_state(state_file), player, card), fmt, output, save)


@tortuga.command("score")
@state_argument
@format_option()
@output_option
def score_cmd(state_file: Path, fmt: str, output: Path | None) -> None:
    """Influence standings and whether the game is over (15 influence or Tortuga conquered)."""
    refuse_output_over_state(output, "score does not change it")
    outcome = standings(read_state(state_file))
    emit(dumps(outcome.to_json()) if fmt == "json" else outcome.text(), output)


@tortuga.command("check")
@state_argument
@format_option()
@output_option
def check_cmd(state_file: Path, fmt: str, output: Path | None) -> None:
    """Check a game state file (e.g. edited by hand; '-': standard input). The problem goes to
    stdout after the file name (the field at fault), and the exit code is 1; 0 when the state
    can be played on."""
    refuse_output_over_state(output, "check does not change it")
    name = input_name(state_file)
    try:
        state = read_state(state_file)
    except CourseBuilderError as exc:
        problem = " ".join(str(exc).splitlines())
        if fmt == "json":
            emit(dumps({"file": name, "ok": False,
                        "problems": [problem.removeprefix(f"{name}:").lstrip()]}), output)
        else:
            emit(problem if problem.startswith(f"{name}:") else f"{name}: {problem}", output)
        raise SystemExit(1) from None
    summary = {"players": len(state.players), "sectors": len(state.map),
               "hunt_tokens_on_board": len(state.tokens_on_board()),
               "fault_supply": len(state.fault_supply), "mine_supply": state.mine_supply}
    if fmt == "json":
        emit(dumps({"file": name, "ok": True, **summary, "warning": state.map.warning or None}),
             output)
        return
    lines = [f"{name}: ok: {summary['players']} players, {summary['sectors']} sectors, "
             f"{summary['hunt_tokens_on_board']} hunt token(s) on the board, "
             f"{summary['fault_supply']} System Fault card(s) and {summary['mine_supply']} mine "
             "token(s) in the supplies"]
    if state.map.warning:
        lines.append(f"WARNING: {state.map.warning}")
    emit("\n".join(lines) + "\n", output)
