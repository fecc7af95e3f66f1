"""``course-builder vanuatu ...``: setup, the placement and build referee, floods, penalty,
forecast and the dike planner, on a JSON board state (docs/vanuatu.md).

Conventions as for Powerboats: results on stdout or ``-o FILE``, notes on stderr; ``--seed`` for
anything random (printed when omitted); exit 0 success, 1 bad input or an illegal action (the
verdict is printed first), 2 usage error, 3 internal error. A new state is written only with
``--save FILE``, atomically.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.common import (
    F,
    GameGroup,
    emit,
    input_name,
    output_option,
    progress_bar,
    read_json,
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
from course_builder.core.jsonwrite import json_text

if TYPE_CHECKING:
    from course_builder.core.hexgrid import Direction
    from course_builder.vanuatu.state import State


@click.group(cls=GameGroup)
def vanuatu() -> None:
    """Vanuatu: The Rising Waters expansion.

    A setup sheet, and a referee for tile placement, floods, huts and dikes and the final
    penalty, with a flood forecast and a dike planner, on a JSON board state (docs/vanuatu.md)."""


# -------------------------------------------------------------------------------------------------
# reading states and shared options
# -------------------------------------------------------------------------------------------------


def load_state(path: Path, overrides: dict[str, Any]) -> State:
    """A board state from a file, with the rulings given on the command line applied."""
    from course_builder.vanuatu.statejson import state_from_json

    state = read_json(path, state_from_json)
    try:
        return replace(state, rules=state.rules.changed(**overrides))
    except CourseBuilderError as exc:
        raise CourseBuilderError(f"{input_name(path)}: {exc}") from None


def state_argument(fn: F) -> F:
    return click.argument("state_file", metavar="STATE", type=click.Path(
        dir_okay=False, allow_dash=True, path_type=Path))(fn)


def format_option(fn: F) -> F:
    return click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                        show_default=True)(fn)


def save_option(fn: F) -> F:
    return click.option("--save", type=click.Path(dir_okay=False, path_type=Path), default=None,
                        callback=state_target,
                        help="Write the new board state to this file (it may be STATE itself); "
                        "nothing is written if the action is illegal. With -o FILE both are "
                        "written or neither; missing folders are created; a symlink's target "
                        "is written.")(fn)


def rules_options(fn: F) -> F:
    """The rulings of docs/rulings.md (VAN-xx); unset options keep what the state says."""
    options = [
        click.option("--count-retrievals/--no-count-retrievals", default=None,
                     help="Turns that take markers back without acting lower the die (VAN-02)."),
        click.option("--short-round", type=click.Choice(["flood", "skip"]), default=None,
                     help="A Rising Waters round that ends before the countdown: flood at its "
                     "end, or skip the flood (VAN-03; default flood)."),
        click.option("--water-supply", type=click.Choice(["unlimited", "limited"]), default=None,
                     help="Whether the 20 water markers limit a flood (VAN-04; default "
                     "unlimited)."),
        click.option("--no-legal-space", type=click.Choice(["relax", "refuse"]), default=None,
                     help="When no space is strictly legal for a tile (VAN-05; default relax)."),
        click.option("--submerged-is-island/--submerged-not-island", default=None,
                     help="A submerged island still counts as an island when placing tiles "
                     "(VAN-06; default not)."),
        click.option("--submerged-dikes-return/--submerged-dikes-lost", default=None,
                     help="A submerged island's dikes go back to the supply (VAN-08; default "
                     "lost)."),
    ]
    for option in reversed(options):
        fn = option(fn)
    return fn


RULE_KEYS = ("count_retrievals", "short_round", "water_supply", "no_legal_space",
             "submerged_is_island", "submerged_dikes_return")


def _rules(options: dict[str, Any]) -> dict[str, Any]:
    return {k: options.pop(k) for k in RULE_KEYS}


def _show(fmt: str, lines: Sequence[str], payload: dict[str, Any], output: Path | None,
          after: State | None = None, save: Path | None = None) -> None:
    """The answer (text or JSON) to stdout or ``-o FILE``; with ``after`` and ``save``, the new
    state to its file as well (both files or neither)."""
    refuse_output_over_state(output, "--save FILE writes the new state")
    content = json_text(payload) if fmt == "json" else "\n".join(lines) + "\n"
    emit_with_state(content, output, (save, after.dumps()) if after and save else None, "--save")
    if after is not None and save is None and fmt == "text":
        click.echo("note: the new state was not saved (add --save FILE)", err=True)


def _comma_list(convert: Callable[[str], Any], what: str) -> Callable[..., Any]:
    """A click callback reading a comma-separated list (empty for none)."""
    def callback(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
        if value is None:
            return None
        items = [v.strip() for v in value.split(",")] if value.strip() else []
        if len(items) > 200:
            raise click.BadParameter("at most 200 items")
        try:
            return [convert(v) for v in items]
        except (ValueError, CourseBuilderError):
            raise click.BadParameter(f"expected {what}, got {value[:40]!r}") from None
    return callback



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
    rules = Rules().changed(**_rules(options))
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
    state = load_state(state_file, _rules(options))
    emit(state.dumps() if fmt == "json" else state_text(state), output)


# -------------------------------------------------------------------------------------------------
# vanuatu place / build
# -------------------------------------------------------------------------------------------------


def _tile_ids() -> list[str]:
    from course_builder.vanuatu.tiles import catalogue

    return list(catalogue().tiles)


class TileChoice(click.Choice):  # type: ignore[type-arg]
    """A tile id in any case (``a1`` is ``A1``); a wrong one lists the ids as they are written
    (``A1``, ``efate``), not in the lower case click compares them in."""

    def __init__(self) -> None:
        super().__init__(_tile_ids(), case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            self.fail(f"{value!r} is not one of {', '.join(map(repr, self.choices))}.", param,
                      ctx)


@vanuatu.command("place")
@state_argument
@click.option("--tile", required=True, type=TileChoice(),
              help="The revealed tile, e.g. A1.")
@click.option("--space", type=click.IntRange(1, 16), default=None,
              help="The space to put it on; without it, list where the tile may go.")
@save_option
@rules_options
@format_option
@output_option
def place_cmd(state_file: Path, tile: str, space: int | None, save: Path | None, fmt: str,
              output: Path | None, **options: Any) -> None:
    """Where a revealed tile may go, and why.

    With --space: is that placement legal, rule by rule; with --save, the state with the tile
    placed. Exit 1 if the placement is illegal."""
    from course_builder.vanuatu import report
    from course_builder.vanuatu.placement import judge_placement, legal_spaces, place, tile_checks

    if space is None and save is not None:
        raise click.UsageError("--save needs --space (without it, place only lists the spaces)")
    state = load_state(state_file, _rules(options))
    if space is None:
        refused = [c for c in tile_checks(state, state.catalogue.get(tile)) if not c.ok]
        if refused:
            lines = [f"{tile} may not be placed now: {refused[0].reason} ({refused[0].rule})"]
            _show(fmt, lines + report.rules_footer(c.rule for c in refused),
                  {"tile": tile, "legal_spaces": [], "relaxed": False,
                   "checks": report.checks_json(refused)}, output)
            return
        spaces, relaxed = legal_spaces(state, tile)
        verdicts = [judge_placement(state, tile, s) for s in state.board.spaces
                    if s not in state.placed]
        tile_id = state.catalogue.get(tile).id
        payload = {"tile": tile_id, "legal_spaces": list(spaces), "relaxed": relaxed,
                   "spaces": [report.placement_json(v) for v in verdicts]}
        _show(fmt, report.options_lines(tile_id, spaces, relaxed, verdicts), payload, output)
        return
    verdict = judge_placement(state, tile, space)
    after = place(state, tile, space) if verdict.legal else None
    payload = report.placement_json(verdict) | {"state": after.to_json() if after else None}
    _show(fmt, report.placement_lines(verdict), payload, output, after, save)
    if after is None:
        raise SystemExit(1)


def _is_space(text: str) -> bool:
    """Whether ``text`` is a space number 1-16 written with ASCII digits."""
    return re.fullmatch(r"[0-9]{1,2}", text) is not None and 1 <= int(text) <= 16


def _space(text: str) -> int:
    """One entry of ``--keep``: a space number 1-16."""
    if not _is_space(text):
        raise ValueError(text)
    return int(text)


class DikeParam(click.ParamType):
    """``SPACE:SIDE``: an island space and a side name (E NE NW W SW SE) or the number of the
    space that side faces, e.g. ``2:E`` or ``2:3``."""

    name = "SPACE:SIDE"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> tuple[int, Direction]:
        from course_builder.core.hexgrid import Direction
        from course_builder.vanuatu.archipelago import archipelago

        if isinstance(value, tuple):
            return value
        text = str(value).strip()
        space_text, _, side_text = text.partition(":")
        if not _is_space(space_text) or not side_text:
            self.fail(f"expected SPACE:SIDE such as 2:E or 2:3 (spaces 1 to 16), got "
                      f"{text[:30]!r}", param, ctx)
        space = int(space_text)
        if re.fullmatch(r"[0-9]+", side_text):
            if not _is_space(side_text):
                self.fail(f"no space {side_text[:5]} (spaces are 1 to 16)", param, ctx)
            side = archipelago().side_toward(space, int(side_text))
            if side is None:
                self.fail(f"space {space} and space {side_text[:5]} are not adjacent", param, ctx)
            return space, side
        try:
            return space, Direction.parse(side_text)
        except ValueError:
            self.fail(f"unknown side {side_text[:10]!r} (sides: E, NE, NW, W, SW, SE)", param, ctx)


@vanuatu.command("build")
@state_argument
@click.option("--player", required=True, metavar="COLOUR", help="Who builds.")
@click.option("--hut", type=click.IntRange(1, 16), default=None, metavar="SPACE",
              help="Build a hut on the island on this space.")
@click.option("--dike", type=DikeParam(), default=None,
              help="Build a dike: island space and side, e.g. 2:E, or 2:3 for the side facing "
              "space 3.")
@save_option
@rules_options
@format_option
@output_option
def build_cmd(state_file: Path, player: str, hut: int | None, dike: tuple[int, Direction] | None,
              save: Path | None, fmt: str, output: Path | None, **options: Any) -> None:
    """Judge a BUILD action: a hut and/or a dike.

    Legal or not, rule by rule, and what it costs; with --save, the state after it. Exit 1 if it
    is illegal."""
    from course_builder.vanuatu import report
    from course_builder.vanuatu.build import BuildRequest, build, judge_build
    from course_builder.vanuatu.errors import VanuatuError

    state = load_state(state_file, _rules(options))
    name = player.strip().lower()
    try:
        state.player(name)
    except VanuatuError as exc:
        raise VanuatuError(f"--player: {exc}") from None
    verdict = judge_build(state, BuildRequest(name, hut, dike))
    after = build(state, verdict.request) if verdict.legal else None
    payload = report.build_json(verdict) | {"state": after.to_json() if after else None}
    _show(fmt, report.build_lines(state, verdict), payload, output, after, save)
    if after is None:
        raise SystemExit(1)


# -------------------------------------------------------------------------------------------------
# vanuatu countdown / flood / round
# -------------------------------------------------------------------------------------------------


def _turn(text: str) -> Any:
    from course_builder.vanuatu.countdown import Turn

    return Turn.parse(text)


@vanuatu.command("countdown")
@click.option("--die", type=click.IntRange(1, 6), required=True, help="What the die showed.")
@click.option("--turns", default="", callback=_comma_list(_turn, "turns such as a,a,r,a"),
              metavar="TURNS", help="The round's turns so far, in order: a (an action) or r "
              "(markers taken back without acting), e.g. a,a,r,a.")
@click.option("--round-over", is_flag=True, help="The round has ended with these turns.")
@rules_options
@format_option
def countdown_cmd(die: int, turns: list[Any], round_over: bool, fmt: str, **options: Any) -> None:
    """After which turn the waters rise.

    Counts the die down over a Rising Waters round's turns: after which turn the flood comes,
    or how many actions are left."""
    from course_builder.vanuatu import report
    from course_builder.vanuatu.countdown import countdown
    from course_builder.vanuatu.options import Rules

    rules = Rules().changed(**_rules(options))
    result = countdown(die, turns, rules, round_over=round_over)
    _show(fmt, report.countdown_lines(result), report.countdown_json(result), None)


@vanuatu.command("flood")
@state_argument
@click.option("--skip", is_flag=True, help="Record this round's flood as skipped (only under "
              "--short-round skip, when the round ended before the countdown: VAN-03).")
@save_option
@rules_options
@format_option
@output_option
def flood_cmd(state_file: Path, skip: bool, save: Path | None, fmt: str, output: Path | None,
              **options: Any) -> None:
    """Resolve this round's Rising Waters phase.

    Markers per island and why, the islands submerged and what they lost, and whether the game
    is lost."""
    from course_builder.vanuatu import report
    from course_builder.vanuatu.errors import IllegalAction
    from course_builder.vanuatu.flood import resolve_flood, skip_flood

    state = load_state(state_file, _rules(options))
    if skip:
        if state.rules.short_round != "skip":
            raise IllegalAction("a flood is skipped only under ruling VAN-03 short_round=skip "
                                "(add --short-round skip)")
        after = skip_flood(state)
        _show(fmt, [f"Round {state.round}: no flood (ruling VAN-03, short_round=skip)."],
              {"skipped": True, "state": after.to_json()}, output, after, save)
        return
    result = resolve_flood(state)
    payload = report.flood_json(result) | {"state": result.state.to_json()}
    _show(fmt, report.flood_lines(state, result), payload, output, result.state, save)


@vanuatu.command("round")
@state_argument
@save_option
@format_option
@output_option
def round_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None) -> None:
    """Close this round and open the next.

    Says which tiles the new round reveals and whether the waters rise in it."""
    from course_builder.vanuatu.rounds import next_round

    state = load_state(state_file, {})
    change = next_round(state)
    lines = [f"Round {change.state.round}."]
    if change.reveals:
        lines.append(f"Reveal and place: {' and '.join(change.reveals)}.")
    if change.rising:
        lines.append("Rising Waters: the first player rolls the die before the first action.")
    lines += [f"warning: {w}" for w in change.warnings]
    payload = {"round": change.state.round, "reveals": list(change.reveals),
               "rising": change.rising, "warnings": list(change.warnings),
               "state": change.state.to_json()}
    _show(fmt, lines, payload, output, change.state, save)


# -------------------------------------------------------------------------------------------------
# vanuatu score / forecast / plan
# -------------------------------------------------------------------------------------------------


@vanuatu.command("score")
@state_argument
@format_option
@output_option
def score_cmd(state_file: Path, fmt: str, output: Path | None) -> None:
    """The end-game water penalty per player, hut by hut."""
    from course_builder.vanuatu import report
    from course_builder.vanuatu.score import water_penalty

    state = load_state(state_file, {})
    penalty = water_penalty(state)
    _show(fmt, report.penalty_lines(state, penalty), report.penalty_json(penalty), output)


@vanuatu.command("forecast")
@state_argument
@rules_options
@format_option
@output_option
def forecast_cmd(state_file: Path, fmt: str, output: Path | None, **options: Any) -> None:
    """The floods to come, if nothing changes.

    The markers each island takes at each flood still to come, when each would sink, and
    whether the game would be lost."""
    from course_builder.vanuatu import report
    from course_builder.vanuatu.forecast import forecast

    state = load_state(state_file, _rules(options))
    result = forecast(state)
    _show(fmt, report.forecast_lines(state, result), report.forecast_json(result), output)


@vanuatu.command("plan")
@state_argument
@click.option("--keep", default=None,
              callback=_comma_list(_space, "space numbers 1 to 16 such as 2,8"),
              metavar="SPACES", help="The islands to keep afloat (default: every island afloat).")
@click.option("--survive", is_flag=True,
              help="Instead: the fewest dikes so that fewer than three islands ever sink.")
@format_option
@output_option
def plan_cmd(state_file: Path, keep: list[int] | None, survive: bool, fmt: str,
             output: Path | None) -> None:
    """The fewest dikes that keep islands afloat.

    Which dikes, and by which flood each is needed, to keep the chosen islands (or, with
    --survive, enough islands to not lose) afloat through the floods to come. Exit 1 if the
    box has too few dikes."""
    from course_builder.vanuatu import report
    from course_builder.vanuatu.planner import plan_dikes, plan_survival

    if survive and keep is not None:
        raise click.UsageError("--keep and --survive are two different goals: give one")
    state = load_state(state_file, {})
    plan = plan_survival(state) if survive else plan_dikes(state, keep)
    _show(fmt, report.plan_lines(state, plan), report.plan_json(plan), output)
    if not plan.feasible:
        raise SystemExit(1)
