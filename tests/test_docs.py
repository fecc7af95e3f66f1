"""The README documents every command and keeps its two set-up commands."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from course_builder.cli import cli

POWERBOATS = cli.get_command(click.Context(cli), "powerboats")
"""The powerboats group as the command line builds it (its commands come from several
modules, loaded when the game is asked for)."""
assert isinstance(POWERBOATS, click.Group)
_CTX = click.Context(POWERBOATS)
COMMANDS = {name: POWERBOATS.get_command(_CTX, name) for name in POWERBOATS.list_commands(_CTX)}
"""Every Powerboats command (listing them imports the modules that define the later ones)."""

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
RULINGS = (Path(__file__).resolve().parents[1] / "docs" / "rulings.md").read_text(
    encoding="utf-8")


def test_every_powerboats_command_is_listed() -> None:
    assert {"play", "replay", "simulate", "atlas", "par", "adjudicate", "sheet"} <= set(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_documented(name: str) -> None:
    command = COMMANDS[name]
    assert command is not None and command.help, name
    assert f"course-builder powerboats {name}" in README


def test_the_two_commands() -> None:
    assert ("pip install -e . && course-builder powerboats sheet --race A" in README)
    assert "pip install -e '.[test]' && python -m pytest" in README


def _cited() -> list[str]:
    root = Path(__file__).resolve().parents[1] / "course_builder"
    found: set[str] = set()
    for path in root.rglob("*.py"):
        found.update(re.findall(r"\b(?:BOARD|COURSE|MOVE|EXP|GAME|SIM|PB|EX|VAN|TOR|PAR)-\d\d\b",
                                path.read_text()))
    return sorted(found)


@pytest.mark.parametrize("ruling", _cited())
def test_rulings_cited_in_code_are_written_down(ruling: str) -> None:
    assert f"### {ruling} " in RULINGS


def test_the_readme_python_example_plays_a_race_to_the_end() -> None:
    code = re.search(r"```python\n(.*?)```", README, re.S)
    assert code is not None
    scope: dict = {}
    exec(code.group(1), scope)
    position = scope["position"]
    assert position.race_over and len(position.boats) == 4


# -- every command shown runs as written ---------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
SHOWN_IN = ["README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]
"""The files whose command lines must run as written."""

SHELL = ("course-builder", "cp", "python", "python3", "pip", "$")
"""First words of the lines of a code block that are commands (``$`` a sample's prompt);
every other line of a block is an answer, a file's text or a picture."""

NOT_RUN = {
    "python3 -m venv .venv && . .venv/bin/activate && pip install -e . && course-builder "
    "powerboats sheet --race A": "installs the package: the machine the tests run on has",
    "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m "
    "pytest": "installs the package and runs these tests",
    "course-builder serve": "a server that runs until stopped (tests/test_web*.py start it)",
    "course-builder serve --port 8080": "a server that runs until stopped",
    "course-builder serve --host 0.0.0.0": "a server open to the network (tests stay on loopback)",
    "course-builder serve --data ~/powerboats": "a server that runs until stopped "
    "(tests/test_rooms_*.py start it on a data folder of their own)",
    "course-builder serve --database postgresql://powerboats@localhost/powerboats":
    "needs that PostgreSQL database (tests/test_rooms_processes.py starts a cluster)",
    "course-builder serve --room-expiry 3d --rate-limit 20": "a server that runs until stopped",
    "course-builder serve --database postgresql://powerboats@localhost/powerboats --host 0.0.0.0 "
    "--port 8001": "needs that database; open to the network",
    "course-builder serve --database postgresql://powerboats@localhost/powerboats --host 0.0.0.0 "
    "--port 8002": "needs that database; open to the network",
    "course-builder powerboats simulate --race A --games 100000 --scheduler "
    "tcp://10.0.0.5:8786": "needs a Dask cluster at that address (tests/test_study.py starts "
    "one of its own)",
    "course-builder powerboats atlas --lakes 50 --by fair --scheduler tcp://10.0.0.5:8786":
    "needs a Dask cluster at that address",
    "course-builder powerboats atlas --seed 1 --games 20 --by short --top 10": "the whole lake, "
    "144 courses, about 50 s of CPU (benchmarks/atlas.py; the line before it runs the atlas "
    "on fewer courses)",
    "course-builder powerboats atlas --seed 1 --games auto --by dangerous --tolerance 0.1":
    "the whole lake until each course's interval is narrow: minutes",
    "course-builder powerboats atlas --seed 1 --games 20 --race C --expansion --by short --par":
    "48 exact par solves: minutes",
}
"""Command lines shown but not run here, each with why (matched without the comment)."""

SLOW = {
    "course-builder powerboats par --race A --seed 7": "an exact par solve",
    "course-builder powerboats par --race A --seed 7 --expansion": "an exact par solve",
    "course-builder powerboats par --race A --seed 7 --expansion --format json":
    "an exact par solve",
    "course-builder powerboats par course.json": "an exact par solve",
    "course-builder powerboats par position.txt": "an exact par solve",
    "course-builder powerboats par '@course.json | yellow 18,6 E 32 d0 n1 | yellow 3'":
    "an exact par solve",
    "course-builder powerboats simulate --race A --seed 7 --games 1000": "1000 simulated races",
    "course-builder powerboats simulate --race A --seed 7 --games auto --tolerance 0.2":
    "simulated races until the interval is narrow: hundreds",
    "course-builder powerboats simulate --race game --games 200 --plot-crashes crashes.png":
    "200 simulated whole games",
    "course-builder powerboats simulate --race game --games 200 --records out/games":
    "200 simulated whole games",
    "course-builder powerboats atlas --seed 1 --games 20 --race A --no-expansion --by fair":
    "a simulation of every course of race A",
    "course-builder powerboats atlas --seed 1 --games 20 --race C --expansion --by dangerous "
    "--top 5": "a simulation of every course of race C",
}
"""Command lines shown that take seconds each (3 to 30 here): run only in the ``slow`` tier
(``python -m pytest -m slow``), which runs every file's lines in order, these included."""

FILE_BLOCK = re.compile(r"# ([\w.-]+\.\w+): ")
"""A block whose first line is ``# NAME: what it is`` is the text of the file NAME, to save."""


def _plain_blocks(text: str) -> list[str]:
    """The fenced code blocks without a language (``python``, ``json`` blocks are not shell)."""
    blocks, current, language = [], [], None
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            if language is None:
                language, current = line[3:].strip(), []
            else:
                if not language:
                    blocks.append("".join(current))
                language = None
        elif language is not None:
            current.append(line)
    return blocks


def _shown_steps(text: str) -> list[tuple[str, str]]:
    """The steps a reader takes, in order: ``("file", NAME\\nTEXT)`` for a file's text to save,
    ``("run", LINE)`` for a command line (continuation lines joined, comments kept)."""
    steps: list[tuple[str, str]] = []
    for block in _plain_blocks(text):
        named = FILE_BLOCK.match(block)
        if named:
            steps.append(("file", f"{named.group(1)}\n{block}"))
            continue
        for line in re.sub(r"\\\n\s*", "", block).splitlines():
            if line.split(" ", 1)[0] in SHELL:
                steps.append(("run", line.removeprefix("$ ").strip()))
    return steps


def _command(line: str) -> list[str]:
    return shlex.split(line, comments=True)


def _written(line: str) -> str:
    """A command line as written, without its comment (how :data:`NOT_RUN` names lines)."""
    return shlex.join(_command(line))


def _run_shown(line: str, folder: Path) -> tuple[int, str]:
    """Run one command line as a reader would type it in ``folder``: ``course-builder`` through
    its click entry point (same process, quicker), anything else as a real process; with no
    input (``play`` stops at once and says how to resume)."""
    args = _command(line)
    if args[0] == "course-builder":
        result = CliRunner().invoke(cli, args[1:], input="")
        return result.exit_code, result.output
    done = subprocess.run(args, cwd=folder, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout + done.stderr


def test_every_shown_command_is_run_or_named_as_not_run() -> None:
    shown = {_written(line) for name in SHOWN_IN
             for kind, line in _shown_steps((ROOT / name).read_text(encoding="utf-8"))
             if kind == "run"}
    assert {_written(line) for line in NOT_RUN} <= shown
    assert {_written(line) for line in SLOW} <= shown
    assert len(shown) > 90


def _shows_slow(name: str) -> bool:
    return any(kind == "run" and _written(line) in {_written(slow) for slow in SLOW}
               for kind, line in _shown_steps((ROOT / name).read_text(encoding="utf-8")))


CASES = [case for name in SHOWN_IN for case in (
    pytest.param(name, False, id=name),
    *([pytest.param(name, True, id=f"{name}+slow", marks=pytest.mark.slow)]
      if _shows_slow(name) else []))]
"""Each file without its :data:`SLOW` lines; in the slow tier, each file that shows some, whole."""


@pytest.mark.parametrize(("name", "with_slow"), CASES)
def test_every_command_shown_runs_as_written(name: str, with_slow: bool, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Each file's command lines, in the order shown, in an empty folder (but for a link to the
    project's data/, which lines copy shipped files from), exit 0; a file whose text a block
    shows is saved first, as the reader is told to. The :data:`SLOW` lines run only
    ``with_slow`` (the ``slow`` tier): no line after them reads what they write."""
    steps = _shown_steps((ROOT / name).read_text(encoding="utf-8"))
    if not any(kind == "run" for kind, _ in steps):
        pytest.skip(f"{name} shows no command")
    skipped = {_written(line) for line in NOT_RUN} | (
        set() if with_slow else {_written(line) for line in SLOW})
    (tmp_path / "data").symlink_to(ROOT / "data", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    for kind, line in steps:
        if kind == "file":
            file_name, _, content = line.partition("\n")
            (tmp_path / file_name).write_text(content, encoding="utf-8")
            continue
        if _written(line) in skipped:
            continue
        code, output = _run_shown(line, tmp_path)
        assert code == 0, f"{name}: {line}\n{output}"


def test_the_sample_game_record_replays_to_its_standings() -> None:
    """docs/game-records.md's ``replay game.pbr`` has a record to replay: the shipped sample."""
    sample = ROOT / "data" / "examples" / "game.pbr"
    assert "data/examples/game.pbr" in (ROOT / "docs" / "game-records.md").read_text()
    result = CliRunner().invoke(cli, ["powerboats", "replay", str(sample), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ok"] and data["entries"] == 91 and data["races_finished"] == 1
    assert [(s["colour"], s["points"]) for s in data["standings"]] == [
        ("yellow", 3), ("orange", 2), ("red", 1), ("purple", 0)]
