"""What each request asks for, as plain functions of the request's JSON: open a course, a
position or a game; place a boat; see the three headings for the dice; make a move; move or turn
a boat of a ruling; the setup sheet. Each reads the state the page sent (:mod:`.state`), calls the
same rules code as the command line, and returns the next state with what to show (:mod:`.views`).
Errors are the rules code's own one-line messages (:class:`CourseBuilderError`).
"""

from __future__ import annotations

import random
import re
from typing import Any

from course_builder.core.hexgrid import Direction, Hex, from_offset
from course_builder.core.jsonread import Value
from course_builder.core.values import replace
from course_builder.powerboats.game.seeding import table_roll
from course_builder.powerboats.play.kernel import (
    apply,
    dice_decisions,
    heading_choices,
    initial_position,
    kept_dice,
)
from course_builder.powerboats.play.notation import parse_move
from course_builder.powerboats.play.position import DiceStep, Position
from course_builder.render.kit.export import export
from course_builder.render.powerboats.sheets import game_sheet
from course_builder.web import starts
from course_builder.web import state as st
from course_builder.web.board import course_map
from course_builder.web.state import Table, WebError, table_of, text_field
from course_builder.web.views import choice_json, outcome_json, view

Data = dict[str, Any]


def open_text(data: Data) -> Data:
    """Whatever was pasted: a course code, a position or a game record."""
    return view(st.guess_table(text_field(data, "text")))


def open_state(data: Data) -> Data:
    return view(table_of(data.get("state")))


def new_course(data: Data) -> Data:
    table, seed = starts.new_course(data)
    return {**view(table, f"race {table.race.course.race}, seed {seed}"), "seed": str(seed)}


def course_file(data: Data) -> Data:
    return view(starts.course_from_file(data.get("course")), "course file checked")


def new_game(data: Data) -> Data:
    table = starts.new_game_table(data)
    return view(table, f"new game, seed {table.seed}; {table.game.to_act if table.game else ''} "
                       "places first")


def board_map(data: Data) -> Data:
    return course_map(text_field(data, "code", 2000).strip())


# ------------------------------------------------------------------------------------------------
# boats on the board
# ------------------------------------------------------------------------------------------------


def _hex(data: Data) -> Hex:
    value = Value(data.get("hex"), ("hex",), WebError)
    row, col = value.pair(999)
    if row < 0 or col < 0:
        raise value.expected("[row, col], two whole numbers from 0 to 999")
    return from_offset(row, col)


def _heading(data: Data) -> Direction:
    try:
        return Direction.parse(str(data.get("heading", "")))
    except ValueError:
        raise WebError(f"unknown heading {data.get('heading')!r}: E, NE, NW, W, SW or SE") from None


def _colours(data: Data) -> list[str]:
    players = data.get("players", "yellow,red")
    if not isinstance(players, str) or len(players) > 200:
        raise WebError("'players': expected colours, e.g. yellow,red")
    return [p for p in (s.strip().lower() for s in players.split(",")) if p]


def place(data: Data) -> Data:
    """The game's next boat put on a start hex (reference, "Start Positions"; GAME-04)."""
    table = table_of(data.get("state"))
    if table.game is None:
        raise WebError("boats are placed in a game; in a ruling, move them with 'edit'")
    game = table.game.place(table.game.to_act or "", _hex(data), _heading(data))
    return view(_game_table(table, game))


def _game_table(table: Table, game: Any) -> Table:
    race = game.race if not game.over else table.race
    return replace(table, race=race, position=game.position, game=game)


def setup_ruling(data: Data) -> Data:
    """Boats on the start of the course in view, to be moved and turned into a disputed position."""
    table = table_of(data.get("state"))
    position = initial_position(table.race, _colours(data))
    return view(Table("position", table.race, position=position),
                "click a boat, then a hex to move it; turn it with the arrows")


def edit(data: Data) -> Data:
    """A boat of a ruling moved to another hex or turned; the position is checked again."""
    table = table_of(data.get("state"))
    position = table.position
    if table.game is not None or position is None:
        raise WebError("only a ruling's boats can be moved by hand; a game's move by the rules")
    colour = str(data.get("colour", "")).lower()
    boats = list(position.boats)
    k = next((i for i, b in enumerate(boats) if b.colour == colour), None)
    if k is None:
        raise WebError(f"no {colour!r} boat in this position")
    boat = boats[k]
    boats[k] = replace(boat, hex=_hex(data) if "hex" in data else boat.hex,
                             heading=_heading(data) if "heading" in data else boat.heading)
    to_move = k if data.get("to_move") else position.to_move
    edited = Position(position.race, tuple(boats), to_move, position.turn)
    return view(Table("position", table.race, position=edited))


# ------------------------------------------------------------------------------------------------
# a turn: dice, headings, the move
# ------------------------------------------------------------------------------------------------


def _moving(table: Table) -> Position:
    position = table.position
    if position is None:
        raise WebError("no boat is moving now" if table.game is None or table.game.over
                       else f"{table.game.to_act} places its boat first")
    if position.race_over:
        raise WebError("the race is over: every boat has finished or sunk")
    return position


def dice_step(position: Position, text: str) -> DiceStep:
    """The dice step written ``text`` (``+``, ``-3``, ``r2``, ``=`` or empty for keeping),
    if it is one the boat to move can take now (the kernel's dice decisions)."""
    text = text.strip()
    text = text[1:] if text.startswith("=") else text
    step = next((s for s in dice_decisions(position) if s.notation() == text), None)
    if step is None:
        raise WebError(f"{text or 'keep'!r} is not a dice step {position.boat.colour} can take "
                       "now (add one die, remove one, or keep the count; re-roll only dice it "
                       "holds)")
    return step


def _rolled(data: Data, table: Table, count: int) -> tuple[int, ...]:
    """The values rolled: typed on the page, or rolled here (a game's from its seed and the
    number of entries, as ``play`` rolls them)."""
    if data.get("roll") is True:
        if table.game is not None and table.seed is not None:
            return table_roll(table.seed, len(table.game.history), count)
        rng = random.SystemRandom()
        return tuple(rng.randint(1, 3) for _ in range(count))
    typed = str(data.get("rolled", ""))
    values = re.sub(r"[\s,\-]", "", typed)
    if not re.fullmatch(f"[123]{{{count}}}", values):
        raise WebError(f"expected {count} dice values, each 1, 2 or 3 (or roll them), "
                       f"got {typed[:20]!r}" if count else
                       "this dice step rolls no dice: give no values")
    return tuple(int(v) for v in values)


def headings(data: Data) -> Data:
    """The dice step and the roll, then the three headings with what each does (MOVE-01)."""
    table = table_of(data.get("state"))
    position = _moving(table)
    step = dice_step(position, str(data.get("step", "")))
    rolled = _rolled(data, table, step.rolled_count)
    dice = (*kept_dice(position.boat, step), *rolled)
    choices = heading_choices(position, dice)
    return {"step": step.notation(), "rolled": list(rolled), "dice": list(dice),
            "total": sum(dice) * (2 if position.boat.redoubt else 1),
            "choices": [choice_json(c, step, rolled) for c in choices]}


def move(data: Data) -> Data:
    """A move in notation, adjudicated: the trace, and the next position (and game)."""
    table = table_of(data.get("state"))
    position = _moving(table)
    played = parse_move(text_field(data, "move", 100))
    if table.game is not None:
        game, outcome = table.game.move(played)
        after = _game_table(table, game)
    else:
        outcome = apply(position, played)
        after = Table("position", table.race, position=outcome.position)
    shown = outcome_json(outcome)
    return {"view": view(after, shown["headline"]), "outcome": shown}


def sheet(data: Data) -> tuple[bytes, str]:
    """The setup sheet (PDF) of the course in view, or of a game's three races."""
    table = table_of(data.get("state"))
    races = table.game.setup.races if table.game is not None else (table.race,)
    courses = [r.course for r in races]
    [(_name, pdf)] = export(game_sheet(table.race.board, courses), "pdf")
    name = "game" if len(courses) > 1 else courses[0].race
    return pdf, f"powerboats-{name}.pdf"
