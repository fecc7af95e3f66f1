"""How every benchmark publishes its result: the JSON report on stdout and, with ``--output``,
the same text in a file (the ``*-result.json`` files beside the scripts)."""

from __future__ import annotations

import json
from typing import Any


def publish(report: dict[str, Any], output: str | None) -> None:
    """Print the report as indented JSON, and write it to ``output`` too when one is given."""
    text = json.dumps(report, indent=1)
    print(text)
    if output:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text + "\n")
