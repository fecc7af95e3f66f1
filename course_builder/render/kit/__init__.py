"""The neutral drawing kit every game renders with: SVG in millimetres (:mod:`.svg`), paper sizes
and print units (:mod:`.paper`), the bundled font (:mod:`.fonts`) and its advances
(:mod:`.metrics`), text set to a width (:mod:`.flow`), boxes for keeping labels off pieces
(:mod:`.boxes`), merged hex outlines (:mod:`.outline`), PDF (:mod:`.pdf`) and PNG (:mod:`.png`)."""

from __future__ import annotations

from course_builder.core.errors import CourseBuilderError


class RenderError(CourseBuilderError):
    """A picture that cannot be made as asked (an unknown paper size or format)."""
