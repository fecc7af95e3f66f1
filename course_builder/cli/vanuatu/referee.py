"""The table's actions judged: ``vanuatu place`` (a revealed tile), ``build`` (huts and dikes)
and ``round`` (the next round's reveals)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, TypeVar

import click

from course_builder.cli.files import output_option
from course_builder.cli.options import format_option
from course_builder.cli.vanuatu import (
    answer,
    is_space,
    load_state,
    rules_from,
    rules_options,
    save_option,
    state_argument,
    vanuatu,
)
from course_builder.core.hexgrid import Direction
from course_builder.vanuatu import report
from course_builder.vanuatu.archipelago import archipelago
from course_builder.vanuatu.build import BuildRequest, build, judge_build
from course_builder.vanuatu.errors import VanuatuError
from course_builder.vanuatu.placement import judge_placement, legal_spaces, place, tile_checks
from course_builder.vanuatu.rounds import next_round
from course_builder.vanuatu.tiles import catalogue

T = TypeVar("T")


# -------------------------------------------------------------------------------------------------
# vanuatu place / build
# -------------------------------------------------------------------------------------------------


def _tile_ids() -> list[str]:
    return list(catalogue().tiles)


class TileChoice(click.Choice):  # type: ignore[type-arg]
    """A tile id in any case (``a1`` is ``A1``); a wrong one lists the ids as they are written
    (``A1``, ``efate``), not in the lower case click compares them in."""

    def __init__(self) -> None:
        super().__init__(_tile_ids(), case_sensitive=False)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        try:
            tile: str = super().convert(value, param, ctx)
            return tile
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
@rules_options("place")
@format_option()
@output_option
def place_cmd(state_file: Path, tile: str, space: int | None, save: Path | None, fmt: str,
              output: Path | None, **options: Any) -> None:
    """Where a revealed tile may go, and why.

    With --space: is that placement legal, rule by rule; with --save, the state with the tile
    placed. Exit 1 if the placement is illegal."""

    if space is None and save is not None:
        raise click.UsageError("--save needs --space (without it, place only lists the spaces)")
    state = load_state(state_file, rules_from(options))
    if space is None:
        refused = [c for c in tile_checks(state, state.catalogue.get(tile)) if not c.ok]
        if refused:
            lines = [f"{tile} may not be placed now: {refused[0].reason} ({refused[0].rule})"]
            answer(fmt, lines + report.rules_footer(c.rule for c in refused),
                  {"tile": tile, "legal_spaces": [], "relaxed": False,
                   "checks": report.checks_json(refused)}, output)
            return
        spaces, relaxed = legal_spaces(state, tile)
        verdicts = [judge_placement(state, tile, s) for s in state.board.spaces
                    if s not in state.placed]
        tile_id = state.catalogue.get(tile).id
        payload = {"tile": tile_id, "legal_spaces": list(spaces), "relaxed": relaxed,
                   "spaces": [report.placement_json(v) for v in verdicts]}
        answer(fmt, report.options_lines(tile_id, spaces, relaxed, verdicts), payload, output)
        return
    verdict = judge_placement(state, tile, space)
    after = place(state, tile, space) if verdict.legal else None
    payload = report.placement_json(verdict) | {"state": after.to_json() if after else None}
    answer(fmt, report.placement_lines(verdict), payload, output, after, save)
    if after is None:
        raise SystemExit(1)


class DikeParam(click.ParamType):
    """``SPACE:SIDE``: an island space and a side name (E NE NW W SW SE) or the number of the
    space that side faces, e.g. ``2:E`` or ``2:3``."""

    name = "SPACE:SIDE"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> tuple[int, Direction]:

        if isinstance(value, tuple):
            return value
        text = str(value).strip()
        space_text, _, side_text = text.partition(":")
        if not is_space(space_text) or not side_text:
            self.fail(f"expected SPACE:SIDE such as 2:E or 2:3 (spaces 1 to 16), got "
                      f"{text[:30]!r}", param, ctx)
        space = int(space_text)
        if re.fullmatch(r"[0-9]+", side_text):
            if not is_space(side_text):
                self.fail(f"no space {side_text[:5]} (spaces are 1 to 16)", param, ctx)
            side = archipelago().side_toward(space, int(side_text))
            if side is None:
                self.fail(f"space {space} and space {side_text[:5]} are not adjacent", param, ctx)
            return space, side
        try:
            return space, Direction.parse(side_text)
        except ValueError:
            self.fail(f"unknown side {side_text[:10]!r} (sides: E, NE, NW, W, SW, SE)", param, ctx)


def _once(ctx: click.Context, param: click.Parameter, values: tuple[T, ...]) -> T | None:
    """``--hut`` and ``--dike`` at most once: one BUILD action builds at most one hut and one
    dike (ruling VAN-09), so a second one is refused rather than silently dropped."""
    if len(values) > 1:
        raise click.BadParameter(f"given {len(values)} times: one BUILD action builds at most "
                                 "one hut and one dike (ruling VAN-09); build again for another",
                                 ctx, param)
    return values[0] if values else None


@vanuatu.command("build")
@state_argument
@click.option("--player", required=True, metavar="COLOUR", help="Who builds.")
@click.option("--hut", type=click.IntRange(1, 16), multiple=True, callback=_once,
              metavar="SPACE", help="Build a hut on the island on this space (once: VAN-09).")
@click.option("--dike", type=DikeParam(), multiple=True, callback=_once,
              help="Build a dike: island space and side, e.g. 2:E, or 2:3 for the side facing "
              "space 3 (once: VAN-09).")
@save_option
@rules_options("build")
@format_option()
@output_option
def build_cmd(state_file: Path, player: str, hut: int | None, dike: tuple[int, Direction] | None,
              save: Path | None, fmt: str, output: Path | None, **options: Any) -> None:
    """Judge a BUILD action: a hut and/or a dike.

    Legal or not, rule by rule, and what it costs; with --save, the state after it. Exit 1 if it
    is illegal."""

    state = load_state(state_file, rules_from(options))
    name = player.strip().lower()
    try:
        state.player(name)
    except VanuatuError as exc:
        raise VanuatuError(f"--player: {exc}") from None
    verdict = judge_build(state, BuildRequest(name, hut, dike))
    after = build(state, verdict.request) if verdict.legal else None
    payload = report.build_json(verdict) | {"state": after.to_json() if after else None}
    answer(fmt, report.build_lines(state, verdict), payload, output, after, save)
    if after is None:
        raise SystemExit(1)


@vanuatu.command("round")
@state_argument
@save_option
@format_option()
@output_option
def round_cmd(state_file: Path, save: Path | None, fmt: str, output: Path | None) -> None:
    """Close this round and open the next.

    Says which tiles the new round reveals and whether the waters rise in it."""
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
    answer(fmt, lines, payload, output, change.state, save)
