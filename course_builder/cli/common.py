"""What every game's commands share: one-line errors and exit codes, seeds, output, JSON input.

Exit codes: 0 success; 1 bad input, a failed check or a file that cannot be written (one-line
message on stderr); 2 usage error (a bad option or option value, click's own); 3 internal error (a
bug: rerun with ``--debug`` for the traceback); 4 an illegal move (the verdict on stdout, as text
or JSON); 141 standard output closed early by its reader.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from course_builder.core.errors import CourseBuilderError
from course_builder.core.output import write_all

F = TypeVar("F", bound=Callable[..., Any])

ILLEGAL_MOVE = 4
"""Exit code of a command whose verdict is that a move is illegal (not that the input is bad)."""

STDOUT_CLOSED = 141
"""Exit code when the reader of standard output stops early (``| head``), as for SIGPIPE."""


class GameGroup(click.Group):
    """Turns user errors into one-line messages and bugs into exit code 3."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CourseBuilderError as exc:
            one_line = " ".join(str(exc).splitlines())  # user text could carry line breaks
            click.echo(f"Error: {one_line}", err=True)
            ctx.exit(1)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except BrokenPipeError:
            # the reader of stdout stopped early (``| head``): quiet, as the shell's own tools
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(STDOUT_CLOSED)
        except Exception as exc:
            if ctx.find_root().params.get("debug"):
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc} (rerun with --debug for "
                       "the traceback and please report it)", err=True)
            ctx.exit(3)


def seed_option(fn: F) -> F:
    return click.option("--seed", type=click.IntRange(min=0), default=None,
                        help="Seed for every random choice; one is picked and printed if omitted.")(fn)


OUTPUT_HELP = ("Write to this file instead of stdout ('-': stdout). Written completely or not "
               "at all; missing folders are created; a symlink's target is written.")


def output_option(fn: F) -> F:
    return click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
                        default=None, help=OUTPUT_HELP)(fn)


@contextlib.contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None]]:
    """A ``progress(done, total)`` callback drawing a bar on stderr, for work that can take more
    than a couple of seconds. Drawn only on a terminal: logs and pipes stay clean."""
    if not sys.stderr.isatty():
        yield lambda done, total: None
        return
    bar: Any = None
    shown = 0

    def progress(done: int, total: int) -> None:
        nonlocal bar, shown
        if bar is None:
            bar = click.progressbar(length=total, label=label, file=sys.stderr)
            bar.__enter__()
        bar.length = max(total, done)
        bar.update(done - shown)
        shown = done

    try:
        yield progress
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)


def resolve_seed(seed: int | None, needed: bool) -> int | None:
    """The given seed, or a fresh one (printed to stderr so the run can be repeated)."""
    if seed is None and needed:
        seed = random.SystemRandom().randrange(2**31)
        click.echo(f"seed: {seed}", err=True)
    return seed


def emit(content: str | bytes, output: Path | None) -> None:
    """Send a text result to stdout (no ``output``, or ``-``), or any result to a file, completely
    or not at all. A binary result cannot go to stdout: that is a usage error."""
    if output is None or str(output) == "-":
        if isinstance(content, bytes):
            raise click.UsageError("this format is binary: give a file with -o, not stdout")
        click.echo(content, nl=not content.endswith("\n"))
        return
    emit_files([(output, content)])


def emit_files(files: Sequence[tuple[Path, str | bytes]]) -> None:
    """Write several results all or nothing (one file per race of a game, say)."""
    for path in write_all(files):
        click.echo(f"wrote {path}", err=True)


def read_text(path: Path) -> str:
    """A user's text file (UTF-8, a byte-order mark allowed); a file that cannot be read is a
    one-line :class:`CourseBuilderError` naming it."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CourseBuilderError(f"{path}: no such file") from None
    except OSError as exc:
        raise CourseBuilderError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CourseBuilderError(f"{path}: not UTF-8 text (byte {exc.start + 1})") from None


def read_json(path: Path) -> Any:
    """A JSON file's data; a bad file is a one-line :class:`CourseBuilderError`."""
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CourseBuilderError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except (ValueError, RecursionError) as exc:  # huge numbers, absurd nesting
        raise CourseBuilderError(f"{path}: not usable JSON ({type(exc).__name__}: "
                                 f"{str(exc)[:80]})") from None
