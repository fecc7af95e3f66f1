"""Tortuga input and output that never surprise (issue 11): how files are read and written,
``-`` for stdin and stdout, and one exit code per kind of mistake (README, "Exit code")."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.cli.tortuga import tortuga
from tests.cli_checks import one_line_error

MOVE = ["move", "--player", "red", "--to", "turret-1"]


def run(*args: str, stdin: str | bytes | None = None):
    return CliRunner().invoke(cli, ["tortuga", *args], input=stdin)


def check_problem(result: Any) -> str:
    """What ``check`` prints of a state it refuses: one line on stdout, exit 1, as ``validate``
    and ``check-board`` report their problems."""
    assert result.exit_code == 1, result.output
    assert result.stderr == "" and result.stdout.count("\n") == 1, result.output
    return result.stdout


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    result = run("setup", "--players", "red,blue,green", "--seed", "7", "--format", "json",
                 "-o", str(path))
    assert result.exit_code == 0, result.output
    return path




# -- writing ---------------------------------------------------------------------------------------


def test_a_symlink_target_is_written_and_stays_a_link(game: Path, tmp_path: Path) -> None:
    target = tmp_path / "real" / "answer.txt"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "answer-link.txt"
    link.symlink_to(target)
    state_target = tmp_path / "real" / "state.json"
    state_target.write_text("old")
    state_link = tmp_path / "state-link.json"
    state_link.symlink_to(state_target)
    result = run(*MOVE, str(game), "-o", str(link), "--save", str(state_link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and state_link.is_symlink()
    assert "red moves" in target.read_text() or "turret-1" in target.read_text()
    assert json.loads(state_target.read_text())["players"][0]["ship"] == "turret-1"


def test_an_existing_file_keeps_its_mode(game: Path, tmp_path: Path) -> None:
    answer = tmp_path / "answer.txt"
    answer.write_text("old")
    answer.chmod(0o600)
    game.chmod(0o640)
    result = run(*MOVE, str(game), "-o", str(answer), "--save", str(game))
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(answer.stat().st_mode) == 0o600
    assert stat.S_IMODE(game.stat().st_mode) == 0o640
    assert json.loads(game.read_text())["players"][0]["ship"] == "turret-1"


@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_a_new_file_respects_the_umask(game: Path, tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        result = run(*MOVE, str(game), "-o", str(tmp_path / "new" / "a.txt"),
                     "--save", str(tmp_path / "new" / "s.json"))
        sheet = run("sheet", "--players", "2", "--seed", "1", "--format", "svg", "-o",
                    str(tmp_path / "new" / "sheet.svg"))
    finally:
        os.umask(old)
    assert result.exit_code == 0 and sheet.exit_code == 0, result.output + sheet.output
    for name in ("a.txt", "s.json", "sheet.svg"):
        assert stat.S_IMODE((tmp_path / "new" / name).stat().st_mode) == 0o666 & ~umask


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("option", ["-o", "--save"])
def test_a_full_device_is_a_one_line_error(game: Path, option: str) -> None:
    before = game.read_bytes()
    error = one_line_error(run(*MOVE, str(game), option, "/dev/full"))
    assert error.startswith("Error: cannot write /dev/full: ")
    assert game.read_bytes() == before


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_sheet_to_a_full_device(tmp_path: Path) -> None:
    error = one_line_error(run("sheet", "--players", "2", "--seed", "1", "--format", "svg", "-o",
                               "/dev/full"))
    assert error.startswith("Error: cannot write /dev/full: ")


def test_answer_and_state_are_written_all_or_nothing(game: Path, tmp_path: Path) -> None:
    """The Tortuga sheet is one page, so the files written together are the answer (-o) and the
    new state (--write-state): when either cannot be written, neither is."""
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    before = game.read_bytes()
    answer = tmp_path / "answer.txt"
    error = one_line_error(run(*MOVE, str(game), "-o", str(answer), "--save",
                               str(blocked / "state.json")))
    assert error.startswith(f"Error: cannot write {blocked / 'state.json'}: ")
    assert not answer.exists()
    error = one_line_error(run(*MOVE, str(game), "-o", str(blocked / "a.txt"),
                               "--save", str(game)))
    assert error.startswith(f"Error: cannot write {blocked / 'a.txt'}: ")
    assert game.read_bytes() == before
    folder = tmp_path / "folder"
    folder.mkdir()
    error = one_line_error(run(*MOVE, str(game), "-o", str(answer), "--save", str(folder)))
    assert error == f"Error: cannot write {folder}: it is a folder\n" and not answer.exists()
    assert list(tmp_path.glob(".*.tmp")) == [] and list(tmp_path.glob(".*.old")) == []


def test_missing_folders_are_created(game: Path, tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b" / "answer.json"
    result = run(*MOVE, str(game), "--format", "json", "-o", str(deep))
    assert result.exit_code == 0 and json.loads(deep.read_text())["action"]


def test_output_mistakes_are_usage_errors(game: Path, tmp_path: Path) -> None:
    before = game.read_bytes()
    for args in (["-o", str(game)],  # the answer would replace the game
                 ["-o", str(tmp_path / "x"), "--save", str(tmp_path / "x")],
                 ["--save", "-"]):
        result = run(*MOVE, str(game), *args)
        assert result.exit_code == 2, (args, result.output)
    assert run("score", str(game), "-o", str(game)).exit_code == 2
    assert game.read_bytes() == before
    assert not (tmp_path / "x").exists()


# -- stdout ----------------------------------------------------------------------------------------


def test_dash_writes_text_to_stdout(game: Path) -> None:
    for args in (["score", str(game)], ["setup", "--players", "2", "--seed", "1"],
                 ["map", "--players", "3", "--format", "svg"], [*MOVE, str(game)]):
        result = run(*args, "-o", "-")
        assert result.exit_code == 0 and result.stdout == run(*args).stdout, args
    sheet = run("sheet", "--players", "2", "--seed", "1", "--format", "svg", "-o", "-")
    assert sheet.exit_code == 0 and sheet.stdout.startswith("<svg")


@pytest.mark.parametrize("fmt", ["pdf", "png"])
def test_dash_refuses_a_binary_sheet(fmt: str) -> None:
    result = run("sheet", "--players", "2", "--seed", "1", "--format", fmt, "-o", "-")
    assert result.exit_code == 2 and "binary" in result.stderr and result.stdout == ""


def test_every_output_option_says_how_files_are_written() -> None:
    def walk(group: click.Group):
        for command in group.commands.values():
            if isinstance(command, click.Group):
                yield from walk(command)
            else:
                yield command

    for command in walk(tortuga):
        for param in command.params:
            if param.name in ("output", "write_state"):
                assert isinstance(param, click.Option) and param.help
                assert "missing folders are created" in param.help, command.name


# -- reading ---------------------------------------------------------------------------------------


def test_a_byte_order_mark_is_accepted(game: Path) -> None:
    game.write_bytes(b"\xef\xbb\xbf" + game.read_bytes())
    assert run("check", str(game)).exit_code == 0
    assert run(*MOVE, str(game)).exit_code == 0


def test_a_binary_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff")
    assert check_problem(run("check", str(path))) == f"{path}: not UTF-8 text (byte 1)\n"
    layout = tmp_path / "x.layout"
    layout.write_bytes(b"[layout]\n\xff\xfe")
    error = one_line_error(run("setup", "--players", "2", "--seed", "1", "--layout", str(layout)))
    assert error == f"Error: {layout}: not UTF-8 text (byte 10)\n"


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    for name, args in (("game.json", ["score"]), ("x.layout", ["setup", "--players", "2",
                                                                "--layout"])):
        path = tmp_path / name
        path.write_bytes(b" " * 1_000_001)
        error = one_line_error(run(*args, str(path)))
        assert error.startswith(f"Error: {path}: larger than 1000000 bytes")
    assert check_problem(run("check", str(path.with_name("game.json")))).startswith(
        f"{path.with_name('game.json')}: larger than 1000000 bytes")


def test_a_missing_file_is_no_such_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    for args in (["score", str(missing)], [*MOVE, str(missing)], ["map", str(missing)]):
        assert one_line_error(run(*args)) == f"Error: {missing}: no such file\n"
    assert check_problem(run("check", str(missing))) == f"{missing}: no such file\n"
    assert check_problem(run("check", str(tmp_path))) == f"{tmp_path}: is a folder, not a file\n"


def test_a_state_from_stdin(game: Path, tmp_path: Path) -> None:
    text = game.read_text()
    result = run("check", "-", stdin=text)
    assert result.exit_code == 0 and result.stdout.startswith("stdin: ok: 3 players")
    out = tmp_path / "next.json"
    result = run(*MOVE, "-", "--save", str(out), stdin=text)
    assert result.exit_code == 0 and json.loads(out.read_text())["players"][0]["ship"] == "turret-1"
    assert one_line_error(run("score", "-", stdin="{")).startswith(
        "Error: stdin:1:2: not valid JSON")
    assert check_problem(run("check", "-", stdin=b"\xff")) == "stdin: not UTF-8 text (byte 1)\n"


@pytest.mark.parametrize(("change", "message"), [
    (("version", True), "version: expected a whole number, got true"),
    (("version", 1.0), "version: expected a whole number, got 1.0"),
    (("players", 0, "influence", float("nan")), "not valid JSON: NaN is not a JSON number"),
    (("players", 0, "influence", "3"), "players[0].influence: expected a whole number from 0 to "
                                       "10000, got '3'"),
    (("map", "verified", 0), "map.verified: expected true or false, got 0"),
    (("mines", "supply", -1), "mines.supply: expected a whole number from 0 to 8, got -1"),
    (("players", 0, "influence", 10**30), "players[0].influence: expected a whole number from 0 "
                                           "to 10000, got 1000000000000000000000000000000"),
])
def test_state_types_are_strict(game: Path, change: tuple, message: str) -> None:
    data = json.loads(game.read_text())
    *path, key, value = change
    where = data
    for step in path:
        where = where[step]
    where[key] = value
    text = json.dumps(data)  # NaN is written as NaN
    game.write_text(text)
    problem = check_problem(run("check", str(game)))
    place = re.fullmatch(f"{re.escape(str(game))}:1:([0-9]+): {re.escape(message)}\n", problem)
    assert place, problem
    assert text[int(place.group(1)) - 1:].startswith(json.dumps(value))  # the value's column


def test_bad_file_contents_exit_1(game: Path, tmp_path: Path) -> None:
    for content in ("", "{", "[]", "null", '{"format": "x"}', "NaN", "[" * 5000):
        game.write_text(content)
        one_line_error(run(*MOVE, str(game)))


# -- options ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["setup", "--players", "3", "--seed", str(2**63)],
    ["setup", "--players", "3", "--seed", "-1"],
    ["setup", "--players", "3", "--seed", "nan"],
    ["setup", "--players", "3", "--seed", "9" * 5000],
    ["setup", "--players", "inf"],
    ["setup", "--players", "0"],
    ["setup", "--players", "a"],
    ["setup", "--players", "a,b,c,d,e,f"],
    ["setup", "--players", "a,a"],
    ["setup", "--players", "a,b!"],
    ["setup", "--players", "6"],
    ["map", "--players", "3", "--from", "tortuga", "--within", "-1"],
    ["map", "--players", "3", "--from", "tortuga", "--within", "1e9"],
    ["map", "--players", "3", "--seed", str(2**64)],
    ["sheet", "--players", "2", "--seed", str(2**63)],
])
def test_option_values_out_of_range_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [
    ["hunt", "attack", "--player", "red", "--token", "h1", "--defender", "blue", "--winner",
     "attacker", "--shield", "nan"],
    ["hunt", "attack", "--player", "red", "--token", "h1", "--defender", "blue", "--winner",
     "attacker", "--seed", str(2**63)],
    ["hunt", "return", "--player", "red", "--seed", "-5"],
    ["hunt", "capture", "--player", "red", "--token", "h1", "--points", "101"],
    ["hunt", "redeem", "--player", "red", "--card", "x", "--points", "-1"],
    ["control", "hub", "--player", "red", "--token", "h1", "--value", "inf"],
])
def test_referee_option_values_out_of_range_exit_2(game: Path, args: list[str]) -> None:
    result = run(*args, str(game))
    assert result.exit_code == 2, result.output


def test_the_largest_seed_works() -> None:
    result = run("setup", "--players", "3", "--seed", str(2**63 - 1))
    assert result.exit_code == 0 and f"seed {2**63 - 1}" in result.stdout
