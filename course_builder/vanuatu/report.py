"""Every decision in words and as JSON: what the command line prints.

Pure formatting of the results of the rule modules; each line names the rule it applied by id,
and :func:`rules_footer` lists where those rules are written (:mod:`course_builder.vanuatu.refs`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from course_builder.vanuatu.build import BuildVerdict
from course_builder.vanuatu.countdown import Countdown
from course_builder.vanuatu.flood import FloodResult, IslandFlood
from course_builder.vanuatu.forecast import Forecast
from course_builder.vanuatu.placement import PlacementVerdict
from course_builder.vanuatu.planner import DikePlan
from course_builder.vanuatu.refs import Check, ref
from course_builder.vanuatu.score import Penalty
from course_builder.vanuatu.state import LOSS_AT, SINK_AT, State


def rules_footer(rule_ids: Iterable[str]) -> list[str]:
    """``Rules:`` and one line per rule cited, each once, in order of first use."""
    ids = list(dict.fromkeys(rule_ids))
    return ["Rules:"] + [f"  {ref(r).cite()}: {ref(r).summary}" for r in ids] if ids else []


def check_lines(checks: Sequence[Check]) -> list[str]:
    return [f"  {'ok' if c.ok else 'NO':3} {c.rule:18} {c.reason}" for c in checks]


def checks_json(checks: Sequence[Check]) -> list[dict[str, Any]]:
    return [{"rule": c.rule, "ok": c.ok, "reason": c.reason} for c in checks]


# -- placement -----------------------------------------------------------------------------------


def placement_lines(verdict: PlacementVerdict) -> list[str]:
    flag = "legal" if verdict.legal else "illegal"
    if verdict.relaxed and verdict.legal:
        flag += " (only by ruling VAN-05)"
    head = f"{verdict.tile} on space {verdict.space}: {flag}"
    return [head, *check_lines(verdict.checks), *rules_footer(c.rule for c in verdict.checks)]


def placement_json(verdict: PlacementVerdict) -> dict[str, Any]:
    return {"tile": verdict.tile, "space": verdict.space, "legal": verdict.legal,
            "relaxed": verdict.relaxed, "checks": checks_json(verdict.checks)}


def options_lines(tile: str, spaces: Sequence[int], relaxed: bool,
                  verdicts: Sequence[PlacementVerdict]) -> list[str]:
    """Where a tile may go, then why each other empty space is refused."""
    where = ", ".join(str(s) for s in spaces) or "nowhere"
    lines = [f"{tile} may go on: {where}" + (" (by ruling VAN-05: no space is strictly legal)"
                                             if relaxed else "")]
    refused = [v for v in verdicts if not v.legal]
    for v in refused:
        first = v.failed[0]
        lines.append(f"  space {v.space:>2}: no, {first.reason} ({first.rule})")
    rules = [v.failed[0].rule for v in refused]
    return lines + rules_footer(rules + (["VAN-05"] if relaxed else []))


# -- build ---------------------------------------------------------------------------------------


def build_lines(state: State, verdict: BuildVerdict) -> list[str]:
    request = verdict.request
    parts = []
    if request.hut is not None:
        parts.append(f"a hut on space {request.hut}")
    if request.dike is not None:
        space, side = request.dike
        toward = state.board.neighbor(space, side)
        facing = f" (facing space {toward})" if toward is not None else ""
        parts.append(f"a dike on side {side.name} of space {space}{facing}")
    what = " and ".join(parts) or "nothing"
    flag = f"legal, costs {verdict.cost} vatu(s)" if verdict.legal else "illegal"
    head = f"{request.player} builds {what}: {flag}"
    return [head, *check_lines(verdict.checks), *rules_footer(c.rule for c in verdict.checks)]


def build_json(verdict: BuildVerdict) -> dict[str, Any]:
    request = verdict.request
    dike = ({"space": request.dike[0], "side": request.dike[1].name} if request.dike else None)
    return {"player": request.player, "hut": request.hut, "dike": dike, "cost": verdict.cost,
            "legal": verdict.legal, "checks": checks_json(verdict.checks)}


# -- countdown -----------------------------------------------------------------------------------


def countdown_lines(result: Countdown) -> list[str]:
    if result.floods and result.at_round_end:
        head = (f"the round ended {result.left} action(s) short of the die's {result.die}: the "
                f"waters rise at the end of the round (ruling VAN-03)")
    elif result.floods:
        head = f"the waters rise after turn {result.after_turn} (the die showed {result.die})"
    elif result.at_round_end:
        head = (f"the round ended {result.left} action(s) short of the die's {result.die}: no "
                "flood this round (ruling VAN-03, short_round=skip)")
    else:
        head = f"{result.left} more action(s) before the waters rise (the die showed {result.die})"
    return [head, *rules_footer(["RW-COUNTDOWN", "VAN-02", result.rule])]


def countdown_json(result: Countdown) -> dict[str, Any]:
    return {"die": result.die, "counted": result.counted, "left": result.left,
            "after_turn": result.after_turn, "at_round_end": result.at_round_end,
            "floods": result.floods, "rule": result.rule}


# -- flood ---------------------------------------------------------------------------------------


def _sides(sides: Iterable[Any]) -> str:
    return " ".join(s.name for s in sides) or "none"


def island_flood_line(state: State, f: IslandFlood) -> str:
    label = state.catalogue.get(f.tile).label
    text = (f"  space {f.space:>2} {label}: open ocean sides {_sides(f.open_sides)}, diked "
            f"{_sides(f.diked_sides)}: +{f.added}")
    if f.added < min(f.due, SINK_AT - f.before):
        text += f" (of {min(f.due, SINK_AT - f.before)} due: the supply ran out, VAN-04)"
    if f.discarded is None:
        return text + f" -> {f.after} marker(s) ({f.rule})"
    d = f.discarded
    lost = [f"huts {', '.join(d.huts)} (out of the game)" if d.huts else "",
            f"dikes {_sides(d.dikes)}" if d.dikes else "",
            f"{d.tourists} tourist(s)" if d.tourists else "",
            f"goods {', '.join(d.goods)}" if d.goods else ""]
    gone = "; ".join(x for x in lost if x) or "nothing was on it"
    return text + f" -> SUBMERGED; discarded: {gone} ({f.rule}, VAN-08)"


def flood_lines(before: State, result: FloodResult) -> list[str]:
    lines = [f"Rising Waters, round {before.round}:"]
    lines += [island_flood_line(before, f) for f in result.islands] or ["  no island afloat"]
    for space in result.already_submerged:
        lines.append(f"  space {space:>2} {before.placed[space].tile}: submerged, takes no more "
                     "water (RW-NO-MORE)")
    lines += [f"warning: {w}" for w in result.warnings]
    count = len(result.state.submerged())
    lines.append(f"Submerged islands: {count} of {LOSS_AT}.")
    rules = ["RW-SIDES", "VAN-07", *(f.rule for f in result.islands)]
    if result.already_submerged:
        rules.append("RW-NO-MORE")
    if result.lost:
        lines.append("THE GAME IS LOST: three islands are submerged and every player loses "
                     "(RW-LOST).")
        rules.append("RW-LOST")
    return lines + rules_footer(rules)


def flood_json(result: FloodResult) -> dict[str, Any]:
    islands = []
    for f in result.islands:
        entry: dict[str, Any] = {
            "space": f.space, "tile": f.tile, "before": f.before, "due": f.due,
            "added": f.added, "after": f.after, "open_sides": [d.name for d in f.open_sides],
            "diked_sides": [d.name for d in f.diked_sides], "submerged": f.submerged,
            "rule": f.rule}
        if f.discarded is not None:
            d = f.discarded
            entry["discarded"] = {"huts": list(d.huts), "dikes": [s.name for s in d.dikes],
                                  "tourists": d.tourists, "goods": list(d.goods)}
        islands.append(entry)
    return {"islands": islands, "already_submerged": list(result.already_submerged),
            "submerged_now": list(result.submerged_now),
            "submerged": len(result.state.submerged()), "lost": result.lost,
            "warnings": list(result.warnings)}


# -- score ---------------------------------------------------------------------------------------


def penalty_lines(state: State, penalty: Penalty) -> list[str]:
    lines = ["Water penalty at the end of the game:"]
    for player, total in penalty.totals.items():
        parts = [f"{state.catalogue.get(line.tile).label} on space {line.space} with "
                 f"{line.water} marker(s): {line.huts} hut(s) x {line.points // line.huts}"
                 for line in penalty.lines if line.player == player and line.huts]
        lines.append(f"  {player}: {total}" + (f"  ({'; '.join(parts)})" if parts else ""))
    if not penalty.totals:
        lines.append("  no players in this state")
    if state.lost:
        lines.append("Note: three islands are submerged, so every player has lost anyway "
                     "(RW-LOST, VAN-10).")
        return lines + rules_footer(["PENALTY", "RW-LOST"])
    return lines + rules_footer(["PENALTY"])


def penalty_json(penalty: Penalty) -> dict[str, Any]:
    return {"totals": penalty.totals, "rule": penalty.rule,
            "lines": [{"player": x.player, "space": x.space, "tile": x.tile, "water": x.water,
                       "huts": x.huts, "points": x.points} for x in penalty.lines]}


# -- forecast and plan ---------------------------------------------------------------------------


def forecast_lines(state: State, result: Forecast) -> list[str]:
    if not result.floods:
        return ["No flood to come: " + ("the game is lost." if state.lost else
                                        "the Rising Waters rounds are over.")]
    rounds = "  ".join(f"R{r}" for r in result.floods)
    lines = [f"Floods to come (if nothing changes, VAN-11): rounds "
             f"{', '.join(str(r) for r in result.floods)}",
             f"  space island  now  per flood   {rounds}   sinks"]
    for o in result.islands:
        totals = "  ".join(("--" if t >= SINK_AT else f"{t:>2}") for t in o.totals)
        sinks = f"round {o.sinks_in}" if o.sinks_in else "no"
        lines.append(f"  {o.space:>5} {state.catalogue.get(o.tile).label:<6} {o.water:>4} "
                     f"{o.per_flood:>9}   {totals}   {sinks}")
    if result.lost_in is not None:
        lines.append(f"The third island goes under in round {result.lost_in}: the game would be "
                     "lost (RW-LOST).")
    return lines + rules_footer(["RW-SIDES", "RW-FIFTH", "VAN-11"])


def forecast_json(result: Forecast) -> dict[str, Any]:
    return {"floods": list(result.floods), "lost_in": result.lost_in,
            "submerged_now": result.submerged_now, "rule": result.rule,
            "islands": [{"space": o.space, "tile": o.tile, "water": o.water,
                         "per_flood": o.per_flood, "totals": list(o.totals),
                         "sinks_in": o.sinks_in} for o in result.islands]}


def plan_lines(state: State, plan: DikePlan) -> list[str]:
    def names(spaces: Sequence[int]) -> str:
        return ", ".join(f"{s} {state.catalogue.get(state.placed[s].tile).label}"
                         for s in spaces) or "none"

    lines = [f"Kept afloat by the plan: {names(plan.keep)}; not protected: {names(plan.let_go)}",
             f"Fewest dikes: {plan.total} ({plan.reason})"
             + ("" if plan.feasible else ": NOT POSSIBLE")]
    for d in plan.dikes:
        lines.append(f"  before the flood of round {d.by_round}: space {d.space} side "
                     f"{d.side.name} (facing space {d.toward})")
    return lines + rules_footer(["RW-SIDES", "BUILD-DIKE-SIDE", "SUPPLY", "VAN-11"])


def plan_json(plan: DikePlan) -> dict[str, Any]:
    return {"floods": list(plan.floods), "keep": list(plan.keep), "let_go": list(plan.let_go),
            "total": plan.total, "dikes_left": plan.dikes_left, "feasible": plan.feasible,
            "reason": plan.reason, "rule": plan.rule,
            "dikes": [{"space": d.space, "side": d.side.name, "toward": d.toward,
                       "by_round": d.by_round} for d in plan.dikes]}
