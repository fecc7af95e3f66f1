"""Files a command reads and results it writes, the same way in every command.

A course, position, record or state is read whole (``-``: standard input), as UTF-8 text of at
most a set size; one that is missing, a folder, too large or not text is one line naming it
(:func:`read_text`), and JSON is parsed by the one reader of every format
(:func:`read_json`, :mod:`course_builder.core.jsonread`). A result goes to standard output or,
with ``-o FILE``, to a file written completely or not at all (:func:`emit`,
:mod:`course_builder.core.output`). State files, which a command both reads and writes, build on
this (:mod:`.statefiles`).
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, overload

import click

from course_builder.cli.common import F
from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonread import MAX_BYTES, parse
from course_builder.core.output import write_all

T = TypeVar("T")


OUTPUT_HELP = ("Write to this file instead of stdout ('-': stdout). Written completely or not "
               "at all; missing folders are created; a symlink's target is written.")


class InputPath(click.Path):
    """A file the command reads (``-``: standard input). click checks nothing: the command reads
    it and says what is wrong (no such file, a folder, not text) in one line, exit 1, as for any
    bad input."""

    def __init__(self) -> None:
        super().__init__(dir_okay=True, readable=False, allow_dash=True, path_type=Path)


class OutputPath(click.Path):
    """A file the command writes (``-``: standard output, where the command allows it). click
    checks nothing: the writer says why it cannot be written (a folder, no permission) in one
    line, exit 1."""

    def __init__(self) -> None:
        super().__init__(dir_okay=True, readable=False, allow_dash=True, path_type=Path)


def output_option(fn: F) -> F:
    return click.option("-o", "--output", type=OutputPath(), default=None, metavar="FILE",
                        help=OUTPUT_HELP)(fn)


def emit(content: str | bytes, output: Path | None) -> None:
    """Send a text result to stdout (no ``output``, or ``-``), or any result to a file, completely
    or not at all. A binary result cannot go to stdout: that is a usage error."""
    if output is None or str(output) == "-":
        if isinstance(content, bytes):
            raise click.UsageError("this format is binary: give a file with -o, not stdout")
        click.echo(content, nl=not content.endswith("\n"))
        return
    emit_files([(output, content)])


def emit_files(files: Sequence[tuple[Path, str | bytes]], *, quiet: bool = False) -> list[Path]:
    """Write several results all or nothing (one file per race of a game, say); each is named on
    stderr unless ``quiet`` (the caller sums them up). Returns the paths written."""
    written = list(write_all(files))
    if not quiet:
        for path in written:
            click.echo(f"wrote {path}", err=True)
    return written


STDIN_NAME = "stdin"
"""How messages name standard input, read for the file name ``-``."""

MAX_INPUT_BYTES = 16 * 1024 * 1024
"""The largest text file a command reads (16 MB; board and position files are a few kilobytes,
game records a few hundred): a larger one is refused before it is read. JSON files have the
smaller limit of :data:`course_builder.core.jsonread.MAX_BYTES`."""


def input_name(path: Path) -> str:
    """A file's name in messages (:data:`STDIN_NAME` for ``-``)."""
    return STDIN_NAME if str(path) == "-" else str(path)


def read_text(path: Path, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """A user's text file, or standard input for ``-`` (UTF-8, a byte-order mark allowed); a file
    that cannot be read, is larger than ``max_bytes`` or is not text is a one-line
    :class:`CourseBuilderError` naming it."""
    name = input_name(path)
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            info = os.stat(path)
            if stat.S_ISDIR(info.st_mode):
                raise CourseBuilderError(f"{name}: is a folder, not a file")
            if stat.S_ISREG(info.st_mode) and info.st_size > max_bytes:
                raise CourseBuilderError(f"{name}: larger than {max_bytes} bytes")
            with open(path, "rb") as handle:
                data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise CourseBuilderError(f"{name}: no such file") from None
    except OSError as exc:
        raise CourseBuilderError(f"{name}: cannot read the file ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise CourseBuilderError(f"{name}: larger than {max_bytes} bytes")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CourseBuilderError(f"{name}: not UTF-8 text (byte {exc.start + 1})") from None


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
