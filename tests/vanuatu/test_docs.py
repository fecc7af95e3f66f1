"""The README and docs describe every Vanuatu command and every ruling the code cites."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.cli.vanuatu import vanuatu
from course_builder.vanuatu.refs import RULES

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
GUIDE = (ROOT / "docs" / "vanuatu.md").read_text(encoding="utf-8")
TESTS = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "vanuatu").glob("*.py"))


@pytest.mark.parametrize("name", sorted(vanuatu.commands))
def test_every_command_is_documented(name: str) -> None:
    assert vanuatu.commands[name].help
    assert f"course-builder vanuatu {name}" in README
    assert f"course-builder vanuatu {name}" in GUIDE


def _cited() -> list[str]:
    found: set[str] = set()
    for path in (ROOT / "course_builder").rglob("*.py"):
        found.update(re.findall(r"\bVAN-\d\d\b", path.read_text(encoding="utf-8")))
    return sorted(found)


@pytest.mark.parametrize("ruling", _cited())
def test_rulings_cited_in_code_are_written_down(ruling: str) -> None:
    assert f"### {ruling} " in RULINGS
    assert ruling in RULES


def test_the_vanuatu_rulings_come_last_and_each_is_tested() -> None:
    section = RULINGS[RULINGS.index("## Vanuatu"):]
    assert "\n## " not in section[3:]
    ids = re.findall(r"^### (VAN-\d\d) ", section, flags=re.M)
    assert ids == [f"VAN-{n:02d}" for n in range(1, len(ids) + 1)] and len(ids) >= 10
    for ruling in ids:
        assert ruling.replace("-", "_").lower() in TESTS.lower() or ruling in TESTS, ruling


def test_readme_section_sits_before_layout() -> None:
    assert README.index("## Vanuatu: The Rising Waters") < README.index("## Layout")


def test_the_documented_state_reads() -> None:
    import json

    from course_builder.vanuatu.statejson import state_from_json

    block = GUIDE[GUIDE.index("```json\n") + 8:]
    state = state_from_json(json.loads(block[:block.index("```")]))
    assert state.round == 3 and state.submerged() == (8,) and state.dikes_left == 19


# -- the examples run as written -------------------------------------------------------------


def _blocks(text: str) -> list[str]:
    return re.findall(r"^```\n(.*?)^```", text, flags=re.S | re.M)


def _command_lines(text: str) -> list[str]:
    return [line for block in _blocks(text) for line in block.splitlines()
            if line.startswith("course-builder ")]


def _run(line: str):
    args = shlex.split(line, comments=True)
    assert args[0] == "course-builder"
    return CliRunner().invoke(cli, args[1:])


README_SECTION = README[README.index("## Vanuatu: The Rising Waters"):README.index("## Layout")]
COMMANDS_SECTION = GUIDE[GUIDE.index("## Commands"):GUIDE.index("## In Python")]


@pytest.mark.parametrize("where, text", [("README", README_SECTION),
                                         ("docs/vanuatu.md", COMMANDS_SECTION)])
def test_the_documented_commands_run_verbatim_in_order(where: str, text: str, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command line, in order, in an empty folder, exits 0; and every sample answer of
    the guide is the start of what one of them printed (before, `build --dike 2:3` exited 1 and
    the flood, forecast and plan answers came from a board the commands never made)."""
    monkeypatch.chdir(tmp_path)
    lines = _command_lines(text)
    assert len(lines) >= 12
    printed = []
    for line in lines:
        result = _run(line)
        assert result.exit_code == 0, f"{where}: {line}\n{result.output}"
        printed.append(result.stdout)
    if where == "README":
        return
    samples = [b for b in _blocks(text) if not b.startswith("course-builder ")]
    assert len(samples) == 4
    for sample in samples:
        shown = sample.splitlines()
        assert shown[-1] == "Rules: ...", sample
        head = "\n".join(shown[:-1]) + "\nRules:"
        assert any(out.startswith(head) for out in printed), sample


def test_the_python_example_runs() -> None:
    code = GUIDE[GUIDE.index("```python\n") + 10:]
    scope: dict = {}
    exec(code[:code.index("```")], scope)
    assert scope["verdict"].legal and scope["penalty"].totals == {"red": -3, "blue": 0,
                                                                   "green": 0}
    assert scope["plan"].feasible and not scope["result"].lost
