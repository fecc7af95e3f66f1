"""The installed command line, as a separate process, on raw random bytes and on mutated valid
files: a user's file never makes it crash (exit 3) or print a traceback, and a refusal is one line.

Seeded (``random.Random``) so a failure can be replayed; about thirty runs in all.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from course_builder.core.resources import data_path

ROOT = Path(__file__).resolve().parents[1]
POSITION = ("classic:A:A3,A4ccw,A1cw,A2cw:E,SW | yellow 18,8 E 32 d0 n1 ; red 19,8 E 2 d0 n1 "
            "| yellow 3")


def cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "course_builder", *args], input=stdin,
                          capture_output=True, timeout=120, env=env, cwd=ROOT)


def assert_graceful(result: subprocess.CompletedProcess[bytes], what: str) -> None:
    out = (result.stdout + result.stderr).decode("utf-8", "replace")
    assert result.returncode in (0, 1, 2, 4), (what, result.returncode, out[-500:])
    assert "Traceback" not in out and "internal error" not in out, (what, out[-500:])
    if result.returncode == 1 and result.stderr:
        assert result.stderr.decode().count("\n") == 1, (what, out[-500:])


def mutate(data: bytes, rng: random.Random) -> bytes:
    """A few bytes replaced, inserted or deleted; sometimes cut short."""
    chars = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(chars))
        op = rng.choice(("replace", "insert", "delete", "byte"))
        c = rng.choice(b'{}[]",:0123456789-.#_ABCabcNESWx|;\n ')
        if op == "replace":
            chars[i] = c
        elif op == "insert":
            chars.insert(i, c)
        elif op == "delete" and len(chars) > 1:
            del chars[i]
        else:
            chars[i] = rng.randrange(256)
    if rng.random() < 0.2:
        del chars[rng.randrange(1, len(chars)):]
    return bytes(chars)


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("samples")
    course = folder / "course.json"
    made = cli("powerboats", "course", "--race", "B", "--seed", "4", "--expansion", "--format",
               "json", "-o", str(course))
    assert made.returncode == 0, made.stderr
    return {"course": course.read_bytes(),
            "board": data_path("boards", "classic.board").read_bytes(),
            "position": POSITION.encode()}


COMMANDS = {
    "course": [("powerboats", "validate", "{}"), ("powerboats", "sheet", "{}",
                                                   "--format", "svg", "-o", "{out}")],
    "board": [("powerboats", "check-board", "{}")],
    "position": [("powerboats", "moves", "{}", "--dice", "3,1"),
                 ("powerboats", "adjudicate", "{}", "--move", "+r3/13S")],
}


@pytest.mark.parametrize("kind", sorted(COMMANDS))
def test_mutated_files_never_crash(kind: str, samples, tmp_path) -> None:
    rng = random.Random(f"cli-fuzz:{kind}")
    for k in range(5):
        path = tmp_path / f"{kind}-{k}"
        path.write_bytes(mutate(samples[kind], rng))
        command = rng.choice(COMMANDS[kind])
        args = [a.replace("{}", str(path)).replace("{out}", str(tmp_path / "out.svg"))
                for a in command]
        assert_graceful(cli(*args), f"{args} on {path.read_bytes()[:200]!r}")


@pytest.mark.parametrize("kind", sorted(COMMANDS))
def test_random_bytes_never_crash(kind: str, tmp_path) -> None:
    rng = random.Random(f"cli-bytes:{kind}")
    for k in range(3):
        path = tmp_path / f"bytes-{k}"
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.choice((0, 7, 300)))))
        for command in COMMANDS[kind]:
            args = [a.replace("{}", str(path)).replace("{out}", str(tmp_path / "out.svg"))
                    for a in command]
            result = cli(*args)
            assert_graceful(result, f"{args}")
            assert result.returncode != 0


def test_standard_input_of_random_bytes(tmp_path) -> None:
    rng = random.Random("cli-stdin")
    for _ in range(2):
        data = bytes(rng.randrange(256) for _ in range(200))
        assert_graceful(cli("powerboats", "moves", "-", "--dice", "3", stdin=data),
                        "stdin")


def test_a_valid_position_file_still_works(samples, tmp_path) -> None:
    path = tmp_path / "p.txt"
    path.write_bytes(samples["position"])
    result = cli("powerboats", "moves", str(path), "--dice", "3,1", "--format",
                 "json")
    assert result.returncode == 0 and len(json.loads(result.stdout)) == 3
