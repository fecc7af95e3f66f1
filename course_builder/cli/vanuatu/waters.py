"""The Rising Waters: ``vanuatu countdown``, ``flood``, ``forecast``, ``plan`` and ``score`` (the
water penalty)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from course_builder.cli.files import output_option
from course_builder.cli.options import format_option
from course_builder.cli.vanuatu import (
    answer,
    comma_list,
    load_state,
    rules_from,
    rules_options,
    save_option,
    space_number,
    state_argument,
    vanuatu,
)
from course_builder.vanuatu import report
from course_builder.vanuatu.countdown import Turn, countdown
from course_builder.vanuatu.errors import IllegalAction
from course_builder.vanuatu.flood import resolve_flood, skip_flood
from course_builder.vanuatu.forecast import forecast
from course_builder.vanuatu.options import Rules
from course_builder.vanuatu.planner import plan_dikes, plan_survival
from course_builder.vanuatu.score import water_penalty

# -------------------------------------------------------------------------------------------------
# vanuatu countdown / flood / round
# -------------------------------------------------------------------------------------------------


def _turn(text: str) -> Turn:
    return Turn.parse(text)


@vanuatu.command("countdown")
@click.option("--die", type=click.IntRange(1, 6), required=True, help="What the die showed.")
@click.option("--turns", default="", callback=comma_list(_turn, "turns such as a,a,r,a"),
              metavar="TURNS", help="The round's turns so far, in order: a (an action) or r "
              "(markers taken back without acting), e.g. a,a,r,a.")
@click.option("--round-over", is_flag=True, help="The round has ended with these turns.")
@rules_options("countdown")
@format_option()
@output_option
def countdown_cmd(die: int, turns: list[Turn], round_over: bool, fmt: str, output: Path | None,
                  **options: Any) -> None:
    """After which turn the waters rise.

    Counts the die down over a Rising Waters round's turns: after which turn the flood comes,
    or how many actions are left."""

    rules = Rules().changed(**rules_from(options))
    result = countdown(die, turns, rules, round_over=round_over)
    answer(fmt, report.countdown_lines(result), report.countdown_json(result), output)


@vanuatu.command("flood")
@state_argument
@click.option("--skip", is_flag=True, help="Record this round's flood as skipped (only under "
              "--short-round skip, when the round ended before the countdown: VAN-03).")
@save_option
@rules_options("flood")
@format_option()
@output_option
def flood_cmd(state_file: Path, skip: bool, save: Path | None, fmt: str, output: Path | None,
              **options: Any) -> None:
    """Resolve this round's Rising Waters phase.

    Markers per island and why, the islands submerged and what they lost, and whether the game
    is lost."""

    state = load_state(state_file, rules_from(options))
    if skip:
        if state.rules.short_round != "skip":
            raise IllegalAction("a flood is skipped only under ruling VAN-03 short_round=skip "
                                "(add --short-round skip)")
        after = skip_flood(state)
        answer(fmt, [f"Round {state.round}: no flood (ruling VAN-03, short_round=skip)."],
              {"skipped": True, "state": after.to_json()}, output, after, save)
        return
    result = resolve_flood(state)
    payload = report.flood_json(result) | {"state": result.state.to_json()}
    answer(fmt, report.flood_lines(state, result), payload, output, result.state, save)


# -------------------------------------------------------------------------------------------------
# vanuatu score / forecast / plan
# -------------------------------------------------------------------------------------------------


@vanuatu.command("score")
@state_argument
@format_option()
@output_option
def score_cmd(state_file: Path, fmt: str, output: Path | None) -> None:
    """The end-game water penalty per player, hut by hut."""

    state = load_state(state_file, {})
    penalty = water_penalty(state)
    answer(fmt, report.penalty_lines(state, penalty), report.penalty_json(penalty), output)


@vanuatu.command("forecast")
@state_argument
@rules_options("forecast")
@format_option()
@output_option
def forecast_cmd(state_file: Path, fmt: str, output: Path | None, **options: Any) -> None:
    """The floods to come, if nothing changes.

    The markers each island takes at each flood still to come, when each would sink, and
    whether the game would be lost."""

    state = load_state(state_file, rules_from(options))
    result = forecast(state)
    answer(fmt, report.forecast_lines(state, result), report.forecast_json(result), output)


@vanuatu.command("plan")
@state_argument
@click.option("--keep", default=None,
              callback=comma_list(space_number, "space numbers 1 to 16 such as 2,8"),
              metavar="SPACES", help="The islands to keep afloat (default: every island afloat).")
@click.option("--survive", is_flag=True,
              help="Instead: the fewest dikes so that fewer than three islands ever sink.")
@rules_options("plan")
@format_option()
@output_option
def plan_cmd(state_file: Path, keep: list[int] | None, survive: bool, fmt: str,
             output: Path | None, **options: Any) -> None:
    """The fewest dikes that keep islands afloat.

    Which dikes, and by which flood each is needed, to keep the chosen islands (or, with
    --survive, enough islands to not lose) afloat through the floods to come. Exit 1 if the
    box has too few dikes."""

    if survive and keep is not None:
        raise click.UsageError("--keep and --survive are two different goals: give one")
    state = load_state(state_file, rules_from(options))
    plan = plan_survival(state) if survive else plan_dikes(state, keep)
    answer(fmt, report.plan_lines(state, plan), report.plan_json(plan), output)
    if not plan.feasible:
        raise SystemExit(1)
