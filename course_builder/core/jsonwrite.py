"""Writing JSON: the one function behind every JSON text the program prints or saves.

One style for all: indented by one space, ASCII only (other characters escaped), never ``NaN`` or
``Infinity`` (data that holds one is a bug: :class:`ValueError`), one newline at the end. Two
choices stay with each format, so that files already written keep their bytes:

* ``sort_keys``: keys in sorted order (course files, boards, Tortuga states and answers) or in
  the order the data gives them (Vanuatu states, the other ``--format json`` answers);
* ``fold``: which lists and objects are written on one line (:func:`hex_pairs`: each ``[row, col]``
  hex, course files and Tortuga; :func:`fits`: whatever fits in the width, Vanuatu states; by
  default none, as :func:`json.dumps` indents them).

Folded values are written compactly: ``[19, 23]``, ``{"tile": "B1"}``.

Messages the web server sends (:func:`wire_text`) are written without any spaces or newline, as
short as JSON allows: they are read by a page, not a person, and a room's is sent to every page
after every move.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Fold = Callable[[Any, int], bool]
"""Whether a non-empty list or object, at this depth (0 for the whole data), goes on one line."""

_COMPACT = json.JSONEncoder(separators=(", ", ": "), allow_nan=False)
_COMPACT_SORTED = json.JSONEncoder(separators=(", ", ": "), allow_nan=False, sort_keys=True)


def json_text(data: Any, *, sort_keys: bool = False, fold: Fold | None = None) -> str:
    """The JSON text of ``data`` in the one style (see the module docstring)."""
    if fold is None:
        return json.dumps(data, indent=1, sort_keys=sort_keys, allow_nan=False) + "\n"
    return _folded(data, 0, _COMPACT_SORTED if sort_keys else _COMPACT, fold) + "\n"


_WIRE = json.JSONEncoder(separators=(",", ":"), allow_nan=False)


def wire_text(data: Any) -> str:
    """The JSON text of ``data`` as a web message: no spaces, ASCII only, never ``NaN``."""
    return _WIRE.encode(data)


def _folded(value: Any, depth: int, compact: json.JSONEncoder, fold: Fold) -> str:
    if not isinstance(value, dict | list | tuple) or not value or fold(value, depth):
        return compact.encode(value)
    pad = " " * (depth + 1)
    end = "\n" + " " * depth
    if isinstance(value, dict):
        keys = sorted(value) if compact.sort_keys else value
        items = [f"{pad}{_key(k)}: {_folded(value[k], depth + 1, compact, fold)}" for k in keys]
        return "{\n" + ",\n".join(items) + end + "}"
    return "[\n" + ",\n".join(pad + _folded(v, depth + 1, compact, fold) for v in value) + end + "]"


def _key(key: Any) -> str:
    """A key as JSON writes it: a string, or a number or constant made one."""
    return _COMPACT.encode(key if isinstance(key, str) else _COMPACT.encode(key))


def hex_pairs(value: Any, depth: int) -> bool:
    """Fold each ``[row, col]`` hex: a list of two whole numbers."""
    return (isinstance(value, list) and len(value) == 2
            and all(type(v) is int for v in value))


def fits(width: int) -> Fold:
    """Fold whatever fits on a line of ``width`` characters with its indentation."""
    def fold(value: Any, depth: int) -> bool:
        return len(_COMPACT.encode(value)) + depth <= width

    return fold
