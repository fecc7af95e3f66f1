"""The secrets of a room: the creator's token, and the seat and spectator tokens derived from it.

A room has one random token, its creator's (:func:`new_token`, 256 bits). Every other link's
token is derived from it with HMAC-SHA256 (:func:`derived`), so the server can show the creator
every join link again without keeping any token: the store holds only SHA-256 hashes
(:func:`digest`), and a presented token is matched against them in constant time
(:func:`matches`). Tokens travel in the URL fragment (never sent to the server, so never in an
access log) and reach the server in an ``Authorization: Bearer`` header or a WebSocket's first
message.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable

TOKEN_BYTES = 32
"""Random bytes of a creator's token (256 bits); derived tokens keep 192 of HMAC's 256."""

DERIVED_CHARS = 32
"""Characters of a derived token (base64url, 6 bits each: 192 bits)."""

MAX_TOKEN = 100
"""A presented token longer than this is refused before it is hashed."""


def new_token() -> str:
    """A fresh random token (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_room_id() -> str:
    """A room's public name: random, 12 URL-safe characters. It names the room in paths and
    messages; it opens nothing (every request needs one of the room's tokens)."""
    return secrets.token_urlsafe(9)


def derived(creator: str, room: str, role: str) -> str:
    """The token of ``role`` (``seat-0``, ``seat-1``, ..., ``spectator``) in ``room``, made from
    the creator's token."""
    mac = hmac.new(creator.encode(), f"{room}:{role}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")[:DERIVED_CHARS]


def digest(token: str) -> str:
    """The SHA-256 hash kept in place of a token (tokens are long random values, so a plain
    hash is as good as a slow one)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, hashes: Iterable[tuple[str, str]]) -> str | None:
    """The role whose hash ``token`` has, among ``(role, hash)`` pairs; every pair is compared
    (in constant time each), so the time taken does not tell which came close."""
    if not token or len(token) > MAX_TOKEN:
        return None
    presented = digest(token)
    found = None
    for role, stored in hashes:
        if hmac.compare_digest(presented, stored):
            found = role
    return found
