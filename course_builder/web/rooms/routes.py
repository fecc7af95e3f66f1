"""The rooms' HTTP and WebSocket interface (docs/web.md, "Rooms"), on the rooms service.

Every request but the one making a room carries one of the room's tokens in an
``Authorization: Bearer`` header (a WebSocket: in its first message); paths carry only the
room's id, so nothing secret is in a request line or an access log. Bodies are JSON objects
(``Content-Type: application/json``) of at most :data:`ACT_BODY` bytes (a room made from a
record: the page's 512 KiB). The service's work runs in worker threads; what a change shows is
pushed to the room's open pages from the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonread import JsonError, cut, parse
from course_builder.core.jsonwrite import wire_text
from course_builder.core.values import Mutable
from course_builder.powerboats.play.kernel import IllegalMove
from course_builder.web.rooms.botprocess import BotProcess
from course_builder.web.rooms.limits import RateLimiter, client_of
from course_builder.web.rooms.links import room_links
from course_builder.web.rooms.live import Hub, Subscriber
from course_builder.web.rooms.messages import seats_json
from course_builder.web.rooms.service import BOT_PAUSE, Refusal, Rooms
from course_builder.web.rooms.store import RoomStore, StoreError

ACT_BODY = 4096
"""Bytes an action's body may have."""
HELLO_SECONDS = 10.0
"""A WebSocket must name its token this soon after opening."""
SWEEP_SECONDS = 600.0
"""How often expired rooms are deleted."""
MAX_SOCKET_MESSAGE = 1024

WORKERS = 4
"""Threads doing the rooms' requests: the rules and the commits (a commit waits for the disk,
so a few overlap), few enough that they do not fight the event loop for the interpreter."""
BOT_WORKERS = 2
"""Threads for bots and other processes' changes (a strong bot may think for seconds)."""

log = logging.getLogger("course_builder.rooms")
T = TypeVar("T")


class RoomsConfig(Mutable):
    """What ``serve`` gives the rooms: the store, the inactivity after which a room expires
    (seconds), requests a second per client address (0: no limit), and the bots' pause."""

    store: RoomStore
    expiry: float = 14 * 86400.0
    rate: float = 20.0
    bot_pause: float = BOT_PAUSE
    bot_process: bool = True
    """Bots think in a process of their own (:mod:`.botprocess`); False: in the server's."""


class RoomsApp:
    """The rooms' endpoints, their service and the pages open in this process."""

    def __init__(self, config: RoomsConfig) -> None:
        self.config = config
        self.hub = Hub()
        self.limiter = RateLimiter(config.rate)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.workers = ThreadPoolExecutor(WORKERS, thread_name_prefix="rooms")
        self.background = ThreadPoolExecutor(BOT_WORKERS, thread_name_prefix="rooms-bots")
        self.bots = BotProcess() if config.bot_process else None
        self.rooms = Rooms(config.store, config.expiry, publish=self._publish,
                           schedule=self._schedule, watched=self.hub.watched,
                           bot_pause=config.bot_pause, think=self.bots)

    # -- the service's callbacks, from any thread ------------------------------------------

    def _publish(self, room_id: str, version: int, message: str) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.hub.publish, room_id, message, version)

    def _schedule(self, delay: float, work: Callable[[], None]) -> None:
        loop = self.loop
        if loop is None:
            return

        def start() -> None:
            loop.call_later(delay, lambda: self._in_thread(work))

        loop.call_soon_threadsafe(start)

    def _in_thread(self, work: Callable[[], None]) -> None:
        """Run ``work`` in a worker thread, unless the server is stopping (its store closed)."""
        loop = self.loop
        if loop is None:
            return

        def run() -> None:
            if self.loop is None:
                return
            try:
                work()
            except Exception:
                if self.loop is not None:
                    log.exception("rooms: background work failed")

        loop.run_in_executor(self.background, run)

    def _remote(self, room_id: str, version: int) -> None:
        """Another process changed a room (from the store's listening thread)."""
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(
                self._in_thread, lambda: self.rooms.remote_change(room_id, version))

    @contextlib.asynccontextmanager
    async def lifespan(self) -> AsyncIterator[None]:
        self.loop = asyncio.get_running_loop()
        self.config.store.on_change(self._remote)
        sweeper = asyncio.create_task(self._sweep())
        try:
            yield
        finally:
            sweeper.cancel()
            await self.hub.close_all()
            self.loop = None
            self.background.shutdown(wait=False, cancel_futures=True)
            if self.bots is not None:
                self.bots.close()
            await self.work(self.config.store.close)
            self.workers.shutdown(wait=False)

    async def _sweep(self) -> None:
        while True:
            with contextlib.suppress(Exception):
                await self.work(self.rooms.sweep)
            await asyncio.sleep(SWEEP_SECONDS)

    async def work(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in one of the rooms' worker threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.workers, functools.partial(fn, *args))

    # -- endpoints ----------------------------------------------------------------------------

    def routes(self) -> list[BaseRoute]:
        return [
            Route("/api/rooms", _answered(self.create), methods=["POST"]),
            Route("/api/rooms/{room}", _answered(self.show), methods=["GET"]),
            Route("/api/rooms/{room}/act", _answered(self.act), methods=["POST"]),
            Route("/api/rooms/{room}/seats", _answered(self.seats), methods=["POST"]),
            Route("/api/rooms/{room}/links", _answered(self.links), methods=["GET"]),
            Route("/api/rooms/{room}/record", _answered(self.record), methods=["GET"]),
            WebSocketRoute("/api/rooms/{room}/live", self.live),
        ]

    async def create(self, request: Request) -> Response:
        data = await _body(request, None)
        room_id, token = await self.work(self.rooms.create, data)
        return JSONResponse({"room": room_id, "token": token, "path": f"/room/{room_id}"}, 201)

    async def show(self, request: Request) -> Response:
        opened = await self.work(self.rooms.open, _room(request), _token(request))
        return _json_text(f'{{"you":{wire_text(opened.you())},"room":'
                          f'{opened.live.message()}}}')

    async def act(self, request: Request) -> Response:
        data = await _body(request, ACT_BODY)
        text = await self.work(self.rooms.act, _room(request), _token(request), data)
        return _json_text(text)

    async def seats(self, request: Request) -> Response:
        data = await _body(request, ACT_BODY)
        text = await self.work(self.rooms.set_bot, _room(request), _token(request), data)
        return _json_text(text)

    async def links(self, request: Request) -> Response:
        room_id, token, base = _room(request), _token(request), str(request.base_url)

        def work() -> dict[str, Any]:
            tokens = self.rooms.links(room_id, token)
            live = self.rooms.live(room_id)
            seats = seats_json(live.row, live.game)
            return room_links(base, room_id, tokens, seats)

        return JSONResponse(await self.work(work), headers={"Cache-Control": "no-store"})

    async def record(self, request: Request) -> Response:
        room_id = _room(request)
        text = await self.work(self.rooms.record, room_id, _token(request))
        return Response(text, media_type="text/plain; charset=utf-8", headers={
            "Content-Disposition": f'attachment; filename="powerboats-room-{room_id}.pbr"',
            "Cache-Control": "no-store"})

    async def live(self, socket: WebSocket) -> None:
        """A page's live connection: its token first, then the room after every change."""
        room_id = socket.path_params["room"]
        client = client_of(socket.scope)
        await socket.accept()
        hello = await _hello(socket)
        if hello is None:
            return
        token, seen = hello
        try:
            opened = await self.work(self.rooms.open, room_id, token)
        except Refusal as exc:
            await socket.close(4000 + exc.status, str(exc)[:120])
            return
        except CourseBuilderError as exc:  # the store cannot be reached
            await socket.close(4503, " ".join(str(exc).split())[:120])
            return
        page = Subscriber(socket, client)
        if not self.hub.join(room_id, page):
            await socket.close(4429, "too many open pages from one address")
            return
        writer = asyncio.create_task(page.pump())
        try:
            await socket.send_text(wire_text({"type": "hello", "you": opened.you()}))
            now = self.rooms.live(room_id)
            page.version = seen
            page.offer(now.message(), now.row.version)
            await self._listen(socket, client)
        finally:
            writer.cancel()
            self.hub.leave(room_id, page)

    async def _listen(self, socket: WebSocket, client: str) -> None:
        """Read what the page sends (only ``ping``s are expected) until it goes."""
        while True:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if not self.limiter.allow(client):
                await socket.close(4429, "too many messages")
                return
            if text is None or len(text) > MAX_SOCKET_MESSAGE or text.strip() not in (
                    '{"type":"ping"}', "ping"):
                await socket.close(4400, "only pings are sent on this connection")
                return


# ------------------------------------------------------------------------------------------------
# request helpers
# ------------------------------------------------------------------------------------------------


Endpoint = Callable[[Request], Awaitable[Response]]


def _answered(endpoint: Endpoint) -> Endpoint:
    """The endpoint, its refusals answered where they arise (a 4xx and one line), rather than
    unwound through every middleware to the app's handler: a hostile client's requests cost
    little."""

    async def answer(request: Request) -> Response:
        try:
            return await endpoint(request)
        except Refusal as exc:
            return _refusal(exc.status, str(exc))
        except IllegalMove as exc:
            return JSONResponse({"error": f"illegal: {exc}", "legal": list(exc.legal)}, 422)
        except CourseBuilderError as exc:
            return _refusal(503 if isinstance(exc, StoreError) else 400, str(exc))

    answer.__doc__ = endpoint.__doc__
    return answer


def _refusal(status: int, message: str) -> Response:
    return JSONResponse({"error": " ".join(message.split())[:500]}, status)


def _room(request: Request) -> str:
    return str(request.path_params["room"])


def _token(request: Request) -> str:
    value = request.headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer":
        return ""
    return token.strip()


def _json_text(text: str, status: int = 200) -> Response:
    return Response(text, status, media_type="application/json",
                    headers={"Cache-Control": "no-store"})


async def _body(request: Request, limit: int | None) -> dict[str, Any]:
    """The request's JSON object, refused with one line if it is not JSON, not declared as
    JSON, or longer than ``limit`` bytes."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refusal(415, "send JSON (Content-Type: application/json)")
    body = await request.body()
    if limit is not None and len(body) > limit:
        raise Refusal(413, f"request too large: at most {limit} bytes")
    try:
        data = parse(body.decode("utf-8"), "request body").data
    except UnicodeDecodeError:
        raise Refusal(400, "not valid JSON: the body is not UTF-8 text") from None
    except JsonError as exc:
        raise Refusal(400, cut(" ".join(str(exc).split()), 120)) from None
    if not isinstance(data, dict):
        raise Refusal(400, "expected a JSON object")
    return data


async def _hello(socket: WebSocket) -> tuple[str, int] | None:
    """The first message of a live connection: ``{"token": ..., "seen": VERSION}``; a
    connection that sends anything else (or nothing in time) is closed with the reason."""
    try:
        message = await asyncio.wait_for(socket.receive(), HELLO_SECONDS)
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await socket.close(4408, "send the token first")
        return None
    text = message.get("text")
    try:
        data = parse(text, "message").data if isinstance(text, str) and \
            len(text) <= MAX_SOCKET_MESSAGE else None
    except JsonError:
        data = None
    token = data.get("token") if isinstance(data, dict) else None
    seen = data.get("seen", -1) if isinstance(data, dict) else -1
    if not isinstance(token, str) or type(seen) is not int:
        if message["type"] != "websocket.disconnect":
            await socket.close(4400, 'the first message is {"token": "...", "seen": VERSION}')
        return None
    return token, seen
