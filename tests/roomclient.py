"""A small client of the rooms' HTTP and WebSocket interface for the tests, as a page uses it:
make a room, read the join links, act for a seat, follow the room live, play random legal moves
(taken from what the server offers)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.webserver import request

ROOT = Path(__file__).resolve().parents[1]


class RoomClient:
    """One room seen through its links: the creator's token, then every seat's."""

    def __init__(self, base: str, room: str, creator: str) -> None:
        self.base = base
        self.room = room
        self.creator = creator
        status, links, _ = self.call("GET", "links", creator)
        assert status == 200, links
        self.seats = {s["colour"]: s["link"].split("#", 1)[1] for s in links["seats"]}
        self.spectator = links["spectator"]["link"].split("#", 1)[1]
        self.links = links

    @classmethod
    def make(cls, base: str, **choices: Any) -> RoomClient:
        status, made, _ = request(base, "/api/rooms", {"players": "yellow,red", "seed": 7,
                                                       **choices})
        assert status == 201, made
        return cls(base, made["room"], made["token"])

    def call(self, method: str, what: str, token: str | None, body: Any = None
             ) -> tuple[int, Any, dict[str, str]]:
        path = f"/api/rooms/{self.room}" + (f"/{what}" if what else "")
        headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
        if method == "GET":
            return request(self.base, path, headers=headers)
        return request(self.base, path, body, headers=headers)

    def state(self, token: str | None = None) -> dict[str, Any]:
        status, data, _ = self.call("GET", "", token or self.spectator)
        assert status == 200, data
        return data["room"]

    def act(self, colour: str, body: dict[str, Any]) -> tuple[int, Any]:
        status, data, _ = self.call("POST", "act", self.seats[colour], body)
        return status, data

    def to_act(self, room: dict[str, Any]) -> str | None:
        return next((s["colour"] for s in room["seats"] if s["to_act"]), None)

    def random_action(self, room: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        """A legal next action, from what the room offers: a free start hex, a dice step, a
        legal heading."""
        view = room["view"]
        at = room["entries"]
        if view["phase"] == "placing":
            return {"at": at, "action": "place", "hex": rng.choice(view["placing"]["free"]),
                    "heading": view["placing"]["heading"]}
        if room["pending"] is None:
            return {"at": at, "action": "roll", "step": rng.choice(view["steps"])["notation"]}
        legal = [c["turn"] for c in room["pending"]["choices"] if c["legal"]]
        return {"at": at, "action": "move", "turn": rng.choice(legal)}

    def play(self, rng: random.Random, until_race: str = "B", limit: int = 2000
             ) -> dict[str, Any]:
        """Random legal actions by the seats to act until race ``until_race`` begins."""
        room = self.state()
        for _ in range(limit):
            if room["view"]["phase"] == "over" or room["view"].get("race_name") == until_race:
                return room
            colour = self.to_act(room)
            assert colour is not None
            status, room = self.act(colour, self.random_action(room, rng))
            assert status == 200, room
        raise AssertionError("the race did not end")


def socket_url(base: str, room: str) -> str:
    return base.replace("http://", "ws://") + f"/api/rooms/{room}/live"


@contextmanager
def live(base: str, room: str, token: str, seen: int = -1) -> Iterator[Any]:
    """A live connection to the room, its hello read; yields the connection."""
    from websockets.sync.client import connect

    with connect(socket_url(base, room), proxy=None, open_timeout=10) as ws:
        ws.send(json.dumps({"token": token, "seen": seen}))
        hello = json.loads(ws.recv(10))
        assert hello["type"] == "hello", hello
        yield ws


def next_room(ws: Any, timeout: float = 5.0) -> dict[str, Any]:
    """The next room message on a live connection."""
    data = json.loads(ws.recv(timeout))
    assert data["type"] == "room", data
    return data


class Served:
    """A ``serve`` process: its base URL and everything it has written to stderr."""

    def __init__(self, proc: subprocess.Popen[str], base: str) -> None:
        self.proc = proc
        self.base = base
        self.output: list[str] = []
        assert proc.stderr is not None
        self._drain = threading.Thread(target=self._read, args=(proc.stderr,), daemon=True)
        self._drain.start()

    def _read(self, stream: Any) -> None:
        for line in stream:
            self.output.append(line)

    def alive(self) -> bool:
        return self.proc.poll() is None


@contextmanager
def serve_process(*args: str, port: int = 0) -> Iterator[Served]:
    """``course-builder serve --port PORT ARGS`` in a process of its own (stopped afterwards)."""
    proc = subprocess.Popen([sys.executable, "-m", "course_builder", "serve", "--port",
                             str(port), *args], stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        assert "http://127.0.0.1:" in line, line + proc.stderr.read()
        base = line.split()[3].rstrip("/")
        served = Served(proc, base)
        deadline = time.monotonic() + 30
        while True:
            try:
                request(base, "/rooms")
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, served.output
                time.sleep(0.05)
        yield served
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
