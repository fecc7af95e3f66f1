"""The built-in lakes in their printed arrangement, shipped ready-made.

A command that uses the classic lake would otherwise import the kit reader, parse the kit
(``data/boards/classic.board``) and lay its tiles in every process, the same work every time and
a good part of a short command's start-up. So the assembled lake is package data
(``data/boards/NAME.lake.json``: terrain, sections, spots, slots and arrangement), made from the
kit by ``python -m course_builder.powerboats.lake.printed`` (a developer's command; nothing writes
it at run time) and checked by ``tests/test_printed_lake.py`` to equal what assembling the kit
gives now. A lake without such a file is assembled from its kit as before.

The terrain tables (:mod:`.tables`) are not shipped: reading them back from JSON takes as long as
computing them (measured on the classic lake).

Pure but for reading the shipped file.
"""

from __future__ import annotations

import json
import os
from functools import cache
from typing import Any

from course_builder.core.hexgrid import DIRECTIONS, from_offset, to_offset
from course_builder.core.resources import data_file, data_path
from course_builder.powerboats.lake.board import Board, BoardSource, Section, Spot

FORMAT = 1
"""The layout of the shipped files (raised when it changes; a file of another layout is not
used)."""


def shipped_name(name: str) -> str:
    """The file name of a built-in lake's shipped data under ``data/boards``."""
    return f"{name}.lake.json"


def lake_data(board: Board) -> dict[str, Any]:
    """A board as JSON data (what is shipped for a printed lake)."""
    return {
        "format": FORMAT,
        "note": "made from the kit by python -m course_builder.powerboats.lake.printed; "
                "checked by tests/test_printed_lake.py",
        "name": board.name,
        "source": board.source.to_json(),
        "terrain": list(board.terrain_rows),
        "sections": [list(row) for row in board.section_rows],
        "spots": [[s.id, s.letter, *to_offset(s.hex), s.on_land, int(s.side), s.approximate]
                  for s in board.spots],
        "slots": [[s.name, s.row, s.col, s.rows, s.cols, s.tile] for s in board.slots],
    }


def lake_text(board: Board) -> str:
    """The shipped file's text for a board: one line per field."""
    return "{\n" + ",\n".join(f"{json.dumps(k)}:{json.dumps(v, separators=(',', ':'))}"
                                for k, v in lake_data(board).items()) + "\n}\n"


@cache
def _shipped(name: str) -> dict[str, Any] | None:
    path = data_file("boards", shipped_name(name))
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    return data if data.get("format") == FORMAT else None


def printed_board(name: str) -> Board | None:
    """The built-in lake ``name`` in its printed arrangement, from its shipped data (None when
    nothing is shipped for it): the same board as assembling its kit gives."""
    data = _shipped(name)
    if data is None:
        return None
    source = data["source"]
    spots = [Spot(sid, letter, from_offset(row, col), on_land, DIRECTIONS[side], approximate)
             for sid, letter, row, col, on_land, side, approximate in data["spots"]]
    return Board(data["name"], data["terrain"], data["sections"], spots,
                 slots=[Section(*slot) for slot in data["slots"]],
                 source=BoardSource(source["board"], source.get("arrangement")), named=True)


if __name__ == "__main__":  # a developer's command: write the shipped file of every kit
    from course_builder.powerboats.lake.boardfile import parse_kit
    from course_builder.powerboats.lake.kit import assemble

    for kit_file in sorted(data_path("boards").glob("*.board")):
        kit = parse_kit(kit_file.read_text(encoding="utf-8"), kit_file.name)
        target = kit_file.with_name(shipped_name(kit_file.stem))
        target.write_text(lake_text(assemble(kit, source=BoardSource(kit_file.stem))),
                          encoding="utf-8")
        print(f"wrote {target}")
