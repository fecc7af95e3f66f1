"""What the Tortuga and Vanuatu referee commands share beyond :mod:`.common`: a game state read
from a file or standard input (``-``), the new state written together with the answer, and seeds
that fit the range a state file records (0 to 2**63-1).

Reading and writing go through :mod:`.common` (``read_json``, ``emit``, ``emit_files``); this
module only adds standard input, a size limit and the pairing of an answer with a state file.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path
from typing import Any

import click

from course_builder.cli.common import F, emit, emit_files, read_json
from course_builder.core.errors import CourseBuilderError

SEED_MAX = 2**63 - 1
"""The largest seed: what a state file can record and read back."""

STDIN_NAME = "stdin"
"""How messages name standard input (``stdin:1:2: not valid JSON: ...``)."""


def seed_option(fn: F) -> F:
    """``--seed``, 0 to 2**63-1 (a usage error otherwise)."""
    return click.option("--seed", type=click.IntRange(0, SEED_MAX), default=None,
                        help="Seed for every random choice (0 to 2**63-1); one is picked and "
                        "printed if omitted.")(fn)


def is_stdout(output: Path | None) -> bool:
    """Whether ``-o`` sends the answer to standard output (no ``-o``, or ``-o -``)."""
    return output is None or str(output) == "-"


def input_name(path: Path) -> str:
    """A state file's name in messages (``stdin`` for ``-``)."""
    return STDIN_NAME if str(path) == "-" else str(path)


def refuse_large_file(path: Path, max_bytes: int) -> None:
    """A one-line error for a regular file larger than ``max_bytes``, before it is read (game
    files are a few kilobytes). Anything else is left to the reader to report."""
    try:
        info = os.stat(path)
    except OSError:
        return  # read_text says what is wrong (no such file, permission denied, ...)
    if stat.S_ISREG(info.st_mode) and info.st_size > max_bytes:
        raise CourseBuilderError(f"{path}: larger than {max_bytes} bytes; a game file is a few "
                                 "kilobytes")


def read_state_json(path: Path, max_bytes: int) -> Any:
    """The JSON data of a state file, or of standard input when ``path`` is ``-``; a file larger
    than ``max_bytes`` is refused before it is read. Every problem is one line naming the file."""
    if str(path) != "-":
        refuse_large_file(path, max_bytes)
        return read_json(path)
    raw = sys.stdin.buffer.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise CourseBuilderError(f"{STDIN_NAME}: larger than {max_bytes} bytes; a game file is "
                                 "a few kilobytes")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CourseBuilderError(f"{STDIN_NAME}: not UTF-8 text (byte {exc.start + 1})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CourseBuilderError(f"{STDIN_NAME}:{exc.lineno}:{exc.colno}: not valid JSON: "
                                 f"{exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # huge numbers, absurd nesting
        raise CourseBuilderError(f"{STDIN_NAME}: not usable JSON ({type(exc).__name__}: "
                                 f"{str(exc)[:80]})") from None


def state_target(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """Callback of ``--save`` / ``--write-state``: a file; ``-`` is refused (stdout carries the
    answer, and ``--format json`` puts the new state in it)."""
    if value is not None and str(value) == "-":
        raise click.BadParameter("give a file: stdout carries the answer (with --format json "
                                 "the answer holds the new state)")
    return value


def refuse_output_over_state(output: Path | None, hint: str) -> None:
    """A usage error when ``-o`` names the state file the command read (``state_file``): the
    answer would replace the game. ``hint`` says how to update the state instead."""
    source = click.get_current_context().params.get("state_file")
    if is_stdout(output) or source is None or str(source) == "-":
        return
    assert output is not None
    if os.path.realpath(output) == os.path.realpath(source):
        raise click.UsageError(f"-o {output} is the state file: the answer would replace the "
                               f"game ({hint})")


def emit_with_state(content: str, output: Path | None, state: tuple[Path, str] | None,
                    state_option: str) -> None:
    """The answer to stdout (``output`` None or ``-``) or to ``-o FILE``, and the new state to
    its file. Two files are written all or nothing; with the answer on stdout the state file is
    written first, so a state that cannot be written leaves only the error."""
    if state is None:
        emit(content, output)
        return
    target, data = state
    if is_stdout(output):
        emit_files([(target, data)])
        emit(content, output)
        return
    assert output is not None
    if os.path.realpath(output) == os.path.realpath(target):
        raise click.UsageError(f"-o and {state_option} name the same file ({output})")
    emit_files([(output, content), (target, data)])
