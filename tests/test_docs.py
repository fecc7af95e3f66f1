"""The README documents every command and keeps its two set-up commands."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

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
