"""What every page of a room is sent: the same JSON for players and spectators, made once per
change of the room and pushed to each open page.

It is the stateless page's view of the game (:func:`~course_builder.web.views.view`: boats,
phase, whose turn, the dice steps open, standings, results), without the record (the record is
its own download), plus what only a room has: its version and entry count (the position every
action names), the seats and who sails them, the pending roll with what each heading does, the
last move's trace, and the latest record lines.
"""

from __future__ import annotations

from typing import Any

from course_builder.powerboats.game.game import Played
from course_builder.powerboats.play.kernel import heading_choices, kept_dice
from course_builder.powerboats.study.bots import BOTS
from course_builder.web.rooms.referee import Pending, RoomGame
from course_builder.web.rooms.store import RoomRow
from course_builder.web.views import choice_json, view

LOG_LINES = 12
"""Record lines shown as the room's latest moves."""


def room_json(row: RoomRow, room: RoomGame, pending: Pending | None) -> dict[str, Any]:
    """The room as every page shows it."""
    shown = view(room.table())
    shown.pop("state", None)
    return {
        "type": "room",
        "room": row.id,
        "version": row.version,
        "entries": row.entries,
        "dice": row.dice,
        "expires_at": row.expires_at,
        "view": shown,
        "seats": seats_json(row, room),
        "pending": None if pending is None else pending_json(room, pending),
        "last": room.last_shown,
        "log": _log(room),
        "bots": list(BOTS),
    }


def seats_json(row: RoomRow, room: RoomGame) -> list[dict[str, Any]]:
    """Each seat: its number, colour, player's name, bot (or None), whether it is to act."""
    names = room.game.setup.names or ()
    to_act = room.game.to_act
    return [{"seat": s.seat, "colour": s.colour,
             "name": names[s.seat] if s.seat < len(names) else "",
             "bot": s.bot, "to_act": s.colour == to_act} for s in row.seats]


def pending_json(room: RoomGame, pending: Pending) -> dict[str, Any]:
    """The roll made, the dice then held, and the three headings with what each does."""
    position = room.position
    assert position is not None
    dice = (*kept_dice(position.boat, pending.step), *pending.rolled)
    choices = heading_choices(position, dice)
    return {"step": pending.step.notation(), "rolled": list(pending.rolled), "dice": list(dice),
            "total": sum(dice) * (2 if position.boat.redoubt else 1),
            "choices": [choice_json(c, pending.step, pending.rolled) for c in choices]}


def _log(room: RoomGame) -> list[str]:
    out = []
    for entry in room.game.history[-LOG_LINES:]:
        if isinstance(entry, Played):
            out.append(f"{entry.race} {entry.turn} {entry.colour} {entry.move.notation()}")
        else:
            r, c = entry.hex.offset
            out.append(f"{entry.race} place {entry.colour} {r},{c} {entry.heading.name}")
    return out
