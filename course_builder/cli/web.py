"""``course-builder serve``: the local web page (:mod:`course_builder.web`).

Bound to 127.0.0.1 unless ``--host`` says otherwise, so only this computer can reach it. The web
stack is imported when the command runs, not when the program starts.
"""

from __future__ import annotations

import click


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
              help="Address to listen on; 0.0.0.0 lets other computers on the network in.")
def serve(port: int, host: str) -> None:
    """Serve the web page: see a course, place boats, ask for a ruling, follow and record a
    game. Open the address it prints in a browser; Ctrl-C stops it."""
    import socket

    import uvicorn

    from course_builder.web.app import LOCAL_HOSTS, create_app

    local = host in ("127.0.0.1", "localhost", "::1")
    app = create_app(LOCAL_HOSTS if local else ("*",))
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise click.ClickException(f"cannot listen on {host}:{port}: "
                                   f"{exc.strerror or exc}") from None
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"course-builder web page: http://{shown}:{bound}/  (Ctrl-C stops it)", err=True)
    config = uvicorn.Config(app, log_level="warning", limit_concurrency=32)
    uvicorn.Server(config).run(sockets=[sock])
