"""What the Tortuga and Vanuatu referee commands share beyond :mod:`.common`: the new state
written together with the answer.

States are read by :func:`.common.read_json`; writing goes through :mod:`.common` (``emit``,
``emit_files``); this module only pairs an answer with a state file and guards the state file
from being overwritten by the answer.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from course_builder.cli.common import emit, emit_files


def is_stdout(output: Path | None) -> bool:
    """Whether ``-o`` sends the answer to standard output (no ``-o``, or ``-o -``)."""
    return output is None or str(output) == "-"


def state_target(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    """Callback of ``--save``: a file; ``-`` is refused (standard output carries what the command
    prints; with ``--format json`` a referee's answer holds the new state)."""
    if value is not None and str(value) == "-":
        raise click.BadParameter("give a file: standard output carries what the command prints "
                                 "(with --format json a referee's answer holds the new state)")
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
