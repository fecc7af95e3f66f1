"""Par in words and as JSON: a course's par with its first moves, and a position's best move."""

from __future__ import annotations

from typing import Any

from course_builder.powerboats.play.position import FINISH_NEXT, Position
from course_builder.powerboats.study.par import ParResult, ParTable, best_turn


def par_text(result: ParResult) -> str:
    """Par of a course from the start, for people."""
    s = result.stats
    o = result.options
    r, c = result.start.hex.offset
    first = result.first_turn
    lines = [
        f"par {result.par:.2f} turns: the expected number of turns one boat alone needs to "
        "finish with perfect play",
        f"course: {result.course}",
        f"best start: {r},{c} heading {result.start.heading.name} (of {len(result.starts)} "
        "start hexes: " + ", ".join(f"{b.hex.offset[0]},{b.hex.offset[1]} {v:.2f}"
                                    for b, v in result.starts[:6])
        + (", ..." if len(result.starts) > 6 else "") + ")",
        f"first turn: {_step_words(first['best'])}, then by the roll:",
    ]
    lines += [f"  rolled {''.join(map(str, x['rolled'])) or '-'} ({x['probability']:.0%}): "
              f"{x['move']}, {x['turns_to_finish']:.2f} turns to finish, this one included"
              for x in first["rolls"] if x["turns_to_finish"] is not None]
    lines += [
        f"model: {s.states:,} states ({s.places:,} places x {s.roundings} rounding states x 4 "
        f"damage x {s.dice_sets} dice sets), {s.kernel_calls:,} kernel calls; solved in "
        f"{s.sweeps} sweeps to {s.residual:.1e} turns ({'float64' if o.float64 else 'float32'}); "
        f"built {s.build_seconds:.1f} s, solved {s.solve_seconds:.1f} s",
        f"rulings: a sinking costs {o.sink_penalty:g} turns (PAR-01), at most {o.dice_cap} dice "
        f"(PAR-02), crossing counts held within {o.crossings_floor}..{o.crossings_ceiling:+d} "
        "(PAR-04), the boat alone (PAR-05); docs/par.md",
    ]
    return "\n".join(lines)


def _step_words(step: str) -> str:
    words = {"+": "add a die", "=": "keep the dice"}
    if step in words:
        return f"{step} ({words[step]})"
    return step


def position_json(table: ParTable, position: Position) -> dict[str, Any]:
    """The boat to move's expected turns to finish, its best dice step (all steps ranked) and,
    for each roll of the best step, the best heading."""
    value = table.par_of(position)
    return {"position": position.notation(), "boat": position.boat.colour,
            "par": None if value is None else round(value, 4),
            **best_turn(table, position)}


def position_words(table: ParTable, position: Position) -> str:
    """The best move from a position, for people ("what was the best move here?")."""
    data = position_json(table, position)
    boat = position.boat
    goal = "the finish" if boat.next_buoy >= FINISH_NEXT else f"buoy {boat.next_buoy}"
    if data["par"] is None:
        return (f"{boat.colour}: no par for this position (the boat has finished or sunk, or "
                "stands where a boat alone never gets)")
    lines = [f"{boat.colour} (next: {goal}): par {data['par']:.2f} turns from here, alone, "
             "with perfect play",
             "dice steps, best first: " + ", ".join(
                 f"{s['step']} {s['turns_to_finish']:.2f}" for s in data["steps"][:8])
             + (" ..." if len(data["steps"]) > 8 else ""),
             f"best: {_step_words(data['best'])}, then by the roll:"]
    lines += [f"  rolled {''.join(map(str, x['rolled'])) or '-'} ({x['probability']:.0%}): "
              f"{x['move']}, {x['turns_to_finish']:.2f} turns to finish, this one included"
              for x in data["rolls"] if x["turns_to_finish"] is not None]
    return "\n".join(lines)
