"""System Fault cards: the common supply, giving one to a player, exhaustion, and return.

The System Fault deck beside the board is the common supply (expansion, "Setup with the
Expansion"). Mines (SB-MINE-ENTER), Shipwreck Bay's control ability (SB-WRECK-CONTROL) and the
Shadow Hacker Hunt card (SB-SHADOW-HACKER) move a card from it into a player's discard pile. When
the supply is empty a card removed from the game may take its place, chosen by the player named
in the rule (SB-MINE-EMPTY, SB-FAULT-EMPTY); the choice is theirs and may be declined, and with no
card removed from the game nothing moves (ruling TOR-10). A System Fault card goes back to the
supply when its owner spends two icons; it cannot be destroyed or reserved (SB-FAULT-CARD).
"""

from __future__ import annotations

from course_builder.core.rulebook import RuleRef
from course_builder.core.values import replace
from course_builder.tortuga import rules as R
from course_builder.tortuga.outcome import ChoiceNeeded, IllegalAction, Outcome, Step
from course_builder.tortuga.state import GameState, is_fault

DECLINE = "none"
"""The replacement 'card' that says the chooser declines to move any card (TOR-10)."""


def give_fault(state: GameState, target: str, *, chooser: str, replacement: str | None,
               rule: RuleRef, empty_rule: RuleRef, opponents_only: bool = False
               ) -> tuple[GameState, list[Step]]:
    """Move the top System Fault card of the supply into ``target``'s discard pile, under
    ``rule``. With the supply empty, ``chooser`` may name a card removed from the game
    (``replacement``) to go there instead, under ``empty_rule``; ``DECLINE`` declines. With
    ``opponents_only`` the replacement is only for a target other than the chooser (SB-FAULT-EMPTY
    speaks of an opponent; TOR-17)."""
    receiver = state.player(target)
    state.player(chooser)
    if state.fault_supply:
        if replacement is not None:
            raise IllegalAction(f"the System Fault supply still holds {len(state.fault_supply)} "
                                "cards; a removed card replaces one only when it is empty",
                                empty_rule)
        card, *rest = state.fault_supply
        after = replace(state, fault_supply=tuple(rest)).with_player(
            replace(receiver, discard=(*receiver.discard, card)))
        return after, [Step(rule, f"{card} goes from the supply into {target}'s discard pile "
                                  f"({len(rest)} left in the supply)")]
    return _replace_fault(state, target, chooser, replacement, empty_rule, opponents_only)


def _replace_fault(state: GameState, target: str, chooser: str, replacement: str | None,
                   empty_rule: RuleRef, opponents_only: bool) -> tuple[GameState, list[Step]]:
    empty = f"the System Fault supply is empty and {target} takes no System Fault card"
    if opponents_only and target == chooser:
        if replacement not in (None, DECLINE):
            raise IllegalAction(f"{empty}; a removed card replaces it only for an opponent",
                                R.WRECK_TARGET)
        return state, [Step(R.WRECK_TARGET, f"{empty}; no replacement for oneself")]
    if not state.removed_cards:
        if replacement not in (None, DECLINE):
            raise IllegalAction(f"{empty}; no card has been removed from the game, so "
                                f"{replacement!r} cannot replace it", R.NO_REPLACEMENT)
        return state, [Step(R.NO_REPLACEMENT, f"{empty}; no card removed from the game can "
                                              "replace it, so nothing moves")]
    options = sorted(set(state.removed_cards))
    if replacement is None:
        raise ChoiceNeeded(f"{empty}: {chooser} may move a card removed from the game into "
                           f"{target}'s discard pile instead; choose one of "
                           f"{', '.join(options)} or '{DECLINE}' (--card)", empty_rule)
    if replacement == DECLINE:
        return state, [Step(R.NO_REPLACEMENT, f"{empty}; {chooser} declines to move a removed "
                                              "card instead")]
    if replacement not in state.removed_cards:
        raise IllegalAction(f"{replacement!r} is not among the cards removed from the game "
                            f"({', '.join(options)})", empty_rule)
    removed = list(state.removed_cards)
    removed.remove(replacement)
    receiver = state.player(target)
    after = replace(state, removed_cards=tuple(removed)).with_player(
        replace(receiver, discard=(*receiver.discard, replacement)))
    return after, [Step(empty_rule, f"{empty}; {chooser} moves {replacement}, removed from the "
                                    f"game, into {target}'s discard pile instead")]


def shadow_hacker(state: GameState, player: str, target: str,
                  replacement: str | None = None) -> Outcome:
    """The Shadow Hacker Hunt card: a System Fault card from the supply into any player's
    discard pile (SB-SHADOW-HACKER; any player, the user included, TOR-17)."""
    after, steps = give_fault(state, target, chooser=player, replacement=replacement,
                              rule=R.SHADOW_HACKER, empty_rule=R.FAULT_EMPTY, opponents_only=True)
    return Outcome("fault give", after, (Step(R.WRECK_TARGET, f"{player} plays Shadow Hacker "
                                                             f"on {target}"), *steps))


def return_fault(state: GameState, player: str, card: str | None = None) -> Outcome:
    """Spend two icons to put a System Fault card back into the common supply (SB-FAULT-CARD).
    ``card`` names which one; by default the first the player holds."""
    holder = state.player(player)
    held = holder.faults()
    if not held:
        raise IllegalAction(f"{player} holds no System Fault card", R.FAULT_CARD)
    if card is None:
        card = held[0]
    elif not is_fault(card):
        raise IllegalAction(f"{card!r} is not a System Fault card; only those return to the "
                            "supply", R.FAULT_CARD)
    elif card not in held:
        raise IllegalAction(f"{player} does not hold {card} (holds {', '.join(held)})",
                            R.FAULT_CARD)
    discard = list(holder.discard)
    discard.remove(card)
    after = replace(state, fault_supply=(*state.fault_supply, card)).with_player(
        replace(holder, discard=tuple(discard)))
    return Outcome("fault return", after, (Step(R.FAULT_CARD, f"{player} spends two icons: {card}"
                                                 " goes back to the common supply (bottom)"),))
