"""The rules options of play: named rulings where the rule texts leave room, with defaults.

Each option is a ruling in docs/rulings.md (MOVE-xx, EXP-xx); the defaults are the project's
reading, the alternatives what other tables play. A :class:`Rules` travels with every position and
game record, so a shared position says which rules judge it. Also the fixed numbers of the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonread import Value
from course_builder.core.records import frozen_record, record_fields

SINK_AT = 4
"""Damage counters that sink a boat (reference, "Damage")."""

REDOUBT_CRASH = 4
"""Damage of a bad redoubt landing; with it the boat's race ends (expansion, "Redoubt")."""


class RulesError(CourseBuilderError):
    """Rules options that do not exist or have no such value."""


class HeadingRule(StrEnum):
    """EXP-11: how the heading rule judges a line that meets expansion tiles."""

    SIMULATE = "simulate"
    """Play the whole move with the tiles' effects (a redoubt may fly a boat over an island; a
    current may push it into one)."""
    STRAIGHT = "straight"
    """The plain straight line, tiles ignored."""


class DamageCarry(StrEnum):
    """MOVE-09: counters a boat starts races B and C with."""

    RACES_DAMAGED = "races-damaged"
    """One per earlier race in which it took damage (at most 1 into B, 2 into C)."""
    ONE_PER_RACE = "one-per-race"
    """1 into B and 2 into C if it took any damage before."""


@frozen_record
class Rules:
    """Named rulings with their defaults; plain keyword settings: ``Rules(finished_boats_block=True)``."""

    finished_boats_block: bool = False
    """MOVE-07: does a boat that has finished stay on the lake as a boat others cannot end
    on? Default: no, it is lifted off at the end of its finishing turn."""

    start_finish_buoys_block: bool = True
    """MOVE-03: are the start (0) and finish buoys obstacles like buoys 1-3? Default:
    yes ("a crash on land or a buoy")."""

    zero_dice_turn: bool = True
    """MOVE-02: may a boat with no dice keep none and only turn 60 degrees? Default: yes
    (the rulebook's Red example)."""

    heading_with_tiles: HeadingRule = HeadingRule.SIMULATE
    """EXP-11: how the heading rule judges a line that meets expansion tiles."""

    flight_counts: bool = True
    """EXP-03: do the hexes a boat flies over count for rounding lines and the finish?
    Default: yes, the boat passes them."""

    redoubt_wait_flies: bool = True
    """EXP-07: is the doubled turn after ending on a redoubt a flight over islands?
    Default: yes, like any redoubt move."""

    damage_carry: DamageCarry = DamageCarry.RACES_DAMAGED
    """MOVE-09: counters a boat starts races B and C with."""

    current_crash_min_one: bool = False
    """EXP-05: does a current that pushes a boat into land after its last step do 1 damage? By
    the damage rule (the unused movement) it does none; the option makes it at least 1."""

    def __post_init__(self) -> None:
        for key, kind in (("heading_with_tiles", HeadingRule), ("damage_carry", DamageCarry)):
            value = getattr(self, key)
            if type(value) is not kind:
                try:
                    object.__setattr__(self, key, kind(value))
                except ValueError:
                    choices = ", ".join(v.value for v in kind)
                    raise RulesError(f"rules: {key} must be one of {choices}, got "
                                     f"{value!r}"[:200]) from None

    def options(self) -> dict[str, Any]:
        """Every option by its name, in order."""
        return {key: getattr(self, key) for key in record_fields(self)}

    def to_json(self) -> dict[str, Any]:
        return {key: str(value) if isinstance(value, StrEnum) else value
                for key, value in self.options().items()}

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        """Options from JSON data; unknown options and values of the wrong kind are refused."""
        defaults = cls().to_json()
        options = Value(data, (), RulesError).fields(tuple(defaults),
                                                     what="an object of rules options")
        values: dict[str, Any] = {}
        for key in options:
            default = getattr(cls(), key)
            if isinstance(default, StrEnum):
                values[key] = options[key].choice([v.value for v in type(default)])
            else:
                values[key] = options[key].boolean()
        return cls(**values)


    def notation(self) -> str:
        """The options that differ from the defaults, e.g.
        ``finished-boats-block=yes,heading-with-tiles=straight``; empty for the defaults. Travels
        as the optional fourth part of a position's notation and in game records."""
        defaults = Rules()
        parts = []
        for key, value in self.options().items():
            if value != getattr(defaults, key):
                shown = value.value if isinstance(value, StrEnum) else "yes" if value else "no"
                parts.append(f"{key.replace('_', '-')}={shown}")
        return ",".join(parts)

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Options from :meth:`notation` (``default`` or empty: the defaults)."""
        text = text.strip()
        if text in ("", "default", "defaults"):
            return cls()
        names = {key.replace("_", "-"): key for key in record_fields(cls())}
        options: dict[str, Any] = {}
        for part in text.split(","):
            name, sep, value = part.strip().partition("=")
            if not sep or name not in names:
                raise RulesError(f"rules: {part.strip()!r} is not NAME=VALUE with NAME one of "
                                 f"{', '.join(names)}")
            key = names[name]
            if isinstance(getattr(cls(), key), bool):
                if value not in ("yes", "no"):
                    raise RulesError(f"rules: {name} is yes or no, got {value!r}")
                options[key] = value == "yes"
            else:
                options[key] = value
        return cls(**options)


def start_damage(new_damage: Sequence[int], rules: Rules) -> int:
    """Damage counters a boat starts its next race with, given the damage it newly took in each
    race so far (reference, "Damage": repaired between races but one counter stays; after race B
    the same, so race C can start with 2). Whether a boat that took no new damage in B still goes
    up to 2 is ruling MOVE-09, option ``damage_carry``."""
    if rules.damage_carry is DamageCarry.RACES_DAMAGED:
        return sum(1 for d in new_damage if d > 0)
    carried = 0
    for d in new_damage:
        if carried + d > 0:
            carried += 1
    return carried
