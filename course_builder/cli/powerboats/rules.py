"""The options of the rulings that judge a move, as several Powerboats commands take them (the
table: :data:`course_builder.powerboats.play.rules.RULING_OPTIONS`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from course_builder.cli.common import F
from course_builder.cli.options import ruling_options, ruling_values
from course_builder.powerboats.play.rules import RULING_OPTIONS, Rules


def rules_options(command: str) -> Callable[[F], F]:
    """The options of the rulings that change what ``command`` does (the table:
    :data:`course_builder.powerboats.play.rules.RULING_OPTIONS`)."""
    return ruling_options(RULING_OPTIONS, command)


def rulings_given(params: dict[str, Any]) -> dict[str, Any]:
    """The rulings given on the command line by their field (taken out of ``params``)."""
    return ruling_values(RULING_OPTIONS, params)


def rules_from(params: dict[str, Any]) -> Rules:
    """The rules of play the ruling options given say (taken out of ``params``)."""
    given = rulings_given(params)
    given.pop("finish_buoy_on_water", None)  # a course's option, not the rules of play
    given.pop("strict_course", None)  # how a course is read (COURSE-19), not the rules of play
    return Rules(**given)
