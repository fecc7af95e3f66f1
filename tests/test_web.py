"""The web page's server (issue 18) through HTTP, as the page talks to it: a game placed, rolled,
moved and recorded; rulings on a pasted position; every bad request a 4xx with the command line's
reason; no state kept between requests; nothing written to disk; the ``serve`` command."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.powerboats.game.record import read_record, replay
from course_builder.powerboats.play.notation import NotationError, RaceBook, parse_position
from tests.webserver import request, running_server

POSITION = ("classic:A:A1,A2cw,A4cw,A3cw:E,E | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | "
            "yellow 2")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server() as url:
        yield url


def post(base: str, path: str, body: dict) -> dict:
    status, data, _ = request(base, path, body)
    assert status == 200, data
    return data


def placed_game(base: str, seed: int = 7, players: str = "yellow,red") -> dict:
    view = post(base, "/api/game", {"players": players, "seed": seed})
    while view["phase"] == "placing":
        view = post(base, "/api/place", {"state": view["state"], "hex": view["placing"]["free"][0],
                                         "heading": view["placing"]["heading"]})
    return view


def test_a_game_is_placed_rolled_moved_and_recorded(base: str) -> None:
    view = post(base, "/api/game", {"players": "yellow,red", "seed": 7})
    assert view["phase"] == "placing" and view["placing"]["order"] == ["red", "yellow"]
    page_map = post(base, "/api/map", {"code": view["code"]})
    assert page_map["svg"].startswith("<svg") and 'id="buoys"' in page_map["svg"]
    assert all(f"{r},{c}" in page_map["centres"] for r, c in view["placing"]["free"])
    assert [n for n in page_map["notes"] if "approximate" in n]  # the classic lake's A1? ...
    view = placed_game(base)
    assert view["phase"] == "moving" and view["to_act"] == "yellow"
    assert [s["notation"] for s in view["steps"]] == ["", "+"]
    ahead = post(base, "/api/headings", {"state": view["state"], "step": "+", "rolled": "2"})
    assert ahead["dice"] == [2] and [c["turn"] for c in ahead["choices"]] == ["L", "S", "R"]
    legal = [c for c in ahead["choices"] if c["legal"]]
    assert legal and all(c["move"].startswith("+/2") for c in legal)
    done = post(base, "/api/move", {"state": view["state"], "move": legal[0]["move"]})
    outcome, after = done["outcome"], done["view"]
    assert outcome["steps"][0]["text"].startswith("dice: yellow holds none, adds a die")
    sailed = [h for s in outcome["steps"] if s["kind"] == "sail" for h in s["hexes"]]
    assert sailed == legal[0]["path"][1:] == outcome["path"][1:]
    assert after["to_act"] == "red" and after["notation"] == outcome["position"]
    record = read_record(after["state"]["record"])
    replayed = replay(record, RaceBook())
    assert replayed.ok and replayed.game.position.notation() == after["notation"]
    assert record.tags["Seed"] == "7"


def test_a_whole_recorded_game_opens_at_its_end_with_the_standings(base: str) -> None:
    text = (ROOT / "tests" / "data" / "game-4-boats.pbr").read_text(encoding="utf-8")
    view = post(base, "/api/open", {"text": text})
    replayed = replay(read_record(text), RaceBook())
    assert view["phase"] == "over" and view["kind"] == "game"
    assert [(s["colour"], s["points"]) for s in view["standings"]] == [
        (s.colour, s.points) for s in replayed.standings]
    assert [r["race"] for r in view["results"]] == ["A", "B", "C"]
    race_a = view["results"][0]
    assert race_a["order"] == [["orange", 1], ["purple", 2], ["yellow", 3], ["red", 4]]
    assert race_a["points"] == {"orange": 3, "purple": 2, "yellow": 1, "red": 0}
    assert [r["points"]["yellow"] for r in view["results"]] == list(
        next(s for s in replayed.standings if s.colour == "yellow").by_race)


def _tags(record: str) -> dict[str, str]:
    return dict(read_record(record).tags)


@pytest.mark.parametrize("board, flags", [("random", ["--board", "random"]),
                                          ("shuffled-turned", ["--shuffle-tiles",
                                                               "--rotate-tiles"])])
def test_a_new_game_is_the_game_play_starts_on_that_lake(base: str, tmp_path: Path, board: str,
                                                         flags: list[str]) -> None:
    saved = tmp_path / "game.pbr"
    done = CliRunner().invoke(cli, ["powerboats", "play", "--players", "yellow,red,blue",
                                    "--seed", "12", "--expansion", *flags, "--save", str(saved)],
                              input="quit\n")
    assert done.exit_code == 0, done.output
    view = post(base, "/api/game", {"players": "yellow,red,blue", "seed": 12, "board": board,
                                    "expansion": True})
    web, cli_tags = _tags(view["state"]["record"]), _tags(saved.read_text(encoding="utf-8"))
    keys = ("Seed", "Players", "StartPlayer", "RaceA", "RaceB", "RaceC", "Scoring")
    assert [web[k] for k in keys] == [cli_tags[k] for k in keys]
    assert web["RaceA"].startswith("random@12," if board == "random" else "classic@")
    status, data, _ = request(base, "/api/game", {"seed": 1, "board": "moon"})
    assert status == 400 and data["error"] == ("board: expected one of classic, shuffled, "
                                               "shuffled-turned, random, got 'moon'")


def test_a_game_is_sailed_on_the_course_in_view(base: str) -> None:
    shown = post(base, "/api/course", {"race": "B", "seed": 4, "board": "random",
                                       "expansion": True})
    assert shown["code"].startswith("random@4,12x8,0.12:B:")
    view = post(base, "/api/game", {"players": "red,blue", "seed": 9, "course": shown["code"]})
    tags = _tags(view["state"]["record"])
    assert tags["RaceB"] == shown["code"] and tags["Seed"] == "9"
    assert all(tags[f"Race{r}"].startswith("random@4,12x8,0.12:" + r) and "=" in tags[f"Race{r}"]
               for r in "AC")
    assert view["phase"] == "placing" and view["race_name"] == "A"
    status, data, _ = request(base, "/api/game", {"seed": 9, "course": "classic:Z:1"})
    assert status == 400 and data["error"]


def test_seeds_up_to_the_command_lines_limit_come_back_exactly(base: str) -> None:
    seed = 2**63 - 1
    view = post(base, "/api/game", {"players": "yellow,red", "seed": str(seed)})
    assert view["seed"] == str(seed) and f'[Seed "{seed}"]' in view["state"]["record"]
    status, data, _ = request(base, "/api/course", {"seed": 2**63})
    assert status == 400 and "seed" in data["error"]


def test_rolling_in_a_game_follows_its_seed_as_play_does(base: str) -> None:
    view = placed_game(base)
    first = post(base, "/api/headings", {"state": view["state"], "step": "+", "roll": True})
    again = post(base, "/api/headings", {"state": view["state"], "step": "+", "roll": True})
    assert first["rolled"] == again["rolled"] and len(first["rolled"]) == 1


def test_a_pasted_position_is_ruled_on_and_its_boats_moved_by_hand(base: str) -> None:
    view = post(base, "/api/open", {"text": POSITION})
    assert view["kind"] == "position" and view["notation"] == POSITION
    done = post(base, "/api/move", {"state": view["state"], "move": "+r2/13R"})
    assert done["outcome"]["move"] == "+r2/13R" and done["view"]["to_act"] == "red"
    moved = post(base, "/api/edit", {"state": view["state"], "colour": "red", "hex": [9, 13],
                                     "heading": "NE"})
    assert "red 9,13 NE" in moved["notation"]
    status, data, _ = request(base, "/api/edit", {"state": view["state"], "colour": "red",
                                                  "hex": [0, 0]})
    assert status == 400 and "on land" in data["error"]


def test_a_course_is_shown_and_set_up_for_a_ruling(base: str) -> None:
    view = post(base, "/api/course", {"race": "B", "seed": 3, "expansion": True})
    assert view["kind"] == "course" and view["race"] == "B" and view["seed"] == "3"
    assert view["code"].startswith("classic:B:") and view["code"].count(":") == 4
    same = post(base, "/api/open", {"text": view["code"]})
    assert same["code"] == view["code"]
    ruling = post(base, "/api/setup", {"state": view["state"], "players": "red,blue"})
    assert [b["colour"] for b in ruling["boats"]] == ["red", "blue"]
    assert ruling["notation"].startswith(view["code"] + " | red ")


def test_bad_requests_get_the_reason_the_command_line_gives(base: str) -> None:
    bad = POSITION.replace("8,12 E", "8,12 Q")
    with pytest.raises(NotationError) as cli_error:
        parse_position(bad, None, RaceBook())
    status, data, _ = request(base, "/api/open", {"text": bad})
    assert status == 400 and data["error"] == ("read as a position (it has '|'): "
                                               + str(cli_error.value).removeprefix("position: "))
    view = post(base, "/api/open", {"text": POSITION})
    status, data, _ = request(base, "/api/move", {"state": view["state"], "move": "-1S"})
    assert status == 422 and data["error"].startswith("illegal: yellow holds no 1 to remove")
    status, data, _ = request(base, "/api/move", {"state": view["state"], "move": "up"})
    assert status == 400 and "it must end with the turn L, S or R" in data["error"]
    status, data, _ = request(base, "/api/headings", {"state": view["state"], "step": "+",
                                                      "rolled": "4"})
    assert status == 400 and "each 1, 2 or 3" in data["error"]
    status, data, _ = request(base, "/api/open", {"text": "[Game \"Powerboats\"]\nrace A\n"})
    assert status == 400 and "lacks the tag" in data["error"]
    status, data, _ = request(base, "/api/state", {"state": {"kind": "file", "path": "/etc"}})
    assert status == 400 and "kind" in data["error"]
    status, data, _ = request(base, "/api/open", {"text": "classic:A:@x.json"})
    assert status == 400


MANGLED = [
    # a position that lost its '|': it was read as a course code ("expected LAKE:RACE:...")
    ("classic:A:A1,A2cw,A4cw,A3cw:E,E  yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1  yellow 2",
     "read as a position (it names a boat, 'yellow 8,12 E'): expected 'COURSE | BOATS | COLOUR "
     "TURN [| RULES]'"),
    ("yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1", "read as a position (it names a boat"),
    # a record without its header: it was read as a course code too
    ("place yellow 6,13 E\nplace red 7,13 E\n1 yellow +/1L\n1 red +/2S",
     "read as a game record (it has the record line 'place yellow 6,13 E'): record:1:1: not a "
     "game record: a record starts with its tags"),
    ("1 yellow +/1L\n1 red +/2S", "read as a game record (it has the record line '1 yellow "
     "+/1L')"),
    ("classic:A:A1,A2cw", "read as a course code (it has no '|' and no record lines): course "
     "'classic:A:A1,A2cw': expected LAKE:RACE:SPOTS"),
    ('{"race": "A", "board": {"board": "classic"}}', "read as JSON (it starts with '{')"),
]


@pytest.mark.parametrize(("text", "reason"), MANGLED)
def test_a_mangled_paste_is_named_for_what_it_looked_like(base: str, text: str,
                                                          reason: str) -> None:
    """The paste box read every text it could not place as a course code: the reason says what
    the text was read as, why, and what is wrong."""
    status, data, _ = request(base, "/api/open", {"text": text})
    assert status == 400 and data["error"].startswith(reason), data["error"]


@pytest.mark.parametrize(("raw", "reason"), [
    (b"[" * 100_000 + b"]" * 100_000, "request body:1:17: not usable JSON: nested more than 16 deep"),
    (b'{"text": 1' + b"1" * 5000 + b"}",
     "request body:1:10: not usable JSON: a number with more than 4300 digits"),
    (b'{"text": "\xff"}', "request body: not UTF-8 text (byte 11)"),
    (b'{"text": ', "request body:1:10: not valid JSON: Expecting value"),
])
def test_a_bad_body_is_refused_in_one_whole_line(base: str, raw: bytes, reason: str) -> None:
    """No reason is Python's own message cut at 80 characters ("maximum recursion depth exceeded
    while decoding a JSON array from a unicode stri")."""
    status, data, _ = request(base, "/api/open", raw=raw)
    assert status == 400 and data["error"] == reason


def test_a_boat_moved_off_the_lake_is_off_the_lake_not_on_land(base: str) -> None:
    """BOARD-02 counts the lake's edge as land for moves; a hex beyond the lake is still named
    as such (``edit`` to [999, 999] said "yellow is on land")."""
    view = post(base, "/api/open", {"text": POSITION})
    status, data, _ = request(base, "/api/edit", {"state": view["state"], "colour": "yellow",
                                                  "hex": [999, 999]})
    assert status == 400
    assert data["error"] == ("yellow is off the lake at (999, 999): the lake has rows "
                             "0-27 and columns 0-27")
    status, data, _ = request(base, "/api/edit", {"state": view["state"], "colour": "yellow",
                                                  "hex": [27, 27]})
    assert status == 400 and data["error"] == "yellow is on land at (27, 27)"


def raw_post(base: str, header: bytes, body: list[bytes]) -> tuple[int, bytes]:
    """POST to /api/open by hand, the body in parts (the server may answer before it has read
    them all): the status and the whole answer."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as conn:
        conn.sendall(b"POST /api/open HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\n" + header + b"\r\n\r\n")
        try:
            for part in body:
                conn.sendall(part)
        except OSError:
            pass  # the server answered and closed early
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
            if b"}" in answer:
                break
    return int(answer.split(b" ", 2)[1]), answer


def test_the_server_refuses_what_is_not_a_small_json_request(base: str) -> None:
    status, data, _ = request(base, "/api/open", raw=b"text=1", content_type="text/plain")
    assert status == 415 and "JSON" in data["error"]
    status, data, _ = request(base, "/api/open", raw=b"{nope")
    assert status == 400 and data["error"].startswith("request body:1:2: not valid JSON")
    status, data, _ = request(base, "/api/open", raw=b"[1]")
    assert status == 400 and data["error"] == "request body: expected a JSON object, got [1]"
    status, data, _ = request(base, "/api/open", raw=b"[" * 100_000)  # no recursion error
    assert status == 400 and data["error"] == ("request body:1:17: not usable JSON: nested more "
                                               "than 16 deep")
    status, answer = raw_post(base, b"Content-Length: 600000", [b'{"text": "xx'])
    assert status == 413 and b"too large" in answer
    chunk = b"%x\r\n%s\r\n" % (64 * 1024, b"x" * 64 * 1024)
    status, answer = raw_post(base, b"Transfer-Encoding: chunked", [chunk] * 9 + [b"0\r\n\r\n"])
    assert status == 413 and b"too large" in answer
    status, _, _ = request(base, "/api/nothing", {})
    assert status == 404
    status, _, _ = request(base, "/api/open")  # GET
    assert status == 405
    status, _, _ = request(base, "/api/open", {"text": POSITION}, headers={"Host": "evil.test"})
    assert status == 400


def test_no_state_is_shared_and_nothing_is_written(base: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    one = placed_game(base, seed=1)
    two = placed_game(base, seed=2, players="orange,purple,black")
    ahead = post(base, "/api/headings", {"state": one["state"], "step": "+", "rolled": "3"})
    one_after = post(base, "/api/move", {"state": one["state"],
                                         "move": next(c for c in ahead["choices"]
                                                      if c["legal"])["move"]})["view"]
    again = post(base, "/api/state", {"state": two["state"]})
    assert again["notation"] == two["notation"] and again["players"] == two["players"]
    assert one_after["players"] == ["yellow", "red"]
    status, pdf, head = request(base, "/api/sheet", {"state": one_after["state"]})
    assert status == 200 and pdf[:5] == b"%PDF-" and "powerboats-game.pdf" in head[
        "content-disposition"]
    assert list(tmp_path.iterdir()) == []


def test_the_page_and_its_script_are_served(base: str) -> None:
    status, page, _head = request(base, "/")
    assert status == 200 and b'<script src="/static/app.js">' in page
    for name in ("app.js", "style.css"):
        status, _, _ = request(base, f"/static/{name}")
        assert status == 200


def test_the_readme_shows_how_to_start_it_with_a_small_screenshot() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "course-builder serve" in readme and "docs/web-example.png" in readme
    picture = ROOT / "docs" / "web-example.png"
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert picture.stat().st_size < 200_000


def test_other_commands_do_not_import_the_web_stack() -> None:
    code = "import sys, course_builder.cli; print(sorted({'starlette', 'uvicorn'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_serve_listens_on_localhost_and_prints_the_address(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "course_builder", "serve", "--port", "0",
                             "--data", str(tmp_path)],
                            stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert m, line
        base = f"http://127.0.0.1:{m.group(1)}"
        deadline = time.monotonic() + 20
        while True:
            try:
                status, _, _ = request(base, "/")
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert status == 200
    finally:
        proc.terminate()
        proc.wait(10)


def test_serve_answers_without_waiting_for_the_clients_delayed_ack(tmp_path: Path) -> None:
    """A response goes out as headers, then body: with Nagle's algorithm on (asyncio turns it
    off only on sockets that say they are TCP) the body waited 40 ms for the client's ACK."""
    from tests.roomclient import serve_process

    with serve_process("--data", str(tmp_path)) as served:
        host, port = served.base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port))) as conn:
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            times = []
            for _ in range(9):
                started = time.monotonic()
                conn.sendall(b"GET /api/rooms/abcdefghijkl HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                answer = b""
                while not answer.endswith(b"}"):  # the one-line JSON refusal, whole
                    answer += conn.recv(65536)
                times.append(time.monotonic() - started)
        assert answer.startswith(b"HTTP/1.1 401")
        assert sorted(times)[4] < 0.025, times  # the median; 0.040 and more with the delay
