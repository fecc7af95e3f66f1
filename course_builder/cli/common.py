"""What every game's commands share: one-line errors and exit codes, seeds, progress (files read
and results written: :mod:`.files`).

Exit codes: 0 success; 1 bad input, a failed check, or a file or standard output that cannot be
written (one-line message on stderr); 2 usage error (a bad option or option value, click's own);
3 internal error (a bug: rerun with ``--debug`` for the traceback); 4 an illegal move (the verdict
on stdout, as text or JSON); 130 ``play`` stopped with Ctrl-C (its record saved); 141 standard
output closed early by its reader.
"""

from __future__ import annotations

import contextlib
import errno
import importlib
import os
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import click

from course_builder.cli.aliases import Command
from course_builder.core.errors import CourseBuilderError, OutputError

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

ILLEGAL_MOVE = 4
"""Exit code of a command whose verdict is that a move is illegal (not that the input is bad)."""

OUTPUT_FAILED = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""Errors of writing standard output that are the machine's, not a bug: exit 1 with a message."""

INTERRUPTED = 130
"""Exit code of ``play`` stopped with Ctrl-C (the shell's code for an interrupt; the record is
saved and the table says how to carry on)."""

STDOUT_CLOSED = 141
"""Exit code when the reader of standard output stops early (``| head``), as for SIGPIPE."""


class GameGroup(click.Group):
    """Turns user errors into one-line messages and bugs into exit code 3; its commands keep
    their old spellings working (:class:`~course_builder.cli.aliases.Command`)."""

    command_class = Command

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        """click's ``main``, but a usage error is one line (the message and where the help is)
        and standard output that cannot take the help or the version (a full disk) is an error
        of one line too, as for every command (exit 1)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.UsageError as exc:
            if isinstance(exc, _NO_ARGS_IS_HELP):  # a group without a command: its help
                exc.show()
            else:
                click.echo(one_line_usage_error(exc), err=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                _discard_stdout()
                sys.exit(STDOUT_CLOSED)
            if exc.errno not in OUTPUT_FAILED:
                raise
            _discard_stdout()
            click.echo(f"Error: cannot write the output: {exc.strerror}", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except CourseBuilderError as exc:
            if isinstance(exc, OutputError):
                if exc.broken_pipe:  # -o /dev/stdout | head: as a closed stdout below
                    ctx.exit(STDOUT_CLOSED)
                click.echo(f"Error: {exc}", err=True)
                ctx.exit(1)
            one_line = " ".join(str(exc).splitlines())  # user text could carry line breaks
            click.echo(f"Error: {one_line}", err=True)
            ctx.exit(1)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except BrokenPipeError:
            # the reader of stdout stopped early (``| head``): quiet, as the shell's own tools
            _discard_stdout()
            ctx.exit(STDOUT_CLOSED)
        except Exception as exc:
            if isinstance(exc, OSError) and exc.errno in OUTPUT_FAILED:
                # standard output cannot take what is printed (a full disk, ``> /dev/full``):
                # files are written through core.output, which says so itself; what is left
                # in the buffer cannot be written either
                _discard_stdout()
                click.echo(f"Error: cannot write the output: {exc.strerror}", err=True)
                ctx.exit(1)
            if ctx.find_root().params.get("debug"):
                raise
            click.echo(f"internal error: {type(exc).__name__}: {exc} (rerun with --debug for "
                       "the traceback and please report it)", err=True)
            ctx.exit(3)


_NO_ARGS_IS_HELP: Any = getattr(click.exceptions, "NoArgsIsHelpError", ())
"""click 8.2 and later: a group run without a command raises it to show its help."""


def one_line_usage_error(exc: click.UsageError) -> str:
    """A usage error as one line: click's message, then where the command's help is."""
    message = " ".join(exc.format_message().split())
    where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
    return f"Error: {message}{where}"


def _discard_stdout() -> None:
    """Point standard output at the null device: what is still buffered for a reader that is
    gone, or a disk that is full, cannot be written, and Python would fail again at exit."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class GameCommands(GameGroup):
    """A game's group whose commands are defined in several modules, each imported only when a
    command it defines is asked for (or when all of them are listed): ``lazy`` maps each
    command's name to its module."""

    def __init__(self, *args: Any, lazy: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = dict(lazy or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        for module in sorted(set(self.lazy.values())):
            importlib.import_module(module)
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy:
            importlib.import_module(self.lazy[cmd_name])
        return super().get_command(ctx, cmd_name)


SEED_MAX = 2**63 - 1
"""The largest seed: what course, game and state files record and read back."""


class SeedType(click.ParamType):
    """A seed: a whole number from 0 to 2**63-1, said so when it is not."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            try:
                number = int(str(value).strip())
            except ValueError:
                self.fail(f"{value!r} is not a whole number (a seed is 0 to 2**63-1)", param, ctx)
        if not 0 <= number <= SEED_MAX:
            self.fail(f"{number} is out of range (a seed is 0 to 2**63-1)", param, ctx)
        return number


def seed_option(fn: F) -> F:
    """``--seed``, 0 to 2**63-1 (a usage error otherwise)."""
    return click.option("--seed", type=SeedType(), default=None,
                        help="Seed for every random choice (0 to 2**63-1); one is picked and "
                        "printed if omitted.")(fn)


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


