"""Exception types shared by every game package.

Every error a user can cause derives from :class:`CourseBuilderError` (a ``ValueError``), so the
command line can turn it into a one-line message and exit code 1 instead of a traceback.
"""

from __future__ import annotations


class CourseBuilderError(ValueError):
    """A problem with input given by the user (a file, an option, a position)."""


class SourceError(CourseBuilderError):
    """A problem at a known place in a text file: ``path:line:col: message``."""

    def __init__(self, path: str, line: int, col: int, message: str) -> None:
        self.path = path
        self.line = line
        self.col = col
        self.message = message
        super().__init__(f"{path}:{line}:{col}: {message}")
