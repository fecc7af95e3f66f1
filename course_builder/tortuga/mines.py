"""Mine tokens: buying mine cards, laying mines, and ships running into them.

Expansion, "Mine Placement Rules": a mine card is bought in the Hub sector and puts two mine
tokens from the common supply into the buyer's cargo bay (SB-MINE-BUY); playing a mine card moves
one token from the cargo bay to the sector of the player's ship, with the player's marker on it
(SB-MINE-PLAY); a ship that moves into a sector holding a mine token without its colour's marker
removes one such token to the box and takes a System Fault card from the supply into its discard
pile (SB-MINE-ENTER), or with the supply empty the token's owner may move a card removed from the
game into "this player's" discard pile (SB-MINE-EMPTY; who that is: ruling TOR-07).
"""

from __future__ import annotations

from course_builder.core.values import replace
from course_builder.tortuga import rules as R
from course_builder.tortuga.faults import give_fault
from course_builder.tortuga.outcome import IllegalAction, Outcome, Step
from course_builder.tortuga.rules import DEFAULT_RULINGS, Rulings, ThisPlayer
from course_builder.tortuga.sectors import Special
from course_builder.tortuga.state import GameState, MineToken

MINES_PER_CARD = 2


def buy_mine_card(state: GameState, player: str) -> Outcome:
    """A mine card bought in the Hub: up to two tokens from the supply into the cargo bay
    (SB-MINE-BUY; a short supply gives what it has, TOR-09)."""
    buyer = state.player(player)
    if not state.map.has(Special.HUB):
        raise IllegalAction("the Hub is not in play, so no mine card can be bought", R.HUB)
    if buyer.ship != Special.HUB:
        raise IllegalAction(f"{player}'s ship is in {buyer.ship}, not in the Hub, where mine "
                            "cards are bought", R.HUB)
    taken = min(MINES_PER_CARD, state.mine_supply)
    after = replace(state, mine_supply=state.mine_supply - taken).with_player(
        replace(buyer, cargo_mines=buyer.cargo_mines + taken))
    steps = [Step(R.HUB, f"{player}'s ship is in the Hub, where mine cards are sold")]
    if taken == MINES_PER_CARD:
        steps.append(Step(R.MINE_BUY, f"two mine tokens go from the supply into {player}'s cargo "
                                      f"bay ({after.mine_supply} left in the supply)"))
    else:
        steps.append(Step(R.SHORT_SUPPLY, f"the supply holds {state.mine_supply} mine token(s): "
                                          f"{player} takes {taken}, the card is still bought"))
    return Outcome("mine buy", after, tuple(steps))


def play_mine_card(state: GameState, player: str) -> Outcome:
    """A mine card played: one token from the cargo bay onto the ship's sector with the player's
    marker (SB-MINE-PLAY; any sector, Tortuga included, TOR-20)."""
    layer = state.player(player)
    if layer.cargo_mines < 1:
        raise IllegalAction(f"{player} has no mine token in the cargo bay", R.MINE_PLAY)
    after = replace(state, mines=(*state.mines, MineToken(layer.ship, player))).with_player(
        replace(layer, cargo_mines=layer.cargo_mines - 1))
    return Outcome("mine play", after, (
        Step(R.MINE_PLAY, f"{player} lays a mine token with a {player} marker in {layer.ship} "
                          f"({layer.cargo_mines - 1} left in the cargo bay)"),
        Step(R.MINE_WHERE, "a mine may be laid in any sector, Tortuga included"),
    ))


def enter_sector(state: GameState, player: str, *, mine_owner: str | None = None,
                 replacement: str | None = None, rulings: Rulings = DEFAULT_RULINGS
                 ) -> tuple[GameState, list[Step]]:
    """What the mines do to ``player``'s ship having just moved into its current sector
    (SB-MINE-ENTER). ``mine_owner`` picks whose token is removed when several colours lie there
    (TOR-08; default: the earliest laid); ``replacement`` is the owner's choice of a removed card
    when the System Fault supply is empty (SB-MINE-EMPTY)."""
    sector = state.player(player).ship
    here = [m for m in state.mines if m.sector == sector]
    hostile = [m for m in here if m.owner != player]
    if not hostile:
        if mine_owner is not None:
            raise IllegalAction(f"no mine of {mine_owner}'s lies in {sector} to remove",
                                R.WHICH_MINE)
        if replacement is not None:
            raise IllegalAction(f"no mine goes off in {sector}, so no card is owed", R.MINE_EMPTY)
        if here:
            return state, [Step(R.MINE_ENTER, f"the mines in {sector} carry {player}'s own "
                                              "marker and stay")]
        return state, []
    token = _chosen_mine(hostile, sector, mine_owner)
    mines = list(state.mines)
    mines.remove(token)
    after = replace(state, mines=tuple(mines), mines_boxed=state.mines_boxed + 1)
    steps = [Step(R.MINE_ENTER, f"{player} enters {sector}, mined by {token.owner}: one "
                                f"{token.owner} mine token goes to the box")]
    if len({m.owner for m in hostile}) > 1:
        how = "as chosen" if mine_owner else "the earliest laid, as no owner was named"
        steps.insert(0, Step(R.WHICH_MINE, f"mines of {', '.join(sorted({m.owner for m in hostile}))}"
                                           f" lie there; {token.owner}'s is removed ({how})"))
    target = player
    if not after.fault_supply and rulings.this_player is ThisPlayer.OWNER:
        target = token.owner
    if not after.fault_supply:
        steps.append(Step(R.THIS_PLAYER, f"'this player' read as the {rulings.this_player.value}"
                                         f" ({target})"))
    after, fault_steps = give_fault(after, target, chooser=token.owner, replacement=replacement,
                                    rule=R.MINE_ENTER, empty_rule=R.MINE_EMPTY)
    return after, steps + fault_steps


def _chosen_mine(hostile: list[MineToken], sector: str, owner: str | None) -> MineToken:
    if owner is None:
        return hostile[0]
    for m in hostile:
        if m.owner == owner:
            return m
    raise IllegalAction(f"no mine of {owner!r} lies in {sector} (mines there: "
                        f"{', '.join(sorted({m.owner for m in hostile}))})", R.WHICH_MINE)
