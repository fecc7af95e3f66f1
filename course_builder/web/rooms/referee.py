"""A room's game, refereed by the same code as ``powerboats play`` and ``replay``.

The stored game is its record; :func:`rebuild` reads it (:func:`~..record.read_record`) and plays
it again through the rules (:func:`~..record.replay`), as ``replay`` does. A placement, a roll or
a move is the game's own :meth:`~..game.Game.place` and :meth:`~..game.Game.move` (so the
kernel's ``apply``), and the record after it is :func:`~..record.write_record`'s. Nothing here
decides anything the rules code does not.

A turn is taken in two requests, as at the table: the dice step and the roll (:func:`roll`),
which every player then sees and which cannot be taken back, then the heading (:func:`move`).
Dice rolled by the server come from the room's dice seed and the number of entries so far
(:func:`server_roll`), so a repeated request rolls the same and a room's rolls can be checked
once its seed is shown; a club with real dice types the values instead (a ``table`` room).
Bots (:func:`bot_action`) are the project's, deciding from the kernel's options, with the
server's dice.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from functools import cached_property
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex
from course_builder.core.values import Frozen, field, replace
from course_builder.powerboats.game.game import Game, Placement, Played
from course_builder.powerboats.game.record import read_record, replay, setup_from_tags, write_record
from course_builder.powerboats.play.kernel import Outcome, kept_dice
from course_builder.powerboats.play.notation import parse_move, parse_position
from course_builder.powerboats.play.position import DiceStep, Move, Position, Turn
from course_builder.web.actions import dice_step
from course_builder.web.state import BOOK, Table
from course_builder.web.views import outcome_json

DICE = ("server", "table")
"""Who rolls in a room: the server (from the room's dice seed) or the players (typed)."""

DERIVED_TAGS = ("Game", "Players", "Names", "StartPlayer", "RaceA", "RaceB", "RaceC", "Rules",
                "Scoring", "DiceSeed")
"""Header tags :func:`record_text` writes from the game itself; a room keeps the others."""


class RefereeError(CourseBuilderError):
    """Something the game does not allow now (the kernel's and the game's own messages)."""


class Pending(Frozen):
    """The boat to move's dice step and the values rolled for it, before its heading."""

    step: DiceStep
    rolled: tuple[int, ...]

    def text(self) -> str:
        """As stored: ``STEP/ROLLED`` (``+r2/31``; ``/`` for keeping the count, rolling none)."""
        return f"{self.step.notation()}/{''.join(map(str, self.rolled))}"

    def move(self, turn: Turn) -> Move:
        return self.step.then(self.rolled, turn)


class RoomGame(Frozen, dict=True):
    """A room's game as the rules have it: the game, the record's other header tags, and the last
    move's outcome (so every page can show its trace)."""

    game: Game
    tags: dict[str, str] = field(default_factory=dict)
    last: Outcome | None = None
    last_code: str = ""
    """The course code of the race the last move was sailed on."""

    @property
    def entries(self) -> int:
        return len(self.game.history)

    @cached_property
    def last_shown(self) -> dict[str, Any] | None:
        """The last move adjudicated, line by line, as the page shows it (with the race and
        course it was sailed on); made once per move, however many changes follow it."""
        if self.last is None:
            return None
        race = next(e.race for e in reversed(self.game.history) if isinstance(e, Played))
        return {**outcome_json(self.last), "code": self.last_code, "race": race}

    @property
    def position(self) -> Position | None:
        return self.game.position

    def table(self) -> Table:
        """The game as the stateless page's views see it."""
        game = self.game
        race = game.race if not game.over else game.setup.races[-1]
        seed = self.tags.get("Seed", "")
        return RoomTable("game", race, position=game.position, game=game,
                         seed=int(seed) if seed.isdigit() else None)


class RoomTable(Table):
    """A room's game for the page's views. Its state is the room itself (pages name the room,
    not a record: the record is its own download), so none is written for the view."""

    def state(self) -> dict[str, Any]:
        return {"kind": "room"}


# ------------------------------------------------------------------------------------------------
# a room's game from its start or its record, and back to its record
# ------------------------------------------------------------------------------------------------


def start(table: Table, dice_seed: str, dice: str) -> RoomGame:
    """A new room's game (from the page's choices, made as ``play`` makes a game): the game's
    Seed and, for a room whose server rolls, the hash of its dice seed (``DiceCommit``), so the
    rolls can be checked when the seed is shown at the game's end."""
    assert table.game is not None
    tags = {} if table.seed is None else {"Seed": str(table.seed)}
    if dice == "server":
        tags["DiceCommit"] = dice_commit(dice_seed)
    return RoomGame(table.game, tags)


def dice_commit(dice_seed: str) -> str:
    return hashlib.sha256(dice_seed.encode()).hexdigest()


def rebuild(text: str, source: str = "record", checked: bool = True) -> RoomGame:
    """The game a record holds, every entry played again through the rules; the record's own
    header tags kept. ``checked``: the record is first checked as ``replay`` checks it (the
    right boat and turn number for each entry, the results and standings it states), and its
    error raised; a room's own stored record, written by :func:`record_text` as each entry was
    committed, is only played again."""
    record = read_record(text, source)
    if checked:
        done = replay(record, BOOK)
        if done.error is not None:
            raise done.error
    game = Game(setup_from_tags(record.tags, BOOK, record.tag_where))
    last: Outcome | None = None
    code = ""
    for line in record.lines:
        entry = line.entry
        if isinstance(entry, Placement):
            game = game.place(entry.colour, entry.hex, entry.heading)
        else:  # the last move's trace stays shown while the next race is placed
            code = moving(RoomGame(game)).race.code
            game, last = game.move(entry.move)
    tags = {k: v for k, v in record.tags.items() if k not in DERIVED_TAGS}
    return RoomGame(game, tags, last, code)


def record_text(room: RoomGame, dice_seed: str = "") -> str:
    """The room's record (docs/game-records.md); once the game is over, with the dice seed the
    server rolled from (``DiceSeed``), which anyone can check against ``DiceCommit``."""
    tags = dict(room.tags)
    if room.game.over and "DiceCommit" in tags and dice_seed:
        tags["DiceSeed"] = dice_seed
    return write_record(room.game, tags)


def entry_line(room: RoomGame) -> str:
    """The record line of the game's last entry."""
    entry = room.game.history[-1]
    if isinstance(entry, Placement):
        r, c = entry.hex.offset
        return f"place {entry.colour} {r},{c} {entry.heading.name}"
    return f"{entry.turn} {entry.colour} {entry.move.notation()}"


# ------------------------------------------------------------------------------------------------
# what a seat does
# ------------------------------------------------------------------------------------------------


def place(room: RoomGame, colour: str, where: Hex, heading: Direction) -> RoomGame:
    """The seat's boat put on a start hex (the game's own checks: its turn, a free start hex)."""
    return replace(room, game=room.game.place(colour, where, heading))


def moving(room: RoomGame) -> Position:
    position = room.position
    if position is None:
        raise RefereeError("the game is over" if room.game.over
                           else f"{room.game.to_act} places its boat first")
    return position


def roll(room: RoomGame, step_text: str, rolled: tuple[int, ...] | None, dice_seed: str
         ) -> Pending:
    """The dice step (one the kernel offers) and its roll: ``rolled`` as typed at the table, or
    (None) rolled by the server."""
    position = moving(room)
    step = dice_step(position, step_text)
    if rolled is None:
        rolled = server_roll(dice_seed, room.entries, step.rolled_count)
    elif len(rolled) != step.rolled_count or not all(v in (1, 2, 3) for v in rolled):
        raise RefereeError(f"{step.notation() or 'keeping'} rolls {step.rolled_count} "
                           f"{'die' if step.rolled_count == 1 else 'dice'}, each 1, 2 or 3")
    return Pending(step, tuple(rolled))


def server_roll(dice_seed: str, entries: int, count: int) -> tuple[int, ...]:
    """The server's roll for the room's next entry: ``random.Random("powerboats-room:SEED:N")``,
    ``count`` values from 1 to 3, as ``play`` rolls from its seed and the entry count."""
    rng = random.Random(f"powerboats-room:{dice_seed}:{entries}")
    return tuple(rng.randint(1, 3) for _ in range(count))


def parse_pending(text: str | None) -> Pending | None:
    if not text:
        return None
    step_text, _, values = text.partition("/")
    move = parse_move(f"{step_text}/{values}S" if values else f"{step_text}S")
    return Pending(move.dice_step, move.rolled)


def move(room: RoomGame, played: Move) -> RoomGame:
    """The boat to move makes ``played`` through the kernel; an illegal heading raises the
    kernel's :class:`~..kernel.IllegalMove` with the legal ones."""
    position = moving(room)
    game, outcome = room.game.move(played)
    return replace(room, game=game, last=outcome, last_code=position.race.code)


def typed_move(room: RoomGame, text: str) -> Move:
    """A whole move typed in notation (``+r2/13R``), for a room whose players roll real dice."""
    moving(room)
    return parse_move(text)


_DIGITS = re.compile(r"[123]{0,6}")


def typed_values(value: Any) -> tuple[int, ...]:
    """Dice values typed at the table: ``"31"``, ``"3 1"``, ``[3, 1]``."""
    if isinstance(value, list) and all(type(v) is int for v in value) and len(value) <= 6:
        return tuple(value)
    if isinstance(value, str) and _DIGITS.fullmatch(text := re.sub(r"[\s,\-]", "", value)):
        return tuple(int(v) for v in text)
    raise RefereeError("'rolled': the values rolled, each 1, 2 or 3 (e.g. \"31\")")


# ------------------------------------------------------------------------------------------------
# bots
# ------------------------------------------------------------------------------------------------


class BotPlacement(Frozen):
    hex: Hex
    heading: Direction


def bot_action(room: RoomGame, bot_name: str, room_id: str, dice_seed: str,
               pending: Pending | None = None, think: BotThinker | None = None
               ) -> BotPlacement | Move:
    """What the bot sailing the seat to act does now: a placement on the first free start hex
    (nearest the tile, facing the start tile's direction: bots choose no start, as in the
    simulator), or a move, decided by ``think`` (:func:`bot_move` by default)."""
    game = room.game
    if game.placing:
        free = game.free_start_hexes()
        return BotPlacement(free[0], game.race.course.tile.start_direction)
    position = moving(room)
    return (think or bot_move)(position, bot_name, f"{room_id}:{room.entries}", dice_seed,
                               room.entries, pending)


BotThinker = Callable[[Position, str, str, str, int, "Pending | None"], Move]
"""Decides a bot's move: :func:`bot_move`, here or in another process."""


def bot_move(position: Position, bot_name: str, key: str, dice_seed: str, entries: int,
             pending: Pending | None) -> Move:
    """The bot's move in ``position``: its dice step, the server's roll, its heading. A roll
    already made (``pending``: its player's, before the seat was handed over) stands; the bot
    only turns. ``key`` seeds the bot's own choices."""
    from course_builder.powerboats.study.bots import make_bot

    bot = make_bot(bot_name, random.Random(f"powerboats-room-bot:{key}"))
    if pending is None:
        step = bot.choose_dice(position)
        pending = Pending(step, server_roll(dice_seed, entries, step.rolled_count))
    dice = (*kept_dice(position.boat, pending.step), *pending.rolled)
    return pending.move(bot.choose_turn(position, dice))


def bot_move_noted(position: str, bot_name: str, key: str, dice_seed: str, entries: int,
                   pending: str | None) -> str:
    """:func:`bot_move` on a position and pending roll in notation, the move in notation: what
    a bots' process is sent and sends back."""
    return bot_move(parse_position(position, None, BOOK), bot_name, key, dice_seed, entries,
                    parse_pending(pending)).notation()
