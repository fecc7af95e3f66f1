"""Live updates: the open pages of each room, and each room's latest message pushed to them.

Every open page holds a WebSocket. The first message it sends names its token (and the version
it last saw); from then on it is sent the room's message after every change, by a writer of its
own (:class:`Subscriber`): a page that reads slowly only ever gets the latest state, and never
holds up the others. A page that lost its connection opens a new one, says what it saw, and is
sent the current state if that has moved on.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any


class Subscriber:
    """One open page: the latest message not yet sent to it, and the task sending it."""

    def __init__(self, socket: Any, client: str) -> None:
        self.socket = socket
        self.client = client
        self._latest: str | None = None
        self._wake = asyncio.Event()
        self.version = -1

    def offer(self, message: str, version: int) -> None:
        """Send ``message`` (the room at ``version``) next, instead of anything older."""
        if version <= self.version:
            return
        self.version = version
        self._latest = message
        self._wake.set()

    async def pump(self) -> None:
        """Send what is offered, latest first, until cancelled or the page goes."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            message, self._latest = self._latest, None
            if message is not None:
                await self.socket.send_text(message)


class Hub:
    """The pages of every room open in this process."""

    def __init__(self, per_client: int = 64) -> None:
        self.rooms: dict[str, set[Subscriber]] = {}
        self.per_client = per_client
        self._clients: dict[str, int] = {}

    def join(self, room_id: str, subscriber: Subscriber) -> bool:
        """Add a page; False if its address has too many open already."""
        count = self._clients.get(subscriber.client, 0)
        if count >= self.per_client:
            return False
        self._clients[subscriber.client] = count + 1
        self.rooms.setdefault(room_id, set()).add(subscriber)
        return True

    def leave(self, room_id: str, subscriber: Subscriber) -> None:
        pages = self.rooms.get(room_id)
        if pages is None or subscriber not in pages:
            return
        pages.discard(subscriber)
        if not pages:
            del self.rooms[room_id]
        left = self._clients.get(subscriber.client, 1) - 1
        if left:
            self._clients[subscriber.client] = left
        else:
            self._clients.pop(subscriber.client, None)

    def publish(self, room_id: str, message: str, version: int) -> None:
        """Offer the room's new message to each of its pages (on the event loop)."""
        for page in self.rooms.get(room_id, ()):
            page.offer(message, version)

    def watched(self, room_id: str) -> bool:
        return room_id in self.rooms

    async def close_all(self) -> None:
        for pages in list(self.rooms.values()):
            for page in list(pages):
                with contextlib.suppress(Exception):
                    await page.socket.close(1001)
