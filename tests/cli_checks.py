"""Checks shared by the command-line tests of the three games."""

from __future__ import annotations

from typing import Any


def one_line_error(result: Any, code: int = 1) -> str:
    """The error of a click runner ``result`` that failed with exit ``code`` as the project
    promises (README, exit codes): one ``Error: ...`` line on stderr, no traceback, no
    "internal error"."""
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1, result.stderr
    return result.stderr
