"""The bundled font (DejaVu Sans): every renderer uses it, so no output depends on system fonts."""

from __future__ import annotations

from pathlib import Path

from course_builder.core.resources import data_path

FAMILY = "DejaVu Sans"


def regular() -> Path:
    return data_path("fonts", "DejaVuSans.ttf")


def bold() -> Path:
    return data_path("fonts", "DejaVuSans-Bold.ttf")
