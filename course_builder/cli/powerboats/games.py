"""``course-builder powerboats play`` and ``replay``: whole games at the table and their records.

``play`` referees a real table (the loop itself: :mod:`.table`) and saves the game record after
every entry, so nothing is lost if the terminal closes; ``play RECORD`` carries on.
``replay`` checks a record move by move (docs/game-records.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from course_builder.cli.aliases import alias
from course_builder.cli.common import progress_bar, resolve_seed, seed_option
from course_builder.cli.files import OUTPUT_HELP, emit, input_name, output_option
from course_builder.cli.options import (
    CaseFreeChoice,
    Players,
    expansion_option,
    format_option,
    input_argument,
)
from course_builder.cli.powerboats import powerboats
from course_builder.cli.powerboats.inputs import (
    board_choice,
    board_options,
    catalog,
    rules_from,
    rules_options,
)
from course_builder.cli.powerboats.table import Table, standings_lines
from course_builder.cli.statefiles import read_record, record_target, save_option
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonwrite import json_text
from course_builder.powerboats.game import record
from course_builder.powerboats.game.game import Game, SeatError, check_seats, new_game
from course_builder.powerboats.game.record import GameRecord, replay
from course_builder.powerboats.game.scoring import Scoring
from course_builder.powerboats.game.seeding import seeded_start
from course_builder.powerboats.lake.catalog import BoardChoice
from course_builder.powerboats.play.notation import RaceBook
from course_builder.powerboats.play.position import BOAT_COLOURS
from course_builder.powerboats.play.race import Race


def _book(record: Path) -> RaceBook:
    """The races of a record's header; a board file they name is looked for beside the record
    first."""
    return RaceBook(catalog(record))


def _load_record(path: Path) -> GameRecord:
    return read_record(path, record.read_record)


# -------------------------------------------------------------------------------------------------
# replay
# -------------------------------------------------------------------------------------------------


@powerboats.command("replay")
@input_argument("record_path", "RECORD")
@format_option()
@output_option
def replay_cmd(record_path: Path, fmt: str, output: Path | None) -> None:
    """Check a game record: play every placement and move again with the rules, and report the
    first one that is illegal or does not match (wrong boat, wrong turn, a result or standing that
    differs) with its line and move number; or the standings. Exit 1 if it does not stand up."""
    record = _load_record(record_path)
    with progress_bar("replaying") as progress:
        done = replay(record, _book(record_path), progress)
    game, error = done.game, done.error
    name = input_name(record_path)
    standing = [{"colour": s.colour, "points": s.points, "by_race": list(s.by_race),
                 "rank": s.rank} for s in game.standings()]
    if fmt == "json":
        emit(json_text({
            "file": name, "ok": done.ok, "entries": len(record.lines),
            "races_finished": len(game.results),
            "error": None if error is None else {"line": error.line, "move": error.number,
                                                 "reason": error.reason, "message": str(error)},
            "notes": list(done.notes), "standings": standing}), output)
    elif done.ok:
        state = "game over" if game.over else f"race {game.race_name} under way"
        emit("\n".join([f"{name}: ok: {len(record.lines)} entries, {len(game.results)} race(s) "
                        f"finished, {state}", *standings_lines(game)]) + "\n", output)
    else:
        emit(f"{name}: {error}\n", output)
    if fmt != "json":
        for note in done.notes:
            click.echo(f"note: {name}: {note}", err=True)
    if error is not None:
        raise SystemExit(1)


# -------------------------------------------------------------------------------------------------
# play
# -------------------------------------------------------------------------------------------------

@powerboats.command("play")
@input_argument("record", "[RECORD]", required=False)
@alias("--resume", "record", "the argument RECORD")
@click.option("--players", type=Players(BOAT_COLOURS, 2, 6), default="yellow,red,orange,purple",
              show_default=True, metavar="COLOURS|N",
              help="The boats by seat, clockwise round the table (2 to 6), or their number for "
              "the first N of yellow, red, orange, purple, black, green.")
@click.option("--names", default=None, metavar="NAMES", help="Players' names by seat, "
              "comma-separated (optional).")
@click.option("--start-player", default=None, metavar="COLOUR",
              help="Who starts race A; rolled for (with the seed) if not given.")
@board_options
@seed_option
@expansion_option("Place the 7 tiles of Expansion 1 each race.")
@click.option("--scoring", type=CaseFreeChoice(["standard", "variant"]), default="standard",
              show_default=True, help="'variant': also turns ahead of the last finisher and 5 "
              "per sunk boat (the 2-player variant; GAME-03).")
@rules_options("play")
@save_option("The game record, saved after every entry (default: RECORD when carrying on, "
             "else output/powerboats-game-SEED.pbr). " + OUTPUT_HELP.split(". ", 1)[1])
@alias("-o", "save", "--save")
def play_cmd(record: Path | None, players: tuple[str, ...], names: str | None,
             start_player: str | None, board: str, shuffle_tiles: bool, rotate_tiles: bool,
             tile_size: tuple[int, int], density: float, seed: int | None, expansion: bool,
             scoring: str, save: Path | None, **rulings: Any) -> None:
    """Referee a whole game at the table: three races, placements, every move checked and
    explained, dice rolled only when asked, undo, and the game record saved after every entry.
    With RECORD, carry on the game it holds. Reads commands from standard input ('help' lists
    them)."""
    if record is not None:
        _no_new_game_options()
        game, seed, tags = _resumed(record)
        target = record_target(save, carried_on=record)
    else:
        seed = resolve_seed(seed, True)
        assert seed is not None
        target = record_target(save, new=Path("output") / f"powerboats-game-{seed}.pbr")
        game = _new_game(players, names, start_player, seed, expansion, scoring, rulings,
                         board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density))
        tags = {"Seed": str(seed)}
    table = Table(game, target, seed, tags)
    table.run()


def _no_new_game_options() -> None:
    """``play RECORD`` carries on the game its record describes: options that would set up
    another game are refused rather than silently ignored."""
    ctx = click.get_current_context()
    given = [name for name in ctx.params if name not in ("record", "save")
             and ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE]
    if given:
        option = "--" + given[0].replace("_", "-")
        raise click.UsageError(f"{option} cannot change a resumed game: its record sets it")


def _resumed(path: Path) -> tuple[Game, int, dict[str, str]]:
    """The game of a record, the seed its ``roll`` uses and the record's header tags, kept as
    they are so the record is written back as it was read (GAME-05): a record without a Seed
    tag (a bot's) gets none; its rolls use seed 0."""
    record = _load_record(path)
    done = replay(record, _book(path))
    if not done.ok:
        raise CourseBuilderError(f"{path}: cannot resume: {done.error}")
    for note in done.notes:
        click.echo(f"note: {input_name(path)}: {note}", err=True)
    seed = record.tags.get("Seed", "0")
    return done.game, int(seed) if seed.isdigit() else 0, dict(record.tags)


def _new_game(players: tuple[str, ...], names: str | None, start_player: str | None,
              seed: int, expansion: bool, scoring: str, rulings: dict[str, Any],
              choice: BoardChoice) -> Game:

    colours = [c.strip().lower() for c in players if c.strip()]
    name_list = [n.strip() for n in names.split(",")] if names else []
    first = (start_player or "").strip().lower()
    try:  # the seats are checked before anything is rolled or printed
        check_seats(colours, first or (colours[0] if colours else ""), name_list)
    except SeatError as e:
        hint = {"start_player": "--start-player", "names": "--names"}.get(e.field, "--players")
        raise click.BadParameter(str(e), param_hint=f"'{hint}'") from None
    lake = catalog().make(choice, seed)
    start = seeded_start(colours, seed, lake, expansion=expansion, start_player=first)
    if start.rolled:
        click.echo(f"start player (rolled): {start.start_player}", err=True)
    rules = rules_from(rulings)
    races = [Race(lake, course, rules) for course in start.courses]
    return new_game(colours, start.start_player, races, Scoring(scoring), name_list)
