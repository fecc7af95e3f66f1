"""Hunt tokens and the Psionic card: moving a token, attacking with it, returning one.

Expansion, "Moving and Attacking with Hunt Tokens":

* a Psionic card moves one hunt token, explored or not, to an adjacent sector, and any number of
  tokens may share a sector (SB-HUNT-MOVE; the token keeps its face, TOR-15);
* or it takes control of a hunt token on the board to attack an enemy ship in the token's sector
  (SB-HUNT-ATTACK, TOR-21); the attacker fights with the token's shield value only, the defender by
  the standard rules (SB-HUNT-COMBAT), which are the base game's: the referee is told who won
  (TOR-11); the winner's reward and the loser's loss follow (SB-HUNT-RESULT, TOR-12, TOR-13) and
  the token leaves the game;
* with no hunt token on the board the card instead returns a random removed token, exclamation
  side up, to one of the sectors furthest from the player's ship (SB-HUNT-EMPTY, TOR-06, TOR-14).

The hunt tokens themselves are laid by the base game's setup, shuffled and face down (research
3.4; expansion, "Setup with the Expansion"), on sectors our sources do not name: the table lays
them and :func:`place_token` records each one (TOR-24).

Randomness (the card destroyed, the token returned, the sector among tied ones when the player
does not choose) comes only from the ``random.Random`` the caller passes in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import StrEnum

from course_builder.core.rulebook import RuleRef
from course_builder.core.values import replace
from course_builder.tortuga import rules as R
from course_builder.tortuga.outcome import IllegalAction, Outcome, Step
from course_builder.tortuga.rules import DEFAULT_RULINGS, Rulings
from course_builder.tortuga.scoring import end_steps
from course_builder.tortuga.state import (
    BOX,
    CAPTURED,
    ID_RE,
    MAX_TOKENS,
    GameState,
    HuntToken,
    StateError,
    check_card_id,
    is_fault,
)


class Winner(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"


def _on_board(state: GameState, token_id: str, rule: RuleRef) -> HuntToken:
    token = state.token(token_id)
    if not state.map.has(token.where):
        if not state.tokens_on_board():
            raise IllegalAction("no hunt token is on the board: a Psionic card returns a removed "
                                "token instead (hunt return)", R.HUNT_EMPTY)
        raise IllegalAction(f"hunt token {token_id} is not on the board ({token.where})", rule)
    return token


def place_token(state: GameState, token_id: str, sector: str, *, shield: int | None = None,
                value: int | None = None, name: str | None = None) -> Outcome:
    """Record a hunt token the table laid face down on ``sector`` at setup (TOR-24).

    The base setup decides how many tokens go where (research 3.4; the expansion adds its own
    tokens to them, "Setup with the Expansion"); the referee only writes the table's placement
    down. ``token_id`` must be new; ``shield``, ``value`` and ``name`` are the referee's private
    record of the face (TOR-22), never shown in a text answer."""
    if not ID_RE.fullmatch(token_id):
        raise StateError(f"hunt token id {token_id!r}: a letter or digit, then up to 39 "
                         "letters, digits, '_', '.' or '-'")
    if any(t.id == token_id for t in state.hunt_tokens):
        raise IllegalAction(f"hunt token {token_id} is already recorded "
                            f"({state.token(token_id).where})", R.TOKEN_RECORD)
    if len(state.hunt_tokens) >= MAX_TOKENS:
        raise IllegalAction(f"the state already records {MAX_TOKENS} hunt tokens, the most it "
                            "holds", R.TOKEN_RECORD)
    state.map.sector(sector)
    token = HuntToken(token_id, sector, shield=shield, value=value, name=name)
    after = replace(state, hunt_tokens=(*state.hunt_tokens, token)).check()
    others = len([t for t in state.tokens_on_board() if t.where == sector])
    steps = (Step(R.BASE_HUNT, f"hunt token {token_id} lies face down (exclamation side up) on "
                               f"{sector}, as the table laid it"
                               + (f", with {others} other(s)" if others else "")),
             Step(R.SETUP_TOKENS, "the expansion's hunt tokens are mixed with the base game's"),
             Step(R.TOKEN_RECORD, f"the referee records it ({len(after.tokens_on_board())} on "
                                  "the board); its face is not shown"))
    return Outcome("hunt place", after, steps)


def psionic_move(state: GameState, player: str, token_id: str, to: str) -> Outcome:
    """Move a hunt token on the board to a sector adjacent to its own (SB-HUNT-MOVE)."""
    state.player(player)
    token = _on_board(state, token_id, R.HUNT_MOVE)
    state.map.sector(to)
    if not state.map.is_adjacent(token.where, to):
        raise IllegalAction(f"{to} is not adjacent to {token.where}, where hunt token {token_id} "
                            f"lies (adjacent: {', '.join(state.map.adjacent(token.where))})",
                            R.HUNT_MOVE)
    others = len([t for t in state.tokens_on_board() if t.where == to])
    face = "explored" if token.explored else "face down"
    after = state.with_token(replace(token, where=to))
    steps = (Step(R.HUNT_MOVE, f"{player} plays a Psionic card: hunt token {token_id} moves from "
                               f"{token.where} to the adjacent {to}"
                               + (f", joining {others} other(s)" if others else "")),
             Step(R.TOKEN_MOVE, f"the token stays {face}"),
             Step(R.ADJACENCY, "adjacent sectors share a side"))
    return Outcome("hunt move", after, steps, uses_map=True)


def psionic_attack(state: GameState, player: str, token_id: str, defender: str, winner: Winner,
                   rng: random.Random, *, shield: int | None = None,
                   defender_cards: Sequence[str] = ()) -> Outcome:
    """Attack ``defender``'s ship with a hunt token in its sector; ``winner`` is the result the
    table reached (TOR-11); ``defender_cards`` are the cards the defender played in the combat,
    one of which is destroyed at random if the attacker wins (TOR-12)."""
    state.player(player)
    target = state.player(defender)
    token = _on_board(state, token_id, R.HUNT_ATTACK)
    if defender == player:
        raise IllegalAction("a hunt token attacks an enemy ship, not the player's own",
                            R.HUNT_ATTACK)
    if target.ship != token.where:
        raise IllegalAction(f"{defender}'s ship is in {target.ship}, not in {token.where} with "
                            f"hunt token {token_id}", R.ATTACK_WHERE)
    for card in defender_cards:
        if check_card_id(card) in state.removed_cards:
            raise IllegalAction(f"{card} is removed from the game and cannot take part in a "
                                "combat", R.ONE_CARD)
    if shield is not None and token.shield is not None and shield != token.shield:
        raise IllegalAction(f"hunt token {token_id} shows shield {token.shield}, not {shield}",
                            R.TOKEN_STRENGTH)
    strength = token.shield if token.shield is not None else shield
    shown = f"{strength}" if strength is not None else "its shield value (not recorded)"
    steps = [Step(R.HUNT_ATTACK, f"{player} plays a Psionic card and takes control of hunt "
                                 f"token {token_id} to attack {defender} in {token.where}"),
             Step(R.HUNT_COMBAT, f"the attacker fights with strength {shown} and nothing else; "
                                 f"{defender} fights by the standard rules"),
             Step(R.COMBAT_RESULT, f"the table reports: the {winner.value} wins")]
    if winner is Winner.ATTACKER:
        after, more = _attacker_wins(state, defender, token.where, defender_cards, rng)
    else:
        p = state.player(defender)
        after = state.with_player(replace(p, influence=p.influence + 1))
        more = [Step(R.HUNT_RESULT, f"{defender} wins and gains 1 influence from the common "
                                    f"supply ({p.influence} -> {p.influence + 1})")]
    after = after.with_token(replace(token, where=BOX, shield=strength))
    more.append(Step(R.HUNT_RESULT, f"hunt token {token_id} is removed from the game (to the "
                                    "box)"))
    return Outcome("hunt attack", after, (*steps, *more, *end_steps(after)))


def _attacker_wins(state: GameState, defender: str, sector: str, cards: Sequence[str],
                   rng: random.Random) -> tuple[GameState, list[Step]]:
    p = state.player(defender)
    if p.influence > 0:
        after = state.with_player(replace(p, influence=p.influence - 1))
        steps = [Step(R.HUNT_RESULT, f"{defender} loses 1 influence ({p.influence} -> "
                                     f"{p.influence - 1}); the token goes to the common supply")]
    else:
        after = state
        steps = [Step(R.INFLUENCE_FLOOR, f"{defender} has no influence to lose")]
    destroyable = [c for c in cards if not is_fault(c)]
    if destroyable:
        card = rng.choice(destroyable)
        after = replace(after, removed_cards=(*after.removed_cards, card))
        steps.append(Step(R.HUNT_RESULT, f"{card} is destroyed, drawn at random from "
                                         f"{defender}'s {len(destroyable)} combat card(s)"))
        steps.append(Step(R.COMBAT_CARD, "a destroyed card is removed from the game"))
    else:
        why = ("System Fault cards cannot be destroyed" if cards
               else "no combat card of the defender was named")
        steps.append(Step(R.COMBAT_CARD, f"no card is destroyed: {why}"))
    if state.controller(sector) == defender:
        steps.append(Step(R.HUNT_RESULT, f"{defender} keeps control of {sector}"))
    return after, steps


def psionic_return(state: GameState, player: str, rng: random.Random, *, to: str | None = None,
                   rulings: Rulings = DEFAULT_RULINGS) -> Outcome:
    """With no hunt token on the board, a played Psionic card returns a random removed token,
    exclamation side up, to a sector furthest from ``player``'s ship (SB-HUNT-EMPTY). ``to``
    chooses among the tied furthest sectors; without it the choice is drawn (TOR-06)."""
    ship = state.player(player).ship
    if state.tokens_on_board():
        raise IllegalAction(f"{len(state.tokens_on_board())} hunt token(s) are on the board: a "
                            "Psionic card moves one or attacks with one", R.HUNT_EMPTY)
    places = (BOX, CAPTURED) if rulings.captured_returnable else (BOX,)
    pool = [t for t in state.hunt_tokens if t.where in places]
    distance, furthest = state.map.furthest_from(ship)
    steps = [Step(R.HUNT_EMPTY, f"no hunt token is on the board: {player}'s Psionic card returns a "
                                "removed token instead of its ability")]
    if not pool:
        steps.append(Step(R.RETURNABLE, "no hunt token has been removed from the game: the card "
                                        "has no effect"))
        return Outcome("hunt return", state, tuple(steps), uses_map=True)
    if to is not None and to not in furthest:
        state.map.sector(to)
        raise IllegalAction(f"{to} is not among the sectors furthest from {ship} "
                            f"({distance} steps: {', '.join(furthest)})", R.FURTHEST)
    token = rng.choice(pool)
    chosen = "chosen by the player" if to is not None else (
        "drawn at random" if len(furthest) > 1 else "the only one")
    where = to if to is not None else rng.choice(furthest)
    after = state.with_token(replace(token, where=where, explored=False, captured_by=None))
    steps += [
        Step(R.RETURNABLE, f"a token is drawn at random from the {len(pool)} removed "
                           f"({token.id} in the referee's record; its face is not looked at)"),
        Step(R.FURTHEST, f"sectors furthest from {ship} ({distance} steps): "
                         f"{', '.join(furthest)}; {where} {chosen}"),
        Step(R.HUNT_EMPTY, f"the token goes to {where} exclamation side up"),
    ]
    return Outcome("hunt return", after, tuple(steps), uses_map=True)
