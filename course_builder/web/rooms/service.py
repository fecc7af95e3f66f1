"""The rooms of one server process: who may open a room, what a seat may do, and the store.

Every request names its room and brings one of the room's tokens; the token's role (creator,
spectator, seat N) says what it may do. A seat acts only for its own boat, only when the game
says that boat is to act, only while no bot sails it, and only on the position it names (``at``:
the number of entries so far); anything else is refused with one line and changes nothing.

A change is committed to the store (:mod:`.store`) before it is answered or shown, from the
room's version the process last saw; if another process changed the room meanwhile, the room is
read again and the request judged once more on what is now there. Each active room's game is
kept in memory (:class:`Live`), so a move is one kernel call, not a replay of the record; it is
read again from the store when it is not there or another process has changed it.

Bots: after each change, if the seat to act is sailed by a bot, the bot's action is scheduled
(:attr:`Rooms.schedule`); it is committed like a person's, from the version it was decided on,
so it happens once however many processes decide it.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.hexgrid import Direction, Hex, from_offset
from course_builder.core.jsonwrite import wire_text
from course_builder.core.values import Frozen, Mutable, replace
from course_builder.powerboats.play.position import Move, Turn
from course_builder.web import starts
from course_builder.web.rooms import referee as ref
from course_builder.web.rooms import tokens
from course_builder.web.rooms.messages import room_json
from course_builder.web.rooms.referee import Pending, RoomGame
from course_builder.web.rooms.store import Entry, RoomRow, RoomStore, SeatRow, Stale
from course_builder.web.state import text_field

BOT_PAUSE = 0.6
"""Seconds a bot waits before acting, so that every page shows the move before it."""
STALL = 5.0
"""Seconds after another process's change before this one makes a bot's move that is still
due (the other process should have; it may have stopped)."""
CACHE_ROOMS = 2000
MAX_NAME = 24
_ROOM_ID = re.compile(r"[A-Za-z0-9_-]{8,24}")
_NAME = re.compile(r"[^\x00-\x1f\x7f\"\\#,]*")

NO_ROOM = "no room opens with this link (a mistyped link, or the room has expired)"


class Refusal(CourseBuilderError):
    """A request refused: its HTTP status and one line."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Live(Mutable):
    """A room as this process holds it: the stored row, the game, the pending roll."""

    row: RoomRow
    game: RoomGame
    pending: Pending | None
    _text: str | None = None

    def message(self) -> str:
        """The JSON every page of the room is sent (made once per version)."""
        if self._text is None:
            self._text = wire_text(room_json(self.row, self.game, self.pending))
        return self._text

    def seat_of(self, colour: str | None) -> SeatRow | None:
        return next((s for s in self.row.seats if s.colour == colour), None)

    def bot_due(self) -> bool:
        seat = self.seat_of(self.game.game.to_act)
        return seat is not None and seat.bot is not None


class Opened(Frozen):
    """A room opened with a token: the room and the token's role."""

    live: Live
    role: str

    @property
    def seat(self) -> int | None:
        return int(self.role[5:]) if self.role.startswith("seat-") else None

    def you(self) -> dict[str, Any]:
        seat = self.seat
        colour = None if seat is None else self.live.row.seats[seat].colour
        return {"role": "seat" if seat is not None else self.role, "seat": seat,
                "colour": colour}


def _publish_nowhere(room_id: str, version: int, message: str) -> None:
    """No pages to tell (a service used without a web app)."""


def _schedule_on_a_timer(delay: float, work: Callable[[], None]) -> None:
    timer = threading.Timer(delay, work)
    timer.daemon = True
    timer.start()


class Rooms:
    """The rooms service (see the module docstring). ``publish(room_id, version, message)`` is
    told of every change to show; ``schedule(delay, work)`` runs bots' moves later; ``watched(room_id)``
    says whether this process has pages open on a room; ``think`` decides bots' moves
    (:func:`~.referee.bot_move`, here, by default)."""

    def __init__(self, store: RoomStore, expiry: float, *,
                 publish: Callable[[str, int, str], None] = _publish_nowhere,
                 schedule: Callable[[float, Callable[[], None]], None] = _schedule_on_a_timer,
                 watched: Callable[[str], bool] = lambda room_id: False,
                 bot_pause: float = BOT_PAUSE, clock: Callable[[], float] = time.time,
                 think: ref.BotThinker | None = None) -> None:
        self.store = store
        self.expiry = expiry
        self.publish = publish
        self.schedule = schedule
        self.watched = watched
        self.bot_pause = bot_pause
        self.clock = clock
        self.think = think or ref.bot_move
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._stripes = [threading.Lock() for _ in range(256)]

    def _lock(self, room_id: str) -> threading.Lock:
        return self._stripes[hash(room_id) % len(self._stripes)]

    # -- the cache ----------------------------------------------------------------------------

    def _remember(self, live: Live) -> None:
        with self._cache_lock:
            self._cache[live.row.id] = live
            self._cache.move_to_end(live.row.id)
            while len(self._cache) > CACHE_ROOMS:
                self._cache.popitem(last=False)

    def _forget(self, room_id: str) -> None:
        with self._cache_lock:
            self._cache.pop(room_id, None)

    def _cached(self, room_id: str) -> Live | None:
        with self._cache_lock:
            live = self._cache.get(room_id)
            if live is not None:
                self._cache.move_to_end(room_id)
            return live

    def _read(self, room_id: str, bots: bool = True) -> Live | None:
        """The room from the store, its game rebuilt from the record; a bot's action due is
        scheduled (unless ``bots`` is false: the process that changed the room does that)."""
        row = self.store.load(room_id)
        if row is None or row.expires_at < self.clock():
            self._forget(room_id)
            return None
        game = ref.rebuild(row.record, f"room {room_id}", checked=False)  # as it was committed
        live = Live(row, game, ref.parse_pending(row.pending))
        self._remember(live)
        if bots and live.bot_due():  # perhaps the process that was to move it has stopped
            self.schedule(self.bot_pause, lambda: self.bot_step(room_id))
        return live

    def live(self, room_id: str) -> Live:
        if not _ROOM_ID.fullmatch(room_id):
            raise Refusal(404, NO_ROOM)
        live = self._cached(room_id)
        if live is not None and (live.row.expires_at < self.clock() or (
                not self.store.pushes_changes
                and self.store.version_of(room_id) != live.row.version)):
            self._forget(room_id)  # expired, or changed by a process that tells no one
            live = None
        live = live or self._read(room_id)
        if live is None:
            raise Refusal(404, NO_ROOM)
        return live

    # -- opening a room -----------------------------------------------------------------------

    def open(self, room_id: str, token: str) -> Opened:
        """The room and the role ``token`` has in it; a token of no role there is refused
        exactly as a room that does not exist (a link opens its own room only)."""
        if not token:
            raise Refusal(401, "send the room's link token (Authorization: Bearer TOKEN)")
        live = self.live(room_id)
        role = tokens.matches(token, live.row.hashes())
        if role is None:
            raise Refusal(404, NO_ROOM)
        return Opened(live, role)

    def create(self, data: dict[str, Any]) -> tuple[str, str]:
        """A new room from the page's choices (or an uploaded record): its id and the creator's
        token."""
        dice = data.get("dice", "server")
        if dice not in ref.DICE:
            raise Refusal(400, "'dice': server (the server rolls) or table (typed in)")
        dice_seed = tokens.new_token()
        if data.get("record") is not None:
            game = ref.rebuild(text_field(data, "record"), "record")
            tags = {k: v for k, v in game.tags.items() if k not in ("DiceCommit", "DiceSeed")}
            if dice == "server":
                tags["DiceCommit"] = ref.dice_commit(dice_seed)
            game = replace(game, tags=tags)
        else:
            table = starts.new_game_table(data, _names(data))
            game = ref.start(table, dice_seed, dice)
        bots = _bots(data, game.game.setup.colours)
        now = self.clock()
        creator = tokens.new_token()
        room_id = tokens.new_room_id()
        row = RoomRow(
            room_id, ref.record_text(game, dice_seed), game.entries, 1, None, dice, dice_seed,
            tokens.digest(creator),
            tokens.digest(tokens.derived(creator, room_id, "spectator")), now, now,
            now + self.expiry,
            tuple(SeatRow(k, c, tokens.digest(tokens.derived(creator, room_id, f"seat-{k}")),
                          bots.get(c)) for k, c in enumerate(game.game.setup.colours)))
        self.store.create(row)
        live = Live(row, game, None)
        self._remember(live)
        self._after(live)
        return room_id, creator

    # -- what a seat does ---------------------------------------------------------------------

    def act(self, room_id: str, token: str, data: dict[str, Any]) -> str:
        """A seat's placement, roll or move, on the position it names; the room's message
        after it."""
        for attempt in (0, 1):
            opened = self.open(room_id, token)
            with self._lock(room_id):
                live = self._cached(room_id) or opened.live
                try:
                    return self._act(Opened(live, opened.role), data)
                except Stale:
                    self._forget(room_id)  # another process changed it: judge again on that
                    if attempt:
                        raise Refusal(409, "the room changed meanwhile: look again and retry"
                                      ) from None
        raise AssertionError("unreachable")

    def _act(self, opened: Opened, data: dict[str, Any]) -> str:
        live = opened.live
        seat = opened.seat
        if seat is None:
            raise Refusal(403, "a spectator's link cannot act" if opened.role == "spectator" else
                          "the creator's link manages the seats; open a seat's link to play")
        colour = live.row.seats[seat].colour
        at = data.get("at")
        if type(at) is not int:
            raise Refusal(400, "'at': the number of entries the action follows (the room's "
                          "'entries')")
        if at > live.row.entries:
            raise Stale("the page has seen more than this process: read the room again")
        if at != live.row.entries:
            raise Refusal(409, f"stale: the game has {live.row.entries} entries, not {at}; "
                          "look again")
        if live.row.seats[seat].bot:
            raise Refusal(403, f"{colour} is sailed by the bot {live.row.seats[seat].bot}; the "
                          "room's creator can take the seat back")
        to_act = live.game.game.to_act
        if to_act != colour:
            raise Refusal(403, f"it is {to_act}'s turn, not {colour}'s" if to_act
                          else "the game is over")
        kind = data.get("action")
        if kind == "place":
            game = ref.place(live.game, colour, _hex(data), _heading(data))
            return self._commit(live, game, None, seat).message()
        if kind == "roll":
            return self._roll(live, data, seat).message()
        if kind == "move":
            return self._commit(live, ref.move(live.game, self._move(live, data)), None,
                                seat).message()
        raise Refusal(400, "'action': place, roll or move")

    def _roll(self, live: Live, data: dict[str, Any], seat: int) -> Live:
        if live.pending is not None:
            raise Refusal(409, "already rolled: take a heading")
        typed = data.get("rolled")
        if live.row.dice == "server" and typed is not None:
            raise Refusal(400, "in this room the server rolls: send no 'rolled' values")
        if live.row.dice == "table" and typed is None:
            raise Refusal(400, "in this room the players roll: send the values rolled "
                          "('rolled', e.g. \"31\")")
        step = data.get("step", "")
        if not isinstance(step, str) or len(step) > 10:
            raise Refusal(400, "'step': a dice step, e.g. +, -3, r2 or empty to keep")
        rolled = None if typed is None else ref.typed_values(typed)
        pending = ref.roll(live.game, step, rolled, live.row.dice_seed)
        return self._commit(live, live.game, pending, seat)

    def _move(self, live: Live, data: dict[str, Any]) -> Move:
        if "turn" in data:
            if live.pending is None:
                raise Refusal(409, "roll first: the dice step and the roll come before the "
                              "heading")
            turn = data["turn"]
            if turn not in ("L", "S", "R"):
                raise Refusal(400, "'turn': L, S or R")
            return live.pending.move(Turn(turn))
        if live.row.dice == "server" or live.pending is not None:
            raise Refusal(400, "'turn': L, S or R (a whole move in notation only where the "
                          "players roll, before a roll is shown)")
        return ref.typed_move(live.game, text_field(data, "move", 40))

    def _commit(self, live: Live, game: RoomGame, pending: Pending | None, seat: int,
                bot: str | None = None) -> Live:
        """Store the change, keep it, show it, and schedule a bot's action if one is due."""
        row = live.row
        now = self.clock()
        expires = now + self.expiry
        if game.entries != row.entries:
            record = ref.record_text(game, row.dice_seed)
            version = self.store.append(row.id, row.version,
                                        Entry(record, ref.entry_line(game), seat, bot),
                                        now=now, expires_at=expires)
            row = replace(row, record=record, entries=game.entries, pending=None)
        else:
            text = None if pending is None else pending.text()
            version = self.store.set_pending(row.id, row.version, text, now=now,
                                             expires_at=expires)
            row = replace(row, pending=text)
        done = Live(replace(row, version=version, active_at=now, expires_at=expires), game,
                    pending)
        self._remember(done)
        self._after(done)
        return done

    def _after(self, live: Live) -> None:
        self.publish(live.row.id, live.row.version, live.message())
        if live.bot_due():
            self.schedule(self.bot_pause, lambda: self.bot_step(live.row.id))

    # -- the creator's --------------------------------------------------------------------------

    def set_bot(self, room_id: str, token: str, data: dict[str, Any]) -> str:
        """Hand a seat to a bot (``bot``: its name) or give it back to its player (null)."""
        from course_builder.powerboats.study.bots import BOTS

        opened = self.open(room_id, token)
        if opened.role != "creator":
            raise Refusal(403, "only the room's creator hands seats to bots")
        seat, bot = data.get("seat"), data.get("bot")
        seats = opened.live.row.seats
        if type(seat) is not int or not 0 <= seat < len(seats):
            raise Refusal(400, f"'seat': 0 to {len(seats) - 1}")
        if bot is not None and bot not in BOTS:
            raise Refusal(400, f"'bot': {', '.join(BOTS)}, or null to give the seat back")
        with self._lock(room_id):
            live = self._cached(room_id) or opened.live
            try:
                version = self.store.set_bot(room_id, live.row.version, seat, bot,
                                             now=self.clock(),
                                             expires_at=self.clock() + self.expiry)
            except Stale:
                self._forget(room_id)
                raise Refusal(409, "the room changed meanwhile: look again and retry") from None
            row = live.row
            seats = tuple(replace(s, bot=bot) if s.seat == seat else s for s in row.seats)
            done = Live(replace(row, version=version, seats=seats), live.game, live.pending)
            self._remember(done)
            self._after(done)
            return done.message()

    def links(self, room_id: str, token: str) -> dict[str, str]:
        """Every link's token (the creator's only): ``seat-0``, ..., ``spectator``."""
        opened = self.open(room_id, token)
        if opened.role != "creator":
            raise Refusal(403, "only the room's creator sees the seats' links")
        roles = [f"seat-{s.seat}" for s in opened.live.row.seats] + ["spectator"]
        return {r: tokens.derived(token, room_id, r) for r in roles}

    def record(self, room_id: str, token: str) -> str:
        return self.open(room_id, token).live.row.record

    # -- bots and other processes ---------------------------------------------------------------

    def bot_step(self, room_id: str) -> None:
        """The bot to act in the room acts (decided outside the room's lock: a strong bot may
        think for seconds), committed if the room has not changed meanwhile."""
        try:
            live = self.live(room_id)
        except Refusal:
            return
        seat = live.seat_of(live.game.game.to_act)
        if seat is None or seat.bot is None:
            return
        game, pending = self._bot_decides(live, seat.bot)
        with self._lock(room_id):
            now = self._cached(room_id)
            if now is None or now.row.version != live.row.version:
                return  # changed meanwhile: the change scheduled whatever is due now
            try:
                self._commit(live, game, pending, seat.seat, seat.bot)
            except Stale:
                self._forget(room_id)  # another process was first; its notice will follow

    def _bot_decides(self, live: Live, bot: str) -> tuple[RoomGame, None]:
        row = live.row
        action = ref.bot_action(live.game, bot, row.id, row.dice_seed, live.pending, self.think)
        if isinstance(action, ref.BotPlacement):
            colour = live.game.game.to_act or ""
            return ref.place(live.game, colour, action.hex, action.heading), None
        return ref.move(live.game, action), None

    def remote_change(self, room_id: str, version: int) -> None:
        """Another process changed the room (a PostgreSQL notification): read it again if this
        process holds it or shows it, and show it; make a bot's move still due after a while."""
        live = self._cached(room_id)
        if live is not None and live.row.version >= version:
            return  # this process's own change, or older news
        if live is None and not self.watched(room_id):
            return
        with self._lock(room_id):
            self._forget(room_id)
            try:
                fresh = self._read(room_id, bots=False)
            except CourseBuilderError:
                return
        if fresh is None:
            return
        self.publish(room_id, fresh.row.version, fresh.message())

        def stalled() -> None:
            now = self._cached(room_id)
            if now is not None and now.row.version == fresh.row.version and now.bot_due():
                self.bot_step(room_id)

        if fresh.bot_due():
            self.schedule(STALL, stalled)

    def sweep(self) -> int:
        """Delete the rooms whose expiry has passed (and forget them)."""
        gone = self.store.expire(self.clock())
        if gone:
            with self._cache_lock:
                now = self.clock()
                for room_id in [k for k, v in self._cache.items() if v.row.expires_at < now]:
                    del self._cache[room_id]
        return gone


# ------------------------------------------------------------------------------------------------
# request fields
# ------------------------------------------------------------------------------------------------


def _names(data: dict[str, Any]) -> tuple[str, ...]:
    """The players' names by seat (optional): user text, kept in the record's Names tag, so
    without the characters the record format gives a meaning (``,`` ``#`` ``"`` ``\\``)."""
    value = data.get("names")
    if value in (None, "", []):
        return ()
    if isinstance(value, str):
        value = value.split(",")
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) \
            or len(value) > 8:
        raise Refusal(400, "'names': the players' names by seat, comma-separated")
    names = tuple(v.strip() for v in value)
    for name in names:
        if not name or len(name) > MAX_NAME or not _NAME.fullmatch(name):
            raise Refusal(400, f"'names': each name 1 to {MAX_NAME} characters, without "
                          "commas, quotes, backslashes, # or control characters")
    return names


def _bots(data: dict[str, Any], colours: tuple[str, ...]) -> dict[str, str]:
    """Seats sailed by bots from the start: ``{"red": "greedy"}``."""
    from course_builder.powerboats.study.bots import BOTS

    value = data.get("bots") or {}
    if not isinstance(value, dict) or not all(
            c in colours and b in BOTS for c, b in value.items()):
        raise Refusal(400, f"'bots': boat colour -> bot ({', '.join(BOTS)})")
    return dict(value)


def _hex(data: dict[str, Any]) -> Hex:
    value = data.get("hex")
    if not (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and 0 <= v < 1000 for v in value)):
        raise Refusal(400, "'hex': expected [row, col]")
    return from_offset(value[0], value[1])


def _heading(data: dict[str, Any]) -> Direction:
    try:
        return Direction.parse(str(data.get("heading", ""))[:4])
    except ValueError:
        raise Refusal(400, "'heading': E, NE, NW, W, SW or SE") from None

