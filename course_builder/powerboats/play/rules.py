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
from course_builder.core.rulebook import RulingOption
from course_builder.core.values import Frozen, field_names, force_setattr

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


class Rules(Frozen):
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
                    force_setattr(self, key, kind(value))
                except ValueError:
                    choices = ", ".join(v.value for v in kind)
                    raise RulesError(f"rules: {key} must be one of {choices}, got "
                                     f"{value!r}"[:200]) from None

    def options(self) -> dict[str, Any]:
        """Every option by its name, in order."""
        return {key: getattr(self, key) for key in field_names(self)}

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
        names = {key.replace("_", "-"): key for key in field_names(cls())}
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


_MOVES = ("adjudicate", "moves", "play", "simulate", "par")
"""The commands that judge moves: every ruling of the adjudicator changes what they say."""

RULING_OPTIONS = (
    RulingOption("MOVE-07", "finished_boats_block", "--finished-boats-block",
                 "Finished boats stay on the lake as boats others cannot end on",
                 ("adjudicate", "moves", "play", "simulate"), hidden_in=("par",)),
    RulingOption("MOVE-03", "start_finish_buoys_block", "--start-finish-buoys-pass",
                 "Start and finish buoys are no obstacles", _MOVES, value=False),
    RulingOption("MOVE-02", "zero_dice_turn", "--no-zero-dice-turn",
                 "A boat without dice must add one; it may not only turn", _MOVES, value=False),
    RulingOption("EXP-11", "heading_with_tiles", "--heading-with-tiles",
                 "Judge the heading rule with the expansion tiles' effects, or on the plain "
                 "straight line", _MOVES, choices=tuple(h.value for h in HeadingRule),
                 default=HeadingRule.SIMULATE.value),
    RulingOption("EXP-03", "flight_counts", "--flights-do-not-count",
                 "Hexes flown over from a redoubt do not count for buoys and the finish", _MOVES,
                 value=False),
    RulingOption("EXP-07", "redoubt_wait_flies", "--redoubt-wait-sails",
                 "The doubled turn after ending on a redoubt sails instead of flying", _MOVES,
                 value=False),
    RulingOption("EXP-05", "current_crash_min_one", "--current-crash-min-one",
                 "A current that pushes a boat into land after its last step does 1 damage, "
                 "not 0", _MOVES),
    RulingOption("MOVE-09", "damage_carry", "--damage-carry",
                 "Counters a boat starts races B and C with: one per earlier race it took damage "
                 "in, or one more after each race it ends damaged", ("play", "simulate"),
                 choices=tuple(d.value for d in DamageCarry),
                 default=DamageCarry.RACES_DAMAGED.value),
    RulingOption("COURSE-01", "finish_buoy_on_water", "--finish-buoy-on-water",
                 "Also require the finish buoy's hex to be water", ("course", "sheet")),
    RulingOption("COURSE-19", "strict_course", "--strict-course",
                 "Refuse a course whose expansion tiles break the placement rule, instead of "
                 "judging the move on the tiles as laid with a warning", ("adjudicate", "moves")),
)
"""The named rulings players may choose on the command line: every field of :class:`Rules`
(MOVE-xx, EXP-xx), the course option COURSE-01 (``CourseOptions.finish_buoy_on_water``) and
how a judged move's course is read, COURSE-19 (``RaceBook(tiles_as_laid=...)``), each with the
commands whose answer it changes (docs/rulings.md names each option)."""
