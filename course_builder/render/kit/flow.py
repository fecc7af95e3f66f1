"""Text set to a width in millimetres: wrapping by the font's real advances (:mod:`.metrics`).

Words are split only after a ``,`` or ``:`` inside them (a course code), so a code fills its
line and goes on to the next after one of its separators, and can be typed back from the lines.
"""

from __future__ import annotations

import re

from course_builder.render.kit.metrics import text_width


def wrap(text: str, width: float, size: float, *, bold: bool = False,
         indent: float = 0.0) -> list[str]:
    """Lines of ``text`` no wider than ``width`` at ``size`` (continuation lines are ``indent``
    narrower)."""
    return wrap_lines(text, [width, width - indent], size, bold=bold)


def _pieces(text: str) -> list[str]:
    """The words of ``text``, each cut after the separators inside it into pieces marked with a
    leading NUL (joined to the previous piece without a space)."""
    out: list[str] = []
    for word in text.split():
        parts = [p for p in re.split(r"(?<=[,:])(?=.)", word) if p]
        out.append(parts[0])
        out.extend("\0" + p for p in parts[1:])
    return out


def wrap_lines(text: str, widths: list[float], size: float, *, bold: bool = False) -> list[str]:
    """Like :func:`wrap`, with its own width for each line (the last width repeats): text
    flowing past a picture beside it."""
    lines: list[str] = []
    line = ""

    def room() -> float:
        return widths[min(len(lines), len(widths) - 1)]

    for word in _pieces(text):
        glued = word.startswith("\0")
        piece = word.lstrip("\0")
        trial = (line + piece if glued else f"{line} {piece}") if line else piece
        if line and text_width(trial, size, bold) > room():
            lines.append(line)
            line = piece
        else:
            line = trial
    if line:
        lines.append(line)
    return lines
