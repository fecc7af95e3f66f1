"""A seeded setup: where the start tiles go, the order the lettered tiles come in, optional dice.

other-games-research.md 2.1, "Setup" and "Tile stacks", and 2.5 (SETUP): Efate lies on its fixed
space; the three start ocean tiles are shuffled onto the three start spaces; all boats start on the
start tile with the boat. For each letter A-F one of its two tiles goes into stack 1 and the other
into stack 2; rounds 2, 3, 4 reveal A+B, C+D, E+F from stack 1 and rounds 5, 6, 7 the same letters
from stack 2 (PLACE-ORDER). *Where* the revealed tiles go is the first player's choice in play, so
it is not drawn here. The Rising Waters die may be pre-rolled for rounds 2, 4, 6, 8 (research 2.5:
an opt-in; the rules have the first player roll at the start of the round, RW-ROUNDS).

Randomness comes only from the ``random.Random`` given (or one seeded with the integer given), in a
fixed order: start tiles, stacks, first player, dice. The same seed gives the same setup anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from course_builder.core.values import Frozen
from course_builder.vanuatu.archipelago import archipelago
from course_builder.vanuatu.errors import VanuatuError
from course_builder.vanuatu.options import Rules
from course_builder.vanuatu.state import RISING_ROUNDS, Placed, Player, State
from course_builder.vanuatu.statejson import PLAYER_NAME
from course_builder.vanuatu.tiles import LETTERS, catalogue

MIN_PLAYERS = 2
MAX_PLAYERS = 5
DEFAULT_PLAYERS = ("red", "blue", "green", "yellow", "purple")
"""The colours of the players when only their number is given (``--players 3``): not from the
sources, which do not name the colours (ruling VAN-12)."""
STACK_ROUNDS = ((2, 3, 4), (5, 6, 7))  # the rounds each stack's tiles are revealed in
PAIRS = ("AB", "CD", "EF")  # the letters revealed together, one pair per round of a stack


class Setup(Frozen):
    """A drawn setup and the board state it starts from."""

    seed: int | None
    start: tuple[tuple[int, str], ...]
    stacks: tuple[tuple[str, ...], tuple[str, ...]]
    dice: tuple[tuple[int, int], ...]
    first_player: str | None
    state: State

    @property
    def reveal(self) -> tuple[str, ...]:
        """The twelve lettered tiles in the order they are revealed, two per round."""
        return self.state.reveal

    def reveals(self) -> tuple[tuple[int, tuple[str, str]], ...]:
        """``(round, (tile, tile))`` for rounds 2-7."""
        reveal = self.reveal
        return tuple((2 + i, (reveal[2 * i], reveal[2 * i + 1])) for i in range(6))


def make_setup(rng: random.Random | int, *, players: Sequence[str] = (), vatus: int = 0,
               pre_roll: bool = False, rules: Rules | None = None) -> Setup:
    """Draw a setup. ``players`` are colour names in seating order (2-5, or none to leave the
    players out); the state lists them in turn order from the drawn first player. Each starts
    with ``vatus`` vatus: the base game's amount is not in our sources (ruling VAN-12)."""
    seed = rng if isinstance(rng, int) else None
    draw = random.Random(rng) if isinstance(rng, int) else rng
    names = player_names(players)
    cat = catalogue()
    board = archipelago()
    start_tiles = [t.id for t in cat.start_tiles]
    draw.shuffle(start_tiles)
    start = tuple(zip(board.start_spaces, start_tiles, strict=True))
    stack1, stack2 = [], []
    for letter in LETTERS:
        one, two = cat.pair(letter)
        upper, lower = (one, two) if draw.random() < 0.5 else (two, one)
        stack1.append(upper.id)
        stack2.append(lower.id)
    reveal = tuple(stack1) + tuple(stack2)  # letters A-F in order: AB, CD, EF per stack
    first = draw.randrange(len(names)) if names else None
    dice = tuple((r, draw.randint(1, 6)) for r in RISING_ROUNDS) if pre_roll else ()
    placed = {board.efate_space: Placed(cat.efate.id)} | {s: Placed(t) for s, t in start}
    boat_space = next(s for s, t in start if t == cat.boats_tile.id)
    order = names[first:] + names[:first] if first is not None else names
    state = State(placed, tuple(Player(n, boat_space, vatus) for n in order), 1, (),
                  reveal=reveal, rules=rules or Rules(), seed=seed)
    return Setup(seed, start, (tuple(stack1), tuple(stack2)), dice,
                 order[0] if order else None, state)


def player_names(players: Sequence[str]) -> list[str]:
    """Colour names as given, checked: 2-5 distinct names (ruling VAN-12), or none."""
    names = [p.strip().lower() for p in players]
    if names and not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise VanuatuError(f"players: {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}")
    for name in names:
        if not PLAYER_NAME.fullmatch(name):
            raise VanuatuError(f"players: {name[:20]!r} is not a colour name (a-z, 0-9, _ or -, "
                               "up to 16 characters)")
    if len(set(names)) != len(names):
        raise VanuatuError("players: a name is given twice")
    return names
