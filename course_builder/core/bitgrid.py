"""A rectangle of hexes as the bits of one Python integer, for searches that move whole layers.

A search that works on sets of hexes (every hex a breadth-first search reaches in one more step)
can hold each set as an integer with one bit per hex and move it to the neighbours in one
direction with a single shift: Python's integers are arbitrary-precision bitsets, so a step of a
whole layer costs a handful of integer operations instead of a loop over its hexes.

The layout is that of a board of ``rows x cols`` hexes numbered in reading order of their even-r
offset ``(row, col)`` (hex ``i`` at ``(i // cols, i % cols)``), as the Powerboats lake is. Rows
are ``cols + 1`` bits apart: the extra bit at the end of each row is a guard that no passable set
ever holds, so a shift that runs off one end of a row lands on a guard and is masked away. A step
changes the bit position by a fixed amount per direction, which depends only on the parity of
the row (even rows are shifted half a hex to the right).

Pure: no I/O, no randomness.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

from course_builder.core.hexgrid import DIRECTIONS, Direction, from_offset, to_offset
from course_builder.core.values import Frozen


class BitGrid(Frozen):
    """The bit layout of a ``rows x cols`` even-r rectangle (see the module docstring)."""

    rows: int
    cols: int
    stride: int
    """Bits per row: ``cols`` hexes and one guard bit."""
    even_rows: int
    """The bits of every hex in an even row."""
    odd_rows: int
    """The bits of every hex in an odd row."""
    every: int
    """The bits of every hex (no guard bits)."""
    shifts: tuple[tuple[int, int], ...]
    """``shifts[d] = (even, odd)``: how far a step in direction ``d`` moves a bit, from an even
    and from an odd row (positive: towards higher bits)."""
    positions: tuple[int, ...]
    """``positions[i]``: the bit position of hex ``i`` (:meth:`bit`, as a table for hot loops)."""

    def bit(self, index: int) -> int:
        """The bit position of hex ``index``."""
        return index + index // self.cols

    def index(self, bit: int) -> int:
        """The hex index of a bit position (not a guard bit)."""
        return bit - bit // self.stride

    def of(self, indices: Iterable[int]) -> int:
        """The set of the given hex indices."""
        out = 0
        cols = self.cols
        for i in indices:
            out |= 1 << (i + i // cols)
        return out

    def from_flags(self, flags: Iterable[object]) -> int:
        """The set of the hexes whose flag (in index order) is true."""
        return self.of(i for i, flag in enumerate(flags) if flag)

    def indices(self, bits: int) -> Iterator[int]:
        """The hex indices of a set, lowest first."""
        stride = self.stride
        while bits:
            low = bits & -bits
            b = low.bit_length() - 1
            yield b - b // stride
            bits ^= low

    def flags(self, bits: int) -> str:
        """The set as a string of ``"0"`` and ``"1"`` by bit position (:meth:`bit`), to test
        many hexes one by one: a test of one bit of a large integer costs as much as the
        integer is long, a string's character does not."""
        return format(bits & self.every, f"0{self.rows * self.stride}b")[::-1]

    def step(self, bits: int, direction: Direction) -> int:
        """The hexes one step in ``direction`` from a set (guard bits and bits past either end
        may appear: mask the result with a set of real hexes)."""
        even, odd = self.shifts[direction]
        if even == odd:
            return _shift(bits, even)
        e = bits & self.even_rows
        return _shift(e, even) | _shift(bits ^ e, odd)

    def spread(self, bits: int) -> int:
        """The hexes one step from a set in any direction (the union of :meth:`step` over the
        six directions, in eight shifts: east and west, and straight up and down a row, move
        every row alike; the other four steps depend on the row's parity). Neighbourhood is
        symmetric, so this is also the set of hexes with a neighbour in ``bits``."""
        w = self.stride
        e = bits & self.even_rows
        o = bits ^ e
        return (bits << 1 | bits >> 1 | bits << w | bits >> w
                | e >> (w - 1) | e << (w + 1) | o >> (w + 1) | o << (w - 1))

    def back(self, bits: int, direction: Direction) -> int:
        """The hexes from which a step in ``direction`` lands in the set."""
        even, odd = self.shifts[direction]
        if even == odd:
            return _shift(bits, -even)
        return (_shift(bits, -even) & self.even_rows) | (_shift(bits, -odd) & self.odd_rows)


def _shift(bits: int, by: int) -> int:
    return bits << by if by >= 0 else bits >> -by


@lru_cache(maxsize=16)
def bit_grid(rows: int, cols: int) -> BitGrid:
    """The layout of a ``rows x cols`` rectangle (a few integers; shared between boards of one
    shape)."""
    stride = cols + 1
    even = odd = 0
    row_bits = (1 << cols) - 1
    for r in range(rows):
        if r % 2:
            odd |= row_bits << (r * stride)
        else:
            even |= row_bits << (r * stride)
    shifts = []
    for d in DIRECTIONS:
        pair = []
        for r in (2, 3):  # any row away from the edges: the step is the same for its parity
            row, col = to_offset(from_offset(r, 2).neighbor(d))
            pair.append((row * stride + col) - (r * stride + 2))
        shifts.append((pair[0], pair[1]))
    # the even-r steps that :meth:`BitGrid.spread` writes out
    w = stride
    assert sorted(shifts) == sorted([(1, 1), (-(w - 1), -w), (-w, -(w + 1)), (-1, -1),
                                     (w, w - 1), (w + 1, w)]), shifts
    positions = tuple(i + i // cols for i in range(rows * cols)) if cols else ()
    return BitGrid(rows, cols, stride, even, odd, even | odd, tuple(shifts), positions)
