"""Where the data files shipped with the project live (boards, fonts), and reading them.

In a source checkout (editable install) they are the top-level ``data/`` folder; an installed
wheel carries a copy as ``course_builder/_data``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # the course_builder package


def data_dir() -> Path:
    """The folder holding the project's data files."""
    bundled = _PACKAGE / "_data"
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / "data"


def data_path(*parts: str) -> Path:
    """Path of a shipped data file, e.g. ``data_path("boards", "classic.board")``."""
    return data_dir().joinpath(*parts)


def read_data_text(*parts: str) -> str:
    """The text of a shipped data file (UTF-8)."""
    return data_path(*parts).read_text(encoding="utf-8")
