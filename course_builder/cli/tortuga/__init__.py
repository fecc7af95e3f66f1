"""``course-builder tortuga ...``: setup, sheets, the map and the Shipwreck Bay referee.

Referee commands read a game state (the argument ``STATE``, JSON, docs/tortuga.md), print what
happens and why, rule by rule (``--format text|json``, ``-o FILE``), and write the new state with
``--save FILE`` (``STATE`` itself updates it in place). Every answer that depends on adjacency or
distance on an unverified layout carries the warning (ruling TOR-01).

The commands live in :mod:`.setup` (setup, sheet, map) and :mod:`.referee` (the rest); this
module holds the group and what both read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from course_builder.cli import statefiles
from course_builder.cli.common import GameGroup
from course_builder.cli.files import read_text
from course_builder.core.jsonwrite import hex_pairs, json_text
from course_builder.tortuga.layouts import BUILTIN, LayoutFile, builtin_layouts, parse_layouts
from course_builder.tortuga.state import GameState
from course_builder.tortuga.statejson import state_from_json

MAX_FILE_BYTES = 1_000_000


@click.group(cls=GameGroup)
def tortuga() -> None:
    """Tortuga 2199 with Shipwreck Bay: setup for 2-5 players and a referee for the expansion."""


# -------------------------------------------------------------------------------------------------
# reading input
# -------------------------------------------------------------------------------------------------


def read_state(path: Path) -> GameState:
    """The game state in a JSON file (``-``: standard input); every problem is one line naming
    the file (and the field, with its line and column)."""
    return statefiles.read_state(path, state_from_json)


def layout_file(layout: str) -> LayoutFile:
    """The layouts ``--layout`` names: a built-in one, or a file (one that cannot be read is
    exit 1, as any input file; a bare word that is neither is a usage error)."""
    if layout in BUILTIN:
        return builtin_layouts(layout)
    path = Path(layout)
    if not path.exists() and "/" not in layout and not layout.endswith(".layout"):
        raise click.BadParameter(f"no built-in layout or file {layout!r} (built in: "
                                 f"{', '.join(BUILTIN)}; a layout file's name ends in .layout)",
                                 param_hint="'--layout'")
    return parse_layouts(read_text(path, MAX_FILE_BYTES), str(path))


def dumps(data: Any) -> str:
    """JSON text of a state or an answer: sorted keys, each [row, col] hex on one line."""
    return json_text(data, sort_keys=True, fold=hex_pairs)


from course_builder.cli.tortuga import referee, setup  # noqa: E402  (they add their commands)

__all__ = ["referee", "setup", "tortuga"]
