"""Events in words: the trace of a move, one line per step, each citing the rule it applies.

:func:`explain` turns the kernel's events (:mod:`.events`) into the sentences the ``adjudicate``
command prints and the web page shows. Nothing here decides anything: every fact comes from an
event, so the trace can never disagree with the outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from course_builder.core.hexgrid import Hex
from course_builder.powerboats.play import events as ev


def rc(h: Hex | None) -> str:
    """A hex as players read it off the board's edge labels: ``(row, col)``."""
    if h is None:
        return "(off the lake)"
    r, c = h.offset
    return f"({r}, {c})"


def dice_text(dice: Iterable[int]) -> str:
    dice = tuple(dice)
    return "-".join(str(v) for v in dice) if dice else "none"


def word_list(words: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def explain(events: Iterable[ev.Event]) -> tuple[str, ...]:
    """One line of text per event that players read (every event of a move has one)."""
    return tuple(_SAY[type(e)](e) for e in events)


# -- one sentence per kind of event --------------------------------------------------------------


def _dice(e: ev.DiceRolled) -> str:
    change = {"+": "adds a die", "-": f"removes a {e.removed}", "=": "keeps its dice"}[e.change]
    rerolled = f", re-rolls {dice_text(e.reroll)}" if e.reroll else ""
    rolled = f", rolls {dice_text(e.rolled)}" if e.rolled else ""
    return (f"dice: {e.boat} holds {dice_text(e.held)}, {change}{rerolled}{rolled} -> "
            f"{dice_text(e.dice)} = {e.total} ({e.rule})")


def _doubled(e: ev.RedoubtDoubled) -> str:
    return (f"on a Redoubt since last turn: the dice count double, {e.total}, and it may not "
            f"turn ({e.rule})")


def _headings(e: ev.HeadingsJudged) -> str:
    parts = []
    for h in e.headings:
        ahead = "free" if h.reach >= e.total else "then a crash"
        parts.append(f"{h.turn.word} {h.heading.name}: {h.reach} water, {ahead}")
    with_tiles = ", expansion tiles played out (EXP-11)" if e.tiles_played else ""
    return "headings: " + "; ".join(parts) + f" (other boats do not count, PB-10{with_tiles})"


def _chosen(e: ev.HeadingChosen) -> str:
    legal = word_list(t.word for t in e.legal)
    if e.basis == "no-dice":
        return f"no dice: the boat does not move; it turns {e.turn.word} (PB-05, MOVE-02)"
    if e.basis == "full":
        return (f"a heading that allows the full {e.total} is required: {legal} legal; "
                f"{e.turn.word} chosen ({e.rule})")
    return (f"every heading crashes: the longest straight path ({e.reach}) is required: {legal} "
            f"legal; {e.turn.word} chosen ({e.rule})")


def _sailed(e: ev.Sailed) -> str:
    path = " ".join(rc(h) for h in e.hexes)
    return f"{'flies' if e.flying else 'moves'} {e.heading.words}: {path} ({e.rule})"


def _held_back(e: ev.HeldBack) -> str:
    owners = ", ".join(f"{rc(h)} by {colour}" for h, colour in e.taken)
    return f"taken: {owners}: it stays on the last free hex it passed, {rc(e.stop)} ({e.rule})"


def _rounded(e: ev.BuoyRounded) -> str:
    return (f"rounds buoy {e.buoy}: crosses its rounding line {e.sense.words} between {rc(e.a)} "
            f"and {rc(e.b)} (COURSE-04)")


def _undone(e: ev.RoundingUndone) -> str:
    return (f"crosses buoy {e.buoy}'s rounding line back: buoy {e.buoy} is no longer rounded "
            "(COURSE-04)")


def _finished(e: ev.Finished) -> str:
    return (f"enters the start/finish tile at {rc(e.hex)} from the finish side: finishes in "
            f"place {e.place} ({e.rule})")


def _crashed(e: ev.Crashed) -> str:
    return (f"crash after {e.used} of {e.total}: {e.damage} damage (total {e.total_damage}) and "
            f"all dice lost; it stops at {rc(e.stop)} ({e.rule})")


def _sank(e: ev.Sank) -> str:
    scored = (" - it finished first, so it keeps its place (reference, \"Completing a "
              "Course\")") if e.finished else ""
    return f"{e.damage} damage: the boat sinks and is out of this race ({e.rule}){scored}"


def _wait(e: ev.RedoubtWait) -> str:
    return (f"ends on a Redoubt at {rc(e.hex)}: next turn its dice count double and it may not "
            f"turn ({e.rule})")


def _flight(e: ev.RedoubtFlight) -> str:
    return (f"enters a Redoubt at {rc(e.hex)} with {e.remaining} steps left: flies {e.distance} "
            f"hexes on ({e.rule})")


def _step_back(e: ev.LandingStepBack) -> str:
    return (f"the landing hex {rc(e.hex)} holds a boat: one hex back along the flight "
            f"({e.rule}; designer, EX-08)")


def _landed(e: ev.Landed) -> str:
    return f"lands on water at {rc(e.hex)} ({e.rule})"


def _bad_landing(e: ev.BadLanding) -> str:
    where = {"off the lake": "off the lake", "land": f"on land at {rc(e.hex)}",
             "buoy": f"on a buoy at {rc(e.hex)}", "redoubt": f"on a Redoubt at {rc(e.hex)}"}
    return f"lands {where[e.where]}: 4 damage and its race ends ({e.rule}; designer, EX-06)"


def _push(e: ev.CurrentPush) -> str:
    return (f"a Current at {rc(e.hex)} pushes it one hex {e.flow.name} to {rc(e.to)} without "
            f"turning ({e.rule})")


def _into_land(e: ev.CurrentIntoLand) -> str:
    return (f"a Current at {rc(e.hex)} pushes it {e.flow.name} into land, a buoy or the edge: a "
            f"crash ({e.rule}; EXP-05)")


def _onto_boat(e: ev.CurrentOntoBoat) -> str:
    return (f"a Current at {rc(e.hex)} would push it onto a boat at {rc(e.to)}: it stays "
            f"({e.rule}; EXP-06)")


def _maelstrom(e: ev.MaelstromTurn) -> str:
    return f"a Maelstrom at {rc(e.hex)} turns it {e.sense.words} to {e.heading.name} ({e.rule})"


def _low_water(e: ev.LowWater) -> str:
    return (f"low water at {rc(e.hex)}: {e.rocks} rock(s), {e.rocks} damage, {e.lost} step(s) "
            f"lost, dice removed: {dice_text(e.removed) if e.removed else 'none'} ({e.rule})")


def _rocks_sink(e: ev.RocksSink) -> str:
    return f"the rocks bring it to {e.damage} damage: it sinks there (EXP-09)"


_SAY: dict[type, Callable[[Any], str]] = {
    ev.DiceRolled: _dice, ev.RedoubtDoubled: _doubled, ev.HeadingsJudged: _headings,
    ev.HeadingChosen: _chosen, ev.Sailed: _sailed, ev.HeldBack: _held_back,
    ev.BuoyRounded: _rounded, ev.RoundingUndone: _undone, ev.Finished: _finished,
    ev.Crashed: _crashed, ev.Sank: _sank, ev.RedoubtWait: _wait, ev.RedoubtFlight: _flight,
    ev.LandingStepBack: _step_back, ev.Landed: _landed, ev.BadLanding: _bad_landing,
    ev.CurrentPush: _push, ev.CurrentIntoLand: _into_land, ev.CurrentOntoBoat: _onto_boat,
    ev.MaelstromTurn: _maelstrom, ev.LowWater: _low_water, ev.RocksSink: _rocks_sink,
}
