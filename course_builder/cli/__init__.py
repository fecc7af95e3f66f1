"""The ``course-builder`` command line: one click group, one package per game.

The command line is the edge of the program: it reads the user's files, writes results, prints
messages and sets exit codes (see :mod:`course_builder.cli.common`). Game packages take and return
plain data.

Each game's commands are imported only when that game is asked for: a Powerboats command never
loads Tortuga 2199 or Vanuatu (the whole process should take little more than importing the
libraries the command needs).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import os
import sys
from gettext import gettext as _
from typing import NoReturn

import click

from course_builder import __version__
from course_builder.cli.common import STDOUT_CLOSED, GameGroup

GAMES: dict[str, str] = {
    "powerboats": "course_builder.cli.powerboats",
    "tortuga": "course_builder.cli.tortuga",
    "vanuatu": "course_builder.cli.vanuatu",
    "serve": "course_builder.cli.web",
}
"""Each top-level command: the module that defines it under its own name (a game's package
imports the modules of its commands itself, on first need)."""

SUMMARIES: dict[str, str] = {
    "powerboats": "Powerboats (Cwali, 2008) and Expansion 1.",
    "serve": "Serve the web page: see a course, place boats, ask for a ruling, follow and record "
             "a game. Open the address it prints in a browser; Ctrl-C stops it.",
    "tortuga": "Tortuga 2199 with Shipwreck Bay: setup for 2-5 players and a referee for the "
               "expansion.",
    "vanuatu": "Vanuatu: The Rising Waters expansion.",
}
"""The first paragraph of each top-level command's help, for ``course-builder --help`` to list
the games without importing them (tests check these against the commands' own help)."""


class Games(GameGroup):
    """The top group: a game's group of commands is imported the first time it is looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*GAMES, *super().list_commands(ctx)})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in GAMES and cmd_name not in self.commands:
            self.add_command(getattr(importlib.import_module(GAMES[cmd_name]), cmd_name))
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands, as click writes it, with a game not imported yet standing in as
        a command that has only its one-line help (:data:`SUMMARIES`)."""
        commands = []
        for name in self.list_commands(ctx):
            if name in SUMMARIES and name not in self.commands:
                commands.append((name, click.Command(name, help=SUMMARIES[name])))
            elif (command := self.get_command(ctx, name)) is not None and not command.hidden:
                commands.append((name, command))
        if commands:
            limit = formatter.width - 6 - max(len(name) for name, _command in commands)
            with formatter.section(_("Commands")):
                formatter.write_dl([(name, command.get_short_help_str(limit))
                                    for name, command in commands])


@click.group(cls=Games, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="course-builder")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def cli(debug: bool) -> None:
    """Set up and referee hex-board games: Powerboats courses, setup sheets and rulings."""


def main() -> None:
    """Run the command line in this process (``python -m course_builder``, a profiler, a
    debugger); :func:`script` is the installed ``course-builder``. It ends with
    :class:`SystemExit`, as a click command does."""
    cli(prog_name="course-builder")


def script() -> NoReturn:
    """Entry point of the console script: :func:`main`, and then the process ends at once
    (:func:`exit_now`)."""
    try:
        main()
    except SystemExit as done:
        exit_now(done.code)
    exit_now(0)


def exit_now(code: object) -> NoReturn:
    """End the process with ``code`` (as :class:`SystemExit` reads it) without taking the
    interpreter apart: by then every file a command writes is written and closed, so tearing
    down its modules and the last collections of the garbage collector (some 8% of a short
    command's instructions) serve nothing. What Python would still do that matters is done
    first: the ``atexit`` functions run and standard output and error are flushed (a reader
    that stopped early gives exit 141, as during the command; a stream that was closed before
    the process began is left alone). Where another thread still runs, or ``atexit`` cannot be
    run, the process exits the usual way."""
    threading = sys.modules.get("threading")
    run_exit_functions = getattr(atexit, "_run_exitfuncs", None)
    if (threading is not None and threading.active_count() > 1) or run_exit_functions is None:
        raise SystemExit(code)
    status = _status(code)
    run_exit_functions()
    if sys.stdout is not None:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            status = STDOUT_CLOSED
        except (OSError, ValueError):  # stdout unwritable: as Python's own shutdown does
            status = status or 120
    if sys.stderr is not None:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
    os._exit(status)


def _status(code: object) -> int:
    """The exit status a :class:`SystemExit` with this code gives (a message is printed to
    stderr and gives 1, as Python does)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    if sys.stderr is not None:
        print(code, file=sys.stderr)
    return 1
