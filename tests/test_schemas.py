"""Every JSON format has a schema (docs/schemas/), and what the program writes and the docs show
fits it: the schemas are valid draft 2020-12 schemas, every ``--format json`` output of
``powerboats course`` (seeds, races, with and without Expansion 1, random and shuffled lakes),
``vanuatu setup`` and ``tortuga setup`` validates, so do the examples of the docs pages, positions
and adjudicated moves; and what the readers refuse for being the wrong shape the schemas refuse
too."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from course_builder.cli import cli

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "docs" / "schemas"
BASE = "https://course-builder.invalid/schemas/"
FILES = sorted(SCHEMAS.glob("*.schema.json"))
REGISTRY = Registry().with_resources(
    (BASE + path.name, Resource.from_contents(json.loads(path.read_text(encoding="utf-8"))))
    for path in FILES)


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMAS / name).read_text(encoding="utf-8")),
                                registry=REGISTRY)


def problems(name: str, data: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator(name).iter_errors(data)]


def run_json(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_schemas_are_valid_and_name_themselves(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == BASE + path.name
    assert schema["title"] and schema["description"]


def test_every_format_page_links_its_schema() -> None:
    pages = {"course-format.md": ["course", "board-source"], "notation.md": ["position",
                                                                             "adjudicate-output"],
             "vanuatu.md": ["vanuatu-state"], "tortuga.md": ["tortuga-state"],
             "game-records.md": ["replay-output"]}
    for page, names in pages.items():
        text = (ROOT / "docs" / page).read_text(encoding="utf-8")
        for name in names:
            assert f"schemas/{name}.schema.json" in text, (page, name)
    linked = {n for names in pages.values() for n in names}
    assert linked == {p.name.removesuffix(".schema.json") for p in FILES}


COURSES = [
    *(["--race", race, "--seed", str(seed)] for race in "ABC" for seed in (0, 7)),
    *(["--race", race, "--seed", str(seed), "--expansion"] for race in "ABC" for seed in (1, 12)),
    ["--race", "A", "--seed", "3", "--board", "random"],
    ["--race", "C", "--seed", "5", "--board", "random", "--expansion"],
    ["--race", "B", "--seed", "9", "--board", "random", "--tile-size", "6x6", "--density", "0.3"],
    ["--race", "A", "--seed", "2", "--shuffle-tiles", "--rotate-tiles", "--expansion"],
    ["--race", "B", "--assign", "B3,B1,B4,B2"],
    ["--race", "A", "--seed", "4", "--finish-buoy-on-water"],
]


@pytest.mark.parametrize("args", COURSES, ids=" ".join)
def test_course_outputs_fit_the_course_schema(args: list[str]) -> None:
    data = run_json("powerboats", "course", *args, "--format", "json")
    assert problems("course.schema.json", data) == []


@pytest.mark.parametrize("seed", range(4))
def test_vanuatu_setups_fit_the_state_schema(seed: int) -> None:
    players = ["red,blue", "red,blue,green", "red,blue,green,yellow", "a,b,c,d,e"][seed]
    data = run_json("vanuatu", "setup", "--seed", str(seed), "--players", players, "--format",
                    "json")
    assert problems("vanuatu-state.schema.json", data) == []


@pytest.mark.parametrize("players", range(2, 6))
def test_tortuga_setups_fit_the_state_schema(players: int) -> None:
    for layout in ("spokes", "notches"):
        data = run_json("tortuga", "setup", "--players", str(players), "--seed", str(players),
                        "--layout", layout, "--format", "json")
        assert problems("tortuga-state.schema.json", data) == []


def _json_blocks(page: str) -> list[Any]:
    """The ```json blocks of a docs page, with the "..." that shorten a list taken out."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]

    def whole(value: Any) -> Any:
        if isinstance(value, list):
            return [whole(v) for v in value
                    if not (isinstance(v, str) and v.startswith("..."))]
        if isinstance(value, dict):
            return {k: whole(v) for k, v in value.items()}
        return value

    return [whole(b) for b in blocks]


@pytest.mark.parametrize(("page", "name", "count"), [
    ("course-format.md", "course.schema.json", 2),
    ("vanuatu.md", "vanuatu-state.schema.json", 1),
    ("notation.md", "position.schema.json", 1),
])
def test_the_docs_examples_fit_their_schemas(page: str, name: str, count: int) -> None:
    blocks = _json_blocks(page)
    assert len(blocks) == count
    for block in blocks:
        assert problems(name, block) == []


def test_the_docs_examples_are_read_by_the_program() -> None:
    from course_builder.powerboats.course.load import load_course
    from course_builder.powerboats.play.notation import position_from_json
    from course_builder.vanuatu.statejson import state_from_json

    load_course(_json_blocks("course-format.md")[1])
    (state,) = _json_blocks("vanuatu.md")
    assert state_from_json(state).round == 3
    (position,) = _json_blocks("notation.md")
    assert position_from_json(position).boat.colour == "red"


def test_positions_and_adjudicated_moves_fit_their_schemas(tmp_path: Path) -> None:
    from course_builder.powerboats.play.notation import parse_position

    position = parse_position("classic:A:A3,A4ccw,A1cw,A2cw:E,SW | yellow 16,7 NE 32 d0 n1 ; "
                              "red 15,8 E - d1 n1 | red 3")
    data = json.loads(json.dumps(position.to_json()))
    assert problems("position.schema.json", data) == []
    for move in ("+/2S", "+/3L", "+/1R", "R"):  # legal and illegal moves
        result = CliRunner().invoke(cli, ["powerboats", "adjudicate", position.notation(),
                                          "--move", move, "--format", "json"])
        assert result.exit_code in (0, 4), result.output
        outcome = json.loads(result.stdout)
        assert problems("adjudicate-output.schema.json", outcome) == []
        assert problems("position.schema.json", outcome) == []


@pytest.mark.parametrize(("name", "data"), [
    ("course.schema.json", {"race": "D", "buoys": []}),
    ("course.schema.json", {"race": "A", "buoys": [{"number": 0, "spot": "A3"}]}),
    ("course.schema.json", {"race": "A", "buoys": [], "colour": "red"}),
    ("course.schema.json", {"race": "A", "buoys": [], "expansion_tiles": [{"kind": "current",
                                                                           "spot": "C1"}]}),
    ("course.schema.json", {"race": "A", "buoys": [], "format": "chess"}),
    ("board-source.schema.json", {"board": "classic", "seed": True}),
    ("position.schema.json", {"course": {}, "boats": [{"colour": "red"}]}),
    ("vanuatu-state.schema.json", {"spaces": {"17": {"tile": "B1"}}}),
    ("vanuatu-state.schema.json", {"spaces": {}, "round": 9}),
    ("tortuga-state.schema.json", {"map": {"verified": True, "sectors": []}, "players": []}),
])
def test_the_schemas_refuse_what_the_readers_refuse(name: str, data: Any) -> None:
    assert problems(name, data)


def test_a_tile_by_its_spot_alone_fits_the_schema() -> None:
    data = run_json("powerboats", "course", "--race", "A", "--seed", "1", "--expansion",
                    "--format", "json")
    data["expansion_tiles"] = [{k: v for k, v in t.items() if k != "hexes"}
                               for t in data["expansion_tiles"]]
    assert problems("course.schema.json", data) == []


def test_replay_outputs_fit_their_schema(tmp_path: Path) -> None:
    record = ROOT / "tests" / "data" / "game-4-boats.pbr"
    assert problems("replay-output.schema.json",
                    run_json("powerboats", "replay", str(record), "--format", "json")) == []
    broken = tmp_path / "broken.pbr"
    broken.write_text(record.read_text().replace(" +/", " +/333", 1))
    result = CliRunner().invoke(cli, ["powerboats", "replay", str(broken), "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["error"] is not None
    assert problems("replay-output.schema.json", report) == []
