"""Two ``course-builder serve`` processes sharing rooms: on a real PostgreSQL (a throwaway
cluster), a move made through one is pushed live to the pages open on the other (LISTEN/NOTIFY),
and a bot's moves are made once; on one SQLite file, each process reads the other's moves.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from course_builder.powerboats.game.record import read_record, replay
from course_builder.web.state import BOOK
from tests.pgcluster import Cluster
from tests.roomclient import RoomClient, live, next_room, serve_process


def test_two_servers_on_postgres_push_each_others_moves_live(pg_cluster: Cluster) -> None:
    url = pg_cluster.database()
    with serve_process("--database", url, "--rate-limit", "0") as one, \
            serve_process("--database", url, "--rate-limit", "0") as two:
        room = RoomClient.make(one.base, bots={"yellow": "random"})
        seen_on_two = RoomClient(two.base, room.room, room.creator)
        assert seen_on_two.seats == room.seats
        rng = random.Random(4)
        with live(two.base, room.room, room.spectator) as watcher:
            state = next_room(watcher)
            moves = 0
            while moves < 8 and state["view"].get("race_name") == "A":
                if room.to_act(state) == "yellow":  # the bot's move, made by a server
                    state = next_room(watcher)
                    continue
                through = room if moves % 2 else seen_on_two  # red acts through either server
                sent = time.monotonic()
                status, after = through.act("red", through.random_action(state, rng))
                assert status == 200, after
                while state["version"] < after["version"]:
                    state = next_room(watcher)
                assert time.monotonic() - sent < 1.0  # seen live on the other server
                moves += 1
        # the bot's seat back to its player, so that nothing moves while the record is read
        # (a bot move decided meanwhile is not committed: the room's version moved on)
        status, _, _ = room.call("POST", "seats", room.creator, {"seat": 0, "bot": None})
        assert status == 200
        entries = seen_on_two.state()["entries"]
        text = room.call("GET", "record", room.creator)[1].decode()
        done = replay(read_record(text), BOOK)
        assert done.ok and len(done.game.history) == entries >= 8
        for server in (one, two):
            assert server.alive() and not any("Traceback" in ln for ln in server.output)


def test_two_servers_on_one_sqlite_file_read_each_others_moves(tmp_path: Path) -> None:
    with serve_process("--data", str(tmp_path), "--rate-limit", "0") as one, \
            serve_process("--data", str(tmp_path), "--rate-limit", "0") as two:
        room = RoomClient.make(one.base)
        other = RoomClient(two.base, room.room, room.creator)
        rng = random.Random(8)
        state = room.state()
        for k in range(6):
            through = (room, other)[k % 2]
            status, state = through.act(through.to_act(state) or "",
                                        through.random_action(state, rng))
            assert status == 200, state
            assert (other, room)[k % 2].state()["version"] == state["version"]
