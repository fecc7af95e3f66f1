"""Where rooms are kept: one interface (:class:`RoomStore`), two databases behind it.

A stored room is its game record (docs/game-records.md) and its metadata: the seats (boat, the
hash of the seat's token, the bot sailing it), the hashes of the creator's and the spectators'
tokens, the dice (rolled by the server from the room's dice seed, or typed from the table), a
dice step and roll made but not yet followed by a heading (``pending``), and when the room was
made, last active and expires. Every accepted placement and move is also a row of ``entries``,
numbered: the record's n-th entry is row n, once.

Every change names the room's ``version`` it was made from and goes through only if the room is
still at that version (and, for an entry, if row n does not exist yet): so an old or repeated
request cannot apply twice, and two server processes writing one room are put in order by the
database itself, never by a process's memory. A change returns once it is committed.

:class:`SQLRoomStore` holds every query; :mod:`.sqlite` and :mod:`.postgres` give it
connections and transactions.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from course_builder.core.errors import CourseBuilderError
from course_builder.core.values import Frozen, replace
from course_builder.web.rooms import migrations
from course_builder.web.rooms.migrations import Executor


class StoreError(CourseBuilderError):
    """The database cannot be opened or used (a path, a URL, a refused connection)."""


class Stale(CourseBuilderError):
    """The room has changed since the version a change was made from: nothing was written."""


class SeatRow(Frozen):
    seat: int
    colour: str
    token_hash: str
    bot: str | None = None


class RoomRow(Frozen):
    """A room as stored."""

    id: str
    record: str
    entries: int
    """Placements and moves in the record so far."""
    version: int
    """Changes made to the room (entries, rolls, seats handed over), from 1."""
    pending: str | None
    """The dice step and the values rolled for the boat to move, ``STEP/ROLLED`` (``+r2/31``,
    ``/`` for keeping the count), until its heading is taken; None otherwise."""
    dice: str
    """``server`` (rolled from :attr:`dice_seed` and the entry count) or ``table`` (typed)."""
    dice_seed: str
    creator_hash: str
    spectator_hash: str
    created_at: float
    active_at: float
    expires_at: float
    seats: tuple[SeatRow, ...] = ()

    def hashes(self) -> list[tuple[str, str]]:
        """``(role, token hash)`` of everyone who may open the room."""
        return [("creator", self.creator_hash), ("spectator", self.spectator_hash),
                *((f"seat-{s.seat}", s.token_hash) for s in self.seats)]


class Entry(Frozen):
    """A placement or move to append: the record after it, its line, who made it."""

    record: str
    line: str
    seat: int
    bot: str | None = None


class RoomStore(Protocol):
    """What the rooms service needs of a database (see the module docstring)."""

    def create(self, room: RoomRow) -> None:
        """Store a new room (version 1) with its seats; :class:`Stale` if the id is taken."""

    def load(self, room_id: str) -> RoomRow | None:
        """The room as last committed, or None (no such room, or it has expired)."""

    def append(self, room_id: str, version: int, entry: Entry, *, now: float,
               expires_at: float) -> int:
        """Add the room's next entry (clearing its pending roll) if the room is at ``version``;
        returns the new version, or raises :class:`Stale`."""

    def set_pending(self, room_id: str, version: int, pending: str | None, *, now: float,
                    expires_at: float) -> int:
        """Keep the boat to move's dice step and roll; :class:`Stale` as for :meth:`append`."""

    def set_bot(self, room_id: str, version: int, seat: int, bot: str | None, *, now: float,
                expires_at: float) -> int:
        """Hand a seat to a bot (or back to its player, ``None``)."""

    def lines(self, room_id: str) -> list[str]:
        """The room's entries as committed, in order (the record's placement and move lines)."""

    def version_of(self, room_id: str) -> int | None:
        """The room's version as committed (None: no such room), to check a kept copy."""

    pushes_changes: bool
    """True if :meth:`on_change` reports other processes' changes (else a process checks
    :meth:`version_of` before trusting what it keeps)."""

    def expire(self, now: float) -> int:
        """Delete the rooms whose expiry has passed; how many went."""

    def on_change(self, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(room_id, version)`` when another process changes a room (PostgreSQL's
        LISTEN/NOTIFY; a store shared by no other process never calls it)."""

    def schema_version(self) -> int: ...

    def close(self) -> None: ...


# ------------------------------------------------------------------------------------------------
# the queries, for any database with ``?`` parameters (PostgreSQL's are rewritten)
# ------------------------------------------------------------------------------------------------

_ROOM_COLUMNS = ("id, record, entries, version, pending, dice, dice_seed, creator_hash, "
                 "spectator_hash, created_at, active_at, expires_at")


class SQLRoomStore:
    """:class:`RoomStore` on a SQL database; a subclass provides :meth:`transaction` (one
    committed transaction per call), :attr:`real` (its float type) and, if it has one,
    :meth:`notify` and a migration lock."""

    real = "REAL"
    migration_lock: str | None = None
    pushes_changes = False

    def transaction(self) -> AbstractContextManager[Executor]:
        raise NotImplementedError

    def notify(self, tx: Executor, room_id: str, version: int) -> None:
        """Tell other processes that the room changed (within the transaction)."""

    def on_change(self, callback: Callable[[str, int], None]) -> None:
        """Nothing else shares this store's changes (see :class:`RoomStore`)."""

    def close(self) -> None:
        """Nothing to release."""

    def migrate(self, upto: int = migrations.LATEST) -> list[int]:
        return migrations.migrate(self.transaction, self.real, upto, self.migration_lock)

    def schema_version(self) -> int:
        return migrations.version(self.transaction)

    def create(self, room: RoomRow) -> None:
        with self.transaction() as tx:
            if tx.execute("SELECT 1 FROM rooms WHERE id = ?", (room.id,)).fetchone():
                raise Stale(f"room {room.id} exists")
            tx.execute(f"INSERT INTO rooms ({_ROOM_COLUMNS}) VALUES "
                       "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (room.id, room.record, room.entries, room.version, room.pending, room.dice,
                        room.dice_seed, room.creator_hash, room.spectator_hash, room.created_at,
                        room.active_at, room.expires_at))
            for s in room.seats:
                tx.execute("INSERT INTO seats (room_id, seat, colour, token_hash, bot) "
                           "VALUES (?, ?, ?, ?, ?)", (room.id, s.seat, s.colour, s.token_hash,
                                                      s.bot))

    def load(self, room_id: str) -> RoomRow | None:
        with self.transaction() as tx:
            row = tx.execute(f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE id = ?",
                             (room_id,)).fetchone()
            if row is None:
                return None
            seats = tx.execute("SELECT seat, colour, token_hash, bot FROM seats WHERE room_id = ? "
                               "ORDER BY seat", (room_id,)).fetchall()
        room = RoomRow(*row)
        return replace(room, seats=tuple(SeatRow(*s) for s in seats))

    def _bump(self, tx: Executor, room_id: str, version: int, sets: str, params: tuple[Any, ...],
              now: float, expires_at: float) -> int:
        """Move the room from ``version`` to the next, with ``sets`` changed; or :class:`Stale`."""
        done = tx.execute(f"UPDATE rooms SET {sets}, version = version + 1, active_at = ?, "
                          "expires_at = ? WHERE id = ? AND version = ?",
                          (*params, now, expires_at, room_id, version))
        if done.rowcount != 1:
            raise Stale(f"room {room_id} is no longer at version {version}")
        self.notify(tx, room_id, version + 1)
        return version + 1

    def append(self, room_id: str, version: int, entry: Entry, *, now: float,
               expires_at: float) -> int:
        with self.transaction() as tx:
            new = self._bump(tx, room_id, version, "record = ?, entries = entries + 1, "
                             "pending = NULL", (entry.record,), now, expires_at)
            number = tx.execute("SELECT entries FROM rooms WHERE id = ?", (room_id,)).fetchone()[0]
            # the primary key (room, number) refuses a second entry n, whatever the version said
            tx.execute("INSERT INTO entries (room_id, number, line, seat, bot, at) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (room_id, number, entry.line, entry.seat, entry.bot, now))
        return new

    def set_pending(self, room_id: str, version: int, pending: str | None, *, now: float,
                    expires_at: float) -> int:
        with self.transaction() as tx:
            return self._bump(tx, room_id, version, "pending = ?", (pending,), now, expires_at)

    def set_bot(self, room_id: str, version: int, seat: int, bot: str | None, *, now: float,
                expires_at: float) -> int:
        with self.transaction() as tx:
            new = self._bump(tx, room_id, version, "pending = pending", (), now, expires_at)
            tx.execute("UPDATE seats SET bot = ? WHERE room_id = ? AND seat = ?",
                       (bot, room_id, seat))
        return new

    def lines(self, room_id: str) -> list[str]:
        with self.transaction() as tx:
            rows = tx.execute("SELECT line FROM entries WHERE room_id = ? ORDER BY number",
                              (room_id,)).fetchall()
        return [r[0] for r in rows]

    def version_of(self, room_id: str) -> int | None:
        with self.transaction() as tx:
            row = tx.execute("SELECT version FROM rooms WHERE id = ?", (room_id,)).fetchone()
        return None if row is None else int(row[0])

    def expire(self, now: float) -> int:
        with self.transaction() as tx:
            gone = [r[0] for r in tx.execute("SELECT id FROM rooms WHERE expires_at < ?",
                                             (now,)).fetchall()]
            for room_id in gone:  # children first: no database needs to cascade
                tx.execute("DELETE FROM entries WHERE room_id = ?", (room_id,))
                tx.execute("DELETE FROM seats WHERE room_id = ?", (room_id,))
                tx.execute("DELETE FROM rooms WHERE id = ?", (room_id,))
        return len(gone)
