"""``course-builder vanuatu ...``: setup, the placement and build referee, floods, penalty,
forecast and the dike planner, on a JSON board state (docs/vanuatu.md).

The commands live in :mod:`.setup` (setup, show), :mod:`.referee` (place, build, round) and
:mod:`.waters` (countdown, flood, forecast, plan, score); this module holds the group and what
they share: reading a state, the common options, writing an answer with the new state.

Conventions as for Powerboats: results on stdout or ``-o FILE``, notes on stderr; ``--seed`` for
anything random (printed when omitted); exit 0 success, 1 bad input or an illegal action (the
verdict is printed first), 2 usage error, 3 internal error. A new state is written only with
``--save FILE``, atomically.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from course_builder.cli import options, statefiles
from course_builder.cli.common import F, GameGroup
from course_builder.cli.files import input_name
from course_builder.cli.options import input_argument
from course_builder.cli.statefiles import emit_with_state, read_state, refuse_output_over_state
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import json_text
from course_builder.core.values import replace
from course_builder.vanuatu.options import RULING_OPTIONS
from course_builder.vanuatu.statejson import state_from_json

T = TypeVar("T")

if TYPE_CHECKING:
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
    state = read_state(path, state_from_json)
    try:
        return replace(state, rules=state.rules.changed(**overrides))
    except CourseBuilderError as exc:
        raise CourseBuilderError(f"{input_name(path)}: {exc}") from None


def state_argument(fn: F) -> F:
    """``STATE``, the board state file (``-``: standard input)."""
    return input_argument("state_file", "STATE")(fn)


def save_option(fn: F) -> F:
    return statefiles.save_option(
        "Write the new board state to this file (it may be STATE itself); nothing is written if "
        "the action is illegal. With -o FILE both are written or neither; missing folders are "
        "created; a symlink's target is written.")(fn)


def rules_options(command: str) -> Callable[[F], F]:
    """The options of the rulings that change what ``command`` does (VAN-xx; the table:
    ``vanuatu.options.RULING_OPTIONS``); left out, a command keeps what the state says."""
    return options.ruling_options(RULING_OPTIONS, command)


def rules_from(params: dict[str, Any]) -> dict[str, Any]:
    """The rulings given on the command line, by their key (taken out of ``params``)."""
    return options.ruling_values(RULING_OPTIONS, params)


def answer(fmt: str, lines: Sequence[str], payload: dict[str, Any], output: Path | None,
          after: State | None = None, save: Path | None = None) -> None:
    """The answer (text or JSON) to stdout or ``-o FILE``; with ``after`` and ``save``, the new
    state to its file as well (both files or neither)."""
    refuse_output_over_state(output, "--save FILE writes the new state")
    content = json_text(payload) if fmt == "json" else "\n".join(lines) + "\n"
    emit_with_state(content, output, (save, after.dumps()) if after and save else None)
    if after is not None and save is None and fmt == "text":
        click.echo("note: the new state was not saved (add --save FILE)", err=True)


def comma_list(convert: Callable[[str], T], what: str
               ) -> Callable[[click.Context, click.Parameter, str | None], list[T] | None]:
    """A click callback reading a comma-separated list (empty for none)."""
    def callback(ctx: click.Context, param: click.Parameter, value: str | None
                 ) -> list[T] | None:
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


def is_space(text: str) -> bool:
    """Whether ``text`` is a space number 1-16 written with ASCII digits."""
    return re.fullmatch(r"[0-9]{1,2}", text) is not None and 1 <= int(text) <= 16


def space_number(text: str) -> int:
    """One entry of ``--keep``: a space number 1-16."""
    if not is_space(text):
        raise ValueError(text)
    return int(text)


from course_builder.cli.vanuatu import referee, setup, waters  # noqa: E402  (they add commands)

__all__ = ["referee", "setup", "vanuatu", "waters"]
