"""Rooms under load, as JSON: many rooms played at once by scripted players through the real HTTP
and WebSocket interface of a ``course-builder serve`` process, which is killed mid-run and
started again.

Run: python benchmarks/rooms.py [--rooms 200] [--boats 4] [--think 3] [-o benchmarks/rooms-result.json]
On PostgreSQL: ``--database postgresql://USER@/DB?host=SOCKET_DIR -o
benchmarks/rooms-postgresql-result.json`` (the rooms are made in that database).

* ``--rooms`` rooms, each a ``--boats``-boat race A to its end. Every seat is a client of its own
  (its own loopback address, so each has its own rate limit, as phones would): a live
  connection, and HTTP requests for its actions. On its turn a seat waits (``--think`` seconds
  on average, as a person would), then places on a free start hex, or picks a dice step, rolls
  and takes a legal heading, always from what the server offers.
* ``p50_ms``, ``p99_ms``: from sending an action that adds an entry (a placement or a move) to
  the moment every client of the room has seen it on its live connection.
* ``rejected_wrong_seat``: now and then a seat whose turn it is not sends the move anyway, with
  its own token; every one of them must be refused (``wrong_seat_sent``).
* ``after_kill``: once ``--kill-after`` of the expected entries are acknowledged, the server is
  killed (SIGKILL) and started again on the same data; the clients reconnect and carry on.
  ``lost_moves`` counts acknowledged entries missing from the rooms' records at the end (each
  record line checked at its number); every room must still reach the end of its race.

Targets: ``p99_ms`` < 100 and ``lost_moves`` == 0. The load average is printed beside the times
(the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from report import publish  # benchmarks/report.py: run as a script, its folder is on the path

ROOT = Path(__file__).resolve().parents[1]
COLOURS = ("yellow", "red", "orange", "purple", "black", "green")
TARGET_P99_MS = 100.0
RESTART_WINDOW = 30.0
"""Seconds after the restart whose moves ``p99_ms_outside_the_restart`` leaves out (every page
reconnects, every room is read again): a figure to read beside ``p99_ms``, which counts all."""
_TO_ACT = re.compile(r'"colour":"(\w+)","name":"","bot":null,"to_act":true')
_HEAD = re.compile(r'"version":(\d+),"entries":(\d+)')


# ------------------------------------------------------------------------------------------------
# a small HTTP/1.1 client (keep-alive, one connection per seat, from the seat's own address)
# ------------------------------------------------------------------------------------------------


class Http:
    def __init__(self, port: int, address: str) -> None:
        self.port = port
        self.address = address
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, token: str = "", body: Any = None
                      ) -> tuple[int, bytes]:
        """(status, body); raises OSError when the server is gone (the request may or may not
        have been done)."""
        data = b"" if body is None else json.dumps(body).encode()
        head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                f"Content-Length: {len(data)}\r\nContent-Type: application/json\r\n"
                + (f"Authorization: Bearer {token}\r\n" if token else "") + "\r\n")
        if self._streams is not None and self._streams[0].at_eof():
            self.close()  # the server closed it while idle (its keep-alive timeout): a new one
        try:
            if self._streams is None:
                self._streams = await asyncio.open_connection("127.0.0.1", self.port,
                                                              local_addr=(self.address, 0))
            reader, writer = self._streams
            writer.write(head.encode() + data)
            status_line = await reader.readline()
            if not status_line:
                raise ConnectionResetError("closed")
            length, close = 0, False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
                elif name.lower() == "connection" and "close" in value.lower():
                    close = True
            payload = await reader.readexactly(length)
        except (OSError, asyncio.IncompleteReadError) as exc:
            self.close()
            raise ConnectionResetError(str(exc)) from None
        if close:
            self.close()
        return int(status_line.split()[1]), payload

    def close(self) -> None:
        if self._streams is not None:
            self._streams[1].close()
            self._streams = None


# ------------------------------------------------------------------------------------------------
# the players
# ------------------------------------------------------------------------------------------------


@dataclass
class Room:
    id: str
    tokens: dict[str, str]
    clients: int
    seen: dict[int, list[float]] = field(default_factory=dict)
    """Entry count -> the times clients first saw it."""
    sent: dict[int, float] = field(default_factory=dict)
    """Entry count an action should reach -> when it was sent."""
    acknowledged: dict[int, str] = field(default_factory=dict)
    """Entry number -> its record line, as the server's answer gave it."""
    done: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Run:
    port: int
    think: float
    rng: random.Random
    latencies: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)
    """When each timed action was sent (beside :attr:`latencies`)."""
    restarted_at: float = 0.0
    acknowledged: int = 0
    wrong_sent: int = 0
    wrong_refused: int = 0
    failed_requests: int = 0
    server_up: asyncio.Event = field(default_factory=asyncio.Event)


def address(k: int) -> str:
    return f"127.{1 + k // 62500}.{(k // 250) % 250}.{k % 250 + 1}"


class Seat:
    """One seat's client: its live connection, and its actions when it is its turn."""

    def __init__(self, run: Run, room: Room, colour: str, k: int) -> None:
        self.run = run
        self.room = room
        self.colour = colour
        self.address = address(k)
        self.http = Http(run.port, self.address)
        self.version = -1
        self.entries = -1
        self.acting = False
        self.state: dict[str, Any] | None = None
        self.tasks: set[asyncio.Future[None]] = set()

    async def play(self) -> None:
        import websockets

        url = f"ws://127.0.0.1:{self.run.port}/api/rooms/{self.room.id}/live"
        while not self.room.done.is_set():
            await self.run.server_up.wait()
            try:
                async with websockets.connect(url, proxy=None, compression=None,
                                              local_addr=(self.address, 0), max_size=2**22,
                                              open_timeout=30) as ws:
                    await ws.send(json.dumps({"token": self.room.tokens[self.colour],
                                              "seen": self.version}))
                    async for message in ws:
                        self.receive(str(message))
                        if self.room.done.is_set():
                            break
            except (OSError, TimeoutError, websockets.ConnectionClosed,
                    websockets.InvalidHandshake):
                await asyncio.sleep(0.2)
        self.http.close()

    def receive(self, message: str) -> None:
        head = _HEAD.search(message, 0, 200)
        if head is None:
            return  # the hello
        version, entries = int(head.group(1)), int(head.group(2))
        if version <= self.version:
            return
        self.version = version
        now = time.perf_counter()
        for n in range(max(self.entries, 0) + 1, entries + 1):
            self.room.seen.setdefault(n, []).append(now)
            self._measured(n)
        self.entries = max(self.entries, entries)
        if '"race_name":"A"' not in message:
            self.room.done.set()
            return
        mine = _TO_ACT.search(message)
        if mine and mine.group(1) == self.colour:
            self.state = json.loads(message)
            if not self.acting:
                self.acting = True
                self._keep(asyncio.ensure_future(self.act()))
        elif self.run.rng.random() < 0.02:
            self._keep(asyncio.ensure_future(self.out_of_turn(entries)))

    def _keep(self, task: asyncio.Future[None]) -> None:
        """Hold the task until it is done (the event loop keeps only weak references)."""
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Future[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            print(f"rooms.py: a player's task failed: {task.exception()!r}", file=sys.stderr)

    def _measured(self, n: int) -> None:
        seen = self.room.seen[n]
        if len(seen) == self.room.clients and n in self.room.sent:
            sent = self.room.sent.pop(n)
            self.run.latencies.append(max(seen) - sent)
            self.run.sent_at.append(sent)

    async def act(self) -> None:
        """Act until it is no longer this seat's turn (a roll, then a heading)."""
        try:
            while self.state is not None and not self.room.done.is_set():
                state = self.state
                await asyncio.sleep(self.run.think * self.run.rng.uniform(0.5, 1.5)
                                    * (0.3 if state["pending"] else 1.0))
                if state is not self.state:
                    continue  # it changed while thinking (caught up after a restart)
                action = choose(state, self.run.rng)
                adds = action["action"] != "roll"
                if adds:
                    self.room.sent[state["entries"] + 1] = time.perf_counter()
                try:
                    status, body = await self.http.request(
                        "POST", f"/api/rooms/{self.room.id}/act", self.room.tokens[self.colour],
                        action)
                except ConnectionResetError:
                    self.run.failed_requests += 1
                    self.room.sent.pop(state["entries"] + 1, None)
                    await self.run.server_up.wait()
                    self.state = await self.fresh()
                    continue
                if status != 200:
                    self.room.sent.pop(state["entries"] + 1, None)
                    self.state = await self.fresh()
                    continue
                after = json.loads(body)
                if adds:
                    self.run.acknowledged += 1
                    self.room.acknowledged[after["entries"]] = after["log"][-1].split(" ", 1)[1]
                mine = next((s for s in after["seats"] if s["to_act"]), None)
                self.state = after if mine and mine["colour"] == self.colour and \
                    after["view"].get("race_name") == "A" else None
        finally:
            self.acting = False

    async def fresh(self) -> dict[str, Any] | None:
        """The room as it is now, if it is still this seat's turn."""
        for _ in range(100):
            try:
                status, body = await self.http.request("GET", f"/api/rooms/{self.room.id}",
                                                       self.room.tokens[self.colour])
            except ConnectionResetError:
                await asyncio.sleep(0.2)
                await self.run.server_up.wait()
                continue
            if status == 200:
                room = json.loads(body)["room"]
                mine = next((s for s in room["seats"] if s["to_act"]), None)
                ours = mine is not None and mine["colour"] == self.colour
                return room if ours and room["view"].get("race_name") == "A" else None
            await asyncio.sleep(0.2)
        return None

    async def out_of_turn(self, entries: int) -> None:
        """A move sent by a seat whose turn it is not: it must be refused."""
        action = {"at": entries, "action": "roll", "step": "+"}
        http = Http(self.run.port, self.address)
        try:
            status, _ = await http.request("POST", f"/api/rooms/{self.room.id}/act",
                                           self.room.tokens[self.colour], action)
        except ConnectionResetError:
            return
        finally:
            http.close()
        self.run.wrong_sent += 1
        self.run.wrong_refused += status in (403, 409)


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action from what the server offers."""
    view, at = state["view"], state["entries"]
    if view["phase"] == "placing":
        return {"at": at, "action": "place", "hex": rng.choice(view["placing"]["free"]),
                "heading": view["placing"]["heading"]}
    if state["pending"] is None:
        return {"at": at, "action": "roll", "step": rng.choice(view["steps"])["notation"]}
    return {"at": at, "action": "move", "turn": rng.choice(
        [c["turn"] for c in state["pending"]["choices"] if c["legal"]])}


# ------------------------------------------------------------------------------------------------
# the server
# ------------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, store: list[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "course_builder", "serve", "--port",
                             str(port), *store], cwd=ROOT, stderr=subprocess.DEVNULL)


async def wait_up(port: int) -> float:
    began = time.perf_counter()
    while True:
        try:
            status, _ = await Http(port, "127.0.0.1").request("GET", "/rooms")
            if status == 200:
                return time.perf_counter() - began
        except OSError:
            pass
        await asyncio.sleep(0.05)


async def make_rooms(run: Run, count: int, boats: int) -> list[Room]:
    async def one(k: int) -> Room:
        http = Http(run.port, address(10**5 + k))
        status, body = await http.request("POST", "/api/rooms", body={
            "players": ",".join(COLOURS[:boats]), "seed": k % 20})
        assert status == 201, body
        made = json.loads(body)
        status, links = await http.request("GET", f"/api/rooms/{made['room']}/links",
                                           made["token"])
        http.close()
        tokens = {s["colour"]: s["link"].split("#")[1] for s in json.loads(links)["seats"]}
        return Room(made["room"], tokens, boats)

    rooms = []
    for start in range(0, count, 20):  # 20 at a time: making a room builds its courses
        rooms += await asyncio.gather(*(one(k) for k in range(start, min(count, start + 20))))
    return rooms


async def killer(run: Run, rooms: list[Room], proc_box: list[subprocess.Popen[bytes]],
                 store: list[str], after: int, report: dict[str, Any]) -> None:
    """SIGKILL the server once ``after`` entries are acknowledged, and start it again."""
    while run.acknowledged < after:
        await asyncio.sleep(0.05)
    acknowledged = run.acknowledged
    run.server_up.clear()
    report["server_cpu_before_kill"] = cpu_seconds(proc_box[0].pid)
    for room in rooms:  # what was sent before the kill is not timed: it waits for the restart
        room.sent.clear()
    proc_box[0].send_signal(signal.SIGKILL)
    proc_box[0].wait()
    killed = time.perf_counter()
    proc_box[0] = start_server(run.port, store)
    await wait_up(run.port)
    run.restarted_at = time.perf_counter()
    report.update(killed_after_acknowledged=acknowledged,
                  restart_seconds=round(time.perf_counter() - killed, 2))
    run.server_up.set()


async def check_records(run: Run, rooms: list[Room]) -> tuple[int, int]:
    """(acknowledged entries missing from the records, rooms whose race A is over)."""
    lost = finished = 0
    for k, room in enumerate(rooms):
        http = Http(run.port, address(10**5 + k))  # the room maker's address: its own limit
        status, body = await http.request("GET", f"/api/rooms/{room.id}/record",
                                          room.tokens[COLOURS[0]])
        http.close()
        assert status == 200, body
        text = body.decode()
        lines = [ln for ln in text.splitlines()
                 if ln.startswith("place ") or ln[:1].isdigit()]
        lost += sum(1 for n, line in room.acknowledged.items()
                    if n > len(lines) or lines[n - 1] != line)
        finished += "result A:" in text
    return lost, finished


def cpu_seconds(pid: int) -> float:
    """User and system CPU a process has used so far (Linux: /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="rooms-bench-")
    store = ["--database", args.database] if args.database else ["--data", folder]
    proc_box = [start_server(port, store)]
    run = Run(port, args.think, random.Random(args.seed))
    try:
        await wait_up(port)
        run.server_up.set()
        rooms = await make_rooms(run, args.rooms, args.boats)
        load_before = os.getloadavg()
        expected = args.rooms * (args.boats + 40)
        kill_report: dict[str, Any] = {}
        kill = asyncio.ensure_future(killer(run, rooms, proc_box, store,
                                            int(expected * args.kill_after), kill_report))
        began = time.perf_counter()
        seats = [Seat(run, room, colour, k * args.boats + j)
                 for k, room in enumerate(rooms) for j, colour in enumerate(room.tokens)]
        await asyncio.wait_for(asyncio.gather(*(s.play() for s in seats)), args.timeout)
        seconds = time.perf_counter() - began
        load_after = os.getloadavg()
        server_cpu = cpu_seconds(proc_box[0].pid) + kill_report.pop("server_cpu_before_kill", 0)
        lost, finished = await check_records(run, rooms)
        if not kill.done():
            kill.cancel()
    finally:
        for proc in proc_box:
            proc.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
            if proc.poll() is None:
                proc.kill()
    lat = sorted(run.latencies)
    settled = sorted(t for t, at in zip(run.latencies, run.sent_at, strict=True)
                     if not run.restarted_at <= at < run.restarted_at + RESTART_WINDOW)
    p50 = statistics.median(lat) * 1000
    p99 = _percentile(lat, 0.99) * 1000
    return {
        "benchmark": "rooms played at once through HTTP and WebSocket, server killed mid-run",
        "python": ".".join(map(str, sys.version_info[:3])),
        "store": "postgresql" if args.database else "sqlite",
        "rooms": args.rooms, "boats": args.boats, "think_seconds": args.think,
        "moves": run.acknowledged, "measured_moves": len(lat), "seconds": round(seconds, 1),
        "moves_per_second": round(run.acknowledged / seconds, 1),
        "p50_ms": round(p50, 1), "p99_ms": round(p99, 1),
        "max_ms": round(lat[-1] * 1000, 1),
        "p99_ms_outside_the_restart": round(_percentile(settled, 0.99) * 1000, 1),
        "server_cpu_seconds": round(server_cpu, 1),
        "server_cpu_ms_per_move": round(server_cpu / max(run.acknowledged, 1) * 1000, 2),
        "lost_moves": lost,
        "wrong_seat_sent": run.wrong_sent, "rejected_wrong_seat": run.wrong_refused,
        "after_kill": {**kill_report, "requests_cut_off": run.failed_requests,
                       "rooms_finished": finished, "every_room_playable": finished == args.rooms,
                       "acknowledged_moves_lost": lost},
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "cpus": os.cpu_count(),
        "targets": {"p99_ms": f"< {TARGET_P99_MS:g}", "lost_moves": "0",
                    "rejected_wrong_seat": "= wrong_seat_sent"},
        "meets_targets": p99 < TARGET_P99_MS and lost == 0
        and run.wrong_refused == run.wrong_sent and finished == args.rooms,
    }


def _percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--boats", type=int, default=4)
    parser.add_argument("--think", type=float, default=3.0,
                        help="mean seconds a player waits before acting")
    parser.add_argument("--kill-after", type=float, default=0.4,
                        help="share of the expected entries acknowledged before the kill")
    parser.add_argument("--database", help="a PostgreSQL URL instead of a SQLite folder")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=1800)
    parser.add_argument("-o", "--output")
    args = parser.parse_args()
    publish(asyncio.run(main_async(args)), args.output)


if __name__ == "__main__":
    main()
