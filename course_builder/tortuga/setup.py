"""Seeded setup for 2 to 5 players: the sector layout, the special sectors, the checklist.

Expansion, "Setup with the Expansion": with 2-4 players the Hub and Shipwreck Bay may take the
place of any of Vortex, Research Lab, Mines or Fortress, by the players' choice or at random
(SB-SETUP-SWAP); with 5 players all six special sectors go at random into the six marked positions
(SB-SETUP-FIVE). The base game places its special sectors at random at the ends of the board
(``other-games-research.md`` 3.2, BASE-BOARD), so after the swaps every special sector in play is
dealt at random to the special positions (ruling TOR-03). The layout per player count comes from a
layout file (TOR-01, TOR-02).

Pure: the caller passes the seed and the layout file; the same seed gives the same setup.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from course_builder.core.errors import CourseBuilderError
from course_builder.core.values import Frozen
from course_builder.tortuga import rules as R
from course_builder.tortuga.checklist import checklist
from course_builder.tortuga.layouts import PLAYER_COUNTS, T_TILES, LayoutFile, Slot
from course_builder.tortuga.outcome import Step
from course_builder.tortuga.sectors import BASE_SPECIALS, NEW_SPECIALS, SectorMap, Special
from course_builder.tortuga.state import ID_RE, GameState, Scenario, initial_state


class SetupError(CourseBuilderError):
    """Setup options that do not make a legal setup."""


class Swap(Frozen):
    """A new sector coming in and the base special it replaces (``None``: drawn at random)."""

    new: Special
    old: Special | None = None


DEFAULT_SWAPS: tuple[Swap, ...] = (Swap(Special.HUB), Swap(Special.SHIPWRECK_BAY))
"""TOR-03: with 2-4 players both new sectors come in, each replacing a base special drawn at
random, unless the players say otherwise."""


def parse_swaps(text: str) -> tuple[Swap, ...]:
    """Swaps from text: ``none``, or a comma list of ``NEW`` or ``NEW=OLD`` such as
    ``hub=mines,shipwreck-bay`` (NEW: hub, shipwreck-bay; OLD: vortex, research-lab, mines,
    fortress)."""
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    if words == ["none"]:
        return ()
    if not words:
        raise SetupError("no swap given (write 'none' for none)")
    swaps = []
    for word in words:
        new_text, _, old_text = word.partition("=")
        new = _special(new_text.strip(), NEW_SPECIALS, "a new sector")
        old = _special(old_text.strip(), BASE_SPECIALS, "a base special") if old_text else None
        swaps.append(Swap(new, old))
    return tuple(swaps)


def _special(text: str, allowed: Sequence[Special], what: str) -> Special:
    for s in allowed:
        if text == s.value:
            return s
    raise SetupError(f"{text!r} is not {what} (expected {', '.join(s.value for s in allowed)})")


class Setup(Frozen):
    """A setup: the map with the special sectors placed, what the swaps did, the steps taken with
    their rules, the checklist for the table, and the game state at the start."""

    players: int
    seed: int
    layout: LayoutFile
    map: SectorMap
    swaps: tuple[tuple[Special, Special, bool], ...]
    set_aside: tuple[str, ...]
    steps: tuple[Step, ...]
    checklist: tuple[Step, ...]
    state: GameState

    @property
    def warning(self) -> str | None:
        return self.map.warning


def make_setup(layout: LayoutFile, players: int, seed: int, *,
               swaps: tuple[Swap, ...] | None = None, player_ids: Sequence[str] | None = None,
               scenario: Scenario = Scenario.STANDARD) -> Setup:
    """The setup for ``players`` players from ``seed``. ``swaps`` (2-4 players only) says which
    new sectors come in and what they replace; None is the default of TOR-03."""
    if players not in PLAYER_COUNTS:
        raise SetupError(f"Tortuga 2199 with Shipwreck Bay is for 2 to 5 players, not {players}")
    ids = _player_ids(players, player_ids)
    rng = random.Random(seed)
    in_play: list[Special]
    swap_info: tuple[tuple[Special, Special, bool], ...]
    steps: list[Step]
    if players == 5:
        if swaps:
            raise SetupError("with 5 players all six special sectors are in play; no swap applies")
        in_play, swap_info, steps = list(BASE_SPECIALS + NEW_SPECIALS), (), []
    else:
        in_play, swap_info, steps = _swap(rng, DEFAULT_SWAPS if swaps is None else swaps)
    plan = layout.plan(players)
    slots = [s.id for s in plan.special_slots()]
    rng.shuffle(in_play)
    placement = dict(zip(slots, in_play, strict=True))
    sector_map = layout.sector_map(players, placement)
    set_aside = _set_aside(plan.t_sectors(), in_play)
    steps = [_layout_step(layout, players, len(plan.t_sectors())), *steps,
             Step(R.SETUP_FIVE if players == 5 else R.SWAP,
                  "special sectors dealt at random: " + ", ".join(
                      f"{slot} {sp.label}" for slot, sp in placement.items()))]
    label = f"{players} players, {layout.name} layout, seed {seed}"
    state = initial_state(sector_map, ids, scenario=scenario, label=label)
    items = checklist(sector_map, ids, swap_info, scenario)
    return Setup(players, seed, layout, sector_map, swap_info, set_aside, tuple(steps), items,
                 state)


def _player_ids(players: int, given: Sequence[str] | None) -> tuple[str, ...]:
    if given is None:
        return tuple(f"p{i}" for i in range(1, players + 1))
    ids = tuple(given)
    if len(ids) != players:
        raise SetupError(f"{len(ids)} player names for {players} players")
    for pid in ids:
        if not ID_RE.match(pid):
            raise SetupError(f"player name {pid!r} is not an id (a letter or digit, then up to 39 "
                             "letters, digits, '_', '.' or '-')")
    if len(set(ids)) != len(ids):
        raise SetupError("two players have the same name")
    return ids


def _swap(rng: random.Random, swaps: tuple[Swap, ...]
          ) -> tuple[list[Special], tuple[tuple[Special, Special, bool], ...], list[Step]]:
    """The special sectors in play after the swaps, which replaced which, and the steps."""
    news = [s.new for s in swaps]
    if len(set(news)) != len(news):
        raise SetupError("each new sector comes in at most once")
    named = [s.old for s in swaps if s.old is not None]
    if len(set(named)) != len(named):
        raise SetupError("two new sectors cannot replace the same base sector")
    remaining = [b for b in BASE_SPECIALS if b not in named]
    done, steps = [], []
    for s in swaps:
        if s.old is None:
            old = rng.choice(remaining)
            remaining.remove(old)
            done.append((s.new, old, True))
        else:
            done.append((s.new, s.old, False))
    for new, old, drawn in done:
        how = "drawn at random" if drawn else "chosen by the players"
        steps.append(Step(R.SETUP_SWAP, f"{new.label} replaces {old.label} ({how})"))
    replaced = {old for _, old, _ in done}
    in_play = [b for b in BASE_SPECIALS if b not in replaced] + news
    return in_play, tuple(done), steps


def _layout_step(layout: LayoutFile, players: int, ring: int) -> Step:
    status = "verified" if layout.verified else "UNVERIFIED"
    return Step(R.RING_SIZE, f"{players} players: {layout.title} ({layout.name}, {status}), "
                             f"Tortuga with a ring of {ring} T-sectors")


def _set_aside(t_sectors: Sequence[Slot], in_play: Sequence[Special]) -> tuple[str, ...]:
    aside = []
    unused_t = T_TILES - len(t_sectors) // 2
    if unused_t:
        aside.append(f"{unused_t} Turret and {unused_t} Trade Terminal tile(s)")
    aside += [s.label for s in (*BASE_SPECIALS, *NEW_SPECIALS) if s not in in_play]
    return tuple(aside)
