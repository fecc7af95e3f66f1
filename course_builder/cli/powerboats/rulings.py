"""``powerboats adjudicate`` and ``moves``: what a move does and why, the three headings ahead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from course_builder.cli.aliases import alias
from course_builder.cli.common import ILLEGAL_MOVE, F
from course_builder.cli.files import emit, output_option
from course_builder.cli.options import format_option
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import rules_from, rules_options
from course_builder.cli.powerboats.positions import read_position
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import json_text
from course_builder.powerboats.play.explain import explain
from course_builder.powerboats.play.kernel import IllegalMove, apply, heading_choices, rolled_dice_problem
from course_builder.powerboats.play.notation import parse_move

if TYPE_CHECKING:
    from pathlib import Path


def position_argument(fn: F) -> F:
    """``POSITION``: a position's notation, or a file holding it or its JSON (``-``: standard
    input); ``--position`` is its old spelling."""
    fn = alias("--position", "position_text", "the argument POSITION")(fn)
    return click.argument("position_text", metavar="POSITION")(fn)


@powerboats.command("adjudicate")
@position_argument
@click.option("--move", "move_text", required=True, metavar="MOVE",
              help="Move notation, e.g. '+r2/13R'.")
@rules_options("adjudicate")
@format_option()
@output_option
def adjudicate_cmd(position_text: str, move_text: str, fmt: str, output: Path | None,
                   **rulings: Any) -> None:
    """Say what a move does and why, step by step with the rules. POSITION is the position's
    notation, or a file holding it (docs/notation.md). An illegal move gets the steps up to
    where it fails and the verdict, and exits with 4 (bad input exits with 1)."""

    strict = bool(rulings.pop("strict_course", False))
    rules = rules_from(rulings)
    position = read_position(position_text, rules, tiles_as_laid=not strict)
    move = parse_move(move_text)
    try:
        outcome = apply(position, move)
    except IllegalMove as exc:
        trace = explain(exc.events)
        if fmt == "json":
            emit(json_text({"legal": False, "boat": position.boat.colour,
                            "move": move.notation(), "reason": exc.reason,
                            "legal_alternatives": list(exc.legal), "trace": list(trace),
                            "position": position.notation()}), output)
        else:
            emit("".join(f"{i}. {line}\n" for i, line in enumerate(trace, start=1))
                 + f"illegal: {exc}\n", output)
        raise SystemExit(ILLEGAL_MOVE) from None
    if fmt == "json":
        emit(json_text({"legal": True, **outcome.to_json()}), output)
        return
    emit("".join(f"{i}. {line}\n" for i, line in enumerate(outcome.trace, start=1))
         + f"position: {outcome.position.notation()}\n", output)


def _dice_values(text: str) -> tuple[int, ...]:
    """``--dice``: values 1-3 separated by commas (``3,1,3``); empty for none."""
    text = text.strip()
    if not text:
        return ()
    parts = [p.strip() for p in text.split(",")]
    if any(not p for p in parts):
        raise click.BadParameter(f"{text!r} has an empty value between commas; give e.g. 3,1,3",
                                 param_hint="'--dice'")
    if any(" " in p for p in parts):
        raise click.BadParameter(f"separate the dice with commas, e.g. 3,1,3, got {text!r}",
                                 param_hint="'--dice'")
    if any(p not in ("1", "2", "3") for p in parts):
        raise click.BadParameter(f"dice show 1, 2 or 3, got {text!r}", param_hint="'--dice'")
    return tuple(int(p) for p in parts)


@powerboats.command("moves")
@position_argument
@click.option("--dice", required=True, metavar="VALUES",
              help="The dice after rolling, e.g. 3,1,3 (empty for none).")
@rules_options("moves")
@format_option()
@output_option
def moves_cmd(position_text: str, dice: str, fmt: str, output: Path | None,
              **rulings: Any) -> None:
    """Preview the three headings for the boat to move: which are legal and where each leads.
    POSITION is the position's notation, or a file holding it."""
    values = _dice_values(dice)
    strict = bool(rulings.pop("strict_course", False))
    position = read_position(position_text, rules_from(rulings), tiles_as_laid=not strict)
    problem = rolled_dice_problem(position, values)
    if problem:
        raise CourseBuilderError(problem)
    choices = [(c, c.preview()) for c in heading_choices(position, values)]
    if fmt == "json":
        emit(json_text([
            {"turn": c.turn, "heading": c.heading.name, "legal": c.legal, "free": c.reach,
             "path": [list(h.offset) for h in ahead.path], "crash": ahead.crash,
             "damage": ahead.damage, "race_over": ahead.race_over}
            for c, ahead in choices]), output)
        return
    boat = position.boat
    lines = [f"{boat.colour} at {boat.hex.offset} heading {boat.heading.name}, total "
             f"{sum(values)}:"]
    for c, ahead in choices:
        end = ahead.end.offset if ahead.end else boat.hex.offset
        if ahead.race_over:
            result = f"{ahead.damage} damage at {end}: its race is over"
        elif ahead.crash:
            result = f"crash, {ahead.damage} damage, stops at {end}"
        else:
            result = f"ends at {end}"
        flag = "legal" if c.legal else "illegal"
        lines.append(f"  {c.turn.word:8} {c.heading.name:2} {flag:7} {c.reach} water ahead; "
                     f"{result}")
    emit("\n".join(lines) + "\n", output)
