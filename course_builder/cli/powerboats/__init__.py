"""``course-builder powerboats ...``: boards, courses, sheets, the adjudicator, whole games and
studies on the command line.

One module per concept; each is imported only when one of its commands is asked for (or when
the commands are listed), so a command loads little more than what it uses:

* :mod:`.inputs`: what several commands take: the board options, the rulings;
* :mod:`.positions`: course files and positions as the commands read them;
* :mod:`.boards`: ``board``;
* :mod:`.courses`: ``course``;
* :mod:`.checks`: ``validate`` and ``check-board`` (a course file, what races a board file allows);
* :mod:`.sheets`: ``sheet``;
* :mod:`.rulings`: ``adjudicate`` and ``moves``;
* :mod:`.games`: ``play`` and ``replay`` (the table itself: :mod:`.table`);
* :mod:`.study`: ``simulate``, ``atlas`` and ``par``.
"""

from __future__ import annotations

import click

from course_builder.cli.common import GameCommands

COMMAND_MODULES = {
    "board": "boards",
    "course": "courses",
    "validate": "checks", "check-board": "checks",
    "sheet": "sheets",
    "adjudicate": "rulings", "moves": "rulings",
    "play": "games", "replay": "games",
    "simulate": "study", "atlas": "study", "par": "study",
}
"""The module of :mod:`course_builder.cli.powerboats` that defines each command."""


@click.group(cls=GameCommands, lazy={name: f"{__name__}.{module}"
                                     for name, module in COMMAND_MODULES.items()})
def powerboats() -> None:
    """Powerboats (Cwali, 2008) and Expansion 1."""
