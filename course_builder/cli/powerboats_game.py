"""``course-builder powerboats play`` and ``replay``: whole games at the table and their records.

``play`` is a terminal referee for a real table: it says whose turn it is, takes each placement
and move (in notation, or the dice step, the values rolled and the heading one at a time), shows
what each heading does before the player commits, rolls dice only when asked, takes back with
``undo`` and saves the game record after every entry, so nothing is lost if the terminal closes;
``--resume RECORD`` carries on. ``replay`` checks a record move by move (docs/game-records.md).
"""

from __future__ import annotations

import json
import random
import re
import sys
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
from course_builder.cli.powerboats import (
    _board_choice,
    _rules,
    _rules_options,
    board_options,
    catalog,
    powerboats,
)
from course_builder.core.errors import CourseBuilderError
from course_builder.core.output import write_atomic


def _book(record: Path) -> Any:
    """The races of a record's header; a board file they name is looked for beside the record
    first."""
    from course_builder.powerboats.play.notation import RaceBook

    return RaceBook(catalog(record))


def _load_record(path: Path) -> Any:
    from course_builder.powerboats.game.record import read_record

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
    from course_builder.powerboats.game.record import replay

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
        for line in _standings_lines(game):
            click.echo(line)
    else:
        click.echo(f"{record_path}: {error}")
    if error is not None:
        raise SystemExit(1)


def _standings_lines(game: Any) -> list[str]:
    if not game.results:
        return []
    races = "  ".join(r.race for r in game.results)
    lines = [f"  {'':8} {races}  total"]
    for s in game.standings():
        per = "  ".join(str(p) for p in s.by_race)
        lines.append(f"  {s.rank}. {s.colour:8} {per}  {s.points}")
    return lines


# -------------------------------------------------------------------------------------------------
# play
# -------------------------------------------------------------------------------------------------

HELP = """\
  PLACING:  ROW,COL HEADING      put the boat there, e.g. 21,6 NW
  MOVING:   MOVE                 a whole move in notation, e.g. +r2/13R (docs/notation.md)
            STEP                 only the dice step, e.g. +  =  -3  +r2: then the values rolled
                                 (or 'roll'), the headings shown, then L, S or R
  ANY TIME: undo                 take back the last placement or move
            show                 the position in notation (to share or to adjudicate)
            standings            points so far
            help                 this list
            quit                 stop (the record is saved; --resume carries on)"""

_STEP = re.compile(r"^(?P<change>\+|-[123]|=)?(?:r(?P<reroll>[123]+))?$")


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
@_rules_options
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
                         _board_choice(board, shuffle_tiles, rotate_tiles, tile_size, density))
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
    from course_builder.powerboats.game.record import replay

    record = _load_record(path)
    done = replay(record, _book(path))
    if not done.ok:
        raise CourseBuilderError(f"{path}: cannot resume: {done.error}")
    seed = record.tags.get("Seed", "0")
    return done.game, int(seed) if seed.isdigit() else 0


def _new_game(players: str, names: str | None, start_player: str | None, seed: int,
              expansion: bool, scoring: str, options: dict[str, Any], choice: Any) -> Any:
    from course_builder.powerboats.course.generate import CourseMaker
    from course_builder.powerboats.game.game import SeatError, check_seats, new_game
    from course_builder.powerboats.game.scoring import Scoring
    from course_builder.powerboats.play.race import Race

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
    rules = _rules(options)
    races = [Race(lake, maker.generate(r, seed, expansion=expansion), rules) for r in "ABC"]
    return new_game(colours, first, races, Scoring(scoring), name_list)


class Table:
    """The interactive loop: one game, one record file, commands from standard input."""

    def __init__(self, game: Any, record: Path, seed: int) -> None:
        self.game = game
        self.record = record
        self.seed = seed
        self.undone: list[Any] = []

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> None:
        click.echo(f"Powerboats: {', '.join(self.game.setup.colours)}; record: {self.record}")
        self.save()
        announced = None
        while not self.game.over:
            key = (self.game.race_index, self.game.placing)
            if key != announced:
                self._announce()
                announced = key
            line = self._ask(self._prompt())
            if line is None:
                click.echo(f"stopped; carry on with --resume {self.record}")
                return
            self._command(line)
        click.echo("The game is over.")
        for line in _standings_lines(self.game):
            click.echo(line)

    def _ask(self, prompt: str) -> str | None:
        click.echo(prompt + "> ", nl=False)
        line = sys.stdin.readline()
        if not line:
            click.echo("")
            return None
        line = line.split("#", 1)[0].strip()
        click.echo(line if not sys.stdin.isatty() else "", nl=not sys.stdin.isatty())
        return line

    def _command(self, line: str) -> None:
        word = line.lower()
        if not word:
            return
        if word in ("help", "?"):
            click.echo(HELP)
        elif word in ("quit", "exit"):
            click.echo(f"saved; carry on with --resume {self.record}")
            raise SystemExit(0)
        elif word == "undo":
            self._undo()
        elif word == "show":
            click.echo(self.game.position.notation() if self.game.position else
                       "boats are being placed: no position yet")
        elif word == "standings":
            click.echo("\n".join(_standings_lines(self.game)) or "no race finished yet")
        elif self.game.placing:
            self._place(line)
        else:
            self._move(line)

    # -- placing and moving ----------------------------------------------------------------

    def _announce(self) -> None:
        from course_builder.powerboats.game.game import Placement

        game = self.game
        if game.placing:
            order = ", ".join(game.setup.placement_order(game.race_index))
            click.echo(f"Race {game.race_name} on {game.race.code}: place the boats on or behind "
                       f"the start tile, in this order: {order}.")
            if game.results:
                click.echo("Standings:")
                for line in _standings_lines(game):
                    click.echo(line)
        elif any(getattr(e, "race", None) == game.race_name and not isinstance(e, Placement)
                 for e in game.history):
            click.echo(f"Race {game.race_name} goes on: {game.to_act} to move.")
        else:
            click.echo(f"Race {game.race_name}: {game.to_act} starts; play passes to the left.")

    def _prompt(self) -> str:
        game = self.game
        if game.placing:
            free = " ".join(f"{r},{c}" for r, c in (h.offset for h in game.free_start_hexes()[:6]))
            return f"{game.to_act}: place your boat (ROW,COL HEADING; free: {free} ...) "
        boat = game.position.boat
        dice = "-".join(map(str, boat.dice)) or "no dice"
        nxt = "the finish" if boat.next_buoy > 3 else f"buoy {boat.next_buoy}"
        return (f"Race {game.race_name}, turn {game.position.turn}: {boat.colour} at "
                f"{boat.hex.offset} heading {boat.heading.name}, {dice}, damage {boat.damage}, "
                f"next {nxt} ")

    def _place(self, line: str) -> None:
        from course_builder.core.hexgrid import Direction, from_offset

        m = re.fullmatch(r"(\d+)\s*,\s*(\d+)\s+(\w+)", line)
        if not m:
            click.echo("expected ROW,COL HEADING, e.g. 21,6 NW ('help' for more)")
            return
        try:
            heading = Direction.parse(m.group(3))
            self._advance(self.game.place(self.game.to_act,
                                          from_offset(int(m.group(1)), int(m.group(2))), heading))
        except ValueError:
            click.echo(f"unknown heading {m.group(3)!r}: E, NE, NW, W, SW or SE")
        except CourseBuilderError as exc:
            click.echo(f"not allowed: {exc}")

    def _move(self, line: str) -> None:
        from course_builder.powerboats.play.notation import NotationError, parse_move

        if _STEP.fullmatch(line.replace(" ", "")) and line.strip():
            self._step_by_step(line.replace(" ", ""))
            return
        try:
            move = parse_move(line)
        except NotationError as exc:
            click.echo(f"{exc} ('help' for more)")
            return
        self._commit(move)

    def _step_by_step(self, text: str) -> None:
        from course_builder.powerboats.play.kernel import dice_decisions

        position = self.game.position
        step = next((s for s in dice_decisions(position) if s.notation() == _canonical(text)),
                    None)
        if step is None:
            click.echo(f"{text!r} is not a dice step {position.boat.colour} can take now "
                       "(add one die, remove one, or keep the count; re-roll only dice it holds)")
            return
        dice = self._rolled(step)
        if dice is None:
            return
        turn = self._heading(dice[1])
        if turn is not None:
            self._commit(step.then(dice[0], turn))

    def _rolled(self, step: Any) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """The values rolled for ``step`` (typed, or rolled here), with the dice then held."""
        from course_builder.powerboats.play.kernel import kept_dice

        count = step.rolled_count
        rolled: tuple[int, ...] = ()
        if count:
            dice = "die" if count == 1 else "dice"
            answer = self._ask(f"roll {count} {dice}: type the values (e.g. {'3' * count}) or "
                               "'roll' ")
            if answer is None:
                return None
            if answer.lower() == "roll":
                rng = random.Random(f"powerboats-table:{self.seed}:{len(self.game.history)}")
                rolled = tuple(rng.randint(1, 3) for _ in range(count))
                click.echo(f"rolled {'-'.join(map(str, rolled))}")
            elif re.fullmatch(f"[123]{{{count}}}", answer.replace(",", "").replace(" ", "")):
                rolled = tuple(int(c) for c in answer if c in "123")
            else:
                click.echo(f"expected {count} values 1-3, or 'roll'")
                return None
        held = (*kept_dice(self.game.position.boat, step), *rolled)
        return rolled, held

    def _heading(self, dice: tuple[int, ...]) -> Any:
        from course_builder.powerboats.play.kernel import heading_choices
        from course_builder.powerboats.play.position import Turn

        position = self.game.position
        click.echo(f"total {sum(dice)}:")
        for c in heading_choices(position, dice):
            ahead = c.preview()
            end = ahead.end.offset if ahead.end else position.boat.hex.offset
            what = (f"crash, {ahead.damage} damage at {end}" if ahead.crash else f"ends at {end}")
            click.echo(f"  {c.turn.value} {c.turn.word:8} {c.heading.name:2} "
                       f"{'legal' if c.legal else 'illegal':7} {what}")
        legal = [c.turn.value for c in heading_choices(position, dice) if c.legal]
        while True:
            answer = self._ask(f"heading: {' or '.join(legal)} ('back' to start the move again) ")
            if answer is None or answer.lower() == "back":
                click.echo("no move made")
                return None
            if answer.upper() in legal:
                return Turn(answer.upper())
            click.echo(f"{answer!r} is not a legal heading here: {', '.join(legal)}")

    def _commit(self, move: Any) -> None:
        from course_builder.powerboats.play.kernel import IllegalMove

        try:
            game, outcome = self.game.move(move)
        except IllegalMove as exc:
            click.echo(f"illegal: {exc}")
            return
        for i, line in enumerate(outcome.trace, start=1):
            click.echo(f"  {i}. {line}")
        self._advance(game)

    def _advance(self, game: Any) -> None:
        self.game = game
        self.save()

    def _undo(self) -> None:
        from course_builder.powerboats.game.game import replay_history

        history = self.game.history
        if not history:
            click.echo("nothing to take back")
            return
        self.game = replay_history(self.game.setup, history[:-1])
        click.echo(f"took back: {_entry_text(history[-1])}")
        self.save()

    def save(self) -> None:
        from course_builder.powerboats.game.record import write_record

        write_atomic(self.record, write_record(self.game, {"Seed": str(self.seed)}))


def _canonical(text: str) -> str:
    """A typed dice step as :meth:`DiceStep.notation` writes it (keeping the count: no sign)."""
    return text[1:] if text.startswith("=") else text


def _entry_text(entry: Any) -> str:
    from course_builder.powerboats.game.game import Placement

    if isinstance(entry, Placement):
        r, c = entry.hex.offset
        return f"{entry.colour} placed at {r},{c} {entry.heading.name}"
    return f"turn {entry.turn} {entry.colour} {entry.move.notation()}"
