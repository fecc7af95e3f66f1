"""Errors of the Vanuatu package: all are one-line :class:`CourseBuilderError` messages."""

from __future__ import annotations

from typing import Any

from course_builder.core.errors import CourseBuilderError


class VanuatuError(CourseBuilderError):
    """Vanuatu input that cannot be used (a state, a tile id, an option)."""


class StateError(VanuatuError):
    """A board state that cannot be read or is impossible; the message names the field."""


class IllegalAction(VanuatuError):
    """An action the rules forbid (a placement, a build, a flood out of turn); the message says
    which rule forbids it."""


_JSON_WORDS = {"True": "true", "False": "false", "None": "null", "nan": "NaN", "inf": "Infinity",
               "-inf": "-Infinity"}


def shown(value: Any, limit: int = 40) -> str:
    """A value for an error message, cut short so that huge input cannot flood the terminal;
    ``true``, ``false``, ``null`` and ``NaN`` as JSON spells them."""
    text = repr(value)
    if isinstance(value, bool | float) or value is None:
        text = _JSON_WORDS.get(text, text)
    return text if len(text) <= limit else text[: limit - 3] + "..."
