"""Course files and positions as the Powerboats commands read them: a course file (``-``:
standard input), whose board file is looked for beside it, and a position given as notation, as
a file of notation (``#`` comment lines) or as JSON (docs/notation.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from course_builder.cli.files import input_name, read_json, read_text
from course_builder.cli.powerboats.inputs import catalog
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonread import MAX_BYTES, parse
from course_builder.powerboats.course.load import load_course
from course_builder.powerboats.course.model import Course
from course_builder.powerboats.lake.board import Board
from course_builder.powerboats.play.notation import RaceBook, parse_position, position_from_json
from course_builder.powerboats.play.position import Position
from course_builder.powerboats.play.rules import Rules

T = TypeVar("T")


def course_from_file(path: Path) -> tuple[Board, list[Course]]:
    """The lake and (as a list of one) the course of a course file (``-``: standard input);
    errors name the file, line and column."""
    return read_json(path, lambda data: course_from_data(data, path))


def course_from_data(data: Any, path: Path) -> tuple[Board, list[Course]]:
    """The lake and course of a course file's data (its board file is looked for beside it): a
    reader for :meth:`~course_builder.core.jsonread.JsonDocument.read`, which puts the file's
    name, line and column in front of its errors."""
    lake, course = load_course(data, catalog(path))
    return lake, [course]


def is_course_data(data: Any) -> bool:
    """Whether JSON data is a course file's (its buoys) rather than a position's (its boats)."""
    return isinstance(data, dict) and "buoys" in data and "boats" not in data


def read_position(text: str, rules: Rules, content: str | None = None, *,
                  tiles_as_laid: bool = False) -> Position:
    """A position from its notation, or from a file (``-``: standard input) holding the notation
    (comment lines start with ``#``) or the position's JSON (``content``: the file's text, when
    the caller has read it already). With ``tiles_as_laid`` a course whose expansion tiles lie
    off their spots is judged on the tiles as laid, with a one-line warning on standard error
    naming what ``validate`` would refuse (COURSE-19)."""
    book = _position_book(tiles_as_laid)
    position = _read_position(text, rules, content, book)
    for warning in book.warnings:
        click.echo(f"warning: {warning}", err=True)
    return position


def _position_book(tiles_as_laid: bool) -> RaceBook:
    """The races of the positions one command reads; ``@course.json`` files are read, and a board
    file they name is looked for beside the latest course file first."""
    folders: list[Path] = []

    def read_course(ref: str, reader: Callable[[Any], T]) -> T:
        path = Path(ref)
        if ref != "-":
            folders.insert(0, path.parent)  # its board file is looked for beside it
        return read_json(path, reader)

    return RaceBook(catalog(folders=folders), read_course=read_course,
                    tiles_as_laid=tiles_as_laid)


def _read_position(text: str, rules: Rules, content: str | None, book: RaceBook) -> Position:
    if "|" in text:
        return parse_position(text, rules, book)
    path = Path(text)
    text = read_text(path, MAX_BYTES) if content is None else content
    where = input_name(path)
    # comment lines left blank, so that JSON errors give the file's own line and column (cut at
    # "\n" alone, as JSON counts lines: the rest of the text stays as it was)
    json_text = "\n".join("" if line.lstrip().startswith("#") else line
                          for line in text.split("\n"))
    if json_text.lstrip().startswith("{"):
        return parse(json_text, where).read(lambda data: position_from_json(data, rules, book))
    content = "\n".join(line for line in text.splitlines()
                        if not line.lstrip().startswith("#")).strip()
    if "|" not in content:
        raise CourseBuilderError(f"{where}: no position in it (expected 'COURSE | BOATS | COLOUR "
                                 "TURN', see docs/notation.md)")
    return parse_position(content, rules, book)


