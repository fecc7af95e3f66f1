"""The ASGI app behind ``course-builder serve``: the page, its script, and one JSON endpoint per
action of :mod:`.actions`.

Robust as a server, small as a tool: request bodies are JSON (``application/json``, which other
web sites cannot send here without asking first) of at most :data:`MAX_BODY` bytes; a request the
rules refuse gets a 4xx with the same one-line reason the command line prints; an internal error
a 500 that says so; the work runs off the event loop; nothing is kept between requests and
nothing is written to disk (the sheet and the record are downloads). Only the Host names given
are served, so a web page elsewhere cannot reach the server through a DNS trick.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonread import JsonError, parse, shown
from course_builder.powerboats.play.kernel import IllegalMove
from course_builder.web import actions
from course_builder.web.rooms.database import open_store
from course_builder.web.rooms.limits import RateLimit
from course_builder.web.rooms.routes import RoomsApp, RoomsConfig
from course_builder.web.rooms.service import Refusal
from course_builder.web.rooms.store import StoreError

MAX_BODY = 512 * 1024
"""Bytes a request body may have: a long game record is a few tens of kilobytes."""

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes with 413, by the declared length or, for a
    body sent in chunks, as soon as it grows past the limit."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > self.limit:
            await _too_large(self.limit)(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise TooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except TooLarge:
            await _too_large(self.limit)(scope, receive, send)


class TooLarge(Exception):
    """A chunked body grew past the limit."""


def _too_large(limit: int) -> Response:
    return JSONResponse({"error": f"request too large: at most {limit // 1024} KiB"}, 413)


# ------------------------------------------------------------------------------------------------
# endpoints
# ------------------------------------------------------------------------------------------------


async def _json_body(request: Request) -> dict[str, Any]:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise HTTPError(415, "send JSON (Content-Type: application/json)")
    body = await request.body()
    try:
        data = parse(body.decode("utf-8"), "request body").data
    except UnicodeDecodeError as exc:
        raise HTTPError(400, f"request body: not UTF-8 text (byte {exc.start + 1})") from None
    except JsonError as exc:
        raise HTTPError(400, str(exc)) from None
    if not isinstance(data, dict):
        raise HTTPError(400, f"request body: expected a JSON object, got {shown(data)}")
    return data


class HTTPError(Exception):
    """A request refused before it reaches the rules (wrong content type, not JSON)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


Endpoint = Callable[[Request], Awaitable[Response]]


def api(work: Callable[[dict[str, Any]], Any]) -> Endpoint:
    """A POST endpoint running ``work`` on the request's JSON in a worker thread."""

    async def endpoint(request: Request) -> Response:
        data = await _json_body(request)
        result = await run_in_threadpool(work, data)
        return JSONResponse(result)

    endpoint.__doc__ = work.__doc__
    return endpoint


async def sheet(request: Request) -> Response:
    data = await _json_body(request)
    pdf, name = await run_in_threadpool(actions.sheet, data)
    return Response(pdf, media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def index(request: Request) -> Response:
    page = files("course_builder.web").joinpath("static/index.html").read_text("utf-8")
    return HTMLResponse(page, headers={"Cache-Control": "no-store"})


async def _refused(request: Request, exc: Exception) -> Response:
    if isinstance(exc, HTTPError):
        return JSONResponse({"error": str(exc)}, exc.status)
    if isinstance(exc, IllegalMove):
        return JSONResponse({"error": f"illegal: {exc}", "legal": list(exc.legal)}, 422)
    one_line = " ".join(str(exc).splitlines())
    return JSONResponse({"error": one_line}, 400)


async def _internal(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": f"internal error: {type(exc).__name__}: {exc} (please report "
                                  "it)"}, 500)


ACTIONS = {
    "open": actions.open_text, "state": actions.open_state, "course": actions.new_course,
    "course-file": actions.course_file, "game": actions.new_game, "map": actions.board_map,
    "place": actions.place, "setup": actions.setup_ruling, "edit": actions.edit,
    "headings": actions.headings, "move": actions.move,
}
"""``POST /api/NAME`` for each action."""


def create_app(hosts: Sequence[str] = LOCAL_HOSTS, rooms: RoomsConfig | None = None
               ) -> Starlette:
    """The app; ``hosts`` are the Host names it answers to (``*`` for any); with ``rooms``, the
    shared game rooms too (:mod:`.rooms`)."""
    routes = [Route("/", index),
              Route("/api/sheet", sheet, methods=["POST"]),
              *(Route(f"/api/{name}", api(work), methods=["POST"])
                for name, work in ACTIONS.items()),
              Mount("/static", StaticFiles(packages=[("course_builder.web", "static")]))]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)),
                  Middleware(BodyLimit)]
    lifespan = None
    if rooms is not None:
        shared = RoomsApp(rooms)
        routes[1:1] = [Route("/rooms", rooms_page), Route("/room/{room}", rooms_page),
                       *shared.routes()]
        middleware.append(Middleware(RateLimit, limiter=shared.limiter))
        lifespan = _lifespan(shared)
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan, exception_handlers={
        CourseBuilderError: _refused, HTTPError: _refused, Refusal: _room_refused,
        StoreError: _unavailable, Exception: _internal})


def rooms_config(data: str | None, database: str | None, expiry: float, rate: float
                 ) -> RoomsConfig:
    """The rooms ``serve`` keeps: in PostgreSQL at the ``database`` URL, else in SQLite in the
    folder ``data``, migrated to the latest schema; rooms expire after ``expiry`` seconds without
    a change; ``rate`` requests a second per client address."""
    return RoomsConfig(open_store(data, database), expiry=expiry, rate=rate)


def _lifespan(shared: RoomsApp) -> Callable[[Starlette], Any]:
    def lifespan(app: Starlette) -> Any:
        return shared.lifespan()

    return lifespan


async def rooms_page(request: Request) -> Response:
    """The rooms' page: making a room (``/rooms``) and a room (``/room/ID#TOKEN``)."""
    page = files("course_builder.web").joinpath("static/rooms.html").read_text("utf-8")
    return HTMLResponse(page, headers={"Cache-Control": "no-store",
                                       "Referrer-Policy": "no-referrer"})


async def _room_refused(request: Request, exc: Exception) -> Response:
    status = exc.status if isinstance(exc, Refusal) else 400
    return JSONResponse({"error": " ".join(str(exc).split())}, status)


async def _unavailable(request: Request, exc: Exception) -> Response:
    return JSONResponse({"error": " ".join(str(exc).split())[:300]}, 503)
