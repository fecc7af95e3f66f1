"""State files: a game kept in a file between commands, read and written back the same way in
every game.

Tortuga 2199's and Vanuatu's referee commands read a game state (the argument ``STATE``, JSON)
and write the state after the action with ``--save FILE``; Powerboats ``play`` reads a game record
(the argument ``RECORD``) and saves it after every entry, to ``--save FILE``. For all three:

* a state or record is read whole, from its file or standard input (``-``); one that is missing,
  a folder, too large or not text is one line naming it (:func:`read_state`,
  :func:`read_record`: :mod:`.common` reads, :mod:`course_builder.core.jsonread` parses JSON);
* it is written completely or not at all, a symbolic link's target written, a replaced file's
  permissions kept, missing folders created: :mod:`course_builder.core.output`, the one writer;
* nothing replaces the file read but the state written back to it on purpose (``--save STATE``,
  or ``play RECORD`` carrying the game on): ``-o`` naming the state file or the ``--save`` file is
  a usage error, as is a new game's record that would replace a file that exists (it may hold a
  game in progress) or a carried-on game saved over another record;
* ``--save -`` is refused: standard output carries what the command prints.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from course_builder.cli.common import F
from course_builder.cli.files import OutputPath, emit, emit_files, input_name, read_json, read_text
from course_builder.core.output import write_atomic

T = TypeVar("T")


def is_stdout(output: Path | None) -> bool:
    """Whether ``-o`` sends the answer to standard output (no ``-o``, or ``-o -``)."""
    return output is None or str(output) == "-"


def same_file(a: Path, b: Path) -> bool:
    """Whether two names are one file (symbolic links followed, the file need not exist)."""
    return os.path.realpath(a) == os.path.realpath(b)


# -------------------------------------------------------------------------------------------------
# reading
# -------------------------------------------------------------------------------------------------


def read_state(path: Path, reader: Callable[[Any], T]) -> T:
    """The game state in a JSON file (``-``: standard input), as ``reader`` makes it from the
    document; every problem is one line naming the file (and the field, with its line and
    column)."""
    return read_json(path, reader)


def read_record(path: Path, parse: Callable[[str, str], T]) -> T:
    """A game record in a text file (``-``: standard input), as ``parse(text, name)`` reads it."""
    return parse(read_text(path), input_name(path))


# -------------------------------------------------------------------------------------------------
# the option and its guards
# -------------------------------------------------------------------------------------------------


def save_option(what: str) -> Callable[[F], F]:
    """``--save FILE``: where a changed state or record is written (``what`` says which)."""
    return click.option("--save", type=OutputPath(), default=None, metavar="FILE",
                        callback=_not_stdout, help=what)


def _not_stdout(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """``--save -`` is refused (standard output carries what the command prints; with
    ``--format json`` a referee's answer holds the new state)."""
    if value is not None and str(value) == "-":
        raise click.BadParameter("give a file: standard output carries what the command prints "
                                 "(with --format json a referee's answer holds the new state)")
    return value


def refuse_output_over_state(output: Path | None, hint: str) -> None:
    """A usage error when ``-o`` names the state file the command read (its parameter
    ``state_file``): the answer would replace the game. ``hint`` says how to update the state
    instead."""
    source = click.get_current_context().params.get("state_file")
    if is_stdout(output) or source is None or str(source) == "-":
        return
    assert output is not None
    if same_file(output, source):
        raise click.UsageError(f"-o {output} is the state file: the answer would replace the "
                               f"game ({hint})")


def record_target(save: Path | None, *, carried_on: Path | None = None,
                  new: Path | None = None) -> Path:
    """Where a game being played keeps its record: ``--save``, else the record of the game
    ``carried_on``, else ``new`` (a new game's default). A new game's record never replaces a
    file, and a game carried on is not saved over another record (a usage error, before
    anything is played)."""
    if carried_on is None:
        assert save is not None or new is not None
        target = save or new
        assert target is not None
        if target.is_file():
            raise click.UsageError(f"{target} exists: carry on its game with 'play {target}', "
                                   "or give another --save")
        return target
    target = save or carried_on
    if not same_file(target, carried_on) and target.is_file():
        raise click.UsageError(f"{target} holds a record already: give a new file with --save, "
                               f"or leave --save out to save to {carried_on}")
    return target


# -------------------------------------------------------------------------------------------------
# writing
# -------------------------------------------------------------------------------------------------


def emit_with_state(content: str, output: Path | None, state: tuple[Path, str] | None) -> None:
    """The answer to stdout (``output`` None or ``-``) or to ``-o FILE``, and the new state to
    its ``--save`` file. Two files are written all or nothing; with the answer on stdout the
    state file is written first, so a state that cannot be written leaves only the error."""
    if state is None:
        emit(content, output)
        return
    target, data = state
    if is_stdout(output):
        emit_files([(target, data)])
        emit(content, output)
        return
    assert output is not None
    if same_file(output, target):
        raise click.UsageError(f"-o and --save name the same file ({output})")
    emit_files([(output, content), (target, data)])


def save_record(target: Path, data: str) -> None:
    """A game's record saved again as it goes on (after every entry): as :func:`emit_with_state`
    writes a state, but quietly."""
    write_atomic(target, data)
