"""Rule references and named rulings: one mechanism for every game.

A :class:`RuleRef` names one rule or ruling: its id (``SB-MINE-ENTER``, ``RW-SIDES``,
``TOR-07``), the file and section it comes from, and what it says in our words; every verdict a
referee gives names the refs it applied, so an answer can say *why*. Ids of this project's
rulings (``MOVE-07``, ``VAN-04``, ``TOR-14``) are sections of ``docs/rulings.md``.

A :class:`RulingOption` is one line of a game's table of the rulings players may choose: which
ruling, which keyword of the game's rules it sets, the command-line option and its choices, its
help, and the commands whose answer it changes. The command line builds its options from the
table (so a command lists only the rulings that change what it does), and a test checks the table
against docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterable

from course_builder.core.values import Frozen

RULINGS_FILE = "docs/rulings.md"
"""Where this project's rulings are written down, each under its id."""


class RuleRef(Frozen):
    """A rule: its id, the file and section it comes from, and what it says in our words."""

    id: str
    source: str
    section: str
    summary: str

    @property
    def citation(self) -> str:
        """``file, section``."""
        return f"{self.source}, {self.section}"

    def cite(self) -> str:
        """``ID (file, "section")``, or ``ID (docs/rulings.md)`` for a ruling."""
        if self.source == RULINGS_FILE:
            return f"{self.id} ({self.source})"
        return f'{self.id} ({self.source}, "{self.section}")'

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "source": self.source, "section": self.section,
                "summary": self.summary}


class RulingOption(Frozen):
    """A ruling players may choose, as an option of the commands it changes.

    ``field`` is the keyword of the game's rules value it sets. A *flag* (no ``choices``) sets
    the field to ``value`` when given; with ``opposite`` it is a pair of flags (``--x/--no-x``)
    setting ``value`` or its negation, and left out the game's own setting stands. A *choice*
    sets the field to the choice given. ``default`` is the documented default, said in the help:
    a choice's name, or for a pair the value the field has when neither flag is given.
    ``commands`` are the commands whose answer it changes (``"play"``, ``"hunt return"``);
    ``hidden_in`` those that still accept it from older command lines although it changes
    nothing they say (hidden from their help)."""

    ruling: str
    field: str
    option: str
    help: str
    commands: tuple[str, ...]
    choices: tuple[str, ...] = ()
    value: bool = True
    opposite: str = ""
    default: str | bool | None = None
    hidden_in: tuple[str, ...] = ()

    @property
    def full_help(self) -> str:
        """The help with the ruling's id and the default."""
        if self.choices and self.default is not None:
            where = f"{self.ruling}; default {self.default}"
        elif self.opposite and self.default is not None:
            where = f"{self.ruling}; default {self.option if self.default == self.value else self.opposite}"
        else:
            where = self.ruling
        return f"{self.help} ({where})."


def options_for(table: Iterable[RulingOption], command: str) -> tuple[RulingOption, ...]:
    """The rulings that change what ``command`` does, in the table's order."""
    return tuple(row for row in table if command in row.commands)
