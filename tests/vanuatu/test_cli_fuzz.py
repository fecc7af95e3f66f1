"""Every Vanuatu command that reads a board state, run as a subprocess on raw random bytes and on
damaged copies of valid states (a fresh setup and a game in its fourth round): never an internal
error (exit 3), never a traceback; a refusal is exit 1 with at most one ``Error:`` line. Seeded:
case N always feeds the same bytes (rerun one with ``-k 'case[N]'``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.vanuatu.state import Player
from course_builder.vanuatu.statejson import state_from_json
from tests.fuzzing import assert_handled, mutate_json, mutate_text, random_bytes, run_cli
from tests.vanuatu.helpers import START, board, island

SEED = 1606
CASES = 40

# F is the state file; OUT a state written with --save
COMMANDS: list[list[str]] = [
    ["show", "F"],
    ["show", "F", "--format", "json"],
    ["place", "F", "--tile", "B2", "--space", "12", "--save", "OUT"],
    ["place", "F", "--tile", "D1"],
    ["build", "F", "--player", "red", "--hut", "8", "--dike", "8:W", "--save", "OUT"],
    ["build", "F", "--player", "blue", "--dike", "2:E", "--format", "json"],
    ["flood", "F", "--save", "OUT"],
    ["flood", "F", "--skip", "--short-round", "skip"],
    ["round", "F", "--save", "OUT", "-o", "ANSWER"],
    ["score", "F"],
    ["forecast", "F", "--format", "json"],
    ["plan", "F"],
    ["plan", "F", "--survive"],
    ["plan", "F", "--keep", "2,8"],
    ["show", "-"],
]


def fourth_round() -> dict[str, Any]:
    """A valid state in round 4 with islands holding water, huts, a dike, goods and tourists."""
    state = board({**START, 2: island("efate", 2, dikes=["E"], huts=["red", "blue"], tourists=1),
                   4: "B1", 8: island("A1", 3, huts=["red"], goods=["kava"]), 5: "C1",
                   11: island("D2", 1)},
                  round=4, floods=[2], players=[Player("red", 3, 4, 5), Player("blue", 4, 2, 7)])
    return state.to_json()


@pytest.fixture(scope="module")
def valid() -> list[dict[str, Any]]:
    setup = CliRunner().invoke(cli, ["vanuatu", "setup", "--seed", "7", "--players",
                                     "red,blue,green", "--vatus", "5", "--format", "json"])
    states = [json.loads(setup.stdout), fourth_round()]
    for data in states:
        state_from_json(data)  # the bases of the mutations are valid
    return states


def test_the_cases_cover_every_command_that_reads_a_state() -> None:
    from course_builder.cli.vanuatu import vanuatu

    readers = {name for name, command in vanuatu.commands.items()
               if any(p.name == "state_file" for p in command.params)}
    assert readers == {args[0] for args in COMMANDS} and len(COMMANDS) <= CASES


@pytest.mark.parametrize("case", range(CASES))
def test_case(case: int, valid: list[dict[str, Any]], tmp_path: Path) -> None:
    rng = random.Random(SEED * 1000 + case)
    args = COMMANDS[case % len(COMMANDS)]
    base = rng.choice(valid)
    kind = rng.choices(("bytes", "text", "json"), (1, 1, 2))[0]
    if kind == "bytes":
        content = random_bytes(rng)
    elif kind == "text":
        content = mutate_text(rng, json.dumps(base, indent=1))
    else:
        content = mutate_json(rng, base)
    path = tmp_path / "game.json"
    path.write_bytes(content)
    names = {"F": str(path), "OUT": str(tmp_path / "out" / "next.json"),
             "ANSWER": str(tmp_path / "out" / "answer.txt")}
    argv = ["vanuatu", *[names.get(a, a) for a in args]]
    result = run_cli(argv, tmp_path, stdin=content if "-" in args else None)
    assert_handled(result, f"case {case}: {' '.join(argv)}\ninput ({kind}): {content[:300]!r}")
