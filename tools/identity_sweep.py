"""Identity sweep: a digest of what the commands print for a sweep of seeds, to compare two
checkouts ("nothing else changes": courses, sheets, records, par and statistics byte-identical).

Run it in each checkout and compare the two files::

    python tools/identity_sweep.py --out /tmp/before.json      # at the old commit
    python tools/identity_sweep.py --out /tmp/after.json       # at the new one
    python tools/identity_sweep.py --compare /tmp/before.json /tmp/after.json

Each item is one command line run in-process through the real click group; its digest is the
SHA-256 of stdout and the exit code (stderr, which carries seeds and notes, is left out).
``--quick`` runs a tenth of the seeds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path


def items(quick: bool) -> Iterator[list[str]]:
    """The command lines of the sweep."""
    seeds = range(0, 400, 10 if quick else 1)
    for race in "ABC":
        for seed in seeds:
            base = ["powerboats", "course", "--race", race, "--seed", str(seed), "--format", "json"]
            yield base
            yield [*base, "--expansion"]
    for seed in range(0, 120, 10 if quick else 1):
        yield ["powerboats", "course", "--race", "ABC"[seed % 3], "--seed", str(seed), "--board",
               "random", "--format", "json"]
    for seed in range(0, 40, 10 if quick else 2):
        yield ["powerboats", "course", "--race", "A", "--seed", str(seed), "--shuffle-tiles",
               "--rotate-tiles", "--expansion", "--format", "json"]
    for seed in (1, 7, 11):
        for extra in ([], ["--expansion"]):
            yield ["powerboats", "sheet", "--race", "A", "--seed", str(seed), "--format", "svg",
                   "-o", "{out}/sheet.svg", *extra]
    yield ["powerboats", "sheet", "--race", "game", "--seed", "7", "--expansion", "--mats",
           "--format", "svg", "-o", "{out}/game.svg"]
    yield ["powerboats", "board"]
    yield ["powerboats", "board", "--format", "json"]
    yield ["powerboats", "board", "--board", "random", "--seed", "7", "--format", "json"]
    for seed in (1, 2):
        yield ["powerboats", "simulate", "--race", "A", "--seed", str(seed), "--games", "40",
               "--workers", "1", "--format", "json"]
    yield ["powerboats", "simulate", "--race", "game", "--seed", "3", "--games", "6",
           "--workers", "1", "--format", "json", "--expansion"]
    yield ["powerboats", "atlas", "--seed", "1", "--games", "2", "--workers", "1", "--races", "A",
           "--expansion", "no", "--format", "json"]
    if not quick:
        yield ["powerboats", "atlas", "--seed", "1", "--games", "2", "--workers", "1",
               "--format", "json"]
    for seed in range(3 if quick else 12):
        yield ["vanuatu", "setup", "--seed", str(seed), "--format", "json"]
        yield ["tortuga", "setup", "--players", str(2 + seed % 4), "--seed", str(seed),
               "--format", "json"]
    yield ["vanuatu", "setup", "--seed", "5", "--format", "svg", "-o", "-"]
    yield ["tortuga", "sheet", "--players", "4", "--seed", "5", "--format", "svg", "-o", "-"]
    if not quick:
        yield ["powerboats", "par", "--race", "A", "--seed", "7", "--format", "json"]


def run(args: list[str]) -> str:
    """Exit code and digest of stdout, then of each file written under ``{out}``."""
    import tempfile

    from click.testing import CliRunner

    from course_builder.cli import cli

    with tempfile.TemporaryDirectory() as out:
        result = CliRunner().invoke(cli, [a.replace("{out}", out) for a in args],
                                    catch_exceptions=False)
        digest = hashlib.sha256(_without_timings(result.stdout_bytes))
        for path in sorted(Path(out).rglob("*")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return f"{result.exit_code}:{digest.hexdigest()}"


def _without_timings(out: bytes) -> bytes:
    """JSON output without its measured times (fields ending in ``_seconds``), which differ on
    every run; other output byte for byte."""
    if b'_seconds"' not in out:
        return out
    try:
        data = json.loads(out)
    except ValueError:
        return out

    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if not k.endswith("_seconds")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(data), sort_keys=True).encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--compare", nargs=2, type=Path)
    parser.add_argument("--verbose", action="store_true", help="time each item on stderr")
    ns = parser.parse_args()
    if ns.compare:
        before, after = (json.loads(p.read_text()) for p in ns.compare)
        differ = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        for key in differ:
            print(f"differs: {key}  {before.get(key)} -> {after.get(key)}")
        print(f"{len(before)} items before, {len(after)} after, {len(differ)} differ")
        sys.exit(1 if differ else 0)
    digests = {}
    import time

    for args in items(ns.quick):
        started = time.perf_counter()
        digests[" ".join(args)] = run(args)
        if ns.verbose:
            print(f"{time.perf_counter() - started:6.2f}s {' '.join(args)}", file=sys.stderr)
    text = json.dumps(digests, indent=0, sort_keys=True)
    if ns.out:
        ns.out.write_text(text)
    else:
        print(text)
    print(f"{len(digests)} items", file=sys.stderr)


if __name__ == "__main__":
    main()
