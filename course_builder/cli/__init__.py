"""The ``course-builder`` command line: one click group, one module per game.

The command line is the edge of the program: it reads the user's files, writes results, prints
messages and sets exit codes (see :mod:`course_builder.cli.common`). Game packages take and return
plain data.
"""

from __future__ import annotations

import click

from course_builder import __version__
from course_builder.cli import (
    powerboats_game,  # noqa: F401  (adds play and replay)
    powerboats_study,  # noqa: F401  (adds simulate and atlas)
)
from course_builder.cli.common import GameGroup
from course_builder.cli.powerboats import powerboats
from course_builder.cli.tortuga import tortuga
from course_builder.cli.vanuatu import vanuatu
from course_builder.cli.web import serve


@click.group(cls=GameGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="course-builder")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def cli(debug: bool) -> None:
    """Set up and referee hex-board games: Powerboats courses, setup sheets and rulings."""


cli.add_command(powerboats)
cli.add_command(tortuga)
cli.add_command(vanuatu)
cli.add_command(serve)


def main() -> None:
    """Entry point of the console script."""
    cli(prog_name="course-builder")
