"""Rate limits per client address: a token bucket each, refilled at ``rate`` requests a second
up to ``burst``. A request (or a WebSocket message) over the limit is refused with 429 and one
line; nothing else is done for it.

The client is the address the connection comes from. Behind a reverse proxy every client would
be the proxy, so the rooms are meant to be served directly (on the local network).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

from course_builder.core.jsonwrite import wire_text

BURST_SECONDS = 3.0
"""The bucket holds this many seconds' worth of requests: a page may send a quick few."""
MAX_CLIENTS = 50_000
"""Buckets kept; beyond this the full ones (idle clients) are dropped."""


class RateLimiter:
    """A token bucket per key; ``rate`` 0 lets everything through."""

    def __init__(self, rate: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = max(rate * BURST_SECONDS, 1.0)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str, cost: float = 1.0) -> bool:
        if self.rate <= 0:
            return True
        now = self.clock()
        with self._lock:
            tokens, then = self._buckets.get(key, (self.burst, now))
            tokens = min(self.burst, tokens + (now - then) * self.rate)
            if tokens < cost:
                self._buckets[key] = (tokens, now)
                return False
            self._buckets[key] = (tokens - cost, now)
            if len(self._buckets) > MAX_CLIENTS:
                self._prune(now)
            return True

    def _prune(self, now: float) -> None:
        full = [k for k, (t, then) in self._buckets.items()
                if t + (now - then) * self.rate >= self.burst]
        for key in full:
            del self._buckets[key]

    def message(self) -> str:
        return (f"too many requests: at most {self.rate:g} a second from one address; wait a "
                "moment")


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


class RateLimit:
    """ASGI middleware: requests (and WebSocket connections) to paths under ``prefix`` count
    against their client's bucket."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter, prefix: str = "/api/rooms") -> None:
        self.app = app
        self.limiter = limiter
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (scope["type"] not in ("http", "websocket") or not scope["path"].startswith(self.prefix)
                or self.limiter.allow(client_of(scope))):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4429,
                        "reason": "too many requests"})
            return
        body = wire_text({"error": self.limiter.message()}).encode()
        await send({"type": "http.response.start", "status": 429,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode()),
                                (b"retry-after", b"1")]})
        await send({"type": "http.response.body", "body": body})
