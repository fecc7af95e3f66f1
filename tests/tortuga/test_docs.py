"""The README shows every tortuga command; every TOR ruling is written down and tested."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from course_builder.cli.tortuga import tortuga
from course_builder.tortuga import rules

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
GUIDE = (ROOT / "docs" / "tortuga.md").read_text(encoding="utf-8")


def _commands() -> list[str]:
    names = []
    for name, command in tortuga.commands.items():
        names.append(name)
        if isinstance(command, click.Group):
            names += [f"{name} {sub}" for sub in command.commands]
    return sorted(names)


@pytest.mark.parametrize("name", _commands())
def test_every_command_is_in_the_readme_and_the_guide(name: str) -> None:
    group, _, sub = name.partition(" ")
    command = tortuga.commands[group]
    if sub:
        assert isinstance(command, click.Group)
        command = command.commands[sub]
    assert command.help, name
    assert f"course-builder tortuga {name}" in README
    assert f"course-builder tortuga {name}" in GUIDE


def _rulings_in_code() -> list[str]:
    found: set[str] = set()
    for path in (ROOT / "course_builder").rglob("*.py"):
        found.update(re.findall(r"\bTOR-\d\d\b", path.read_text(encoding="utf-8")))
    return sorted(found)


@pytest.mark.parametrize("ruling", _rulings_in_code())
def test_rulings_cited_in_code_are_written_down(ruling: str) -> None:
    assert f"### {ruling} " in RULINGS


def _rule_ids() -> list[str]:
    return sorted(v.id for v in vars(rules).values() if isinstance(v, rules.Rule))


@pytest.mark.parametrize("rule_id", [r for r in _rule_ids() if r.startswith("TOR-")])
def test_every_ruling_is_pinned_by_a_test(rule_id: str) -> None:
    tests = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "tortuga").glob(
        "test_*.py") if p.name != "test_docs.py")
    name = rule_id.lower().replace("-", "_")
    assert rule_id in tests or name in tests, rule_id


def test_rulings_have_a_tortuga_section() -> None:
    sections = [s.split("\n", 1)[0] for s in RULINGS.split("\n## ")[1:]]
    assert "Tortuga 2199" in sections


def test_readme_section_sits_before_layout() -> None:
    assert README.index("## Tortuga 2199: Shipwreck Bay") < README.index("## Layout")
