"""The built-in lakes shipped ready-made (data/boards/NAME.lake.json) are what their kits give.

Regenerate the files after changing a kit: ``python -m course_builder.powerboats.lake.printed``.
"""

from __future__ import annotations

import pytest

from course_builder.core.resources import read_data_text
from course_builder.powerboats.lake.board import Board, BoardSource
from course_builder.powerboats.lake.boardfile import parse_kit
from course_builder.powerboats.lake.catalog import BUILT_IN, Catalog
from course_builder.powerboats.lake.kit import assemble
from course_builder.powerboats.lake.printed import lake_text, printed_board, shipped_name

TABLES = ("water_run", "edge_runs", "water_steps", "water_targets", "neighbor_bits",
          "water_bits", "water_areas", "crossable_bits")


def assembled(name: str) -> Board:
    """The lake as its kit gives it now (parsed afresh, not the catalog's cached kit)."""
    kit = parse_kit(read_data_text("boards", f"{name}.board"), f"{name}.board")
    return assemble(kit, source=BoardSource(name))


@pytest.mark.parametrize("name", BUILT_IN)
def test_shipped_file_is_what_the_kit_gives(name: str) -> None:
    assert read_data_text("boards", shipped_name(name)) == lake_text(assembled(name)), (
        "the kit changed: run python -m course_builder.powerboats.lake.printed")


@pytest.mark.parametrize("name", BUILT_IN)
def test_shipped_board_equals_the_assembled_one(name: str) -> None:
    shipped, made = printed_board(name), assembled(name)
    assert shipped is not None
    for attribute in ("name", "rows", "cols", "terrain_rows", "section_rows", "spots", "slots",
                      "source", "water", "neighbors", "index_of", "_spots_by_id",
                      "_spots_by_hex"):
        assert getattr(shipped, attribute) == getattr(made, attribute), attribute
    assert shipped.hexes() == made.hexes()
    assert shipped.to_json() == made.to_json()
    assert shipped.to_text() == made.to_text()
    assert repr(shipped) == repr(made)
    for table in TABLES:
        assert getattr(shipped, table) == getattr(made, table), table
    assert [type(s.side) for s in shipped.spots] == [type(s.side) for s in made.spots]


def test_the_catalog_uses_the_shipped_board() -> None:
    board = Catalog().printed("classic")
    assert board.to_json() == assembled("classic").to_json()
    assert board.source.arrangement == "T00=1d T01=2d T02=3d T10=4d T11=5d T12=6d"
