"""Exception types shared by every game package.

Every error a user can cause derives from :class:`CourseBuilderError` (a ``ValueError``), so the
command line can turn it into a one-line message and exit code 1 instead of a traceback.
"""

from __future__ import annotations

import errno


class CourseBuilderError(ValueError):
    """A problem with input given by the user (a file, an option, a position)."""

    json_path: tuple[str | int, ...] | None = None
    """Where in JSON data the problem lies (``("boats", 1, "dice")``), when it lies in JSON
    data: set by :func:`course_builder.core.jsonread.refuse`, so that the file's name and the
    value's line and column can be put in front of the message (:mod:`.jsonread`)."""

    json_reason: str = ""
    """The message without the JSON path in front of it (with :attr:`json_path`)."""

    json_source: str | None = None
    """The file whose name (and line and column) the message already has in front."""


class SourceError(CourseBuilderError):
    """A problem at a known place in a text file: ``path:line:col: message``."""

    def __init__(self, path: str, line: int, col: int, message: str) -> None:
        self.path = path
        self.line = line
        self.col = col
        self.message = message
        super().__init__(f"{path}:{line}:{col}: {message}")


class OutputError(CourseBuilderError):
    """A result could not be written where the user asked for it (:mod:`.output`)."""

    def __init__(self, path: object, reason: str, cause: OSError | None = None) -> None:
        super().__init__(f"cannot write {path}: {reason}")
        self.path = str(path)
        self.broken_pipe = cause is not None and cause.errno == errno.EPIPE
        """The reader at the other end stopped reading (``-o /dev/stdout | head``)."""
