"""Hostile requests to a running ``course-builder serve`` (its own process, on loopback): bad and
borrowed tokens, wrong rooms, stale and impossible positions, huge, truncated and malformed
bodies, wrong content types and methods, and WebSocket garbage. None may get a 5xx, the server
stays up, and the rooms are exactly as they were.
"""

from __future__ import annotations

import http.client
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.roomclient import RoomClient, serve_process

REQUESTS = 10_000
SOCKETS = 300
"""The full run (``pytest -m slow``, as CI runs it); the default run sends a sample."""


def _junk(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("abcXYZ019-_~%#/\\\"'{}[]:,. \t") for _ in range(n))


def hostile(rng: random.Random, room: RoomClient, other: RoomClient, entries: int, mover: str
            ) -> tuple[str, str, dict[str, str], bytes]:
    """One hostile request: (method, path, headers, body), never one that should go through."""
    method, path, headers, body = _anything(rng, room, other, entries)
    token = headers["Authorization"].partition(" ")[2].strip()
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return method, path, headers, body
    if not isinstance(data, dict):
        return method, path, headers, body
    if path.rstrip("/").split("?")[0] == "/api/rooms":
        data["scoring"] = "quantum"  # never a room made
    elif path.endswith("/seats") and token == room.creator:
        data["seat"] = 99  # never a seat handed over
    elif path.endswith("/act") and token == room.seats[mover] and data.get("at") == entries:
        data["at"] = entries - 1  # the seat to act, but on an old position
    return method, path, headers, json.dumps(data).encode()


def _anything(rng: random.Random, room: RoomClient, other: RoomClient, entries: int
              ) -> tuple[str, str, dict[str, str], bytes]:
    kind = rng.randrange(10)
    good = room.seats[rng.choice(sorted(room.seats))]
    token = rng.choice([good, room.spectator, room.creator, other.seats["red"], other.creator,
                        "", "x" * rng.randrange(1, 200), _junk(rng, 40), good[:-1],
                        good + "A", good.upper()])
    room_id = room.room if kind else rng.choice([other.room, "abc", "a" * 300, "..%2f..",
                                                 "%00room", room.room + "x", "ZZZZZZZZZZZZ"])
    what = rng.choice(["act", "act", "act", "seats", "links", "record", "", "live", "nope"])
    path = f"/api/rooms/{room_id}" + (f"/{what}" if what else "")
    if kind == 9:
        path = rng.choice(["/api/rooms", "/api/rooms/", "/api/rooms?x=1", "/api//rooms"])
    method = rng.choice(["POST", "POST", "POST", "GET", "PUT", "DELETE", "PATCH"])
    headers = {"Content-Type": rng.choice(["application/json"] * 4 + [
        "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
        "application/json; charset=latin-1", "", "application/jsonx"])}
    scheme = rng.choice(["Bearer ", "Bearer ", "bearer ", "Basic ", "", "Bearer  "])
    headers["Authorization"] = scheme + token
    body = _body(rng, entries)
    return method, path, headers, body


def _body(rng: random.Random, entries: int) -> bytes:
    at = rng.choice([entries, entries - 1, entries + 1, -1, 0, 10**30, 1.5, "3", None, True,
                     [entries]])
    action: dict[str, Any] = rng.choice([
        {"action": "place", "hex": rng.choice([[1, 1], [-1, 5], [10**9, 0], "7,13", [7]]),
         "heading": rng.choice(["E", "Q", "", 5, None, "NEE"])},
        {"action": "roll", "step": rng.choice(["+", "-3", "r2", "", "++", 7, "x" * 50]),
         **({"rolled": rng.choice(["3", "33333333", [3], [9], -1])} if rng.random() < .5 else {})},
        {"action": "move", "turn": rng.choice(["L", "S", "R", "X", "", None, ["L"]])},
        {"action": "move", "move": rng.choice(["+/3S", "S", "junk", "+" * 100])},
        {"action": rng.choice(["fly", "", None, 3, "PLACE"])},
        {"seat": rng.choice([0, 1, 99, -1, "0", None]), "bot": rng.choice(
            ["random", "greedy", "oracle", None, 5, "perfect" * 10])},
        {"players": rng.choice(["yellow", "yellow,yellow", "mauve,red", 5, "," * 50]),
         "seed": rng.choice([-1, 2**80, "x", None, 1.5]),
         "board": rng.choice(["moon", None, 5]), "names": rng.choice(["A#b", "x" * 99, 5, ""]),
         "dice": rng.choice(["loaded", 6, None, "server"]), "scoring": "quantum"},
        {"record": rng.choice(["", "[Game \"x\"]", _junk(rng, 300), "[Players \"red\"]\n" * 3])},
    ])
    shape = rng.randrange(12)
    if shape == 0:
        return json.dumps({"at": at, **action})[: rng.randrange(1, 30)].encode()  # truncated
    if shape == 1:
        return b"[" * rng.randrange(1000, 50_000) + b"]" * 3  # too deep
    if shape == 2:
        return json.dumps({"at": at, "pad": "x" * rng.randrange(4_000, 200_000)}).encode()
    if shape == 3:
        return rng.choice([b"\xff\xfe\x00", b"\xef\xbb\xbf{}", b"null", b"[]", b"3", b"NaN",
                           b'"text"', b"", b"{" * 10, b'{"at": NaN}', b'{"at": 1e999}'])
    if shape == 4:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
    return json.dumps({"at": at, **action}).encode()


def send(conn: http.client.HTTPConnection, method: str, path: str, headers: dict[str, str],
         body: bytes) -> int:
    conn.request(method, path, body=body if method != "GET" or body else None, headers=headers)
    response = conn.getresponse()
    response.read()
    if response.getheader("connection", "").lower() == "close":
        conn.close()
    return response.status


def rooms_table(folder: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(folder / "rooms.sqlite3") as db:
        rooms = db.execute("SELECT id, record, entries, version, pending FROM rooms ORDER BY id")
        return [*rooms.fetchall(), *db.execute("SELECT * FROM seats ORDER BY room_id, seat"),
                *db.execute("SELECT room_id, number, line FROM entries ORDER BY room_id, number")]


def websocket_garbage(base: str, room: RoomClient, rng: random.Random, sockets: int
                      ) -> list[int]:
    """Live connections sending anything but a good first message; the close codes."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    url = base.replace("http://", "ws://") + f"/api/rooms/{room.room}/live"
    codes = []
    for k in range(sockets):
        first: str | bytes = rng.choice([
            "", "ping", "{", "[]", '{"token": null}', json.dumps({"token": "x" * 90}),
            json.dumps({"token": room.seats["red"], "seen": "0"}), b"\x00\x01\x02",
            "x" * 2000, json.dumps({"token": room.seats["red"] + "x"})])
        target = url if k % 7 else url.replace(room.room, rng.choice(["nope", "a" * 200]))
        try:
            with connect(target, proxy=None, open_timeout=5, max_size=2**20) as ws:
                ws.send(first)
                try:
                    while True:
                        ws.recv(5)
                except ConnectionClosed as closed:
                    codes.append(closed.rcvd.code if closed.rcvd else 1006)
        except InvalidStatus as refused:
            codes.append(refused.response.status_code)
    return codes


@pytest.mark.parametrize(("requests", "sockets"), [
    pytest.param(REQUESTS, SOCKETS, marks=pytest.mark.slow, id="ten-thousand"),
    pytest.param(1_200, 40, id="a-sample"),
])
def test_hostile_requests_change_nothing_and_get_no_5xx(tmp_path: Path, requests: int,
                                                        sockets: int) -> None:
    rng = random.Random(29 + requests)
    with serve_process("--data", str(tmp_path), "--rate-limit", "0") as served:
        room = RoomClient.make(served.base, names="Ann, Bob")
        other = RoomClient.make(served.base)
        rng_play = random.Random(1)
        state = room.state()
        for _ in range(3):  # a game under way, with a roll pending
            status, state = room.act(room.to_act(state) or "", room.random_action(state, rng_play))
        assert state["pending"] is not None
        before = rooms_table(tmp_path)
        host = served.base.removeprefix("http://")
        conn = http.client.HTTPConnection(host, timeout=30)
        statuses: dict[int, int] = {}
        for _ in range(requests):
            method, path, headers, body = hostile(rng, room, other, state["entries"],
                                                  room.to_act(state) or "")
            try:
                status = send(conn, method, path, headers, body)
            except (ConnectionError, http.client.HTTPException):
                conn.close()  # the server hung up on a body it refused to read: fine
                status = 0
            statuses[status] = statuses.get(status, 0) + 1
        codes = websocket_garbage(served.base, room, rng, sockets)
        assert served.alive()
        assert not [s for s in statuses if s >= 500], statuses
        assert statuses.get(0, 0) < requests // 100, statuses
        assert all(400 <= s < 500 or 4400 <= s < 4500 or s == 1009 for s in codes), codes
        assert rooms_table(tmp_path) == before  # not one room, seat or entry changed
        assert room.state()["version"] == state["version"]  # and the server still answers
        assert not any("Traceback" in line for line in served.output), served.output[-20:]
