"""A room's join links and their QR codes, for the creator's page.

A link is ``BASE/room/ROOM#TOKEN``: the token sits in the fragment, which a browser never sends
to the server, so it appears in no request line and no access log; the page reads it and sends
it in a header. BASE is the address the creator's page was opened with, so open the creator's
page with the computer's network address (``serve --host 0.0.0.0`` prints it) for links that
phones can follow. The QR code of each link is drawn here (segno) as an SVG data URI, which
the page shows as an image: no markup from the server is inserted into the page.
"""

from __future__ import annotations

from typing import Any

import segno


def link(base: str, room_id: str, token: str) -> str:
    return f"{base.rstrip('/')}/room/{room_id}#{token}"


def qr_data_uri(url: str) -> str:
    """The QR code of ``url`` as an ``data:image/svg+xml`` URI (medium error correction, a
    four-module quiet zone)."""
    code: Any = segno.make(url, error="m", micro=False)
    return str(code.svg_data_uri(scale=4, border=4))


def room_links(base: str, room_id: str, tokens: dict[str, str], seats: list[dict[str, Any]]
               ) -> dict[str, Any]:
    """The join link and QR code of every seat and of the spectators."""
    out_seats = []
    for seat in seats:
        url = link(base, room_id, tokens[f"seat-{seat['seat']}"])
        out_seats.append({**seat, "link": url, "qr": qr_data_uri(url)})
    spectate = link(base, room_id, tokens["spectator"])
    return {"seats": out_seats, "spectator": {"link": spectate, "qr": qr_data_uri(spectate)}}
