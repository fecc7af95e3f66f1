"""Where the data files shipped with the project live (boards, fonts), and reading them.

In a source checkout (editable install) they are the top-level ``data/`` folder; an installed
wheel carries a copy as ``course_builder/_data``.

Paths are worked out with :mod:`os.path`: every command reads the classic lake from here, and
:mod:`pathlib` (a few milliseconds to import) is imported only by :func:`data_path`'s callers.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

_PACKAGE = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))  # course_builder/


def data_folder() -> str:
    """The folder holding the project's data files, as a string."""
    bundled = os.path.join(_PACKAGE, "_data")
    if os.path.isdir(bundled):
        return bundled
    return os.path.join(os.path.dirname(_PACKAGE), "data")


def data_file(*parts: str) -> str:
    """Path of a shipped data file as a string, e.g. ``data_file("boards", "classic.board")``."""
    return os.path.join(data_folder(), *parts)


def data_dir() -> Path:
    """The folder holding the project's data files."""
    from pathlib import Path

    return Path(data_folder())


def data_path(*parts: str) -> Path:
    """Path of a shipped data file, e.g. ``data_path("boards", "classic.board")``."""
    return data_dir().joinpath(*parts)


def read_data_text(*parts: str) -> str:
    """The text of a shipped data file (UTF-8)."""
    with open(data_file(*parts), encoding="utf-8") as handle:
        return handle.read()
