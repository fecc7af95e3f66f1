"""``course-builder serve``: the local web page and the shared game rooms
(:mod:`course_builder.web`).

Bound to 127.0.0.1 unless ``--host`` says otherwise, so only this computer can reach it. The web
stack is imported when the command runs, not when the program starts.
"""

from __future__ import annotations

import re
from typing import Any

import click

from course_builder.cli.options import FiniteFloat

_DURATION = re.compile(r"(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>[smhd]?)")
_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


class DurationType(click.ParamType):
    """A time span: ``90s``, ``30m``, ``12h``, ``14d`` (a bare number: seconds)."""

    name = "duration"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> float:
        if isinstance(value, int | float):
            return float(value)
        m = _DURATION.fullmatch(str(value).strip().lower())
        seconds = float(m.group("n")) * _UNITS[m.group("unit")] if m else 0.0
        if seconds <= 0:
            self.fail(f"{value!r} is not a time span (e.g. 90s, 30m, 12h, 14d)", param, ctx)
        return seconds


def _host(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """``--host``: an address or name; an empty one is refused (the socket would listen on every
    address while the page's link names none)."""
    if not value.strip():
        raise click.BadParameter("give an address, e.g. 127.0.0.1 or 0.0.0.0 (every address)")
    return value.strip()


@click.command("serve")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="TCP port (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True, callback=_host,
              help="Address to listen on; 0.0.0.0 lets other computers and phones on the network "
                   "in (to play in a room together).")
@click.option("--data", "data", metavar="DIR", default=None,
              help="Folder where the rooms are kept (SQLite, rooms.sqlite3; created if missing). "
                   "Default: $XDG_DATA_HOME/course-builder, i.e. ~/.local/share/course-builder.")
@click.option("--database", metavar="URL", default=None,
              help="Keep the rooms in PostgreSQL instead (postgresql://USER@HOST/DB), so that "
                   "several server processes share rooms and each other's moves.")
@click.option("--room-expiry", type=DurationType(), default="14d", show_default=True,
              help="Delete a room after this long without a move (90s, 30m, 12h, 14d).")
@click.option("--rate-limit", type=FiniteFloat(0), default=20.0, show_default=True,
              metavar="N", help="Requests a second one address may make to the rooms (0: no "
                                "limit).")
def serve(port: int, host: str, data: str | None, database: str | None, room_expiry: float,
          rate_limit: float) -> None:
    """Serve the web page: see a course, place boats, ask for a ruling, follow and record a
    game. Open the address it prints in a browser; Ctrl-C stops it.

    It serves the shared game rooms too (/rooms), where each player moves their own boat from
    their own phone or computer, kept in a database so that a game outlives the server."""
    import uvicorn

    from course_builder.web.app import LOCAL_HOSTS, create_app, rooms_config

    local = host in ("127.0.0.1", "localhost", "::1")
    sock = _listen(host, port)
    try:
        rooms = rooms_config(data, database, room_expiry, rate_limit)
    except Exception:
        sock.close()
        raise
    store = rooms.store
    app = create_app(LOCAL_HOSTS if local else ("*",), rooms)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"course-builder web page: http://{shown}:{bound}/  rooms: http://{shown}:{bound}"
               "/rooms  (Ctrl-C stops it)", err=True)
    if host in ("0.0.0.0", "::"):
        for address in _network_addresses():
            click.echo(f"  from other devices: http://{address}:{bound}/rooms", err=True)
    click.echo(f"rooms kept in {getattr(store, 'path', None) or 'the PostgreSQL database'}",
               err=True)
    # no per-message compression on the live connections: a room's message is a few kilobytes
    # on a local network, and compressing it for every page costs the server more than it saves
    config = uvicorn.Config(app, log_level="warning", access_log=False, limit_concurrency=4096,
                            ws_max_size=64 * 1024, ws_per_message_deflate=False,
                            timeout_graceful_shutdown=3)
    uvicorn.Server(config).run(sockets=[sock])


def _listen(host: str, port: int) -> Any:
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, so that asyncio turns Nagle's algorithm off on each connection (it does
    # so only for sockets that say they are TCP): else a response sent as headers, then body,
    # waits for the client's delayed ACK, 40 ms a request
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise click.ClickException(f"cannot listen on {host}:{port}: "
                                   f"{exc.strerror or exc}") from None
    return sock


def _network_addresses() -> list[str]:
    """This computer's address on the local network (the one its default route uses), for the
    links phones open; none if it has no network."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the route
        return [probe.getsockname()[0]]
    except OSError:
        return []
    finally:
        probe.close()
