"""What the page shows of a course, a position or a game, as JSON: the boats, whose turn it is
and what they may do now, the notation to copy, the record to keep, the standings.

Every fact comes from the rules code (the kernel's dice decisions, the game's free start hexes,
its placement order and standings); the page only displays them and sends back what the user
picked. Hexes are ``[row, col]`` as on the board's edge labels.
"""

from __future__ import annotations

from typing import Any

from course_builder.core.hexgrid import Hex
from course_builder.core.values import field_names
from course_builder.powerboats.game.game import Game
from course_builder.powerboats.game.scoring import Standing
from course_builder.powerboats.play import events as ev
from course_builder.powerboats.play.explain import dice_text, explain, ordinal
from course_builder.powerboats.play.kernel import HeadingChoice, Outcome, dice_decisions, kept_dice
from course_builder.powerboats.play.position import FINISH_NEXT, Boat, DiceStep, Position
from course_builder.web.state import Table


def rc(h: Hex) -> list[int]:
    r, c = h.offset
    return [r, c]


def view(table: Table, message: str = "") -> dict[str, Any]:
    """Everything the page draws and offers for ``table``."""
    race = table.race
    out: dict[str, Any] = {
        "kind": table.kind,
        "state": table.state(),
        "code": race.code,
        "race": race.course.race,
        "rules": race.rules.notation() or "default",
        "message": message,
        "boats": [],
        "phase": "view",
        "notation": None,
    }
    if table.game is not None:
        out.update(_game(table.game, table.seed))
    if table.position is not None:
        out.update(_position(table.position))
        if table.game is None and table.position.race_over:
            out["phase"] = "race-over"
    return out


def boat_json(b: Boat, to_move: bool = False) -> dict[str, Any]:
    return {"colour": b.colour, "hex": rc(b.hex), "heading": b.heading.name,
            "dice": list(b.dice), "damage": b.damage,
            "next": "F" if b.next_buoy >= FINISH_NEXT else str(b.next_buoy),
            "finished": b.finished, "sunk": b.sunk, "redoubt": b.redoubt, "to_move": to_move}


def _position(position: Position) -> dict[str, Any]:
    boat = position.boat
    return {
        "boats": [boat_json(b, k == position.to_move) for k, b in enumerate(position.boats)],
        "phase": "moving",
        "to_act": boat.colour,
        "turn": position.turn,
        "notation": position.notation(),
        "steps": [step_json(position, s) for s in dice_decisions(position)],
        "status": _status(position),
    }


def _status(position: Position) -> str:
    boat = position.boat
    if position.race_over:
        return "The race is over: every boat has finished or sunk."
    nxt = "the finish" if boat.next_buoy >= FINISH_NEXT else f"buoy {boat.next_buoy}"
    return (f"Turn {position.turn}: {boat.colour} to move, at {tuple(boat.hex.offset)} heading "
            f"{boat.heading.name}, dice {dice_text(boat.dice)}, damage {boat.damage}, next "
            f"{nxt}.")


def step_json(position: Position, step: DiceStep) -> dict[str, Any]:
    """One dice step open to the boat to move, in words and in notation."""
    change = {"+": "add a die", "-": f"remove a {step.removed}", "=": "keep the count"}
    words = change[step.change.value]
    if step.reroll:
        words += f", re-roll {dice_text(step.reroll)}"
    return {"notation": step.notation(), "words": words, "roll": step.rolled_count,
            "kept": list(kept_dice(position.boat, step))}


def _game(game: Game, seed: int | None) -> dict[str, Any]:
    standings = game.standings()
    out: dict[str, Any] = {
        "seed": None if seed is None else str(seed),  # as text: JavaScript numbers stop at 2**53
        "players": list(game.setup.colours),
        "race_name": game.race_name,
        "scoring": game.setup.scoring.value,
        "standings": [{"colour": s.colour, "points": s.points, "by_race": list(s.by_race),
                       "rank": s.rank} for s in standings],
        "results": _results(game, standings),
        "history": len(game.history),
    }
    if game.over:
        out.update(phase="over", status="The game is over: all three races are sailed.")
    elif game.placing:
        order = game.setup.placement_order(game.race_index)
        out.update(
            phase="placing", to_act=game.to_act,
            boats=[boat_json(b) for b in game.placed],
            placing={"free": [rc(h) for h in game.free_start_hexes()],
                     "heading": game.race.course.tile.start_direction.name,
                     "order": list(order)},
            status=(f"Race {game.race_name}: {game.to_act} places its boat on or behind the "
                    f"start tile (order: {', '.join(order)})."))
    return out


def _results(game: Game, standings: list[Standing]) -> list[dict[str, Any]]:
    """Each race sailed: its finishing order (place 0: sank or did not finish) and the points
    each boat scored in it, as the scoring rules gave them (GAME-01, GAME-03)."""
    points = {s.colour: s.by_race for s in standings}
    return [{"race": r.race,
             "order": [[c, r.of(c).place] for c in r.order()],
             "points": {c: points[c][i] for c in r.order()}}
            for i, r in enumerate(game.results)]


# ------------------------------------------------------------------------------------------------
# headings and moves
# ------------------------------------------------------------------------------------------------


def choice_json(choice: HeadingChoice, step: DiceStep, rolled: tuple[int, ...]
                ) -> dict[str, Any]:
    """One of the three headings and what it leads to, other boats ignored (MOVE-01)."""
    ahead = choice.preview()
    start = choice.position.boat.hex
    return {
        "turn": choice.turn.value, "word": choice.turn.word, "heading": choice.heading.name,
        "legal": choice.legal, "reach": choice.reach,
        "move": step.then(rolled, choice.turn).notation(),
        "path": [rc(start), *(rc(h) for h in ahead.path)],
        "crash": ahead.crash, "damage": ahead.damage, "race_over": ahead.race_over,
        "effects": list(explain(ahead.effects)),
        "summary": _summary(ahead.crash, ahead.damage, ahead.race_over, ahead.end or start),
    }


def _summary(crash: bool, damage: int, over: bool, end: Hex) -> str:
    where = f"({', '.join(map(str, end.offset))})"
    if crash:
        text = f"crashes at {where}, {damage} damage"
    else:
        text = f"ends at {where}" + (f", {damage} damage" if damage else "")
    return text + (": out of the race" if over else "")


MARK_KINDS = {
    ev.Sailed: "sail", ev.Crashed: "crash", ev.Sank: "sink", ev.Finished: "finish",
    ev.BuoyRounded: "round", ev.HeldBack: "held", ev.CurrentIntoLand: "crash",
    ev.RocksSink: "crash", ev.BadLanding: "crash", ev.LowWater: "damage",
}


def event_hexes(event: ev.Event) -> list[list[int]]:
    """The hexes an event names, in order (a stretch sailed, where a crash stopped the boat)."""
    out: list[list[int]] = []
    for name in field_names(event):  # every event is a value
        value = getattr(event, name)
        items = value if isinstance(value, tuple) else (value,)
        for item in items:
            if isinstance(item, tuple) and item and isinstance(item[0], Hex):
                item = item[0]  # (hex, colour) pairs of boats held back
            if isinstance(item, Hex):
                out.append(rc(item))
    return out


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """A move adjudicated: the trace line by line with the hexes each line is about (the page
    steps through them on the board), the path, crash and damage, and the new position."""
    events = outcome.events
    lines = explain(events)
    steps = [{"text": text, "kind": MARK_KINDS.get(type(e), "note"), "hexes": event_hexes(e),
              "damage": getattr(e, "damage", 0) if isinstance(e, ev.Crashed | ev.LowWater |
                                                               ev.CurrentIntoLand) else 0}
             for e, text in zip(events, lines, strict=True)]
    data = outcome.to_json()
    place = outcome.finished
    return {**data, "start": rc(outcome.path[0]), "steps": steps,
            "headline": (f"{outcome.boat} {outcome.move.notation()}: "
                         + ("crashes" if outcome.crash else "sails")
                         + (f", {outcome.damage} damage" if outcome.damage else "")
                         + (f", finishes {ordinal(place)}" if place else "")
                         + (", sinks" if outcome.sunk and not place else ""))}
