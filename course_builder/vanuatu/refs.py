"""The rules the Vanuatu referee applies, each with an id and where it is written (a
:class:`~course_builder.core.rulebook.RuleRef`, the one kind of rule reference of every game).

Every decision the package returns names the rule it applied by id, so the command line can say
*why*: ``RW-SIDES (vanuatu-rising-waters.txt, "Rising Waters")``. Ids starting ``VAN-`` are this
project's rulings on open points, written down in ``docs/rulings.md`` under the same id. The
summaries paraphrase the sources; they do not quote them.

Sources: ``vanuatu-rising-waters.txt`` is the expansion's rule sheet (shared rule texts);
``other-games-research.md`` is the research report on the base game (shared reference), cited by
section.
"""

from __future__ import annotations

from course_builder.core.rulebook import RULINGS_FILE, RuleRef
from course_builder.core.values import Frozen

SHEET = "vanuatu-rising-waters.txt"
RESEARCH = "other-games-research.md"
RULINGS = RULINGS_FILE


class Check(Frozen):
    """One rule applied to one decision: the rule's id, whether it is met, and why, in words."""

    rule: str
    ok: bool
    reason: str


_REFS = (
    RuleRef("RW-ROUNDS", SHEET, "Rising Waters",
            "the waters rise in rounds 2, 4, 6 and 8; the first player rolls the die at the start "
            "of the round"),
    RuleRef("RW-COUNTDOWN", SHEET, "Rising Waters",
            "each action taken lowers the die by one; after the last allowed action play stops "
            "for the Rising Waters phase"),
    RuleRef("RW-SIDES", SHEET, "Rising Waters",
            "an island takes one water marker for each of its sides that borders an ocean tile "
            "not protected by a dike"),
    RuleRef("RW-FIFTH", SHEET, "Rising Waters",
            "the fifth water marker submerges an island: everything on it is discarded, its huts "
            "leave the game, and it is inaccessible for the rest of the game"),
    RuleRef("RW-NO-MORE", SHEET, "Rising Waters (note)",
            "a submerged island takes no more water markers"),
    RuleRef("RW-LOST", SHEET, "Rising Waters",
            "when three islands are submerged the game ends and all players lose together"),
    RuleRef("BUILD-COST", SHEET, "Dike Building",
            "the BUILD action builds a hut and/or a dike; a hut costs 3 vatus, a dike 1"),
    RuleRef("BUILD-ON-ISLAND", SHEET, "Dike Building",
            "huts and dikes are built on island tiles; a submerged island is inaccessible"),
    RuleRef("BUILD-BOAT", SHEET, "Dike Building",
            "the builder's sailboat must be adjacent to the island"),
    RuleRef("BUILD-DIKE-SIDE", SHEET, "Dike Building",
            "a dike goes on a side of the island that borders an ocean tile"),
    RuleRef("BUILD-SAME-ISLAND", SHEET, "Dike Building",
            "a hut and a dike built in one action go on the same island"),
    RuleRef("BUILD-HUT-SPACE", RESEARCH, "2.3 Round and action structure, Build",
            "a hut needs a free hut space on the island, and each player owns 8 huts"),
    RuleRef("SUPPLY", SHEET, "Components",
            "the expansion has 20 dikes and 20 water markers"),
    RuleRef("PENALTY", SHEET, "End of the Game",
            "each hut on an island with 1, 2, 3 or 4 water markers costs its owner 1, 3, 5 or 7 "
            "prosperity points"),
    RuleRef("PLACE-EMPTY", RESEARCH, "2.1 Growing the board, Placement legality",
            "a tile goes on an empty space of the footprint"),
    RuleRef("PLACE-TWO", RESEARCH, "2.1 Growing the board, Placement legality",
            "the space touches at least two placed tiles"),
    RuleRef("PLACE-ISLANDS", RESEARCH, "2.1 Growing the board, Placement legality",
            "an island tile never touches another island"),
    RuleRef("PLACE-OCEAN", RESEARCH, "2.1 Growing the board, Placement legality",
            "an ocean tile touches at least one island"),
    RuleRef("PLACE-ORDER", RESEARCH, "2.1 Growing the board, Tile stacks",
            "two lettered tiles are revealed and placed at the start of each of rounds 2-7, in the "
            "order of the two stacks"),
    RuleRef("SETUP", RESEARCH, "2.1 Growing the board, Setup; 2.5",
            "Efate on its space, the three start ocean tiles shuffled onto the start spaces, the "
            "boats on the empty start tile, one tile of each letter in each stack"),
    RuleRef("BOAT-OCEAN", RESEARCH, "2.1 Movement",
            "a boat always lies on an ocean tile; adjacent means sharing a side"),
)

_RULINGS = {
    "VAN-01": "The footprint and its space numbers",
    "VAN-02": "Which turns count down the die",
    "VAN-03": "A round that ends before the countdown",
    "VAN-04": "The 20 water markers",
    "VAN-05": "No strictly legal space for a tile",
    "VAN-06": "Submerged islands and tile placement",
    "VAN-07": "Sides that face no ocean tile",
    "VAN-08": "What a submerged island's dikes become",
    "VAN-09": "What one BUILD action may build",
    "VAN-10": "The end of the game by water",
    "VAN-11": "What the forecast and the planner assume",
    "VAN-12": "What the setup leaves to the players",
}

RULES: dict[str, RuleRef] = {r.id: r for r in _REFS} | {
    rid: RuleRef(rid, RULINGS, rid, title) for rid, title in _RULINGS.items()
}


def ref(rule_id: str) -> RuleRef:
    """The rule with this id (``KeyError`` for an unknown id: a bug, not a user error)."""
    return RULES[rule_id]


def cite(rule_id: str) -> str:
    """How a rule is cited in explanations."""
    return RULES[rule_id].cite()
