"""Compact JSON text for Vanuatu states: short lists and objects stay on one line."""

from __future__ import annotations

import json
from typing import Any

LINE = 96


def dumps(data: Any) -> str:
    """JSON text with short lists and objects kept on one line: states stay readable in a diff."""
    return _pretty(data, 0) + "\n"


def _pretty(value: Any, indent: int) -> str:
    compact = json.dumps(value, separators=(", ", ": "))
    if len(compact) + indent <= LINE or not isinstance(value, dict | list) or not value:
        return compact
    pad = " " * (indent + 1)
    if isinstance(value, list):
        items = [pad + _pretty(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = [f"{pad}{json.dumps(k)}: {_pretty(v, indent + 1)}" for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
