"""The rules the Tortuga 2199 referee applies, each with where it comes from, and the rulings.

Every decision of the referee names one of these rules (:class:`~course_builder.core.rulebook.RuleRef`, the
one kind of rule reference of every game), so an answer can say
*why*: the rule's id, the source file and section, and a one-line paraphrase. Rules with an id
starting ``SB-`` come from the expansion rulebook (``tortuga2199-shipwreck-bay.txt`` in the
project's shared rule texts); ``BASE-`` rules are what ``other-games-research.md`` section 3 reports
of the base game; ``TOR-nn`` are this project's rulings where the sources are silent or ambiguous,
written down in ``docs/rulings.md`` (section "Tortuga 2199").

:class:`Rulings` holds the rulings players could disagree about as named options, with defaults;
:data:`RULING_OPTIONS` is their table for the command line.
"""

from __future__ import annotations

from enum import StrEnum

from course_builder.core.rulebook import RULINGS_FILE, RuleRef, RulingOption
from course_builder.core.values import Frozen

EXPANSION = "tortuga2199-shipwreck-bay.txt"
RESEARCH = "other-games-research.md"
RULINGS = RULINGS_FILE


def _sb(id_: str, section: str, summary: str) -> RuleRef:
    return RuleRef(id_, EXPANSION, section, summary)


def _ruling(number: int, title: str) -> RuleRef:
    return RuleRef(f"TOR-{number:02d}", RULINGS, f"Tortuga 2199, TOR-{number:02d}", title)


# -- the expansion rulebook -------------------------------------------------------------------

SETUP_SWAP = _sb("SB-SETUP-SWAP", "Setup with the Expansion",
                 "with 2-4 players the new sectors may replace Vortex, Research Lab, Mines or "
                 "Fortress, chosen by the players or at random")
SETUP_FIVE = _sb("SB-SETUP-FIVE", "Setup with the Expansion",
                 "with 5 players all six special sectors go at random into the six marked "
                 "positions")
SETUP_TOKENS = _sb("SB-SETUP-TOKENS", "Setup with the Expansion",
                   "the expansion's sector control, hunt and mineral tokens join the base tokens; "
                   "with 5 players they go on the extra sectors by the base setup rules")
SETUP_DECKS = _sb("SB-SETUP-DECKS", "Setup with the Expansion",
                  "Hub and Shipwreck Bay decks are shuffled separately beside their sectors, two "
                  "cards of each face up")
SETUP_MINES = _sb("SB-SETUP-MINES", "Setup with the Expansion",
                  "with the Hub in play all mine tokens lie beside it as the common supply")
SETUP_FAULTS = _sb("SB-SETUP-FAULTS", "Setup with the Expansion",
                   "the System Fault deck lies beside the board as the common supply")
SETUP_CARDS = _sb("SB-SETUP-CARDS", "Setup with the Expansion",
                  "Shadow Hacker joins the Hunt deck, Blackbeard the T-sector deck")
SETUP_FIFTH = _sb("SB-SETUP-FIFTH", "Setup with the Expansion",
                  "the fifth player takes the expansion's starting components and draws five "
                  "cards")
HUB = _sb("SB-HUB", "New Sectors, Hub Sector",
          "mine and Psionic cards are bought with a ship in the Hub; its defence is at most 10")
HUB_CONTROL = _sb("SB-HUB-CONTROL", "New Sectors, Hub Sector",
                  "controlling the Hub with your ship in it, explore one hunt target anywhere on "
                  "your turn")
MINE_BUY = _sb("SB-MINE-BUY", "Mine Placement Rules",
               "buying a mine card puts two mine tokens from the supply into your cargo bay")
MINE_PLAY = _sb("SB-MINE-PLAY", "Mine Placement Rules",
                "playing a mine card moves one mine token from your cargo bay to your ship's "
                "sector, with your marker on it")
MINE_ENTER = _sb("SB-MINE-ENTER", "Mine Placement Rules",
                 "a ship entering a sector removes one mine token without its colour's marker to "
                 "the box and takes a System Fault card from the supply into its discard pile")
MINE_EMPTY = _sb("SB-MINE-EMPTY", "Mine Placement Rules",
                 "with the System Fault supply empty, the mine token's owner may instead move any "
                 "card removed from the game into this player's discard pile")
HUNT_MOVE = _sb("SB-HUNT-MOVE", "Moving and Attacking with Hunt Tokens",
                "a Psionic card moves one hunt token, explored or not, to an adjacent sector; any "
                "number may share a sector")
HUNT_ATTACK = _sb("SB-HUNT-ATTACK", "Moving and Attacking with Hunt Tokens",
                  "or it takes control of a hunt token on the board to attack an enemy ship in "
                  "the token's sector")
HUNT_COMBAT = _sb("SB-HUNT-COMBAT", "Moving and Attacking with Hunt Tokens",
                  "the attacker fights with the token's shield value only and no other "
                  "abilities; the defender fights by the standard rules")
HUNT_RESULT = _sb("SB-HUNT-RESULT", "Moving and Attacking with Hunt Tokens",
                  "attacker wins: the defender loses 1 influence and a random combat card, keeps "
                  "control; defender wins: it gains 1 influence; the token leaves the game")
HUNT_EMPTY = _sb("SB-HUNT-EMPTY", "Moving and Attacking with Hunt Tokens",
                 "with no hunt token on the board, a Psionic card returns a random removed token, "
                 "exclamation side up, to a sector furthest from the player's ship")
WRECK_CONTROL = _sb("SB-WRECK-CONTROL", "New Sectors, Shipwreck Bay Sector",
                    "controlling Shipwreck Bay with your ship in it, move a System Fault card "
                    "from the supply into any player's discard pile on your turn")
FAULT_EMPTY = _sb("SB-FAULT-EMPTY", "New Sectors, Shipwreck Bay Sector",
                  "with the System Fault deck exhausted, a card owed to an opponent may be "
                  "replaced by any card removed from the game")
FAULT_CARD = _sb("SB-FAULT-CARD", "Card and Component Notes, System Fault card",
                 "spend two icons to return a System Fault card to the supply; it cannot be "
                 "destroyed or reserved")
SHADOW_HACKER = _sb("SB-SHADOW-HACKER", "Card and Component Notes, Shadow Hacker",
                    "the Shadow Hacker Hunt card moves a System Fault card from the supply into "
                    "any player's discard pile")
ACCELERATOR = _sb("SB-ACCELERATOR", "Card and Component Notes, Accelerator",
                  "move your ship to a sector within three sectors of where it is")
MONSTER_CAPTURE = _sb("SB-MONSTER-CAPTURE", "New Scenario: Monster Hunters",
                      "capturing a hunt target gives the influence printed on its token")
MONSTER_REDEEM = _sb("SB-MONSTER-REDEEM", "New Scenario: Monster Hunters",
                     "redeeming a Hunt card from hand gives 1 influence")
CONQUER = _sb("SB-CONQUER", "Reference Sheet, Memo",
              "conquering a sector is an action of the base game; the referee records who "
              "controls it")
GAME_END = _sb("SB-GAME-END", "Reference Sheet, Memo",
               "the game ends at 15 influence or when Tortuga is conquered")

# -- the base game as reported by the research ------------------------------------------------

BASE_MOVE = RuleRef("BASE-MOVE", RESEARCH, "3.2 What is known about the board",
                 "one Manoeuvre moves a ship to an adjacent sector")
BASE_BOARD = RuleRef("BASE-BOARD", RESEARCH, "3.2 What is known about the board",
                  "Tortuga in the centre, a ring of alternating Turret and Trade Terminal "
                  "sectors, the special sectors at the ends, ships start on Tortuga")
BASE_HUNT = RuleRef("BASE-HUNT", RESEARCH, "3.4 Base-game setup placements",
                 "hunt tokens are shuffled and laid face down on the board; how many and on "
                 "which sectors the base setup decides")

# -- this project's rulings (docs/rulings.md, "Tortuga 2199") ----------------------------------

LAYOUT = _ruling(1, "the sector layouts are unverified candidates")
RING_SIZE = _ruling(2, "which player counts use four or six T-sectors")
SWAP = _ruling(3, "which sectors the new ones replace at 2-4 players")
ADJACENCY = _ruling(4, "adjacent means sharing a side; distance counts sector steps")
WITHIN = _ruling(5, "'within three sectors' means one to three steps away")
FURTHEST = _ruling(6, "the furthest sectors and their ties")
THIS_PLAYER = _ruling(7, "who 'this player' is in the mine rule")
WHICH_MINE = _ruling(8, "which mine token an entering ship removes")
SHORT_SUPPLY = _ruling(9, "buying a mine card with fewer than two tokens in the supply")
NO_REPLACEMENT = _ruling(10, "replacing a System Fault card is a choice, and may be impossible")
COMBAT_RESULT = _ruling(11, "the referee is told who won a hunt-token combat")
COMBAT_CARD = _ruling(12, "the random combat card destroyed")
INFLUENCE_FLOOR = _ruling(13, "the defender's lost influence token; never below zero")
RETURNABLE = _ruling(14, "which hunt tokens a Psionic card can return")
TOKEN_MOVE = _ruling(15, "a moved hunt token keeps its face; every sector may take tokens")
ONCE_PER_TURN = _ruling(16, "once-per-turn abilities are not tracked")
WRECK_TARGET = _ruling(17, "whom Shipwreck Bay and Shadow Hacker may target")
CAPTURE = _ruling(18, "capturing a hunt target")
TURN_ORDER = _ruling(19, "turn order is the order of the players in the state")
MINE_WHERE = _ruling(20, "where mines may be laid and when they go off")
ATTACK_WHERE = _ruling(21, "the hunt token attacks a ship in its own sector")
TOKEN_STRENGTH = _ruling(22, "the strength and value of a face-down hunt token")
EXPLORED_TWICE = _ruling(23, "exploring a token already explored")
TOKEN_RECORD = _ruling(24, "the referee records the hunt tokens the table lays at setup")
ONE_CARD = _ruling(25, "a card id names one card, removed from the game at most once")


class ThisPlayer(StrEnum):
    """TOR-07: whose discard pile takes the replacement card in the mine rule."""

    MOVER = "mover"
    OWNER = "owner"


class Rulings(Frozen):
    """The rulings players could disagree about, as options (docs/rulings.md)."""

    this_player: ThisPlayer = ThisPlayer.MOVER
    """TOR-07: with the System Fault supply empty, the replacement card goes into the discard
    pile of the player who entered the mined sector (``mover``, default) or of the mine's owner
    (``owner``)."""

    captured_returnable: bool = False
    """TOR-14: may a Psionic card on an empty board return a token a player captured, besides
    the tokens in the box? Default: no, only tokens removed from the game (in the box)."""


DEFAULT_RULINGS = Rulings()
"""Every ruling at its default."""


RULING_OPTIONS = (
    RulingOption("TOR-07", "this_player", "--this-player",
                 "Whose discard pile takes the replacement card when the System Fault supply is "
                 "empty", ("move",), choices=tuple(p.value for p in ThisPlayer),
                 default=ThisPlayer.MOVER.value),
    RulingOption("TOR-14", "captured_returnable", "--captured-returnable",
                 "Captured tokens may be returned too, not only those in the box",
                 ("hunt return",)),
)
"""The fields of :class:`Rulings` as command-line options, with the commands they change."""
