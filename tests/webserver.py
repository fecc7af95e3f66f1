"""The web app served by uvicorn on a free local port for the tests, and a small JSON client.

The server runs in a thread of the test process and is stopped after the tests that use it; it
listens on 127.0.0.1 only.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def running_server(app: Any = None, **config: Any) -> Iterator[str]:
    """The app (by default the page's, without rooms) on a free port of 127.0.0.1; yields its
    base URL. ``config``: more of uvicorn's settings."""
    import uvicorn

    from course_builder.web.app import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # as serve's
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app or create_app(),
                                           **{"log_level": "warning", **config}))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def request(base: str, path: str, body: Any = None, *, raw: bytes | None = None,
            content_type: str = "application/json", headers: dict[str, str] | None = None
            ) -> tuple[int, Any, dict[str, str]]:
    """POST ``body`` as JSON (or ``raw`` bytes) to ``path``, or GET it without either:
    (status, JSON answer or bytes, headers)."""
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method="POST" if data is not None
                                 else "GET", headers={"Content-Type": content_type,
                                                      **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            status, payload, head = response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as exc:
        status, payload, head = exc.code, exc.read(), dict(exc.headers)
    if head.get("content-type", "").startswith("application/json"):
        return status, json.loads(payload), head
    return status, payload, head
