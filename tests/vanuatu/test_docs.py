"""The README and docs describe every Vanuatu command and every ruling the code cites."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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
