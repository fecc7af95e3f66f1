"""``course-builder tortuga ...``: setup, sheets, the map and the Shipwreck Bay referee.

Referee commands read a game state (the argument ``STATE``, JSON, docs/tortuga.md), print what
happens and why, rule by rule (``--format text|json``, ``-o FILE``), and write the new state with
``--save FILE`` (``STATE`` itself updates it in place). Every answer that depends on adjacency or
distance on an unverified layout carries the warning (ruling TOR-01).

The commands live in :mod:`.setup` (setup, sheet, map) and :mod:`.referee` (the rest); this
module holds the group and what both read.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import click

from course_builder.cli.common import GameGroup, input_name, read_text
from course_builder.cli.statefiles import read_state_json
from course_builder.core.errors import CourseBuilderError

MAX_FILE_BYTES = 1_000_000


@click.group(cls=GameGroup)
def tortuga() -> None:
    """Tortuga 2199 with Shipwreck Bay: setup for 2-5 players and a referee for the expansion."""


# -------------------------------------------------------------------------------------------------
# reading input
# -------------------------------------------------------------------------------------------------


def read_state(path: Path) -> Any:
    """The game state in a JSON file (``-``: standard input); every problem is one line naming
    the file (and the field)."""
    from course_builder.tortuga.statejson import state_from_json

    data = read_state_json(path, MAX_FILE_BYTES)
    name = input_name(path)
    try:
        return state_from_json(data)
    except RecursionError:
        raise CourseBuilderError(f"{name}: nested too deeply") from None
    except CourseBuilderError as exc:
        raise CourseBuilderError(f"{name}: {exc}") from None


def layout_file(layout: str) -> Any:
    """The layouts ``--layout`` names: a built-in one, or a file (one that cannot be read is
    exit 1, as any input file; a bare word that is neither is a usage error)."""
    from course_builder.tortuga.layouts import BUILTIN, builtin_layouts, parse_layouts

    if layout in BUILTIN:
        return builtin_layouts(layout)
    path = Path(layout)
    if not path.exists() and "/" not in layout and not layout.endswith(".layout"):
        raise click.BadParameter(f"no built-in layout or file {layout!r} (built in: "
                                 f"{', '.join(BUILTIN)}; a layout file's name ends in .layout)",
                                 param_hint="'--layout'")
    return parse_layouts(read_text(path, MAX_FILE_BYTES), str(path))


def dumps(data: Any) -> str:
    """Indented JSON with stable keys, each [row, col] pair on one line."""
    text = json.dumps(data, indent=1, sort_keys=True)
    return re.sub(r"\[\s+(-?\d+),\s+(-?\d+)\s+\]", r"[\1, \2]", text) + "\n"


from course_builder.cli.tortuga import referee, setup  # noqa: E402  (they add their commands)

__all__ = ["referee", "setup", "tortuga"]
