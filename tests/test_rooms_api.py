"""The rooms through their HTTP and WebSocket interface (docs/web.md, "Rooms"), on SQLite: a race
played by two seats through the kernel, its record replayed as ``replay`` does; every request a
seat may not make refused with one line and nothing changed; a room that outlives its server;
live updates and catching up; the creator's links, QR codes and bots; limits; no token in any
log line.
"""

from __future__ import annotations

import base64
import json
import logging
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.powerboats.game.record import read_record, replay
from course_builder.powerboats.study.bots import BOTS, DEFAULT_BOT
from course_builder.web.app import create_app
from course_builder.web.rooms.database import open_store
from course_builder.web.rooms.referee import dice_commit, server_roll
from course_builder.web.rooms.routes import RoomsConfig
from course_builder.web.state import BOOK
from tests.roomclient import RoomClient, live, next_room
from tests.webserver import request, running_server


def rooms_app(folder: Path, **config: Any) -> Any:
    return create_app(rooms=RoomsConfig(open_store(str(folder), None),
                                        **{"rate": 0, "bot_pause": 0, "bot_process": False,
                                           **config}))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: Any) -> Path:
    return Path(tmp_path_factory.mktemp("rooms"))


@pytest.fixture(scope="module")
def base(folder: Path) -> Iterator[str]:
    with running_server(rooms_app(folder)) as url:
        yield url


def test_two_seats_sail_a_race_refereed_by_the_kernel_and_the_record_replays(
        base: str, folder: Path, tmp_path: Path) -> None:
    room = RoomClient.make(base, names="Ann, Bob")
    start = room.state()
    assert start["view"]["phase"] == "placing" and start["entries"] == 0
    assert [(s["colour"], s["name"], s["bot"]) for s in start["seats"]] == [
        ("yellow", "Ann", None), ("red", "Bob", None)]
    state = room.play(random.Random(5))
    status, text, head = room.call("GET", "record", room.seats["red"])
    assert status == 200 and head["content-type"].startswith("text/plain")
    record = read_record(text.decode())
    done = replay(record, BOOK)
    assert done.ok and done.game.race_index == 1
    exported = tmp_path / f"powerboats-room-{room.room}.pbr"  # the page's download, checked
    exported.write_bytes(text)
    checked = CliRunner().invoke(cli, ["powerboats", "replay", str(exported), "--format", "json"])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.output)["ok"] is True
    assert record.tags["Names"] == "Ann, Bob" and record.tags["Seed"] == "7"
    assert len(record.lines) == state["entries"]
    assert state["view"]["results"][0]["race"] == "A"
    # the dice were the server's: from the room's dice seed (kept secret until the game is
    # over, committed to by its hash) and the number of entries before each move
    stored = open_store(str(folder), None)
    row = stored.load(room.room)
    stored.close()
    assert row is not None and record.tags["DiceCommit"] == dice_commit(row.dice_seed)
    assert "DiceSeed" not in record.tags and row.dice_seed not in text.decode()
    for number, line in enumerate(record.lines):
        move = getattr(line.entry, "move", None)
        if move is not None:
            assert move.rolled == server_roll(row.dice_seed, number, len(move.rolled))


def placed(room: RoomClient) -> dict[str, Any]:
    state = room.state()
    rng = random.Random(1)
    while state["view"]["phase"] == "placing":
        status, state = room.act(room.to_act(state) or "", room.random_action(state, rng))
        assert status == 200, state
    return state


def refused(status: int, data: Any, expected: int, words: str) -> None:
    assert status == expected, data
    assert isinstance(data, dict) and words in data["error"] and "\n" not in data["error"]


def test_no_one_acts_for_another_seat_out_of_turn_or_twice(base: str) -> None:
    room = RoomClient.make(base)
    other = RoomClient.make(base)
    state = placed(room)
    mover = room.to_act(state)
    waiter = "red" if mover == "yellow" else "yellow"
    at = state["entries"]
    roll = {"at": at, "action": "roll", "step": "+"}
    refused(*room.act(waiter, roll), 403, f"it is {mover}'s turn")
    refused(*room.call("POST", "act", room.spectator, roll)[:2], 403, "spectator")
    refused(*room.call("POST", "act", room.creator, roll)[:2], 403, "creator's link")
    refused(*room.call("POST", "act", other.seats[mover or ""], roll)[:2], 404, "no room")
    refused(*room.call("POST", "act", "x" * 43, roll)[:2], 404, "no room")
    refused(*room.call("POST", "act", None, roll)[:2], 401, "token")
    refused(*room.act(mover or "", {**roll, "at": at - 1}), 409, "stale")
    refused(*room.act(mover or "", {**roll, "at": str(at)}), 400, "'at'")
    refused(*room.act(mover or "", {"at": at, "action": "move", "turn": "S"}), 409, "roll first")
    refused(*room.act(mover or "", {**roll, "rolled": "3"}), 400, "server rolls")
    refused(*room.act(mover or "", {**roll, "step": "-3"}), 400, "not a dice step")
    refused(*room.act(mover or "", {"at": at, "action": "fly"}), 400, "'action'")
    assert room.state()["version"] == state["version"]  # nothing of that changed anything
    status, rolled = room.act(mover or "", roll)
    assert status == 200 and rolled["pending"]["step"] == "+"
    refused(*room.act(mover or "", roll), 409, "already rolled")  # the same request again
    illegal = [c["turn"] for c in rolled["pending"]["choices"] if not c["legal"]]
    if illegal:
        status, data = room.act(mover or "", {"at": at, "action": "move", "turn": illegal[0]})
        assert status == 422 and data["error"].startswith("illegal") and data["legal"]
    legal = next(c["turn"] for c in rolled["pending"]["choices"] if c["legal"])
    move = {"at": at, "action": "move", "turn": legal}
    status, moved = room.act(mover or "", move)
    assert status == 200 and moved["entries"] == at + 1
    refused(*room.act(mover or "", move), 409, "stale")  # a repeated move does not apply twice
    assert room.state()["entries"] == at + 1


def test_bodies_that_are_not_small_json_objects_are_refused(base: str) -> None:
    room = RoomClient.make(base)
    token = room.seats["yellow"]
    path = f"/api/rooms/{room.room}/act"
    auth = {"Authorization": f"Bearer {token}"}
    cases = [
        (request(base, path, raw=b'{"at": 0', headers=auth), 400, "not valid JSON"),
        (request(base, path, raw=b"[1, 2]", headers=auth), 400, "JSON object"),
        (request(base, path, raw=b"{}", content_type="text/plain", headers=auth), 415, "JSON"),
        (request(base, path, {"at": 0, "pad": "x" * 5000}, headers=auth), 413, "too large"),
        (request(base, path, raw=b"\xff\xfe", headers=auth), 400, "not valid JSON"),
    ]
    for (status, data, _), expected, words in cases:
        refused(status, data, expected, words)
    refused(*request(base, "/api/rooms", {"players": "yellow,mauve"})[:2], 400, "mauve")
    refused(*request(base, "/api/rooms", {"names": "Ann, B#b"})[:2], 400, "'names'")
    refused(*request(base, "/api/rooms", {"dice": "loaded"})[:2], 400, "'dice'")
    refused(*request(base, "/api/rooms", {"bots": {"red": "genius"}})[:2], 400, "'bots'")
    refused(*request(base, "/api/rooms", {"record": "not a record"})[:2], 400, "record")
    status, _, _ = request(base, "/api/rooms/..%2f..%2fetc/links")
    assert status in (401, 404)


def test_a_room_outlives_its_server_and_carries_on(folder: Path, tmp_path: Path) -> None:
    with running_server(rooms_app(tmp_path)) as url:
        room = RoomClient.make(url, names="Ann, Bob")
        before = placed(room)
        mover = room.to_act(before) or ""
        status, rolled = room.act(mover, {"at": before["entries"], "action": "roll", "step": "+"})
        assert status == 200
    with running_server(rooms_app(tmp_path)) as url:  # a new server on the same data folder
        room.base = url
        after = room.state()
        assert after["version"] == rolled["version"] and after["pending"] == rolled["pending"]
        assert after["view"]["boats"] == rolled["view"]["boats"]
        legal = next(c["turn"] for c in after["pending"]["choices"] if c["legal"])
        status, moved = room.act(mover, {"at": after["entries"], "action": "move", "turn": legal})
        assert status == 200 and moved["last"]["boat"] == mover
    with running_server(rooms_app(tmp_path)) as url:  # the last move's trace is rebuilt too
        room.base = url
        again = room.state()
        assert again["last"] == moved["last"] and again["log"] == moved["log"]


def test_every_page_sees_each_change_live_and_a_returning_page_catches_up(base: str) -> None:
    room = RoomClient.make(base)
    start = room.state()
    with live(base, room.room, room.spectator) as watcher, \
            live(base, room.room, room.seats["red"], seen=start["version"]) as player:
        assert next_room(watcher)["version"] == start["version"]  # it had seen nothing
        rng = random.Random(3)
        state = start
        for _ in range(3):
            status, state = room.act(room.to_act(state) or "", room.random_action(state, rng))
            assert status == 200
            assert next_room(watcher)["version"] == state["version"]
            assert next_room(player)["version"] == state["version"]  # nothing it had seen
    # a page that was away: it names what it saw and is sent the room as it is now
    status, state = room.act(room.to_act(state) or "", room.random_action(state, rng))
    with live(base, room.room, room.seats["yellow"], seen=start["version"]) as back:
        caught = next_room(back)
        assert caught["version"] == state["version"] and caught["entries"] == state["entries"]


def test_live_connections_want_a_token_first(base: str) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    room = RoomClient.make(base)
    url = base.replace("http://", "ws://") + f"/api/rooms/{room.room}/live"
    for first, code in [("hello", 4400), ('{"token": 5}', 4400), ('{"token": "nope"}', 4404),
                        (json.dumps({"token": room.seats["red"], "seen": "x"}), 4400)]:
        with connect(url, proxy=None) as ws:
            ws.send(first)
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(5)
                ws.recv(5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == code
    with live(base, room.room, room.seats["red"]) as ws:
        next_room(ws)
        ws.send(b"\x00" * 10)  # anything but a ping closes it
        with pytest.raises(ConnectionClosed):
            ws.recv(5)


def test_the_creator_hands_out_links_with_qr_codes_and_seats_to_bots(base: str) -> None:
    room = RoomClient.make(base, players="yellow,red,orange")
    seats = room.links["seats"]
    assert [s["colour"] for s in seats] == ["yellow", "red", "orange"]
    for entry in [*seats, room.links["spectator"]]:
        assert entry["link"].startswith(f"{base}/room/{room.room}#")
        svg = base64.b64decode(entry["qr"].split(",", 1)[1]) if ";base64," in entry["qr"] \
            else entry["qr"].split(",", 1)[1].encode()
        assert entry["qr"].startswith("data:image/svg+xml") and b"svg" in svg
    assert len({s["link"] for s in seats}) == 3
    # the page offers exactly the bots the server accepts, the default (strong) among them
    assert room.state()["bots"] == list(BOTS) and DEFAULT_BOT in BOTS
    for token in (room.seats["red"], room.spectator):  # only the creator sees them
        refused(*room.call("GET", "links", token)[:2], 403, "creator")
        refused(*room.call("POST", "seats", token, {"seat": 1, "bot": "random"})[:2], 403,
                "creator")
    refused(*room.call("POST", "seats", room.creator, {"seat": 7, "bot": "random"})[:2], 400,
            "'seat'")
    refused(*room.call("POST", "seats", room.creator, {"seat": 1, "bot": "oracle"})[:2], 400,
            "'bot'")
    with live(base, room.room, room.spectator) as ws:
        first = next_room(ws)
        status, data, _ = room.call("POST", "seats", room.creator, {"seat": 0, "bot": "random"})
        assert status == 200 and data["seats"][0]["bot"] == "random"
        seen = next_room(ws)
        assert seen["seats"][0]["bot"] == "random" and seen["version"] > first["version"]
        refused(*room.act("yellow", {"at": data["entries"], "action": "place", "hex": [1, 1],
                                     "heading": "E"}), 403, "bot random")
        order = seen["view"]["placing"]["order"]  # the start player's right-hand neighbour first
        state = seen
        rng = random.Random(2)
        while state["entries"] < 3:
            colour = room.to_act(state)
            if colour == "yellow":
                state = next_room(ws)  # the bot acts by itself, seen live
                continue
            status, state = room.act(colour or "", room.random_action(state, rng))
            assert status == 200, state
        status, data, _ = room.call("POST", "seats", room.creator, {"seat": 0, "bot": None})
        assert status == 200 and data["seats"][0]["bot"] is None
    lines = read_record(room.call("GET", "record", room.creator)[1].decode()).lines
    assert [ln.text.split()[1] for ln in lines[:3]] == order


def test_a_room_from_a_record_carries_on_where_it_stopped(base: str) -> None:
    room = RoomClient.make(base)
    placed(room)
    text = room.call("GET", "record", room.creator)[1].decode()
    status, made, _ = request(base, "/api/rooms", {"record": text, "dice": "table"})
    assert status == 201
    copy = RoomClient(base, made["room"], made["token"])
    state = copy.state()
    assert state["entries"] == 2 and state["view"]["phase"] == "moving" and state["dice"] == "table"
    mover = copy.to_act(state) or ""
    refused(*copy.act(mover, {"at": 2, "action": "roll", "step": "+"}), 400, "players roll")
    status, rolled = copy.act(mover, {"at": 2, "action": "roll", "step": "+", "rolled": "3"})
    assert status == 200 and rolled["pending"]["rolled"] == [3]
    record = read_record(copy.call("GET", "record", copy.creator)[1].decode())
    assert "DiceCommit" not in record.tags  # the players roll: nothing to commit to


def test_a_room_expires_after_its_inactivity_time(tmp_path: Path) -> None:
    import time

    with running_server(rooms_app(tmp_path, expiry=0.6)) as url:
        room = RoomClient.make(url)
        assert room.state()["entries"] == 0
        time.sleep(0.8)
        refused(*room.call("GET", "", room.creator)[:2], 404, "expired")


def test_one_address_may_make_only_so_many_requests(tmp_path: Path) -> None:
    with running_server(rooms_app(tmp_path, rate=2.0)) as url:
        statuses = [request(url, "/api/rooms/abcdefghijkl")[0] for _ in range(12)]
        assert statuses[:6] == [401] * 6 and 429 in statuses[6:]
        status, data, head = request(url, "/api/rooms/abcdefghijkl")
        assert status == 429 and "too many requests" in data["error"]
        assert head["retry-after"] == "1"
        assert request(url, "/")[0] == 200  # the page itself is not limited


def test_no_token_reaches_the_access_log(tmp_path: Path, caplog: Any) -> None:
    caplog.set_level(logging.INFO)
    with running_server(rooms_app(tmp_path), log_level="info", access_log=True,
                        log_config=None) as url:
        room = RoomClient.make(url)
        state = placed(room)
        with live(url, room.room, room.seats["red"]) as ws:
            next_room(ws)
        room.call("GET", "record", room.seats["yellow"])
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert f"/api/rooms/{room.room}/act" in logged  # the access log is on ...
    for token in [room.creator, room.spectator, *room.seats.values()]:
        assert token not in logged  # ... and no link's token is in it
    assert state["entries"] == 2


def test_the_docs_name_every_rooms_endpoint_and_serve_option() -> None:
    from course_builder.web.rooms.routes import RoomsApp

    root = Path(__file__).resolve().parents[1]
    doc = (root / "docs" / "web.md").read_text(encoding="utf-8")
    readme = (root / "README.md").read_text(encoding="utf-8")
    app = RoomsApp(RoomsConfig(store=None))  # type: ignore[arg-type]  (only its routes)
    for route in app.routes():
        path = route.path.replace("{room}", "ROOM")  # type: ignore[attr-defined]
        assert path in doc, path
    help_text = CliRunner().invoke(cli, ["serve", "--help"]).output
    for option in ("--data", "--database", "--room-expiry", "--rate-limit", "--host"):
        assert option in help_text and f"`{option}" in doc, option
    assert "## Play together" in readme and "course-builder serve --host 0.0.0.0" in readme


def test_a_bot_decides_the_same_move_in_its_own_process() -> None:
    """What the bots' process is sent (the position in notation) is all a bot needs: it moves
    there as it would in the server."""
    from course_builder.web.rooms import referee
    from course_builder.web.rooms.botprocess import BotProcess
    from course_builder.web.starts import new_game_table

    game = new_game_table({"players": "yellow,red,orange", "seed": 11, "expansion": True}).game
    assert game is not None
    while game.placing:
        game = game.place(game.to_act or "", game.free_start_hexes()[0],
                          game.race.course.tile.start_direction)
    room = referee.RoomGame(game)
    pending = referee.roll(room, "+", None, "seed")
    bots = BotProcess()
    try:
        for k, kept in enumerate((None, pending)):
            here = referee.bot_move(room.position, "random", f"r:{k}", "seed", 6, kept)
            there = bots(room.position, "random", f"r:{k}", "seed", 6, kept)
            assert there == here
    finally:
        bots.close()


def test_room_expiry_is_a_time_span_and_a_bad_one_is_refused_with_one_line() -> None:
    from course_builder.cli.web import DurationType

    span = DurationType()
    assert [span.convert(v, None, None) for v in ("90s", "30m", "12h", "14d", "45", "1.5h")] == [
        90.0, 1800.0, 43200.0, 1209600.0, 45.0, 5400.0]
    result = CliRunner().invoke(cli, ["serve", "--room-expiry", "soon"])
    assert result.exit_code == 2 and "'soon' is not a time span" in result.output
    assert "Traceback" not in result.output
