"""The course command: seeds, formats, --assign, expansion, errors."""

from __future__ import annotations

import json

from click.testing import CliRunner

from course_builder.cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, ["powerboats", *args])


def test_same_seed_same_json() -> None:
    a = run("course", "--race", "A", "--seed", "5", "--expansion", "--format", "json")
    b = run("course", "--race", "a", "--seed", "5", "--expansion", "--format", "json")
    assert a.exit_code == 0, a.output
    assert a.stdout == b.stdout
    data = json.loads(a.stdout)
    assert data["format"] == "course_builder/powerboats-course" and data["version"] == 1
    assert data["race"] == "A" and data["seed"] == 5
    assert [b["number"] for b in data["buoys"]] == [0, 1, 2, 3, "finish"]
    assert all(b["arrow"] in ("cw", "ccw") for b in data["buoys"][1:4])
    assert len(data["start_finish_tile"]["hexes"]) == 4
    assert [r["buoy"] for r in data["rounding_lines"]] == [1, 2, 3]
    assert data["route"]["length"] == len(data["route"]["hexes"]) - 1
    assert data["board"] == {"board": "classic",
                             "arrangement": "T00=1d T01=2d T02=3d T10=4d T11=5d T12=6d"}
    assert 1 <= len(data["expansion_tiles"]) <= 7


def test_assign_fixes_the_spots() -> None:
    result = run("course", "--race", "A", "--assign", "A3,A1,A2,A4", "--format", "json")
    assert result.exit_code == 0
    assert result.stderr == ""  # fully determined: no seed needed
    spots = [b["spot"] for b in json.loads(result.stdout)["buoys"][:4]]
    assert spots == ["A3", "A1", "A2", "A4"]


def test_text_lists_the_placement_steps() -> None:
    result = run("course", "--race", "B", "--assign", "B4,B1,B2,B3")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "Powerboats race B on the classic lake"  # nothing random: no seed
    assert "1. Buoy 0 (start) on spot B4 (row 21, col 6)." in lines
    assert any(line.startswith("4. Buoy 1 on spot B1 (row 11, col 4), arrow ") for line in lines)


def test_random_lake_course_repeats_with_its_seed() -> None:
    first = run("course", "--race", "C", "--board", "random", "--format", "json")
    seed = first.stderr.strip().removeprefix("seed: ")
    again = run("course", "--race", "C", "--board", "random", "--seed", seed, "--format", "json")
    assert first.exit_code == 0 and again.stdout == first.stdout
    assert json.loads(first.stdout)["board"]["board"] == "random"


def test_bad_assign_is_a_one_line_error() -> None:
    result = run("course", "--race", "A", "--assign", "A1,A1,A2,A3")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: --assign needs the four A spots in buoy order 0,1,2,3")
    assert result.stderr.count("\n") == 1
    assert run("course", "--race", "D").exit_code == 2
