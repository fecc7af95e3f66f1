"""The hex core shared by every game: coordinates, directions, distances, lines and pixel geometry.

Conventions (Red Blob Games' axial/cube system):

* A hex is stored in **axial** coordinates ``(q, r)``; the third cube coordinate is ``s = -q - r``.
* The grid is **pointy-top** with ``r`` growing downwards on the page (row 0 at the top), which is
  how the Powerboats lake is printed with the score track at the bottom.
* Board files and every JSON output name hexes in **even-r offset** coordinates ``(row, col)``:
  even rows are shifted half a hex to the right of odd rows.
* The six directions are numbered counter-clockwise as seen from above, starting east:
  ``E NE NW W SW SE``. Turning *left* (counter-clockwise) adds one, turning *right* subtracts one.

This module is pure: no I/O, no third-party imports, no randomness.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from enum import IntEnum

from course_builder.core.values import Frozen


class Direction(IntEnum):
    """One of the six hex sides of a pointy-top hex, counter-clockwise from east."""

    E = 0
    NE = 1
    NW = 2
    W = 3
    SW = 4
    SE = 5

    def left(self, steps: int = 1) -> Direction:
        """The direction ``steps`` x 60 degrees counter-clockwise (to port)."""
        return DIRECTIONS[(self + steps) % 6]  # the member itself: no enum lookup

    def right(self, steps: int = 1) -> Direction:
        """The direction ``steps`` x 60 degrees clockwise (to starboard)."""
        return DIRECTIONS[(self - steps) % 6]

    def opposite(self) -> Direction:
        """The direction pointing the other way."""
        return DIRECTIONS[(self + 3) % 6]

    @property
    def vector(self) -> Hex:
        """The axial step of one hex in this direction."""
        return _VECTORS[self]

    @property
    def angle(self) -> float:
        """Mathematical angle in degrees (east = 0, counter-clockwise positive, y up)."""
        return 60.0 * self

    @property
    def words(self) -> str:
        """The compass words for the direction on a printed board (north up): ``"north-east"``."""
        return _WORDS[self]

    @classmethod
    def parse(cls, text: str) -> Direction:
        """A direction from its name (``"ne"``, ``"NE"``); raises ``ValueError`` otherwise."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(d.name for d in cls)
            raise ValueError(f"unknown direction {text!r} (expected one of {names})") from None


DIRECTIONS: tuple[Direction, ...] = tuple(Direction)

_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")


class Hex(Frozen, order=True):
    """A hex in axial coordinates. ``s`` is derived so that ``q + r + s == 0``. A value that
    sorts by ``q``, then ``r`` (as the tuple it once was): a hot loop's dictionary key, made in
    60 ns where a NamedTuple took 300, and looked up in about the same time."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: object) -> Hex:
        if not isinstance(other, Hex):
            return NotImplemented
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, k: object) -> Hex:
        if not isinstance(k, int):
            return NotImplemented
        return Hex(self.q * k, self.r * k)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def neighbor(self, direction: Direction) -> Hex:
        """The adjacent hex across the given side."""
        v = _VECTORS[direction]
        return Hex(self.q + v.q, self.r + v.r)

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order."""
        return tuple(self.neighbor(d) for d in DIRECTIONS)

    def distance(self, other: Hex) -> int:
        """Number of hex steps between the two hexes."""
        return distance(self, other)

    def rotate_left(self, center: Hex | None = None) -> Hex:
        """This hex turned 60 degrees counter-clockwise around ``center`` (default origin)."""
        c = center or Hex(0, 0)
        d = self - c
        # cube (q, r, s) -> (-s, -q, -r) is a 60 degree counter-clockwise turn (y down)
        return Hex(-d.s, -d.q) + c

    def rotate_right(self, center: Hex | None = None) -> Hex:
        """This hex turned 60 degrees clockwise around ``center`` (default origin)."""
        c = center or Hex(0, 0)
        d = self - c
        return Hex(-d.r, -d.s) + c

    @property
    def offset(self) -> tuple[int, int]:
        """Even-r offset ``(row, col)`` of this hex."""
        return to_offset(self)

    @classmethod
    def from_offset(cls, row: int, col: int) -> Hex:
        """The hex at even-r offset ``(row, col)``."""
        return from_offset(row, col)


_VECTORS: tuple[Hex, ...] = (
    Hex(1, 0),  # E
    Hex(1, -1),  # NE
    Hex(0, -1),  # NW
    Hex(-1, 0),  # W
    Hex(-1, 1),  # SW
    Hex(0, 1),  # SE
)


def distance(a: Hex, b: Hex) -> int:
    """Hex distance: the number of single steps from ``a`` to ``b``."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ray(start: Hex, direction: Direction, length: int | None = None) -> Iterator[Hex]:
    """The hexes straight ahead of ``start`` (not including it), ``length`` of them or forever."""
    v = _VECTORS[direction]
    h = start
    n = 0
    while length is None or n < length:
        h = Hex(h.q + v.q, h.r + v.r)
        n += 1
        yield h


def direction_between(a: Hex, b: Hex) -> Direction | None:
    """The direction of the straight hex line from ``a`` to ``b``, or None if they are not on one."""
    d = b - a
    if d == Hex(0, 0):
        return None
    n = distance(a, b)
    for direction in DIRECTIONS:
        if _VECTORS[direction] * n == d:
            return direction
    return None


def hex_round(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinates (cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from ``a`` to ``b``, both included (linear interpolation).

    A tiny nudge keeps points that fall exactly on a hex edge on one consistent side.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    eps_q, eps_r = 1e-6, 2e-6
    aq, ar = a.q + eps_q, a.r + eps_r
    bq, br = b.q + eps_q, b.r + eps_r
    return [hex_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def to_offset(h: Hex) -> tuple[int, int]:
    """Even-r offset ``(row, col)`` of an axial hex (even rows shifted half a hex right)."""
    row = h.r
    col = h.q + (row + (row & 1)) // 2
    return row, col


def from_offset(row: int, col: int) -> Hex:
    """The axial hex at even-r offset ``(row, col)``."""
    return Hex(col - (row + (row & 1)) // 2, row)


def offset_neighbor(row: int, col: int, direction: Direction) -> tuple[int, int]:
    """Even-r offset neighbour of ``(row, col)``; convenient at the edges where files use offsets."""
    return to_offset(from_offset(row, col).neighbor(direction))


def wedge(offset: Hex) -> int:
    """The 60-degree wedge (0-5) around the origin that a non-zero axial offset lies in.

    Wedge ``k`` holds the hexes ``a * DIR[k] + b * DIR[k+1]`` with ``a > 0`` and ``b >= 0``, so the
    ray along direction ``k`` belongs to wedge ``k`` and the ray along ``k+1`` to wedge ``k+1``.
    Exact integer arithmetic: used for angles around a point (buoy rounding).
    """
    if offset == Hex(0, 0):
        raise ValueError("the origin lies in no wedge")
    for k in range(6):
        u = _VECTORS[k]
        v = _VECTORS[(k + 1) % 6]
        det = u.q * v.r - u.r * v.q  # +-1 for neighbouring unit directions
        a = (offset.q * v.r - offset.r * v.q) * det
        b = (u.q * offset.r - u.r * offset.q) * det
        if a > 0 and b >= 0:
            return k
    raise AssertionError("unreachable: every non-zero hex lies in one wedge")


# --------------------------------------------------------------------------------------------
# Pixel geometry
# --------------------------------------------------------------------------------------------

SQRT3 = math.sqrt(3.0)

_CORNER_UNITS: tuple[tuple[float, float], ...] = tuple(
    (math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30))) for i in range(6))
"""Cosine and sine of corner i's screen angle, 60*i - 30 degrees, worked out once (corners are
drawn by the thousand on a sheet) with the very arithmetic each call used to do."""

_SIDE_CORNERS: dict[Direction, tuple[int, int]] = {
    Direction.E: (0, 1),
    Direction.NE: (5, 0),
    Direction.NW: (4, 5),
    Direction.W: (3, 4),
    Direction.SW: (2, 3),
    Direction.SE: (1, 2),
}
"""The two corners bounding each side: corner i sits at screen angle 60*i - 30 degrees (y down),
so the E side spans corners 0-1."""


class Layout(Frozen):
    """Pixel geometry of a pointy-top grid: hex ``size`` (centre to corner) and ``origin``.

    Screen coordinates have y pointing down, so a hex with larger ``r`` is drawn lower. Any unit
    works (the renderers use millimetres).
    """

    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    @property
    def width(self) -> float:
        """Width of one hex (flat side to flat side)."""
        return SQRT3 * self.size

    @property
    def row_height(self) -> float:
        """Vertical distance between the centres of two neighbouring rows."""
        return 1.5 * self.size

    def center(self, h: Hex) -> tuple[float, float]:
        """Pixel centre of a hex."""
        x = self.size * (SQRT3 * h.q + SQRT3 / 2 * h.r) + self.origin[0]
        y = self.size * (1.5 * h.r) + self.origin[1]
        return x, y

    def to_hex(self, x: float, y: float) -> Hex:
        """The hex containing a pixel."""
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        q = SQRT3 / 3 * px - py / 3
        r = 2.0 / 3.0 * py
        return hex_round(q, r)

    def corners(self, h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
        """The six corners of a hex, starting at the east-north-east corner, clockwise on screen."""
        cx, cy = self.center(h)
        k = self.size * scale
        return [(cx + k * c, cy + k * s) for c, s in _CORNER_UNITS]

    def side_midpoint(self, h: Hex, direction: Direction, scale: float = 1.0) -> tuple[float, float]:
        """Midpoint of the given side of a hex (``scale`` < 1 moves it towards the centre)."""
        cx, cy = self.center(h)
        ux, uy = unit_vector(direction)
        k = self.width / 2 * scale
        return cx + ux * k, cy + uy * k

    def side_segment(
        self, h: Hex, direction: Direction
    ) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners bounding the given side of a hex."""
        corners = self.corners(h)
        a, b = _SIDE_CORNERS[direction]
        return corners[a], corners[b]


def unit_vector(direction: Direction) -> tuple[float, float]:
    """Screen unit vector (y down) pointing across the given side."""
    a = math.radians(60 * direction)
    return math.cos(a), -math.sin(a)
