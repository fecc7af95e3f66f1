"""Errors of the Vanuatu package: all are one-line :class:`CourseBuilderError` messages."""

from __future__ import annotations

from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonread import shown

__all__ = ["IllegalAction", "StateError", "VanuatuError", "shown"]


class VanuatuError(CourseBuilderError):
    """Vanuatu input that cannot be used (a state, a tile id, an option)."""


class StateError(VanuatuError):
    """A board state that cannot be read or is impossible; the message names the field."""


class IllegalAction(VanuatuError):
    """An action the rules forbid (a placement, a build, a flood out of turn); the message says
    which rule forbids it."""
