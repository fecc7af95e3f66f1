"""Vanuatu input and output that never surprise (issue 11): how files are read and written,
``-`` for stdin and stdout, and one exit code per kind of mistake (README, "Exit code")."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.cli.vanuatu import vanuatu
from tests.cli_checks import one_line_error


def run(*args: str, stdin: str | bytes | None = None):
    return CliRunner().invoke(cli, ["vanuatu", *args], input=stdin)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    result = run("setup", "--seed", "7", "--players", "red,blue,green", "--vatus", "5",
                 "--format", "json", "-o", str(path))
    assert result.exit_code == 0, result.output
    return path




def round_of(path: Path) -> int:
    return json.loads(path.read_text())["round"]


# -- writing ---------------------------------------------------------------------------------------


def test_a_symlink_target_is_written_and_stays_a_link(game: Path, tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (real / "answer.txt").write_text("old")
    (real / "state.json").write_text("old")
    (tmp_path / "answer-link").symlink_to(real / "answer.txt")
    (tmp_path / "state-link").symlink_to(real / "state.json")
    result = run("round", str(game), "-o", str(tmp_path / "answer-link"), "--save",
                 str(tmp_path / "state-link"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "answer-link").is_symlink() and (tmp_path / "state-link").is_symlink()
    assert (real / "answer.txt").read_text().startswith("Round 2.")
    assert round_of(real / "state.json") == 2


def test_an_existing_file_keeps_its_mode(game: Path, tmp_path: Path) -> None:
    answer = tmp_path / "answer.txt"
    answer.write_text("old")
    answer.chmod(0o600)
    game.chmod(0o640)
    result = run("round", str(game), "-o", str(answer), "--save", str(game))
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(answer.stat().st_mode) == 0o600
    assert stat.S_IMODE(game.stat().st_mode) == 0o640 and round_of(game) == 2


@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_a_new_file_respects_the_umask(game: Path, tmp_path: Path, umask: int) -> None:
    old = os.umask(umask)
    try:
        result = run("round", str(game), "-o", str(tmp_path / "new" / "a.txt"), "--save",
                     str(tmp_path / "new" / "s.json"))
        sheet = run("sheet", "--seed", "1", "--format", "svg", "-o",
                    str(tmp_path / "new" / "sheet.svg"))
    finally:
        os.umask(old)
    assert result.exit_code == 0 and sheet.exit_code == 0, result.output + sheet.output
    for name in ("a.txt", "s.json", "sheet.svg"):
        assert stat.S_IMODE((tmp_path / "new" / name).stat().st_mode) == 0o666 & ~umask


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [["round", "GAME", "-o", "/dev/full"],
                                  ["round", "GAME", "--save", "/dev/full"],
                                  ["show", "GAME", "-o", "/dev/full"],
                                  ["sheet", "--seed", "1", "--format", "svg", "-o", "/dev/full"]])
def test_a_full_device_is_a_one_line_error(game: Path, args: list[str]) -> None:
    before = game.read_bytes()
    error = one_line_error(run(*[str(game) if a == "GAME" else a for a in args]))
    assert error.startswith("Error: cannot write /dev/full: ")
    assert game.read_bytes() == before


def test_answer_and_state_are_written_all_or_nothing(game: Path, tmp_path: Path) -> None:
    """The Vanuatu sheet is one page, so the files written together are the answer (-o) and the
    new state (--save): when either cannot be written, neither is."""
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    before = game.read_bytes()
    answer = tmp_path / "answer.txt"
    error = one_line_error(run("round", str(game), "-o", str(answer), "--save",
                               str(blocked / "state.json")))
    assert error.startswith(f"Error: cannot write {blocked / 'state.json'}: ")
    assert not answer.exists()
    error = one_line_error(run("round", str(game), "-o", str(blocked / "a.txt"), "--save",
                               str(game)))
    assert error.startswith(f"Error: cannot write {blocked / 'a.txt'}: ")
    assert game.read_bytes() == before
    folder = tmp_path / "folder"
    folder.mkdir()
    error = one_line_error(run("round", str(game), "-o", str(answer), "--save", str(folder)))
    assert error == f"Error: cannot write {folder}: it is a folder\n" and not answer.exists()
    assert list(tmp_path.glob(".*.tmp")) == [] and list(tmp_path.glob(".*.old")) == []


def test_missing_folders_are_created(game: Path, tmp_path: Path) -> None:
    result = run("round", str(game), "--save", str(tmp_path / "a" / "b" / "next.json"))
    assert result.exit_code == 0 and round_of(tmp_path / "a" / "b" / "next.json") == 2
    sheet = tmp_path / "c" / "d" / "sheet.pdf"
    assert run("sheet", "--seed", "1", "--format", "pdf", "-o", str(sheet)).exit_code == 0
    assert sheet.read_bytes().startswith(b"%PDF")


def test_output_mistakes_are_usage_errors(game: Path, tmp_path: Path) -> None:
    before = game.read_bytes()
    for args in (["round", str(game), "-o", str(game)],  # the answer would replace the game
                 ["score", str(game), "-o", str(game)],
                 ["show", str(game), "-o", str(game)],
                 ["round", str(game), "-o", str(tmp_path / "x"), "--save", str(tmp_path / "x")],
                 ["round", str(game), "--save", "-"],
                 ["place", str(game), "--tile", "A1", "--save", str(tmp_path / "x")]):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
    assert game.read_bytes() == before and not (tmp_path / "x").exists()
    # show --format json -o STATE puts a state in normal form: allowed
    assert run("show", str(game), "--format", "json", "-o", str(game)).exit_code == 0


# -- stdout ----------------------------------------------------------------------------------------


def test_dash_writes_text_to_stdout(game: Path) -> None:
    for args in (["show", str(game)], ["score", str(game), "--format", "json"],
                 ["setup", "--seed", "1"], ["setup", "--seed", "1", "--format", "json"],
                 ["round", str(game)], ["forecast", str(game)], ["plan", str(game)]):
        result = run(*args, "-o", "-")
        assert result.exit_code == 0 and result.stdout == run(*args).stdout, args
    sheet = run("sheet", "--seed", "1", "--format", "svg", "-o", "-")
    assert sheet.exit_code == 0 and sheet.stdout.startswith("<svg")


@pytest.mark.parametrize("fmt", ["pdf", "png"])
def test_dash_refuses_a_binary_sheet(fmt: str) -> None:
    result = run("sheet", "--seed", "1", "--format", fmt, "-o", "-")
    assert result.exit_code == 2 and "binary" in result.stderr and result.stdout == ""


def test_every_output_option_says_how_files_are_written() -> None:
    for command in vanuatu.commands.values():
        for param in command.params:
            if param.name in ("output", "save"):
                assert isinstance(param, click.Option) and param.help
                assert "missing folders are created" in param.help, command.name


# -- reading ---------------------------------------------------------------------------------------


def test_a_byte_order_mark_is_accepted(game: Path) -> None:
    game.write_bytes(b"\xef\xbb\xbf" + game.read_bytes())
    assert run("show", str(game)).exit_code == 0
    assert run("show", "-", stdin=game.read_bytes()).exit_code == 0


def test_a_binary_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff")
    assert one_line_error(run("show", str(path))) == f"Error: {path}: not UTF-8 text (byte 1)\n"
    assert one_line_error(run("show", "-", stdin=b"{\xff")) == \
        "Error: stdin: not UTF-8 text (byte 2)\n"


def test_a_missing_file_is_no_such_file(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    for command in ("show", "round", "flood", "score", "forecast", "plan"):
        assert one_line_error(run(command, str(missing))) == f"Error: {missing}: no such file\n"


def test_a_state_from_stdin(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "next.json"
    result = run("round", "-", "--save", str(out), stdin=game.read_text())
    assert result.exit_code == 0 and round_of(out) == 2
    assert one_line_error(run("show", "-", stdin="{")).startswith(
        "Error: stdin:1:2: not valid JSON")
    assert one_line_error(run("show", "-", stdin=" " * 1_000_001)).startswith(
        "Error: stdin: larger than 1000000 bytes")


@pytest.mark.parametrize(("key", "value", "message"), [
    ("version", True, "version: expected a whole number, got true"),
    ("version", 1.0, "version: expected a whole number, got 1.0"),
    ("version", 2, "version: this program reads version 1, got 2"),
    ("round", 2.0, "round: expected a whole number from 1 to 8, got 2.0"),
    ("round", float("nan"), "not valid JSON: NaN is not a JSON number"),
    ("floods", [2.0], "floods[0]: the waters rise in rounds 2, 4, 6 and 8, got 2.0"),
    ("floods", [True], "floods[0]: the waters rise in rounds 2, 4, 6 and 8, got true"),
    ("seed", 2**63, f"seed: expected a whole number from 0 to {2**63 - 1} or null, got {2**63}"),
    ("seed", -1, f"seed: expected a whole number from 0 to {2**63 - 1} or null, got -1"),
    ("seed", float("inf"), "not valid JSON: Infinity is not a JSON number"),
    ("dikes_left", False, "dikes_left: expected a whole number from 0 to 20, got false"),
])
def test_state_types_are_strict(game: Path, key: str, value, message: str) -> None:
    data = json.loads(game.read_text())
    data[key] = value
    data["round"] = data["round"] if key == "round" else 4
    text = json.dumps(data)  # NaN and Infinity are written as such
    game.write_text(text)
    error = one_line_error(run("show", str(game)))
    place = re.fullmatch(f"Error: {re.escape(str(game))}:1:([0-9]+): {re.escape(message)}\n",
                         error)
    assert place, error
    where = text[int(place.group(1)) - 1:]  # the column of the value at fault
    assert where.startswith(json.dumps(value[0] if isinstance(value, list) else value))


def test_the_largest_seed_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    assert run("setup", "--seed", str(2**63 - 1), "--format", "json", "-o", str(path)
               ).exit_code == 0
    assert run("show", str(path)).exit_code == 0


def test_bad_file_contents_exit_1(game: Path) -> None:
    for content in ("", "{", "[]", "null", '{"format": "x"}', "NaN", "[" * 5000,
                    '{"spaces": {"2": {"tile": "efate", "water": 1e400}}}'):
        game.write_text(content)
        one_line_error(run("round", str(game)))


# -- options ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["setup", "--seed", str(2**63)],
    ["setup", "--seed", "-1"],
    ["setup", "--seed", "nan"],
    ["setup", "--seed", "9" * 5000],
    ["setup", "--vatus", "-1"],
    ["setup", "--vatus", "inf"],
    ["setup", "--vatus", "1001"],
    ["setup", "--players", "red"],
    ["setup", "--players", "red,red"],
    ["setup", "--players", "red,Bl ue"],
    ["countdown", "--die", "nan"],
    ["countdown", "--die", "0"],
    ["countdown", "--die", "3", "--turns", "a,b"],
])
def test_option_values_out_of_range_exit_2(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [
    ["place", "--tile", "A1", "--space", "0"],
    ["place", "--tile", "A1", "--space", "17"],
    ["place", "--tile", "A1", "--space", "nan"],
    ["build", "--player", "red", "--hut", "-1"],
    ["build", "--player", "red", "--dike", "2:²"],
    ["build", "--player", "red", "--dike", "²:E"],
    ["build", "--player", "red", "--dike", "2:99"],
    ["build", "--player", "red", "--dike", f"{2**70}:E"],
    ["plan", "--keep", "-5"],
    ["plan", "--keep", "0"],
    ["plan", "--keep", "17"],
    ["plan", "--keep", "1_0"],
    ["plan", "--keep", "inf"],
    ["plan", "--keep", "9" * 5000],
])
def test_referee_option_values_out_of_range_exit_2(game: Path, args: list[str]) -> None:
    result = run(args[0], str(game), *args[1:])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
