"""What every game's commands share: one-line errors and exit codes, seeds, output, JSON input.

Exit codes: 0 success; 1 bad input or a failed check (one-line message on stderr); 2 usage error
(click's own); 3 internal error (a bug: rerun with ``--debug`` for the traceback).
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


def read_json(path: Path) -> Any:
    """A JSON file's data; a bad file is a one-line :class:`CourseBuilderError`."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise CourseBuilderError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CourseBuilderError(f"{path}: cannot read the file ({exc})") from None
