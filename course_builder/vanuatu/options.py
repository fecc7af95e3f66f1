"""The named rulings a group can change: how the referee reads the open points of the rules.

Each field is one ruling of ``docs/rulings.md``; the defaults are the rulings as written there.
A board state may carry its group's choices (``"rules"`` in the JSON) so every later command
applies the same ones.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from course_builder.core.jsonread import JsonPath, Value
from course_builder.core.rulebook import RulingOption
from course_builder.core.values import Frozen, field_names
from course_builder.vanuatu.errors import VanuatuError


class ShortRound(StrEnum):
    """VAN-03: what a Rising Waters round does when it ends before the die counted down."""

    FLOOD = "flood"  # the waters rise at the end of the round anyway
    SKIP = "skip"  # no flood this round (the beta engine's reading)


class WaterSupply(StrEnum):
    """VAN-04: whether the 20 water markers limit a flood."""

    UNLIMITED = "unlimited"  # place every marker due; warn past 20
    LIMITED = "limited"  # a flood stops placing markers when the supply is empty


class NoLegalSpace(StrEnum):
    """VAN-05: what happens when no space is strictly legal for a revealed tile."""

    RELAX = "relax"  # any empty space touching two placed tiles, island rules dropped
    REFUSE = "refuse"  # the referee refuses; the players settle it themselves


class Rules(Frozen):
    """The rulings in force. ``Rules()`` is the documented default of every ruling."""

    count_retrievals: bool = False
    """VAN-02: a turn in which a player takes back markers without acting also lowers the die."""
    short_round: ShortRound = ShortRound.FLOOD
    """VAN-03."""
    water_supply: WaterSupply = WaterSupply.UNLIMITED
    """VAN-04."""
    no_legal_space: NoLegalSpace = NoLegalSpace.RELAX
    """VAN-05."""
    submerged_is_island: bool = False
    """VAN-06: a submerged island still counts as an island for the placement rules."""
    submerged_dikes_return: bool = False
    """VAN-08: the dikes of a submerged island go back to the supply."""

    def to_json(self) -> dict[str, Any]:
        return {name: (str(v) if isinstance(v := getattr(self, name), StrEnum) else v)
                for name in field_names(self)}

    def changed(self, **changes: Any) -> Rules:
        """These rules with some rulings changed (``None`` values keep the current choice)."""
        current = self.to_json()
        current.update({k: v for k, v in changes.items() if v is not None})
        return rules_from_json(current)


_KINDS: dict[str, Any] = {
    "count_retrievals": bool,
    "short_round": ShortRound,
    "water_supply": WaterSupply,
    "no_legal_space": NoLegalSpace,
    "submerged_is_island": bool,
    "submerged_dikes_return": bool,
}


def rules_from_json(data: Any, path: JsonPath = ("rules",)) -> Rules:
    """Rulings from a JSON object (at ``path`` in a state); unknown names and wrong values raise
    a one-line error naming the field."""
    rulings = Value(data, path, VanuatuError).fields(tuple(_KINDS),
                                                      what="an object of rulings")
    values: dict[str, Any] = {}
    for name in rulings:
        kind = _KINDS[name]
        if kind is bool:
            values[name] = rulings[name].boolean()
        else:
            values[name] = kind(rulings[name].choice([str(m) for m in kind]))
    return Rules(**values)


_LISTED_BEFORE = ("setup", "show", "place", "build", "countdown", "flood", "forecast")
"""The commands that listed every ruling once: they still accept those that change nothing they
say (hidden), so that older command lines keep working."""


def _option(ruling: str, field: str, option: str, help: str, commands: tuple[str, ...],
            **kind: Any) -> RulingOption:
    return RulingOption(ruling, field, option, help, ("setup", *commands),
                        hidden_in=tuple(c for c in _LISTED_BEFORE
                                        if c not in ("setup", *commands)), **kind)


RULING_OPTIONS = (
    _option("VAN-02", "count_retrievals", "--count-retrievals",
            "Turns that take markers back without acting lower the die", ("countdown",),
            opposite="--no-count-retrievals", default=False),
    _option("VAN-03", "short_round", "--short-round",
            "A Rising Waters round that ends before the countdown: flood at its end, or skip the "
            "flood", ("countdown", "flood"), choices=tuple(s.value for s in ShortRound),
            default=ShortRound.FLOOD.value),
    _option("VAN-04", "water_supply", "--water-supply",
            "Whether the 20 water markers limit a flood", ("flood", "forecast", "plan"),
            choices=tuple(w.value for w in WaterSupply), default=WaterSupply.UNLIMITED.value),
    _option("VAN-05", "no_legal_space", "--no-legal-space",
            "When no space is strictly legal for a tile", ("place",),
            choices=tuple(n.value for n in NoLegalSpace), default=NoLegalSpace.RELAX.value),
    _option("VAN-06", "submerged_is_island", "--submerged-is-island",
            "A submerged island still counts as an island when placing tiles", ("place",),
            opposite="--submerged-not-island", default=False),
    _option("VAN-08", "submerged_dikes_return", "--submerged-dikes-return",
            "A submerged island's dikes go back to the supply", ("flood",),
            opposite="--submerged-dikes-lost", default=False),
)
"""The rulings as command-line options: every command that sets up or judges with a ruling lists
it (``setup`` all of them: the new state keeps them); left out, a command keeps what the state
says."""
