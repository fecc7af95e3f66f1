"""Every command of every game follows one convention, the one docs/cli.md writes down.

Like the layering test for imports, this walks every click command and checks it: against the
table of commands in docs/cli.md (what it reads, -o, --format, --save, its rulings), and against
the rules above that table (inputs are arguments read by the command, shared options have one
name, type and default, choices take any case, numbers are finite, ruling options only where
they change the answer, old spellings hidden). Then the behaviour the convention promises: the
same mistake, the same exit code, usage errors in one line, and every old spelling still working.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.cli.aliases import AliasOption
from course_builder.cli.common import SeedType
from course_builder.cli.files import InputPath, OutputPath
from course_builder.cli.options import CaseFreeChoice, FiniteFloat, Players
from course_builder.cli.sheets import DEFAULT_DPI
from course_builder.core.rulebook import RulingOption
from course_builder.powerboats.play.rules import RULING_OPTIONS as POWERBOATS_RULINGS
from course_builder.tortuga.rules import RULING_OPTIONS as TORTUGA_RULINGS
from course_builder.vanuatu.options import RULING_OPTIONS as VANUATU_RULINGS

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")

TABLES: dict[str, tuple[RulingOption, ...]] = {
    "powerboats": POWERBOATS_RULINGS, "tortuga": TORTUGA_RULINGS, "vanuatu": VANUATU_RULINGS}
"""Each game's one table of ruling options."""

SESSIONS = {"powerboats play", "serve"}
"""Commands that run a session rather than print a result (no -o, no --format)."""

SHEETS = {"powerboats sheet", "tortuga sheet", "vanuatu sheet"}
"""Commands that draw a sheet to print: --format pdf|svg|png, --paper, --dpi."""

POSITIONS = {"POSITION", "[COURSE|POSITION]"}
"""Arguments that may be a position's notation as well as a file."""


def _walk(group: click.Group, path: tuple[str, ...]) -> dict[str, click.Command]:
    ctx = click.Context(group)
    found: dict[str, click.Command] = {}
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            found |= _walk(command, (*path, name))
        else:
            found[" ".join((*path, name))] = command
    return found


COMMANDS = _walk(cli, ())
"""Every command, by the words that call it (``powerboats course``, ``tortuga hunt move``)."""


def _options(command: click.Command, hidden: bool = False) -> dict[str, click.Option]:
    return {name: p for p in command.params if isinstance(p, click.Option) and p.hidden == hidden
            for name in (*p.opts, *p.secondary_opts)}


def _table() -> dict[str, dict[str, str]]:
    """docs/cli.md's table of commands: each row by its command."""
    section = GUIDE[GUIDE.index("## Every command"):]
    section = section[:section.index("\n## ")]
    lines = [line for line in section.splitlines() if line.startswith("| `")]
    rows = {}
    for line in lines:
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        name, reads, output, formats, save, rulings = cells
        rows[name.strip("`")] = {"reads": reads.strip("`"), "-o": output, "--format": formats,
                                 "--save": save, "rulings": rulings}
    return rows


TABLE = _table()


def _game_rulings(name: str) -> tuple[RulingOption, ...]:
    return TABLES.get(name.split()[0], ())


def _sub(name: str) -> str:
    """The command's name within its game (``hunt return``), as the ruling tables name it."""
    return name.partition(" ")[2]


# -- the table of commands ----------------------------------------------------------------------


def test_the_table_lists_every_command_and_no_other() -> None:
    assert set(TABLE) == set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_is_as_the_table_says(name: str) -> None:
    command, row = COMMANDS[name], TABLE[name]
    options = _options(command)
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    assert (", ".join(str(a.metavar) for a in arguments) or "-") == row["reads"]
    assert ("-o" in options) == (row["-o"] == "yes")
    formats = options.get("--format")
    assert (", ".join(formats.type.choices) if formats else "-") == row["--format"]
    assert ("--save" in options) == (row["--save"] == "yes")
    listed = [r.ruling for r in _game_rulings(name) if r.option in options]
    assert (", ".join(listed) or "-") == row["rulings"]


# -- the rules ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_inputs_are_arguments_that_the_command_reads(name: str) -> None:
    """A course, position, record or state is the command's argument; click checks no file
    (the command reads it, so a file that cannot be read is exit 1 like any bad input); files
    named by options are files the command writes."""
    command = COMMANDS[name]
    for argument in (p for p in command.params if isinstance(p, click.Argument)):
        assert isinstance(argument.type, InputPath) or argument.metavar in POSITIONS, argument
        assert argument.metavar in ("FILE", "COURSE", "POSITION", "RECORD", "STATE",
                                    "[COURSE]", "[RECORD]", "[STATE]", *POSITIONS)
    for option in (p for p in command.params if isinstance(p, click.Option)):
        if isinstance(option.type, click.Path):
            assert isinstance(option.type, OutputPath), (name, option.opts)


@pytest.mark.parametrize("name", sorted(set(COMMANDS) - SESSIONS))
def test_a_result_goes_to_stdout_or_o_in_the_format_asked(name: str) -> None:
    options = _options(COMMANDS[name])
    assert options["-o"].opts == ["-o", "--output"] and isinstance(options["-o"].type, OutputPath)
    formats = options["--format"].type
    assert isinstance(formats, CaseFreeChoice)
    if name in SHEETS:
        assert tuple(formats.choices) == ("pdf", "svg", "png")
        assert options["--format"].default is None  # the -o file's extension, else pdf
    else:
        assert tuple(formats.choices)[:2] == ("text", "json")
        assert options["--format"].default == "text"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_same_concept_has_one_option(name: str) -> None:
    options = _options(COMMANDS[name]) | _options(COMMANDS[name], hidden=True)
    if "--race" in options:
        race = options["--race"].type
        assert isinstance(race, CaseFreeChoice)
        assert tuple(race.choices) in (("A", "B", "C"), ("A", "B", "C", "game"))
    if "--paper" in options:
        assert tuple(options["--paper"].type.choices) == ("a4", "letter")
        assert options["--paper"].default == "a4"
    assert ("--dpi" in options) == (name in SHEETS)
    if "--dpi" in options:
        dpi = options["--dpi"]
        assert dpi.default == DEFAULT_DPI == 300
        assert (dpi.type.min, dpi.type.max) == (50, 1200)
    if "--expansion" in options:
        expansion = options["--expansion"]
        assert expansion.is_flag and expansion.secondary_opts == ["--no-expansion"]
    if "--players" in options:
        assert isinstance(options["--players"].type, Players)
    if "--seed" in options:
        assert isinstance(options["--seed"].type, SeedType)
    if "--save" in options:
        assert isinstance(options["--save"].type, OutputPath)
    for option in (p for p in COMMANDS[name].params if isinstance(p, click.Option)):
        if isinstance(option.type, click.Choice):
            assert not option.type.case_sensitive, (name, option.opts)
        assert not isinstance(option.type, click.types.FloatParamType), (name, option.opts)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_lists_only_the_rulings_that_change_it(name: str) -> None:
    shown, hidden = _options(COMMANDS[name]), _options(COMMANDS[name], hidden=True)
    for row in _game_rulings(name):
        assert (row.option in shown) == (_sub(name) in row.commands), (name, row.option)
        assert (row.option in hidden) == (_sub(name) in row.hidden_in), (name, row.option)


@pytest.mark.parametrize("row", [r for table in TABLES.values() for r in table],
                         ids=lambda r: r.option)
def test_each_ruling_option_is_written_down_under_its_ruling(row: RulingOption) -> None:
    section = RULINGS[RULINGS.index(f"### {row.ruling} "):]
    section = section[:section.index("\n### ", 5)] if "\n### " in section[5:] else section
    assert row.option in section, (row.ruling, row.option)
    assert row.commands and all(" ".join((g, c)) in COMMANDS
                                for g, t in TABLES.items() if row in t for c in row.commands)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_old_spellings_are_hidden(name: str) -> None:
    shown = _options(COMMANDS[name])
    aliases = [p for p in COMMANDS[name].params if isinstance(p, AliasOption)]
    assert all(a.hidden for a in aliases)
    old = {"--state", "--write-state", "--resume", "--races", "--position", "--course"}
    assert not old & set(shown), name
    if name.startswith("tortuga"):
        assert "--names" not in shown


# -- the behaviour: exit codes and messages -------------------------------------------------------


def run(*args: str, stdin: str | None = None) -> Any:
    return CliRunner().invoke(cli, list(args), input=stdin)


def _command_line(name: str, command: click.Command, given: str) -> list[str]:
    """The command with ``given`` as its argument and a plausible value for each required
    option (so that what is checked is the argument)."""
    args = [*name.split(), given]
    for option in (p for p in command.params if isinstance(p, click.Option) and p.required):
        if isinstance(option.type, click.Choice):
            value = str(option.type.choices[0])
        elif isinstance(option.type, click.IntRange):
            value = str(option.type.min)
        else:
            value = "3"
        args += [option.opts[0], value]
    return args


READERS = sorted(name for name, command in COMMANDS.items()
                 if any(isinstance(p, click.Argument) for p in command.params))


@pytest.mark.parametrize("name", READERS)
def test_a_folder_or_a_missing_file_is_exit_1_in_one_line(name: str, tmp_path: Path) -> None:
    """Before, click refused a folder (exit 2) where moves and adjudicate read it (exit 1)."""
    command = COMMANDS[name]
    for given, says in ((tmp_path, "is a folder, not a file"), (tmp_path / "none.json",
                                                                 "no such file")):
        result = run(*_command_line(name, command, str(given)), stdin="")
        assert result.exit_code == 1, (name, result.output)
        assert "Traceback" not in result.output
        said = "".join(line for line in result.stderr.splitlines(keepends=True)
                       if not line.startswith("seed: "))  # a seed picked first is said
        reported = result.stdout or said
        assert reported.count("\n") == 1 and says in reported, (name, result.output)


@pytest.mark.parametrize("args, says", [
    (["powerboats", "course", "--race", "A", "--board", "missing.board"], "no such file"),
    (["powerboats", "sheet", "--course", "missing.json"], "no such file"),
    (["tortuga", "setup", "--players", "3", "--layout", "missing.layout"], "no such file"),
])
def test_a_file_named_by_an_option_is_exit_1_too(args: list[str], says: str) -> None:
    """Before, a missing --board file was exit 2 and a missing --course file exit 1."""
    result = run(*args)
    assert result.exit_code == 1 and says in result.stderr.splitlines()[-1]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_usage_error_is_one_line(name: str) -> None:
    result = run(*name.split(), "--no-such-option")
    assert result.exit_code == 2
    assert result.stderr == (f"Error: No such option: --no-such-option (see 'cli {name} "
                             "--help')\n") or (result.stderr.count("\n") == 1
                                               and result.stderr.startswith("Error: "))


FLOATS = sorted((name, option.opts[0]) for name, command in COMMANDS.items()
                for option in command.params
                if isinstance(option, click.Option) and isinstance(option.type, FiniteFloat))


def test_every_float_option_is_a_finite_float() -> None:
    assert {o for _, o in FLOATS} >= {"--density", "--sink-penalty", "--tolerance"}


@pytest.mark.parametrize("name, option", FLOATS)
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999", "-1"])
def test_a_float_option_refuses_what_is_not_finite_or_in_range(name: str, option: str,
                                                               value: str) -> None:
    result = run(*name.split(), option, value)
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and f"'{option}'" in result.stderr


def test_par_refuses_a_tolerance_of_nan_rather_than_printing_a_wrong_par() -> None:
    """Before: ``par --tolerance nan`` printed "par 12.00" (the course's par is 18.85), exit 0;
    ``--sink-penalty nan`` printed "par nan", and with --format json ``"par": NaN``."""
    for option in ("--tolerance", "--sink-penalty"):
        result = run("powerboats", "par", "--race", "A", "--seed", "7", option, "nan",
                     "--format", "json")
        assert result.exit_code == 2 and "is not a finite number" in result.stderr
        assert result.stdout == ""


@pytest.mark.parametrize("host", ["", "  "])
def test_serve_refuses_an_empty_host(host: str) -> None:
    """Before: it listened on 0.0.0.0 and printed http://:8000/."""
    result = run("serve", "--host", host)
    assert result.exit_code == 2 and "'--host'" in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["powerboats", "--help"]])
def test_the_top_level_help_to_a_full_disk_is_one_line(args: list[str]) -> None:
    """Before: ``course-builder --help > /dev/full`` printed a 37-line traceback."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "course_builder", *args], stdout=full,
                              stderr=subprocess.PIPE, text=True, check=False)
    assert done.returncode == 1
    assert done.stderr == "Error: cannot write the output: No space left on device\n"


# -- --players: names or a number ----------------------------------------------------------------


def _params(name: str, *args: str) -> dict[str, Any]:
    """The parameters ``args`` give the command, as it would receive them."""
    command = COMMANDS[name]
    with command.make_context(name, list(args), parent=click.Context(cli)) as ctx:
        return dict(ctx.params)


@pytest.mark.parametrize("name, number, names", [
    ("powerboats play", "3", ("yellow", "red", "orange")),
    ("vanuatu setup", "3", ["red", "blue", "green"]),
    ("tortuga setup", "3", ("p1", "p2", "p3")),
])
def test_players_takes_names_or_a_number(name: str, number: str, names: Any) -> None:
    assert _params(name, "--players", number)["players"] == names
    listed = ",".join(names)
    assert _params(name, "--players", listed)["players"] == names


# -- old spellings ------------------------------------------------------------------------------

POSITION = ("classic:A:A1,A2cw,A4cw,A3cw:E,E | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 "
            "| yellow 2")

SAME_PARAMETERS = [
    ("powerboats adjudicate", ["--position", POSITION, "--move", "S"],
     [POSITION, "--move", "S"], "--position is now the argument POSITION"),
    ("powerboats moves", ["--position", "-", "--dice", "3"], ["-", "--dice", "3"],
     "--position is now the argument POSITION"),
    ("powerboats par", ["--position", "p.txt"], ["p.txt"], "--position is now the argument POSITION"),
    ("powerboats par", ["--course", "c.json"], ["c.json"], "--course is now the argument COURSE"),
    ("powerboats sheet", ["--course", "c.json"], ["c.json"], "--course is now the argument COURSE"),
    ("powerboats simulate", ["--course", "c.json"], ["c.json"],
     "--course is now the argument COURSE"),
    ("powerboats play", ["--resume", "g.pbr"], ["g.pbr"], "--resume is now the argument RECORD"),
    ("powerboats play", ["-o", "g.pbr"], ["--save", "g.pbr"], "-o is now --save"),
    ("powerboats atlas", ["--races", "AC"], ["--race", "A", "--race", "C"],
     "--races is now --race, once per race"),
    ("powerboats atlas", ["--expansion", "yes"], ["--expansion"],
     "--expansion yes is now --expansion"),
    ("powerboats atlas", ["--expansion", "no"], ["--no-expansion"],
     "--expansion no is now --no-expansion"),
    ("powerboats atlas", ["--expansion=both"], [], "--expansion both is now no --expansion at all"),
    ("tortuga move", ["--state", "g.json", "--player", "red", "--to", "hub"],
     ["g.json", "--player", "red", "--to", "hub"], "--state is now the argument STATE"),
    ("tortuga score", ["--state", "g.json"], ["g.json"], "--state is now the argument STATE"),
    ("tortuga map", ["--state", "g.json"], ["g.json"], "--state is now the argument STATE"),
    ("tortuga mine buy", ["g.json", "--player", "red", "--write-state", "g.json"],
     ["g.json", "--player", "red", "--save", "g.json"], "--write-state is now --save"),
    ("tortuga setup", ["--players", "3", "--names", "red,blue,green"],
     ["--players", "red,blue,green"], "--names is now --players NAMES"),
]


@pytest.mark.parametrize("name, old, new, note", SAME_PARAMETERS,
                         ids=[f"{c[0]} {c[1][0]}" for c in SAME_PARAMETERS])
def test_an_old_spelling_sets_what_the_new_one_does_with_a_note(
        name: str, old: list[str], new: list[str], note: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert _params(name, *old) == _params(name, *new)
    said = capsys.readouterr().err
    assert said == f"note: {note}\n"


def test_an_old_spelling_and_its_new_one_together_are_a_usage_error() -> None:
    result = run("tortuga", "score", "g.json", "--state", "g.json")
    assert result.exit_code == 2
    assert "--state is the old spelling of the argument STATE" in result.stderr
    names = run("tortuga", "setup", "--players", "2", "--names", "red,blue,green")
    assert names.exit_code == 2 and "3 names for 2 players" in names.stderr


def test_old_spellings_run_end_to_end(tmp_path: Path) -> None:
    """The old command lines print what the new ones print (the note aside)."""
    game = tmp_path / "game.json"
    assert run("tortuga", "setup", "--players", "3", "--names", "red,blue,green", "--seed", "7",
               "--format", "json", "-o", str(game)).exit_code == 0
    new = run("tortuga", "move", str(game), "--player", "red", "--to", "turret-3")
    old = run("tortuga", "move", "--state", str(game), "--player", "red", "--to", "turret-3",
              "--write-state", str(tmp_path / "next.json"))
    assert old.exit_code == new.exit_code == 0 and old.stdout == new.stdout
    assert (tmp_path / "next.json").is_file()
    sheet = run("vanuatu", "sheet", "--seed", "5", "--format", "svg", "-o", "-")
    setup = run("vanuatu", "setup", "--seed", "5", "--format", "svg", "-o", "-")
    assert setup.stdout == sheet.stdout and setup.stdout.startswith("<svg")
    assert "note: vanuatu setup --format svg is now vanuatu sheet --format svg" in setup.stderr
    adjudicated = run("powerboats", "adjudicate", POSITION, "--move", "+r2/13R")
    before = run("powerboats", "adjudicate", "--position", POSITION, "--move", "+r2/13R")
    assert before.stdout == adjudicated.stdout and adjudicated.exit_code == 0


@pytest.mark.parametrize("args, option", [
    (["vanuatu", "countdown", "--die", "3", "--submerged-is-island"], "--submerged-is-island"),
    # the note comes as the option is read; the bad --format then stops par before it solves
    (["powerboats", "par", "--finished-boats-block", "--race", "A", "--format", "pdf"],
     "--finished-boats-block"),
])
def test_a_ruling_a_command_no_longer_lists_is_still_accepted_with_a_note(
        args: list[str], option: str) -> None:
    result = run(*args)
    assert f"note: {option} changes nothing that {args[1]} says" in result.stderr


# -- the command lines the docs show --------------------------------------------------------------


def _documented_command_lines() -> list[tuple[str, str]]:
    """Every ``course-builder`` command line in a code block of README.md and docs/*.md (the
    part after ``&&`` or ``$ ``; continuation lines joined)."""
    found = []
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.S | re.M):
            for line in re.sub(r"\\\n\s*", "", block).splitlines():
                for part in line.split("&&"):
                    part = part.strip().removeprefix("$ ")
                    if part.startswith("course-builder "):
                        found.append((path.name, part))
    return found


DOCUMENTED = _documented_command_lines()


def test_the_docs_show_command_lines_of_every_game() -> None:
    said = " ".join(line for _, line in DOCUMENTED)
    for game in ("powerboats", "tortuga", "vanuatu", "serve"):
        assert f"course-builder {game}" in said


@pytest.mark.parametrize("where, line", DOCUMENTED, ids=[f"{w}: {line[15:60]}"
                                                         for w, line in DOCUMENTED])
def test_every_documented_command_line_is_in_the_new_spelling(
        where: str, line: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Each parses as its command's arguments without a note of an old spelling (it is run, too,
    where its game's doc tests run the walkthroughs)."""
    import shlex

    words = shlex.split(line, comments=True)[1:]
    group: click.Command = cli
    ctx = click.Context(cli)
    while isinstance(group, click.Group):
        name, *words = words
        found = group.get_command(ctx, name)
        assert found is not None, (where, line)
        group, ctx = found, click.Context(found, parent=ctx, info_name=name)
    with group.make_context(ctx.info_name, words, parent=ctx.parent):
        pass
    assert "note:" not in capsys.readouterr().err, (where, line)
