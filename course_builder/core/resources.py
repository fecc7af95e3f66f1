"""Where the data files shipped with the project live (boards, fonts, layouts), and reading them.

In a source checkout (editable install) they are the top-level ``data/`` folder; an installed
wheel carries a copy as ``course_builder/_data``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # course_builder/


def data_path(*parts: str) -> Path:
    """Path of a shipped data file, e.g. ``data_path("boards", "classic.board")``."""
    bundled = _PACKAGE / "_data"
    folder = bundled if bundled.is_dir() else _PACKAGE.parent / "data"
    return folder.joinpath(*parts)


def read_data_text(*parts: str) -> str:
    """The text of a shipped data file (UTF-8)."""
    return data_path(*parts).read_text(encoding="utf-8")
