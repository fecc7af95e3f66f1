"""What every game's commands share: one-line errors and exit codes, seeds, output, JSON input.

Exit codes: 0 success; 1 bad input or a failed check (one-line message on stderr); 2 usage error
(click's own); 3 internal error (a bug: rerun with ``--debug`` for the traceback); 4 an illegal
move (the verdict on stdout, as text or JSON).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from course_builder.core.errors import CourseBuilderError
from course_builder.core.output import write_atomic

F = TypeVar("F", bound=Callable[..., Any])

ILLEGAL_MOVE = 4
"""Exit code of a command whose verdict is that a move is illegal (not that the input is bad)."""


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
        except Exception as exc:
            if ctx.find_root().params.get("debug"):
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc} (rerun with --debug for "
                       "the traceback and please report it)", err=True)
            ctx.exit(3)


def seed_option(fn: F) -> F:
    return click.option("--seed", type=click.IntRange(min=0), default=None,
                        help="Seed for every random choice; one is picked and printed if omitted.")(fn)


def output_option(fn: F) -> F:
    return click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
                        default=None, help="Write to this file instead of stdout.")(fn)


def resolve_seed(seed: int | None, needed: bool) -> int | None:
    """The given seed, or a fresh one (printed to stderr so the run can be repeated)."""
    if seed is None and needed:
        seed = random.SystemRandom().randrange(2**31)
        click.echo(f"seed: {seed}", err=True)
    return seed


def emit(content: str | bytes, output: Path | None) -> None:
    """Send a text result to stdout, or any result atomically to a file."""
    if output is None or str(output) == "-":
        assert isinstance(content, str), "binary results go to files"
        click.echo(content, nl=not content.endswith("\n"))
        return
    write_atomic(output, content)
    click.echo(f"wrote {output}", err=True)


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
