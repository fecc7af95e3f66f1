"""State files behave alike in every game (cli/statefiles.py, the one home): Tortuga 2199's and
Vanuatu's referee commands write the state after an action with ``--save``, Powerboats ``play``
saves its record; each writes a symbolic link's target, keeps a replaced file's mode, refuses
``--save -`` in the same words and loses nothing when the new file cannot be written."""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from course_builder.cli import cli


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin)


def _tortuga(tmp: Path) -> tuple[Path, Callable[[Path, Path], Result]]:
    state = tmp / "state.json"
    assert run("tortuga", "setup", "--players", "red,blue,green", "--seed", "7", "--format",
               "json", "-o", str(state)).exit_code == 0
    return state, lambda read, save: run("tortuga", "move", str(read), "--player", "red",
                                         "--to", "turret-1", "--save", str(save))


def _vanuatu(tmp: Path) -> tuple[Path, Callable[[Path, Path], Result]]:
    state = tmp / "state.json"
    assert run("vanuatu", "setup", "--players", "3", "--seed", "7", "--format", "json", "-o",
               str(state)).exit_code == 0
    return state, lambda read, save: run("vanuatu", "round", str(read), "--save", str(save))


def _powerboats(tmp: Path) -> tuple[Path, Callable[[Path, Path], Result]]:
    record = tmp / "game.pbr"
    assert run("powerboats", "play", "--seed", "3", "--save", str(record),
               stdin="quit\n").exit_code == 0
    return record, lambda read, save: run("powerboats", "play", str(read), "--save", str(save),
                                          stdin="10,23 NW\nquit\n")


GAMES = {"tortuga": _tortuga, "vanuatu": _vanuatu, "powerboats": _powerboats}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest, tmp_path: Path
         ) -> tuple[Path, Callable[[Path, Path], Result]]:
    made: tuple[Path, Callable[[Path, Path], Result]] = GAMES[request.param](tmp_path)
    return made


def test_saving_to_the_file_read_keeps_its_mode_and_writes_through_a_link(game, tmp_path
                                                                         ) -> None:
    state, act = game
    state.chmod(0o640)
    before = state.read_bytes()
    link = tmp_path / "link"
    link.symlink_to(state)
    result = act(link, link)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and state.read_bytes() != before
    assert stat.S_IMODE(state.stat().st_mode) == 0o640


def test_save_to_stdout_is_refused_in_the_same_words(game) -> None:
    state, act = game
    before = state.read_bytes()
    result = act(state, Path("-"))
    assert result.exit_code == 2
    assert "standard output carries what the command prints" in result.stderr
    assert state.read_bytes() == before


def test_a_save_that_cannot_be_written_loses_nothing(game, tmp_path) -> None:
    state, act = game
    before = state.read_bytes()
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    result = act(state, blocked / "new")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: cannot write {blocked / 'new'}: ")
    assert state.read_bytes() == before and not list(tmp_path.glob(".*.tmp"))
