"""Events in words: the trace of a move, one line per step, each citing the rule it applies.

:func:`explain` turns the kernel's events (:mod:`.events`) into the sentences the ``adjudicate``
command prints and the web page shows. Nothing here decides anything: every fact comes from an
event, so the trace can never disagree with the outcome. Citations are the rule texts' sections
(``reference, "Moving"``) and the project's rulings in docs/rulings.md (``MOVE-05``), which
players can look up.
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


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 rock``, ``2 rocks``: a number with its noun."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


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
            f"turn ({e.rule}; EXP-07)")


def _headings(e: ev.HeadingsJudged) -> str:
    parts = [f"{h.turn.word} {h.heading.name}: {_heading_words(h, e.total)}" for h in e.headings]
    with_tiles = ", expansion tiles played out, EXP-11" if e.tiles_played else ""
    return "headings: " + "; ".join(parts) + f" (other boats do not count, MOVE-01{with_tiles})"


def _heading_words(h: ev.HeadingReach, total: int) -> str:
    """What one heading does: its open water, or with tiles on the way what they do to it."""
    if not h.tiles:
        return f"{counted(h.water, 'water', 'water')}, {'free' if h.full else 'then a crash'}"
    first = h.tiles[0][0]
    said = [f"{counted(first, 'hex', 'hexes')}, then " + "; ".join(
        _TILE_WORDS[type(e)](e) for _at, e in h.tiles)]
    ends_in_crash = isinstance(h.tiles[-1][1], ev.CurrentIntoLand | ev.BadLanding | ev.RocksSink)
    if h.full:
        said.append("free")
    elif not ends_in_crash:
        said.append(f"then a crash after {h.reach} of {total}")
    return ", ".join(said)


def _chosen(e: ev.HeadingChosen) -> str:
    legal = word_list(t.word for t in e.legal)
    if e.basis == "no-dice":
        return f"no dice: the boat does not move; it turns {e.turn.word} (MOVE-02)"
    if e.basis == "full":
        return (f"a heading that allows the full {e.total} is required: {legal} legal; "
                f"{e.turn.word} chosen ({e.rule})")
    return (f"every heading crashes: the longest straight path ({e.reach}) is required: {legal} "
            f"legal; {e.turn.word} chosen ({e.rule})")


def _sailed(e: ev.Sailed) -> str:
    path = " ".join(rc(h) for h in e.hexes)
    if e.flying:
        return f"flies {e.heading.words} over {path} (expansion, \"Redoubt\"; EXP-02)"
    return f"moves {e.heading.words}: {path} ({e.rule})"


def _held_back(e: ev.HeldBack) -> str:
    owners = ", ".join(f"{rc(h)} by {colour}" for h, colour in e.taken)
    return (f"taken: {owners}: it stays on the last free hex it passed, {rc(e.stop)} "
            f"({e.rule}; MOVE-05)")


def _rounded(e: ev.BuoyRounded) -> str:
    return (f"rounds buoy {e.buoy}: crosses its rounding line {e.sense.words} between {rc(e.a)} "
            f"and {rc(e.b)} (COURSE-04)")


def _undone(e: ev.RoundingUndone) -> str:
    return (f"crosses buoy {e.buoy}'s rounding line back: buoy {e.buoy} is no longer rounded "
            "(COURSE-04)")


def _against(e: ev.LineCrossedAgainst) -> str:
    return (f"crosses buoy {e.buoy}'s rounding line the wrong way ({e.sense.flipped().words}) "
            f"between {rc(e.a)} and {rc(e.b)}: no rounding, and that crossing must be made good "
            f"before buoy {e.buoy} counts (COURSE-04)")


def _tile_without_finish(e: ev.TileWithoutFinish) -> str:
    why = ("buoy 3 is not rounded yet" if e.early
           else "it does not cross it towards the finish side")
    return f"enters the start/finish tile at {rc(e.hex)}: no finish, {why} ({e.rule})"


def _held_off(e: ev.FinishHeldOff) -> str:
    return (f"held off the start/finish tile at {rc(e.hex)} by the boats there: no finish "
            f"({e.rule})")


def _finished(e: ev.Finished) -> str:
    return (f"enters the start/finish tile at {rc(e.hex)} from the finish side: finishes "
            f"{ordinal(e.place)} ({e.rule}; MOVE-06)")


def _crashed(e: ev.Crashed) -> str:
    return (f"crash after {e.used} of {e.total}: {e.damage} damage (total {e.total_damage}) and "
            f"all dice lost; it stops at {rc(e.stop)} ({e.rule})")


def _sank(e: ev.Sank) -> str:
    scored = (f" - it finished {ordinal(e.place)} in this move, so it keeps its place (reference, "
              "\"Completing a Course\")") if e.place else ""
    return f"{e.damage} damage: the boat sinks and is out of this race ({e.rule}){scored}"


def _wait(e: ev.RedoubtWait) -> str:
    return (f"ends on a Redoubt at {rc(e.hex)}: next turn its dice count double and it may not "
            f"turn ({e.rule}; EXP-07)")


def _flight(e: ev.RedoubtFlight) -> str:
    return (f"enters a Redoubt at {rc(e.hex)} with {counted(e.remaining, 'step')} left: flies "
            f"{e.distance} hexes on ({e.rule}; EXP-02)")


def _step_back(e: ev.LandingStepBack) -> str:
    return (f"the landing hex {rc(e.hex)} holds a boat: one hex back along the flight "
            f"({e.rule}; EXP-04)")


def _landed(e: ev.Landed) -> str:
    return f"lands on water at {rc(e.hex)} ({e.rule})"


def _bad_landing(e: ev.BadLanding) -> str:
    where = {"off the lake": "off the lake", "land": f"on land at {rc(e.hex)}",
             "buoy": f"on a buoy at {rc(e.hex)}", "redoubt": f"on a Redoubt at {rc(e.hex)}"}
    return (f"lands {where[e.where]}: 4 damage, and its race is over: it leaves the lake "
            f"({e.rule}; EXP-04)")


def _push(e: ev.CurrentPush) -> str:
    return (f"a Current at {rc(e.hex)} pushes it one hex {e.flow.name} to {rc(e.to)} without "
            f"turning ({e.rule}; EXP-05)")


def _into_land(e: ev.CurrentIntoLand) -> str:
    return (f"a Current at {rc(e.hex)} pushes it {e.flow.name} into land, a buoy or the edge: a "
            f"crash with {e.damage} damage for the steps it had left ({e.rule}; EXP-05)")


def _onto_boat(e: ev.CurrentOntoBoat) -> str:
    return (f"a Current at {rc(e.hex)} would push it onto a boat at {rc(e.to)}: it stays "
            f"({e.rule}; EXP-06)")


def _maelstrom(e: ev.MaelstromTurn) -> str:
    return (f"a Maelstrom at {rc(e.hex)} turns it {e.sense.words} to {e.heading.name} "
            f"({e.rule}; EXP-08)")


def _low_water(e: ev.LowWater) -> str:
    return (f"low water at {rc(e.hex)}: {counted(e.rocks, 'rock')}, {e.rocks} damage, "
            f"{counted(e.lost, 'step')} lost, dice removed: {dice_text(e.removed)} "
            f"({e.rule}; EXP-09)")


def _rocks_sink(e: ev.RocksSink) -> str:
    return f"the rocks bring it to {e.damage} damage: it sinks there ({e.rule}; EXP-09)"


_SAY: dict[type, Callable[[Any], str]] = {
    ev.DiceRolled: _dice, ev.RedoubtDoubled: _doubled, ev.HeadingsJudged: _headings,
    ev.HeadingChosen: _chosen, ev.Sailed: _sailed, ev.HeldBack: _held_back,
    ev.BuoyRounded: _rounded, ev.RoundingUndone: _undone, ev.LineCrossedAgainst: _against,
    ev.TileWithoutFinish: _tile_without_finish, ev.FinishHeldOff: _held_off,
    ev.Finished: _finished, ev.Crashed: _crashed, ev.Sank: _sank, ev.RedoubtWait: _wait,
    ev.RedoubtFlight: _flight, ev.LandingStepBack: _step_back, ev.Landed: _landed,
    ev.BadLanding: _bad_landing, ev.CurrentPush: _push, ev.CurrentIntoLand: _into_land,
    ev.CurrentOntoBoat: _onto_boat, ev.MaelstromTurn: _maelstrom, ev.LowWater: _low_water,
    ev.RocksSink: _rocks_sink,
}

# -- what a tile does to a heading the heading rule plays out (EXP-11) ----------------------------

_TILE_WORDS: dict[type, Callable[[Any], str]] = {
    ev.RedoubtWait: lambda e: f"it ends on a Redoubt at {rc(e.hex)}",
    ev.RedoubtFlight: lambda e: f"a Redoubt flight of {e.distance} hexes",
    ev.Landed: lambda e: f"lands at {rc(e.hex)}",
    ev.BadLanding: lambda e: (f"lands {'off the lake' if e.hex is None else 'at ' + rc(e.hex)}"
                              ": its race is over"),
    ev.CurrentPush: lambda e: f"a Current pushes it {e.flow.name} to {rc(e.to)}",
    ev.CurrentIntoLand: lambda e: f"a Current pushes it {e.flow.name} into land: a crash",
    ev.CurrentOntoBoat: lambda e: f"a Current would push it onto a boat at {rc(e.to)}",
    ev.MaelstromTurn: lambda e: f"a Maelstrom turns it to {e.heading.name}",
    ev.LowWater: lambda e: f"low water, {counted(e.rocks, 'rock')}",
    ev.RocksSink: lambda e: "the rocks sink it",
    ev.LandingStepBack: lambda e: f"the landing hex {rc(e.hex)} holds a boat",
}
