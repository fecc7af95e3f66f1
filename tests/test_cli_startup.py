"""Start-up: the top-level help lists the games without importing them, and says the same."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest

from course_builder.cli import GAMES, SUMMARIES, cli


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_summary_is_the_commands_own_help(name: str) -> None:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    for limit in range(10, 200):
        stand_in = click.Command(name, help=SUMMARIES[name])
        assert stand_in.get_short_help_str(limit) == command.get_short_help_str(limit)


def _help(first: str) -> tuple[str, str]:
    """``course-builder --help`` in a new process after running ``first``: what it prints, and
    the command line's modules imported by the end."""
    probe = ("import atexit, sys\natexit.register(lambda: print(sorted(m for m in sys.modules if "
             "m.startswith('course_builder.cli.')), file=sys.stderr))\n"
             f"{first}\nfrom course_builder.cli import script\n"
             "sys.argv = ['course-builder', '--help']\nscript()")  # ends the process
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    return done.stdout, done.stderr.strip()


def test_help_imports_no_game_and_lists_them_as_their_commands_do() -> None:
    text, imported = _help("")
    assert imported == "['course_builder.cli.aliases', 'course_builder.cli.common']"
    every_game = "; ".join(f"import {module}" for module in GAMES.values())
    loaded_text, loaded = _help(every_game)  # every game imported first: click's own listing
    assert "course_builder.cli.vanuatu" in loaded
    assert text == loaded_text


POSITION = ("classic:A:A1,A2cw,A4cw,A3cw:E,E | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 "
            "| yellow 2")
BOARD_FILE = str(Path(__file__).resolve().parents[1] / "data" / "boards" / "classic.board")


@pytest.mark.parametrize("args", [
    ["adjudicate", POSITION, "--move", "+r2/13R"],
    ["moves", POSITION, "--dice", "3,1,3"],
    ["course", "--race", "A", "--seed", "7", "--expansion"],
    ["check-board", BOARD_FILE],
], ids=lambda args: args[0])
def test_the_commands_users_wait_for_import_no_dataclasses(args: list[str]) -> None:
    """Making dataclasses costs start-up (the :mod:`dataclasses` module, and some 1.2 ms a
    class): value classes derive from :mod:`course_builder.core.values`, so the module is
    never imported."""
    probe = ("import atexit, sys\n"
             "atexit.register(lambda: print('dataclasses' in sys.modules, file=sys.stderr))\n"
             "from course_builder.cli import script\n"
             f"sys.argv = ['course-builder', 'powerboats', *{args!r}]\nscript()")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stderr.splitlines()[-1] == "False"
