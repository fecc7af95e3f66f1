"""The rooms' store, the same suite on SQLite and on a real PostgreSQL (a throwaway cluster,
tests/pgcluster.py): migrations from an empty database and from every earlier version; a change
goes through only from the version it names, so an old or repeated one writes nothing; two
processes writing one room at once are put in order by the database; expiry; PostgreSQL tells
other processes of each change. And the rooms service on each store: a bot's move is made once
when two services (as two processes) both try.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from course_builder.powerboats.game.record import read_record, replay
from course_builder.web.rooms import migrations
from course_builder.web.rooms.database import open_store
from course_builder.web.rooms.service import Rooms
from course_builder.web.rooms.store import Entry, RoomRow, SeatRow, SQLRoomStore, Stale
from course_builder.web.state import BOOK
from tests.pgcluster import Cluster

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(params=["sqlite", "postgres"])
def where(request: Any, tmp_path: Path) -> Iterator[tuple[str | None, str | None]]:
    """(data folder, database URL) of a fresh empty store of each kind."""
    if request.param == "sqlite":
        yield str(tmp_path), None
    else:
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        yield None, cluster.database()


@pytest.fixture
def store(where: tuple[str | None, str | None]) -> Iterator[SQLRoomStore]:
    opened = open_store(*where)
    yield opened
    opened.close()


def room(room_id: str = "room-aaaa-01", version: int = 1, expires_at: float = 2e9) -> RoomRow:
    return RoomRow(room_id, "[Game \"Powerboats\"]\n", 0, version, None, "server", "seed",
                   "h-creator", "h-spectator", 1.0, 1.0, expires_at,
                   (SeatRow(0, "yellow", "h-0"), SeatRow(1, "red", "h-1", "greedy")))


def test_an_empty_database_is_migrated_to_the_latest_version(store: SQLRoomStore) -> None:
    assert store.schema_version() == migrations.LATEST
    with store.transaction() as tx:
        done = [r[0] for r in tx.execute("SELECT version FROM schema_migrations ORDER BY version")
                .fetchall()]
    assert done == [s.version for s in migrations.STEPS]
    assert store.migrate() == []  # nothing left to do


@pytest.mark.parametrize("start", range(1, migrations.LATEST))
def test_a_database_at_an_earlier_version_upgrades_and_keeps_its_rooms(
        where: tuple[str | None, str | None], start: int) -> None:
    from course_builder.web.rooms.postgres import PostgresStore
    from course_builder.web.rooms.sqlite import SQLiteStore

    data, url = where
    old: SQLRoomStore = PostgresStore(url) if url else SQLiteStore(data or "")
    assert old.migrate(upto=start) == list(range(1, start + 1))
    assert old.schema_version() == start
    old.create(room())
    old.close()
    new = open_store(data, url)  # what serve does: the missing steps, then the rooms as they were
    try:
        assert new.schema_version() == migrations.LATEST
        assert new.load("room-aaaa-01") == room()
    finally:
        new.close()


def test_a_room_is_kept_as_created(store: SQLRoomStore) -> None:
    store.create(room())
    assert store.load("room-aaaa-01") == room()
    assert store.load("room-aaaa-02") is None
    with pytest.raises(Stale):
        store.create(room())


def test_an_entry_goes_through_once_from_the_version_it_names(store: SQLRoomStore) -> None:
    store.create(room())
    entry = Entry("record 1", "place yellow 7,13 E", 0)
    assert store.append("room-aaaa-01", 1, entry, now=5.0, expires_at=99.0) == 2
    for version in (1, 1, 0, 7):  # the same request again, an older one, one from the future
        with pytest.raises(Stale):
            store.append("room-aaaa-01", version, Entry("record X", "place red 8,12 E", 1),
                         now=6.0, expires_at=99.0)
    row = store.load("room-aaaa-01")
    assert row is not None
    assert (row.record, row.entries, row.version, row.active_at, row.expires_at) == (
        "record 1", 1, 2, 5.0, 99.0)
    assert store.lines("room-aaaa-01") == ["place yellow 7,13 E"]
    assert store.version_of("room-aaaa-01") == 2 and store.version_of("nope-nope-01") is None


def test_an_entry_number_is_unique_whatever_the_version_says(store: SQLRoomStore) -> None:
    store.create(room())
    store.append("room-aaaa-01", 1, Entry("r1", "l1", 0), now=1.0, expires_at=9.0)
    with store.transaction() as tx:  # the room's version and entries put back by hand
        tx.execute("UPDATE rooms SET version = 1, entries = 0 WHERE id = ?", ("room-aaaa-01",))
    with pytest.raises(Stale):
        store.append("room-aaaa-01", 1, Entry("r2", "l2", 1), now=2.0, expires_at=9.0)
    assert store.lines("room-aaaa-01") == ["l1"]


def test_a_roll_and_a_seat_handed_to_a_bot_are_versioned_changes(store: SQLRoomStore) -> None:
    store.create(room())
    assert store.set_pending("room-aaaa-01", 1, "+/3", now=2.0, expires_at=9.0) == 2
    with pytest.raises(Stale):
        store.set_pending("room-aaaa-01", 1, "+/1", now=2.0, expires_at=9.0)
    assert store.set_bot("room-aaaa-01", 2, 0, "perfect", now=3.0, expires_at=9.0) == 3
    assert store.set_bot("room-aaaa-01", 3, 1, None, now=3.0, expires_at=9.0) == 4
    row = store.load("room-aaaa-01")
    assert row is not None and row.pending == "+/3"
    assert [s.bot for s in row.seats] == ["perfect", None]
    assert store.append("room-aaaa-01", 4, Entry("r", "1 yellow +/3S", 0), now=4.0,
                        expires_at=9.0) == 5
    after = store.load("room-aaaa-01")
    assert after is not None and after.pending is None  # the move took the roll


def test_rooms_past_their_expiry_are_deleted(store: SQLRoomStore) -> None:
    store.create(room("room-old-0001", expires_at=100.0))
    store.create(room("room-new-0001", expires_at=300.0))
    store.append("room-old-0001", 1, Entry("r", "l", 0), now=50.0, expires_at=150.0)
    assert store.expire(200.0) == 1
    assert store.load("room-old-0001") is None and store.lines("room-old-0001") == []
    assert store.load("room-new-0001") is not None


WRITER = """
import sys
from course_builder.web.rooms.database import open_store
from course_builder.web.rooms.store import Entry, Stale
data, url, name, tries = sys.argv[1] or None, sys.argv[2] or None, sys.argv[3], int(sys.argv[4])
store = open_store(data, url)
won = 0
for k in range(tries):
    row = store.load("room-aaaa-01")
    try:
        store.append(row.id, row.version, Entry(f"{name} {k}", f"{name} {k}", 0), now=1.0,
                     expires_at=9.0)
        won += 1
    except Stale:
        pass
print(won)
"""


def test_two_processes_writing_one_room_are_put_in_order_by_the_database(
        where: tuple[str | None, str | None], store: SQLRoomStore) -> None:
    store.create(room())
    data, url = where
    tries = 60
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, data or "", url or "", name,
                               str(tries)], stdout=subprocess.PIPE, text=True, cwd=ROOT)
             for name in ("a", "b")]
    won = [int(p.communicate(timeout=120)[0]) for p in procs]
    lines = store.lines("room-aaaa-01")
    row = store.load("room-aaaa-01")
    assert row is not None
    assert sum(won) == len(lines) == row.entries == row.version - 1  # no write lost or doubled
    assert len(set(lines)) == len(lines)
    assert row.record == lines[-1]  # the record is the last entry's, as committed with it
    assert won[0] and won[1]


def test_postgres_tells_another_process_of_each_change(pg_cluster: Cluster) -> None:
    url = pg_cluster.database()
    writer, reader = open_store(None, url), open_store(None, url)
    heard: list[tuple[str, int]] = []
    got = threading.Event()

    def note(room_id: str, version: int) -> None:
        heard.append((room_id, version))
        if version == 3:
            got.set()

    try:
        reader.on_change(note)
        time.sleep(0.3)  # the listener connects
        writer.create(room())
        writer.append("room-aaaa-01", 1, Entry("r", "l", 0), now=1.0, expires_at=9.0)
        with pytest.raises(Stale):  # a change that does not go through tells no one
            writer.append("room-aaaa-01", 1, Entry("r", "l", 0), now=1.0, expires_at=9.0)
        writer.set_pending("room-aaaa-01", 2, "/", now=1.0, expires_at=9.0)
        assert got.wait(5)
        assert heard == [("room-aaaa-01", 2), ("room-aaaa-01", 3)]
    finally:
        writer.close()
        reader.close()


def test_a_bot_moves_once_when_two_processes_both_make_its_move(
        where: tuple[str | None, str | None]) -> None:
    """Two services on one store are two processes: each keeps its own copy of the room. Both
    decide the bot's move from the same version (the same move: bots and the server's dice are
    seeded); the database takes the first and refuses the second."""
    stores = [open_store(*where), open_store(*where)]
    never: Any = lambda delay, work: None  # noqa: E731  (the test makes the bots' moves itself)
    one, two = (Rooms(s, 3600, schedule=never, bot_pause=0) for s in stores)
    try:
        room_id, _ = one.create({"players": "yellow,red", "seed": 3,
                                 "bots": {"yellow": "random", "red": "random"}})
        for _ in range(10):
            a, b = one.live(room_id), two.live(room_id)
            assert a.row.version == b.row.version
            seat = a.seat_of(a.game.game.to_act)
            assert seat is not None and seat.bot is not None
            game_a, _ = one._bot_decides(a, seat.bot)
            game_b, _ = two._bot_decides(b, seat.bot)
            assert game_a.game.history == game_b.game.history
            one._commit(a, game_a, None, seat.seat, seat.bot)
            with pytest.raises(Stale):
                two._commit(b, game_b, None, seat.seat, seat.bot)
            two._forget(room_id)  # what a notice (or the version check) does
        assert len(stores[1].lines(room_id)) == 10
        # and racing for real: both make every move due, at once, until race A is over
        def sail(rooms: Rooms) -> None:
            while rooms.live(room_id).game.game.race_index == 0:
                rooms.bot_step(room_id)
                rooms._forget(room_id)

        both = [threading.Thread(target=sail, args=(r,)) for r in (one, two)]
        for t in both:
            t.start()
        for t in both:
            t.join(60)
        row = stores[0].load(room_id)
        assert row is not None
        replayed = replay(read_record(row.record), BOOK)
        assert replayed.ok and replayed.game.race_index == 1
        assert stores[0].lines(room_id) == [ln.text for ln in read_record(row.record).lines]
    finally:
        for s in stores:
            s.close()
