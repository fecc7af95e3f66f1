"""The ``course-builder`` command line: one click group, one module per game.

The command line is the edge of the program: it reads the user's files, writes results, prints
messages and sets exit codes (see :mod:`course_builder.cli.common`). Game packages take and return
plain data.

Each game's commands are imported only when that game is asked for: a Powerboats command never
loads Tortuga 2199 or Vanuatu (the whole process should take little more than importing the
libraries the command needs).
"""

from __future__ import annotations

import importlib

import click

from course_builder import __version__
from course_builder.cli.common import GameGroup

GAMES = {
    "powerboats": "course_builder.cli.powerboats",
    "tortuga": "course_builder.cli.tortuga",
    "vanuatu": "course_builder.cli.vanuatu",
}
"""Each game's group of commands: the module that defines it, under the group's own name."""


class Games(GameGroup):
    """The top group: a game's group of commands is imported the first time it is looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*GAMES, *super().list_commands(ctx)})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in GAMES and cmd_name not in self.commands:
            self.add_command(getattr(importlib.import_module(GAMES[cmd_name]), cmd_name))
        return super().get_command(ctx, cmd_name)


@click.group(cls=Games, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="course-builder")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def cli(debug: bool) -> None:
    """Set up and referee hex-board games: Powerboats courses, setup sheets and rulings."""


def main() -> None:
    """Entry point of the console script."""
    cli(prog_name="course-builder")
