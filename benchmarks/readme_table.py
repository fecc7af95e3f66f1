"""Rewrite the README's table of measured speeds from the latest ``benchmarks/speed.py`` results.

Run: python benchmarks/speed.py -o benchmarks/speed-result.json && python benchmarks/readme_table.py

The rooms' rows come from ``benchmarks/rooms-result.json`` (``python benchmarks/rooms.py -o
benchmarks/rooms-result.json``: minutes of wall time, so it is run on its own), when it exists.

The table sits in README.md between the lines ``<!-- speed table -->`` and
``<!-- end of speed table -->``; everything between them is replaced.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START = "<!-- speed table -->"
END = "<!-- end of speed table -->"


def table(report: dict) -> str:
    load = ", ".join(str(x) for x in report["load_average"])
    lines = [
        f"*Measured by `benchmarks/speed.py` (Python {report['python']}, {report['machine']}, "
        f"{report['cpus']} cores, load average {load} while it ran; {report['clock']}).*",
        "",
        "| Measurement | Measured | Target | Ratio to target | Met |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, r in report["results"].items():
        unit = f" {r['unit']}" if r["unit"] else ""
        lines.append(f"| {name} | {_short(r['measured'])}{unit} | {r['target']}{unit} | "
                     f"{r['ratio_to_target']} | {'yes' if r['meets_target'] else 'no'} |")
    rooms = ROOT / "benchmarks" / "rooms-result.json"
    if rooms.exists():
        lines.extend(_rooms_rows(json.loads(rooms.read_text(encoding="utf-8"))))
    lines.extend(_floor_notes(report))
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


if __name__ == "__main__":
    main()
