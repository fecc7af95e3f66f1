"""``course-builder tortuga ...``: setup, sheets, the map and the Shipwreck Bay referee."""

from course_builder.cli.tortuga.referee import tortuga

__all__ = ["tortuga"]
