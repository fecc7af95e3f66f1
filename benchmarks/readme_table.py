"""Rewrite the README's table of measured speeds from the latest benchmark results.

Run: python benchmarks/speed.py -o benchmarks/speed-result.json && python benchmarks/readme_table.py

The start-up rows come from ``benchmarks/startup-result.json`` when it exists (``python
benchmarks/startup.py > benchmarks/startup-result.json``, run on its own on a quiet machine:
short processes measured while speed.py's other work heats the machine are the noisiest rows).

The rooms' rows come from ``benchmarks/rooms-result.json`` (``python benchmarks/rooms.py -o
benchmarks/rooms-result.json``: minutes of wall time, so it is run on its own), when it exists.

The table sits in README.md between the lines ``<!-- speed table -->`` and
``<!-- end of speed table -->``; everything between them is replaced. Its rows come from
``speed-result.json``, then from the course study's benchmarks where their results are there
(``par-result.json``, ``atlas-result.json``, ``simulate-result.json``,
``bots-soak-result.json``), each with the load average it was measured at. The bots' strengths
in docs/simulation.md (between ``<!-- bot strengths -->`` and ``<!-- end of bot strengths -->``)
come from ``simulate-result.json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from speed import startup_results

ROOT = Path(__file__).resolve().parents[1]
START = "<!-- speed table -->"
END = "<!-- end of speed table -->"


def table(report: dict) -> str:
    load = ", ".join(str(x) for x in report["load_average"])
    lines = [
        f"*Measured by `benchmarks/speed.py` (Python {report['python']}, {report['machine']}, "
        f"{report['cpus']} cores, load average {load} while it ran; {report['clock']}).*",
    ]
    alone = _result("startup-result.json")
    if alone:  # a run of startup.py on its own, on a quiet machine, gives the start-up rows
        report = dict(report, results={
            **{k: r for k, r in report["results"].items() if not k.startswith("start-up")},
            **startup_results(alone)})
        lines.append(f"*The start-up rows: `python benchmarks/startup.py --runs {alone['runs']} "
                     f"> benchmarks/startup-result.json` run on its own (load average "
                     f"{alone['load_average']} after it); instruction counts beside them in "
                     f"docs/architecture.md, \"Start-up budget\".*")
    lines += [
        "",
        "| Measurement | Measured | Target | Ratio to target | Met |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, r in report["results"].items():
        unit = f" {r['unit']}" if r["unit"] else ""
        spread = ""  # a ratio taken pair by pair: its 95% interval beside it
        if "interval_95" in r:
            spread = " (95%: {} to {})".format(*r["interval_95"])
        lines.append(f"| {name} | {_short(r['measured'])}{unit}{spread} | {r['target']}{unit} | "
                     f"{r['ratio_to_target']} | {'yes' if r['meets_target'] else 'no'} |")
    study = study_rows()
    lines += [_row(*row) for row in study]
    rooms = _result("rooms-result.json")
    if rooms:
        lines.extend(_rooms_rows(rooms))
    lines.extend(_floor_notes(report))
    if study:
        lines.append("\n*Course study rows: `benchmarks/par.py` (fastest of three fresh "
                     "processes), `benchmarks/atlas.py` (fastest of its runs; peak memory of "
                     "the largest of the command's processes, and of all of them together), "
                     "`benchmarks/simulate.py` (one boat alone, "
                     "ten courses) and `benchmarks/bots_soak.py`, each at the load average "
                     "given with it.*")
    return "\n".join(lines)


def _rooms_rows(r: dict) -> list[str]:
    """The rooms benchmark's figures as rows, and a note with its run's conditions."""
    p99, lost = r["p99_ms"], r["lost_moves"]
    wrong = f"{r['rejected_wrong_seat']} of {r['wrong_seat_sent']}"
    kill = r["after_kill"]
    return [
        f"| rooms: a move to every page of its room, p99 ({r['rooms']} rooms of {r['boats']} "
        f"seats at once) | {p99} ms | < 100 ms | {round(100 / max(p99, 0.1), 2)} | "
        f"{'yes' if p99 < 100 else 'no'} |",
        f"| rooms: the same, p50 | {r['p50_ms']} ms | | | |",
        f"| rooms: acknowledged moves lost (server SIGKILLed mid-run and restarted) | {lost} | 0 "
        f"| | {'yes' if lost == 0 else 'no'} |",
        f"| rooms: after the kill, restarted and every room played to its end | "
        f"{kill['rooms_finished']} of {r['rooms']} rooms, restart {kill['restart_seconds']} s | "
        f"all | | {'yes' if kill['every_room_playable'] else 'no'} |",
        f"| rooms: moves sent with another seat's token refused | {wrong} | all | | "
        f"{'yes' if r['rejected_wrong_seat'] == r['wrong_seat_sent'] else 'no'} |",
        "",
        f"*Rooms: `benchmarks/rooms.py`, {r['moves']} moves in {r['seconds']} s "
        f"({r['moves_per_second']}/s; players think {r['think_seconds']} s on average), "
        f"{r['store']}, server {r['server_cpu_ms_per_move']} ms of CPU per move, load average "
        f"{', '.join(map(str, r['load_average_before']))} before and "
        f"{', '.join(map(str, r['load_average_after']))} after (the machine shared with other "
        f"work); p99 outside the {r.get('restart_window_seconds', 30):g} s after the restart: "
        f"{r.get('p99_ms_outside_the_restart', '?')} ms.*",
    ]


def _row(name: str, measured: float, unit: str, target: float, at_most: bool, load: Any
         ) -> str:
    met = measured <= target if at_most else measured >= target
    if measured == 0 or target == 0:  # a count that must be none: no ratio to give
        shown = "-"
    else:
        shown = str(round(target / measured if at_most else measured / target, 2))
    sign = "<=" if at_most else ">="
    return (f"| {name} (load {load}) | {_short(measured)} {unit} | {sign} {_short(target)} "
            f"{unit} | {shown} | {'yes' if met else 'no'} |").replace("  |", " |")


def _result(name: str) -> dict | None:
    path = ROOT / "benchmarks" / name
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def study_rows() -> list[tuple]:
    """(measurement, measured, unit, target, at most?, load) from the course study's
    benchmarks (those whose results are there and of this round's shape)."""
    rows: list[tuple] = []
    par = _result("par-result.json")
    if par and "classic A" in par.get("cases", {}):
        for name in ("classic A", "classic A + expansion"):
            c = par["cases"][name]
            target = float(par["targets"]["seconds"][name].split()[-1])
            rows.append((f"exact par, {name}, both cores", c["seconds"], "s", target, True,
                         c["load_average_before"]))
    atlas = _result("atlas-result.json")
    if atlas:
        load = max(atlas["load_average_before"])
        rows.append((f"atlas --seed 1 --games 20, {atlas['courses_rated']} classic-lake courses",
                     atlas["seconds"], "s", 60.0, True, load))
        rows.append(("atlas: peak memory, largest process", atlas["peak_rss_mb"], "MB", 500.0,
                     True, load))
        if "peak_pss_mb_together" in atlas:
            rows.append(("atlas: peak memory, the command and its workers together (PSS)",
                         atlas["peak_pss_mb_together"], "MB", 500.0, True, load))
    sim = _result("simulate-result.json")
    if sim and "bots" in sim:
        load = max(sim["load_average_at_start"][0], sim["load_average_at_end"][0])
        strong = [c["bots"]["strong"] for c in sim["courses"]]
        worst = max(r["share_above_par"] for r in strong)
        rows.append(("strong bot alone: turns above par, worst of ten courses", 100 * worst,
                     "%", 10.0, True, load))
        gap = max(c["bots"]["strong"]["sink_rate"]["value"]
                  - c["bots"]["perfect"]["sink_rate"]["value"] for c in sim["courses"])
        rows.append(("strong bot alone: sink rate above the perfect bot's, worst course",
                     100 * max(gap, 0.0), "points", 1.0, True, load))
        plan = max(c["plan_cpu_seconds"] for c in sim["courses"])
        rows.append(("strong bot's plan, built and solved, slowest course", plan, "s", 1.0, True,
                     load))
    soak = _result("bots-soak-result.json")
    if soak and "unfinished_games" in soak:
        rows.append((f"soak: games unfinished of {soak['games']:,} (every bot)",
                     soak["unfinished_games"], "", 0, True, soak["load_average_at_start"][0]))
    return rows


def strengths() -> str | None:
    """The bots' strengths table of docs/simulation.md, from ``simulate-result.json``."""
    sim = _result("simulate-result.json")
    if not sim or "bots" not in sim:
        return None
    words = {"strong": "the default", "perfect": "par's policy", "greedy": "", "cautious": "",
             "lookahead": "", "random": ""}
    lines = []
    for name, b in sim["bots"].items():
        above = b["turns_above_par"]
        turns = "-" if above is None else (
            f"{above['value']:+.2f} ({above['ci95'][0]:+.2f} to {above['ci95'][1]:+.2f}), "
            f"{100 * b['share_above_par']:.1f}% of par")
        sink = b["sink_rate"]
        lines.append(f"| `{name}`{' (' + words[name] + ')' if words.get(name) else ''} | "
                     f"{turns} | {100 * sink['value']:.2f}% ({100 * sink['ci95'][0]:.2f}-"
                     f"{100 * sink['ci95'][1]:.2f}%) | {b['stalls']:,} in {b['races']:,} races "
                     f"| {b['unfinished']} |")
    load = max(sim["load_average_at_start"][0], sim["load_average_at_end"][0])
    races = sim["races_per_bot_and_course"]
    return ("| bot | turns above par (95% interval), mean of ten courses | sinks | stalls "
            "(play handed on, SIM-05) | races unfinished |\n"
            "|---|---|---|---|---|\n" + "\n".join(lines) + f"\n\n*`python benchmarks/simulate.py`, "
            f"load average up to {load}; the lookahead bot {races['lookahead']} races a course, "
            f"the others {races['strong']}.*")


def _floor_notes(report: dict) -> list[str]:
    """A note under the table for each command measured beside its floor (the PNG sheet: its
    libraries imported and resvg drawing the page, nothing else; ``benchmarks/startup.py``)."""
    notes = []
    for name, r in report["results"].items():
        if "ratio_to_floor" in r:
            notes.append(
                f"\n*{name[len('start-up: '):]}:* {r['seconds']} s; its floor (importing its "
                f"libraries, then resvg drawing the same page and nothing else) takes "
                f"{r['floor_seconds']} s, {r['floor_ratio_to_imports']} x the imports alone, so "
                f"the 2.0 x target is out of reach of anything this project does; the command "
                f"takes {r['ratio_to_floor']} x its floor.")
    return notes


def _short(value: float) -> str:
    """Three significant digits (whole numbers from 100 on)."""
    return str(round(value)) if abs(value) >= 100 else f"{value:.3g}"


def main() -> None:
    report = json.loads((ROOT / "benchmarks" / "speed-result.json").read_text(encoding="utf-8"))
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    head, found, rest = text.partition(START + "\n")
    _old, found_end, tail = rest.partition(END)
    if not found or not found_end:
        raise SystemExit(f"README.md has no '{START}' ... '{END}' section")
    readme.write_text(head + START + "\n" + table(report) + "\n" + END + tail, encoding="utf-8")
    found_strengths = strengths()
    if found_strengths is not None:
        doc = ROOT / "docs" / "simulation.md"
        text = doc.read_text(encoding="utf-8")
        head, found, rest = text.partition("<!-- bot strengths -->\n")
        _old, found_end, tail = rest.partition("<!-- end of bot strengths -->")
        if found and found_end:
            doc.write_text(head + "<!-- bot strengths -->\n" + found_strengths + "\n"
                           + "<!-- end of bot strengths -->" + tail, encoding="utf-8")


if __name__ == "__main__":
    main()
