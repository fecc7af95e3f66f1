"""Every Tortuga command that reads a file, run as a subprocess on raw random bytes and on damaged
copies of a valid mid-game state (or layout file): never an internal error (exit 3), never a
traceback; a refusal is exit 1 with one ``Error:`` line. Seeded: case N always feeds the same
bytes (rerun one with ``-k 'case[N]'``)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.core.resources import data_path
from tests.fuzzing import assert_handled, mutate_json, mutate_text, random_bytes, run_cli

SEED = 2199
CASES = 40

# the file is F; referee commands also write a state and an answer (OUT, ANSWER)
COMMANDS: list[list[str]] = [
    ["check", "F"],
    ["score", "F", "--format", "json"],
    ["map", "F", "--from", "hub", "--furthest", "--path-to", "tortuga"],
    ["move", "F", "--player", "green", "--to", "tortuga"],
    ["move", "F", "--player", "red", "--to", "turret-1", "--accelerator"],
    ["mine", "buy", "F", "--player", "red"],
    ["mine", "play", "F", "--player", "red"],
    ["hunt", "move", "F", "--player", "red", "--token", "h2", "--to", "turret-1"],
    ["hunt", "attack", "F", "--player", "green", "--token", "h1", "--defender",
     "green", "--winner", "attacker", "--defender-cards", "laser,shield", "--seed", "3"],
    ["hunt", "return", "F", "--player", "red", "--seed", "3"],
    ["hunt", "capture", "F", "--player", "green", "--token", "h1"],
    ["hunt", "redeem", "F", "--player", "red", "--card", "hunt-kraken"],
    ["control", "set", "F", "--sector", "hub", "--player", "blue"],
    ["control", "hub", "F", "--player", "red", "--token", "h2", "--shield", "4"],
    ["control", "shipwreck-bay", "F", "--player", "blue", "--target", "red"],
    ["fault", "give", "F", "--player", "red", "--target", "blue"],
    ["fault", "return", "F", "--player", "blue"],
    ["setup", "--players", "2", "--seed", "1", "--layout", "LAYOUT"],
    ["check", "-"],
]
REFEREE = {"move", "mine", "hunt", "control", "fault"}


def mid_game() -> dict[str, Any]:
    """A valid 3-player state with ships spread out, control, mines, hunt tokens and a fault."""
    result = CliRunner().invoke(cli, ["tortuga", "setup", "--players", "red,blue,green",
                                      "--seed", "7", "--format", "json"])
    data = json.loads(result.stdout)
    ships = {"red": "hub", "blue": "shipwreck-bay", "green": "turret-1"}
    for player in data["players"]:
        player["ship"] = ships[player["id"]]
    data["players"][0]["cargo_mines"] = 2
    data["players"][1]["discard"] = ["system-fault-1"]
    data["system_faults"]["supply"] = data["system_faults"]["supply"][1:]
    data["control"] = {"hub": "red", "shipwreck-bay": "blue"}
    data["mines"] = {"supply": 5, "box": 0, "board": [{"sector": "turret-1", "owner": "blue"}]}
    data["hunt_tokens"] = [
        {"id": "h1", "where": "turret-1", "explored": True, "shield": 3, "value": 2,
         "name": "kraken"},
        {"id": "h2", "where": "hub"}, {"id": "h3", "where": "box"}]
    return data


@pytest.fixture(scope="module")
def valid(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    data = mid_game()
    path = tmp_path_factory.mktemp("valid") / "game.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["tortuga", "check", str(path)])
    assert result.exit_code == 0, result.output  # the base of the mutations is a valid game
    return data


def test_the_cases_cover_every_command_that_reads_a_file() -> None:
    assert len(COMMANDS) <= CASES
    names = {" ".join(a for a in args[:2] if not a.startswith("-") and a != "F")
             for args in COMMANDS}
    assert {"check", "score", "map", "move", "mine buy", "mine play", "hunt move", "hunt attack",
            "hunt return", "hunt capture", "hunt redeem", "control set", "control hub",
            "control shipwreck-bay", "fault give", "fault return", "setup"} <= names


@pytest.mark.parametrize("case", range(CASES))
def test_case(case: int, valid: dict[str, Any], tmp_path: Path) -> None:
    rng = random.Random(SEED * 1000 + case)
    args = COMMANDS[case % len(COMMANDS)]
    kind = rng.choices(("bytes", "text", "json"), (1, 1, 2))[0]
    if "LAYOUT" in args:
        layout = data_path("tortuga", "spokes.layout").read_text(encoding="utf-8")
        content = random_bytes(rng) if kind == "bytes" else mutate_text(rng, layout)
    elif kind == "bytes":
        content = random_bytes(rng)
    elif kind == "text":
        content = mutate_text(rng, json.dumps(valid, indent=1))
    else:
        content = mutate_json(rng, valid)
    path = tmp_path / ("in.layout" if "LAYOUT" in args else "game.json")
    path.write_bytes(content)
    argv = ["tortuga", *[str(path) if a in ("F", "LAYOUT") else a for a in args]]
    if args[0] in REFEREE and rng.random() < 0.5:
        argv += ["--save", str(tmp_path / "out" / "next.json"), "-o",
                 str(tmp_path / "out" / "answer.txt"), "--format", rng.choice(["text", "json"])]
    result = run_cli(argv, tmp_path, stdin=content if "-" in args else None)
    assert_handled(result, f"case {case}: {' '.join(argv)}\ninput ({kind}): {content[:300]!r}")
