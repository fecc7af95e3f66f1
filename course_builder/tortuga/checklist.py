"""The expansion's setup list as a checklist for the table, each item with its rule.

Expansion, "Setup with the Expansion", in its order: the board (swaps or the five-player layout),
the expansion's tokens, the Hub and Shipwreck Bay decks with two cards face up each, the mine
tokens beside the Hub, the System Fault supply, Shadow Hacker and Blackbeard into their decks, and
the fifth player's components and opening hand. Hunt tokens go face down and are never shown: the
checklist says how to place them, never which is where.
"""

from __future__ import annotations

from collections.abc import Sequence

from course_builder.tortuga import rules as R
from course_builder.tortuga.layouts import T_TILES
from course_builder.tortuga.outcome import Step
from course_builder.tortuga.sectors import BASE_SPECIALS, NEW_SPECIALS, SectorKind, SectorMap, Special
from course_builder.tortuga.state import FAULT_CARDS, MINE_TOKENS, Scenario


def checklist(sector_map: SectorMap, player_ids: Sequence[str],
              swaps: Sequence[tuple[Special, Special, bool]], scenario: Scenario
              ) -> tuple[Step, ...]:
    """The numbered items for this setup (numbering is the caller's)."""
    ring = sum(1 for s in sector_map.sectors
               if s.kind in (SectorKind.TURRET, SectorKind.TRADE_TERMINAL))
    specials = ", ".join(f"{s.name} on {s.slot}" for s in sector_map.specials())
    items = [Step(R.BASE_BOARD, f"Lay Tortuga in the centre, the {ring} Turret and Trade Terminal"
                                f" sectors around it as drawn, and the special sectors: {specials}.")]
    if ring < 2 * T_TILES:
        unused = T_TILES - ring // 2
        items.append(Step(R.RING_SIZE, f"Leave {unused} Turret and {unused} Trade Terminal "
                                       "tile(s) in the box."))
    unused_specials = [s.label for s in (*BASE_SPECIALS, *NEW_SPECIALS)
                       if not sector_map.has(s)]
    if unused_specials:
        items.append(Step(R.SETUP_SWAP, f"Leave in the box: {', '.join(unused_specials)}."))
    if len(player_ids) == 5:
        items.append(Step(R.SETUP_FIVE, "Five players: the six special sectors lie at random on "
                                        "the six marked positions, as drawn."))
    for new, old, drawn in swaps:
        how = "drawn at random" if drawn else "the players' choice"
        items.append(Step(R.SETUP_SWAP, f"{new.label} is in play instead of {old.label} ({how})."))
    items += _token_items(len(player_ids))
    items += _deck_items(sector_map)
    items += [
        Step(R.SETUP_FAULTS, f"Put the {len(FAULT_CARDS)} System Fault cards face down beside the "
                             "board: the common supply."),
        Step(R.SETUP_CARDS, "Shuffle the Shadow Hacker card into the Hunt deck and the Blackbeard "
                            "card into the T-sector deck."),
        Step(R.BASE_BOARD, "Every ship starts on Tortuga."),
    ]
    if len(player_ids) == 5:
        fifth = player_ids[4]
        items.append(Step(R.SETUP_FIFTH, f"The fifth player in turn order ({fifth}) takes the "
                                         "expansion's starting components as the base setup "
                                         "says, and draws five cards to start."))
    if scenario is Scenario.MONSTER_HUNTERS:
        items.append(Step(R.MONSTER_CAPTURE, "Monster Hunters: a captured hunt target scores the "
                                             "influence on its token, a redeemed Hunt card 1."))
    return tuple(items)


def _token_items(players: int) -> list[Step]:
    items = [Step(R.SETUP_TOKENS, "Mix the expansion's sector control, hunt and mineral tokens "
                                  "into the base game's.")]
    if players == 5:
        items.append(Step(R.SETUP_TOKENS, "Put sector control, hunt and mineral tokens on the "
                                          "extra sectors too, as the base setup does."))
    items.append(Step(R.SETUP_TOKENS, "Hunt tokens go face down (exclamation side up) where the "
                                      "base setup says; nobody looks at them, and this sheet "
                                      "never shows them."))
    return items


def _deck_items(sector_map: SectorMap) -> list[Step]:
    items = []
    for sector in (Special.HUB, Special.SHIPWRECK_BAY):
        if sector_map.has(sector):
            items.append(Step(R.SETUP_DECKS, f"Shuffle the {sector.label} deck on its own, lay it "
                                             f"face down beside the {sector.label} and turn two "
                                             "of its cards face up next to it."))
        else:
            items.append(Step(R.SETUP_DECKS, f"{sector.label} is not in play: its deck stays in "
                                             "the box."))
    if sector_map.has(Special.HUB):
        items.append(Step(R.SETUP_MINES, f"Put all {MINE_TOKENS} mine tokens beside the Hub: the "
                                         "common supply."))
    else:
        items.append(Step(R.SETUP_MINES, "The Hub is not in play: the mine tokens stay in the "
                                         "box."))
    return items
