"""What the referee answers: the new state and the steps that led to it, each with its rule.

An action the rules forbid raises :class:`IllegalAction`, a one-line message that names the rule
refusing it. A choice only a player can make and that was not given raises :class:`ChoiceNeeded`,
listing the options. Both are :class:`~course_builder.core.errors.CourseBuilderError`, so the
command line shows them as ``Error: ...`` with exit code 1.
"""

from __future__ import annotations

from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.rulebook import RuleRef
from course_builder.core.values import Frozen
from course_builder.tortuga.state import GameState, state_to_json


class IllegalAction(CourseBuilderError):
    """The rules do not allow the action; the message ends with the rule's id and source."""

    def __init__(self, message: str, rule: RuleRef) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule.id}: {rule.citation})")


class ChoiceNeeded(CourseBuilderError):
    """A player must choose and did not say how; the message lists the options."""

    def __init__(self, message: str, rule: RuleRef) -> None:
        self.rule = rule
        super().__init__(f"{message} ({rule.id})")


class Step(Frozen):
    """One thing the referee decided or did, and the rule (or ruling) it applied."""

    rule: RuleRef
    text: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule.id, "source": self.rule.citation, "text": self.text}

    def line(self) -> str:
        return f"{self.text} [{self.rule.id}: {self.rule.citation}]"


class Outcome(Frozen):
    """The answer to one action: the state after it, the steps, and whether the answer depended
    on adjacency or distance (then an unverified map's warning goes with it, TOR-01)."""

    action: str
    state: GameState
    steps: tuple[Step, ...]
    uses_map: bool = False

    @property
    def warning(self) -> str | None:
        return self.state.map.warning if self.uses_map else None

    def rules(self) -> tuple[str, ...]:
        """The ids of the rules applied, in order, each once."""
        return tuple(dict.fromkeys(s.rule.id for s in self.steps))

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "warning": self.warning,
                "steps": [s.to_json() for s in self.steps], "state": state_to_json(self.state)}

    def text(self) -> str:
        lines = [f"WARNING: {self.warning}"] if self.warning else []
        lines += [f"{i}. {s.line()}" for i, s in enumerate(self.steps, start=1)]
        return "\n".join(lines) + "\n"
