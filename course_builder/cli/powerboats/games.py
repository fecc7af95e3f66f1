"""``course-builder powerboats play`` and ``replay``: whole games at the table and their records.

``play`` referees a real table (the loop itself: :mod:`.table`) and saves the game record after
every entry, so nothing is lost if the terminal closes; ``--resume RECORD`` carries on.
``replay`` checks a record move by move (docs/game-records.md).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import click

from course_builder.cli.common import (
    OUTPUT_HELP,
    input_name,
    progress_bar,
    read_text,
    resolve_seed,
    seed_option,
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
from course_builder.core.errors import CourseBuilderError


def _book(record: Path) -> Any:
    """The races of a record's header; a board file they name is looked for beside the record
    first."""
    from course_builder.powerboats.play.notation import RaceBook

    return RaceBook(catalog(record))


def _load_record(path: Path) -> Any:
    from course_builder.powerboats.play.record import read_record

    return read_record(read_text(path), input_name(path))


# -------------------------------------------------------------------------------------------------
# replay
# -------------------------------------------------------------------------------------------------


@powerboats.command("replay")
@click.argument("record_path", metavar="RECORD", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def replay_cmd(record_path: Path, fmt: str) -> None:
    """Check a game record: play every placement and move again with the rules, and report the
    first one that is illegal or does not match (wrong boat, wrong turn, a result or standing that
    differs) with its line and move number; or the standings. Exit 1 if it does not stand up."""
    from course_builder.powerboats.play.record import replay

    record = _load_record(record_path)
    with progress_bar("replaying") as progress:
        done = replay(record, _book(record_path), progress)
    game, error = done.game, done.error
    standing = [{"colour": s.colour, "points": s.points, "by_race": list(s.by_race),
                 "rank": s.rank} for s in game.standings()]
    if fmt == "json":
        click.echo(json.dumps({
            "file": str(record_path), "ok": done.ok, "entries": len(record.lines),
            "races_finished": len(game.results),
            "error": None if error is None else {"line": error.line, "move": error.number,
                                                 "reason": error.reason, "message": str(error)},
            "standings": standing}, indent=1))
    elif done.ok:
        state = "game over" if game.over else f"race {game.race_name} under way"
        click.echo(f"{record_path}: ok: {len(record.lines)} entries, "
                   f"{len(game.results)} race(s) finished, {state}")
        for line in standings_lines(game):
            click.echo(line)
    else:
        click.echo(f"{record_path}: {error}")
    if error is not None:
        raise SystemExit(1)


# -------------------------------------------------------------------------------------------------
# play
# -------------------------------------------------------------------------------------------------

@powerboats.command("play")
@click.option("--players", default="yellow,red,orange,purple", show_default=True,
              metavar="COLOURS", help="The boats by seat, clockwise round the table (2 to 6).")
@click.option("--names", default=None, metavar="NAMES", help="Players' names by seat, "
              "comma-separated (optional).")
@click.option("--start-player", default=None, metavar="COLOUR",
              help="Who starts race A; rolled for (with the seed) if not given.")
@board_options
@seed_option
@click.option("--expansion", is_flag=True, help="Place the 7 tiles of Expansion 1 each race.")
@click.option("--scoring", type=click.Choice(["standard", "variant"]), default="standard",
              show_default=True, help="'variant': also turns ahead of the last finisher and 5 "
              "per sunk boat (the 2-player variant; GAME-03).")
@rules_options
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The game record, saved after every entry (default: "
              "output/powerboats-game-SEED.pbr). " + OUTPUT_HELP.split(". ", 1)[1])
@click.option("--resume", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="RECORD", help="Carry on the game of this record (saved to it again).")
def play_cmd(players: str, names: str | None, start_player: str | None, board: str,
             shuffle_tiles: bool, rotate_tiles: bool, tile_size: tuple[int, int], density: float,
             seed: int | None, expansion: bool, scoring: str, output: Path | None,
             resume: Path | None, **options: Any) -> None:
    """Referee a whole game at the table: three races, placements, every move checked and
    explained, dice rolled only when asked, undo, and the game record saved after every entry.
    Reads commands from standard input ('help' lists them)."""
    if resume is not None:
        _no_new_game_options()
        game, seed = _resumed(resume)
        target = output or resume
        if target.resolve() != resume.resolve() and target.is_file():
            raise click.UsageError(f"{target} holds a record already: give a new file with -o, "
                                   f"or leave -o out to save to {resume}")
    else:
        seed = resolve_seed(seed, True)
        assert seed is not None
        target = output or Path("output") / f"powerboats-game-{seed}.pbr"
        if target.is_file():  # a record is never overwritten: it may hold a game in progress
            raise click.UsageError(f"{target} exists: carry on its game with --resume {target}, "
                                   "or give another -o")
        game = _new_game(players, names, start_player, seed, expansion, scoring, options,
                         board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density))
    table = Table(game, target, seed)
    table.run()


def _no_new_game_options() -> None:
    """``--resume`` carries on the game its record describes: options that would set up another
    game are refused rather than silently ignored."""
    from click.core import ParameterSource

    ctx = click.get_current_context()
    given = [name for name in ctx.params if name not in ("resume", "output")
             and ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE]
    if given:
        option = "--" + given[0].replace("_", "-")
        raise click.UsageError(f"{option} cannot change a resumed game: its record sets it")


def _resumed(path: Path) -> tuple[Any, int]:
    from course_builder.powerboats.play.record import replay

    record = _load_record(path)
    done = replay(record, _book(path))
    if not done.ok:
        raise CourseBuilderError(f"{path}: cannot resume: {done.error}")
    seed = record.tags.get("Seed", "0")
    return done.game, int(seed) if seed.isdigit() else 0


def _new_game(players: str, names: str | None, start_player: str | None, seed: int,
              expansion: bool, scoring: str, options: dict[str, Any], choice: Any) -> Any:
    from course_builder.powerboats.course.generate import CourseMaker
    from course_builder.powerboats.play.game import SeatError, check_seats, new_game
    from course_builder.powerboats.play.race import Race
    from course_builder.powerboats.play.scoring import Scoring

    colours = [c.strip().lower() for c in players.split(",") if c.strip()]
    name_list = [n.strip() for n in names.split(",")] if names else []
    first = (start_player or "").strip().lower()
    try:  # the seats are checked before anything is rolled or printed
        check_seats(colours, first or (colours[0] if colours else ""), name_list)
    except SeatError as e:
        hint = {"start_player": "--start-player", "names": "--names"}.get(e.field, "--players")
        raise click.BadParameter(str(e), param_hint=f"'{hint}'") from None
    rng = random.Random(f"powerboats-game:{seed}")
    first = first or rng.choice(colours)
    if start_player is None:
        click.echo(f"start player (rolled): {first}", err=True)
    lake = catalog().make(choice, seed)
    maker = CourseMaker(lake)
    rules = rules_from(options)
    races = [Race(lake, maker.generate(r, seed, expansion=expansion), rules) for r in "ABC"]
    return new_game(colours, first, races, Scoring(scoring), name_list)
