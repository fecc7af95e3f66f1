"""JSON files a command reads: parsed by the one reader of every format
(:mod:`course_builder.core.jsonread`) after :func:`~course_builder.cli.files.read_text` has read
them, every problem one line naming the file (and the line and column where the text has them).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, overload

from course_builder.cli.files import input_name, read_text
from course_builder.core.jsonread import MAX_BYTES, parse

T = TypeVar("T")


@overload
def read_json(path: Path) -> Any: ...


@overload
def read_json(path: Path, reader: Callable[[Any], T]) -> T: ...


def read_json(path: Path, reader: Callable[[Any], T] | None = None) -> Any:
    """A JSON file's data (``-``: standard input), or what ``reader`` makes of it: every problem
    is a one-line :class:`CourseBuilderError` naming the file, and the line and column where the
    text has them (:mod:`course_builder.core.jsonread`: the one reader of every JSON format)."""
    document = parse(read_text(path, MAX_BYTES), input_name(path))
    return document.data if reader is None else document.read(reader)
