"""The README shows every tortuga command; every TOR ruling is written down and tested."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from course_builder.cli import cli
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
    return sorted(v.id for v in vars(rules).values() if isinstance(v, rules.RuleRef))


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


# -- the examples run as written -------------------------------------------------------------


def _block(text: str, first: str) -> str:
    """The fenced code block holding the line that starts with ``first``."""
    start = text.index(first)
    return text[start:text.index("```", start)]


def _command_lines(block: str) -> list[str]:
    """The ``course-builder`` lines of a block, continuation lines joined."""
    joined = re.sub(r"\\\n\s*", "", block)
    return [line.strip() for line in joined.splitlines() if line.startswith("course-builder ")]


def _run_line(line: str) -> Any:
    args = shlex.split(line, comments=True)
    assert args[0] == "course-builder"
    return CliRunner().invoke(cli, args[1:])


README_WALK = _command_lines(_block(
    README[README.index("## Tortuga 2199: Shipwreck Bay"):], "course-builder tortuga sheet"))
GUIDE_LIST = _command_lines(_block(GUIDE, "course-builder tortuga setup --players 4 --seed 7"))


def test_the_walkthroughs_are_long_enough_to_show_each_rule() -> None:
    for lines in (README_WALK, GUIDE_LIST):
        said = " ".join(lines)
        for command in ("hunt place", "mine buy", "mine play", "control hub", "hunt move",
                        "hunt attack", "hunt return", "fault give", "score", "check"):
            assert f"tortuga {command} " in said, command
    # the Hub is reached before a mine card is bought there (expansion, "New Sectors", Hub)
    walk = " | ".join(README_WALK)
    assert walk.index("--to hub") < walk.index("mine buy")


@pytest.mark.parametrize("where, lines", [("README", README_WALK), ("docs/tortuga.md", GUIDE_LIST)])
def test_the_documented_commands_run_verbatim_in_order(where: str, lines: list[str],
                                                       tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for line in lines:
        result = _run_line(line)
        assert result.exception is None or isinstance(result.exception, SystemExit), line
        assert result.exit_code == 0, f"{where}: {line}\n{result.output}"
    assert (tmp_path / "game.json").is_file()


def test_the_sample_answer_is_what_the_command_prints(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    sample = GUIDE[GUIDE.index("A sample answer"):]
    sample = sample[sample.index("```\n$ ") + 6:]
    sample = sample[:sample.index("```")]
    command, _, expected = sample.partition("\n")
    monkeypatch.chdir(tmp_path)
    before = next(i for i, line in enumerate(GUIDE_LIST) if line.startswith(command))
    for line in GUIDE_LIST[:before]:
        assert _run_line(line).exit_code == 0, line
    result = _run_line(command)
    assert result.exit_code == 0, result.output
    assert result.stdout == expected
