"""Paper sizes and print units: pages are laid out for the paper they are printed on.

A page is an SVG exactly the size of the paper (user units = mm), its content kept inside the
printable area (``margin`` from every edge); the PDF places it unscaled, so a size given in points
here is the size on paper. PNG pages are the same size, at a stated resolution.
"""

from __future__ import annotations

from course_builder.core.values import Frozen
from course_builder.render.kit import RenderError

MM_PER_PT = 25.4 / 72
"""One typographic point in millimetres."""


def pt(points: float) -> float:
    """A size in points as millimetres (the SVG user unit)."""
    return points * MM_PER_PT


class Paper(Frozen):
    """A sheet of paper in millimetres and the margin kept free for the printer."""

    name: str
    width: float
    height: float
    margin: float = 10.0

    @property
    def left(self) -> float:
        return self.margin

    @property
    def right(self) -> float:
        return self.width - self.margin

    @property
    def top(self) -> float:
        return self.margin

    @property
    def bottom(self) -> float:
        return self.height - self.margin

    @property
    def printable_width(self) -> float:
        return self.width - 2 * self.margin


PAPERS = {"a4": Paper("a4", 210.0, 297.0), "letter": Paper("letter", 215.9, 279.4)}


def paper(name: str) -> Paper:
    """The paper of a name (``a4`` or ``letter``, any case)."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise RenderError(f"unknown paper {name!r} (expected a4 or letter)") from None
