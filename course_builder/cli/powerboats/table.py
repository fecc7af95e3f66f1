"""The table of ``powerboats play``: the interactive loop of one game.

It says whose turn it is, takes each placement and move (in notation, or the dice step, the
values rolled and the heading one at a time), shows what each heading does before the player
commits, rolls dice only when asked, takes back with ``undo`` and saves the game record after
every entry.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from course_builder.cli.common import INTERRUPTED
from course_builder.cli.statefiles import save_record
from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, from_offset
from course_builder.powerboats.game.game import Entry, Game, Placement, replay_history
from course_builder.powerboats.game.record import write_record
from course_builder.powerboats.game.seeding import table_roll
from course_builder.powerboats.play.kernel import (
    IllegalMove,
    dice_decisions,
    heading_choices,
    kept_dice,
    legal_turns,
)
from course_builder.powerboats.play.notation import NotationError, parse_move
from course_builder.powerboats.play.position import DiceStep, Move, Position, Turn


def standings_lines(game: Game) -> list[str]:
    if not game.results:
        return []
    races = "  ".join(r.race for r in game.results)
    lines = [f"  {'':8} {races}  total"]
    for s in game.standings():
        per = "  ".join(str(p) for p in s.by_race)
        lines.append(f"  {s.rank}. {s.colour:8} {per}  {s.points}")
    return lines


HELP = """\
  PLACING:  ROW,COL HEADING      put the boat there, e.g. 21,6 NW
  MOVING:   MOVE                 a whole move in notation, e.g. +r2/13R (docs/notation.md)
            STEP                 only the dice step, e.g. +  =  -3  +r2: then the values rolled
                                 (or 'roll'), the headings shown, then L, S or R
  ANY TIME: undo                 take back the last placement or move
            show                 the position in notation (to share or to adjudicate)
            standings            points so far
            help                 this list
            quit                 stop (the record is saved; 'play RECORD' carries on)"""

_STEP = re.compile(r"^(?P<change>\+|-[123]|=)?(?:r(?P<reroll>[123]+))?$")


class Table:
    """The interactive loop: one game, one record file, commands from standard input."""

    def __init__(self, game: Game, record: Path, seed: int, tags: dict[str, str]) -> None:
        self.game = game
        self.record = record
        self.seed = seed
        self.tags = tags
        """The record's header tags beyond those the game sets (Seed, Event, ...)."""

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> None:
        """The game until it is over, ``quit``, the end of the input (Ctrl-D) or Ctrl-C: each
        says how to carry on, and the record is saved already. Ctrl-C exits with 130, the
        shell's code for an interrupt."""
        try:
            self._loop()
        except KeyboardInterrupt:
            click.echo("")
            click.echo("interrupted; the record is saved: carry on with: "
                       f"course-builder powerboats play {self.record}")
            raise SystemExit(INTERRUPTED) from None

    def _loop(self) -> None:
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
                click.echo(f"stopped; carry on with: course-builder powerboats play {self.record}")
                return
            self._command(line)
        click.echo("The game is over.")
        for line in standings_lines(self.game):
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
            click.echo(f"saved; carry on with: course-builder powerboats play {self.record}")
            raise SystemExit(0)
        elif word == "undo":
            self._undo()
        elif word == "show":
            click.echo(self.game.position.notation() if self.game.position else
                       "boats are being placed: no position yet")
        elif word == "standings":
            click.echo("\n".join(standings_lines(self.game)) or "no race finished yet")
        elif self.game.placing:
            self._place(line)
        else:
            self._move(line)

    # -- placing and moving ----------------------------------------------------------------

    @property
    def _position(self) -> Position:
        """The position of the race being sailed (moves are asked for only then)."""
        position = self.game.position
        assert position is not None, "no race is being sailed"
        return position

    @property
    def _to_act(self) -> str:
        """The boat to place or move (the game is not over while the table asks)."""
        colour = self.game.to_act
        assert colour is not None, "the game is over"
        return colour

    def _announce(self) -> None:
        game = self.game
        if game.placing:
            if game.results:  # the race just sailed, before the next one is set up
                click.echo(f"Standings after race {game.results[-1].race}:")
                for line in standings_lines(game):
                    click.echo(line)
            order = ", ".join(game.setup.placement_order(game.race_index))
            click.echo(f"Race {game.race_name} on {game.race.code}: place the boats on or behind "
                       f"the start tile, in this order: {order}.")
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
        boat = self._position.boat
        dice = "-".join(map(str, boat.dice)) or "no dice"
        nxt = "the finish" if boat.next_buoy > 3 else f"buoy {boat.next_buoy}"
        return (f"Race {game.race_name}, turn {self._position.turn}: {boat.colour} at "
                f"{boat.hex.offset} heading {boat.heading.name}, {dice}, damage {boat.damage}, "
                f"next {nxt} ")

    def _place(self, line: str) -> None:
        m = re.fullmatch(r"(\d+)\s*,\s*(\d+)\s+(\w+)", line)
        if not m:
            click.echo("expected ROW,COL HEADING, e.g. 21,6 NW ('help' for more)")
            return
        try:
            heading = Direction.parse(m.group(3))
        except ValueError:
            click.echo(f"unknown heading {m.group(3)!r}: E, NE, NW, W, SW or SE")
            return
        try:  # a hex that is no free start hex: the game says why (as replay does)
            self._advance(self.game.place(self._to_act,
                                          from_offset(int(m.group(1)), int(m.group(2))), heading))
        except CourseBuilderError as exc:
            click.echo(f"not allowed: {exc}")

    def _move(self, line: str) -> None:

        if _STEP.fullmatch(line.replace(" ", "")) and line.strip():
            self._step_by_step(line.replace(" ", ""))
            return
        try:
            move = parse_move(line)
        except NotationError as exc:
            click.echo(f"{exc} ('help' for more)")
            return
        if self._commit(move):
            return
        held = self._dice_of(move)
        if held is None or move.turn in legal_turns(self._position, held):
            return  # the dice part itself is wrong: the whole move is typed again
        # the dice part stands (its values are the ones rolled): only the heading is asked again
        click.echo(f"the dice stand ({'-'.join(map(str, held))}): choose a heading")
        turn = self._heading(held, rolled_here=False)
        if turn is not None:
            self._commit(move.dice_step.then(move.rolled, turn))

    def _dice_of(self, move: Move) -> tuple[int, ...] | None:
        """The dice held after ``move``'s dice step and roll, if that part of it is one the boat
        may make now (else None)."""
        position = self._position
        step = move.dice_step
        same = (step.change, step.removed, tuple(sorted(step.reroll)))
        if (len(move.rolled) != step.rolled_count
                or all((s.change, s.removed, tuple(sorted(s.reroll))) != same
                       for s in dice_decisions(position))):
            return None
        return (*kept_dice(position.boat, step), *move.rolled)

    def _step_by_step(self, text: str) -> None:
        position = self._position
        step = next((s for s in dice_decisions(position) if s.notation() == _canonical(text)),
                    None)
        if step is None:
            click.echo(f"{text!r} is not a dice step {position.boat.colour} can take now "
                       "(add one die, remove one, or keep the count; re-roll only dice it holds)")
            return
        dice = self._rolled(step)
        if dice is None:
            return
        rolled, held, rolled_here = dice
        turn = self._heading(held, rolled_here)
        if turn is not None:
            self._commit(step.then(rolled, turn))

    def _rolled(self, step: DiceStep) -> tuple[tuple[int, ...], tuple[int, ...], bool] | None:
        """The values rolled for ``step`` (typed, or rolled here), the dice then held, and
        whether the table rolled them."""
        count = step.rolled_count
        rolled: tuple[int, ...] = ()
        rolled_here = False
        if count:
            dice = "die" if count == 1 else "dice"
            answer = self._ask(f"roll {count} {dice}: type the values (e.g. {'3' * count}) or "
                               "'roll' ")
            if answer is None:
                return None
            if answer.lower() == "roll":
                rolled = table_roll(self.seed, len(self.game.history), count)
                rolled_here = True
                click.echo(f"rolled {'-'.join(map(str, rolled))}")
            elif re.fullmatch(f"[123]{{{count}}}", answer.replace(",", "").replace(" ", "")):
                rolled = tuple(int(c) for c in answer if c in "123")
            else:
                click.echo(f"expected {count} values 1-3, or 'roll'")
                return None
        held = (*kept_dice(self._position.boat, step), *rolled)
        return rolled, held, rolled_here

    def _heading(self, dice: tuple[int, ...], rolled_here: bool) -> Turn | None:
        """The heading the player takes for ``dice``, after showing what each does; None to
        start the move again (``back``), which dice the table rolled do not allow: a roll
        stands (reference, "Rolling Dice": the dice are rolled, then the boat turns)."""

        position = self._position
        click.echo(f"total {sum(dice)}:")
        for c in heading_choices(position, dice):
            ahead = c.preview()
            end = ahead.end.offset if ahead.end else position.boat.hex.offset
            what = (f"crash, {ahead.damage} damage at {end}" if ahead.crash else f"ends at {end}")
            click.echo(f"  {c.turn.value} {c.turn.word:8} {c.heading.name:2} "
                       f"{'legal' if c.legal else 'illegal':7} {what}")
        legal = [c.turn.value for c in heading_choices(position, dice) if c.legal]
        back = "" if rolled_here else " ('back' to start the move again)"
        while True:
            answer = self._ask(f"heading: {' or '.join(legal)}{back} ")
            if answer is None:
                click.echo("no move made")
                return None
            if answer.lower() == "back":
                if not rolled_here:
                    click.echo("no move made")
                    return None
                click.echo(f"the dice are rolled ({'-'.join(map(str, dice))}) and stand: choose "
                           f"{' or '.join(legal)}")
                continue
            if answer.upper() in legal:
                return Turn(answer.upper())
            click.echo(f"{answer!r} is not a legal heading here: {', '.join(legal)}")

    def _commit(self, move: Move) -> bool:
        """Make ``move`` (True), or say why it is illegal (False)."""
        try:
            game, outcome = self.game.move(move)
        except IllegalMove as exc:
            click.echo(f"illegal: {exc}")
            return False
        for i, line in enumerate(outcome.trace, start=1):
            click.echo(f"  {i}. {line}")
        self._advance(game)
        return True

    def _advance(self, game: Game) -> None:
        self.game = game
        self.save()

    def _undo(self) -> None:
        history = self.game.history
        if not history:
            click.echo("nothing to take back")
            return
        self.game = replay_history(self.game.setup, history[:-1])
        click.echo(f"took back: {_entry_text(history[-1])}")
        self.save()

    def save(self) -> None:
        save_record(self.record, write_record(self.game, self.tags))


def _canonical(text: str) -> str:
    """A typed dice step as :meth:`DiceStep.notation` writes it (keeping the count: no sign)."""
    return text[1:] if text.startswith("=") else text


def _entry_text(entry: Entry) -> str:
    if isinstance(entry, Placement):
        r, c = entry.hex.offset
        return f"{entry.colour} placed at {r},{c} {entry.heading.name}"
    return f"turn {entry.turn} {entry.colour} {entry.move.notation()}"
