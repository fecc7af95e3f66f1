"""The neutral drawing kit every game renders with: SVG in millimetres, fonts, PDF and PNG."""

from __future__ import annotations

from course_builder.core.errors import CourseBuilderError


class RenderError(CourseBuilderError):
    """A picture that cannot be made as asked (an unknown paper size or format)."""
