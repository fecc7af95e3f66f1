"""Whole games (issue: whole games): seats and start order, scoring and the score variant, damage
carried over, game records written, read and replayed, and `play` and `replay` on the command
line. Rules: reference, "Start Positions", "Course Start", "Damage", "Scoring / Victory
Conditions", "2-Player Variant"; rulings GAME-01..GAME-06, MOVE-08, MOVE-09.
"""

from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.core.hexgrid import Direction, from_offset
from course_builder.core.values import replace
from course_builder.powerboats.course.generate import CourseMaker
from course_builder.powerboats.game.game import Game, GameError, GameSetup, Placement, new_game
from course_builder.powerboats.game.record import (
    RecordError,
    TurnNumbering,
    read_record,
    replay,
    write_record,
)
from course_builder.powerboats.game.scoring import (
    BoatResult,
    RaceResult,
    Scoring,
    place_points,
    standings,
    variant_points,
)
from course_builder.powerboats.game.seeding import table_roll
from course_builder.powerboats.lake.catalog import classic_board
from course_builder.powerboats.play.notation import parse_move
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import Rules

GAME = Path(__file__).parent / "data" / "game-4-boats.pbr"
COLOURS = ("yellow", "red", "orange", "purple", "black", "green")


DEFAULT = Rules()


@functools.cache
def races(rules: Rules = DEFAULT) -> tuple[Race, Race, Race]:
    board = classic_board()
    maker = CourseMaker(board)
    a, b, c = (Race(board, maker.generate(r, 7), rules) for r in "ABC")
    return a, b, c


def result(race: str, *places: tuple[str, int, int]) -> RaceResult:
    return RaceResult(race, tuple(BoatResult(c, p, t) for c, p, t in places))


# -- scoring (reference, "Victory Points per Race"; GAME-01) -----------------------------------


def test_the_rulebook_five_player_points_game01() -> None:
    assert [place_points(5, p, "A") for p in range(1, 6)] == [4, 3, 2, 1, 0]
    assert [place_points(5, p, "B") for p in range(1, 6)] == [8, 6, 4, 2, 0]
    assert [place_points(5, p, "C") for p in range(1, 6)] == [12, 9, 6, 3, 0]


@pytest.mark.parametrize("players", range(2, 7))
def test_points_for_two_to_six_boats_game01(players: int) -> None:
    for k, race in enumerate("ABC", start=1):
        assert [place_points(players, p, race) for p in range(1, players + 1)] == [
            (players - p) * k for p in range(1, players + 1)]
    assert place_points(players, 0, "C") == 0  # did not finish


def test_a_sunk_boat_scores_nothing_and_places_still_count_all_players_game01() -> None:
    """PB-30: one of five sinks; the finishers get 4/3/2/1."""
    r = result("A", ("yellow", 1, 20), ("red", 2, 21), ("orange", 0, 0), ("purple", 3, 22),
               ("black", 4, 23))
    points = {s.colour: s.points for s in standings(COLOURS[:5], [r])}
    assert points == {"yellow": 4, "red": 3, "purple": 2, "black": 1, "orange": 0}


def test_ties_are_broken_by_the_last_race_game02() -> None:
    a = result("A", ("yellow", 1, 20), ("red", 2, 25))
    b = result("B", ("yellow", 2, 30), ("red", 1, 28))
    table = standings(("yellow", "red"), [a, b])
    assert [(s.colour, s.points, s.rank) for s in table] == [("red", 2, 1), ("yellow", 1, 2)]
    level = standings(("yellow", "red"), [result("A", ("yellow", 1, 9), ("red", 2, 9)),
                                          result("B", ("yellow", 2, 9), ("red", 1, 9)),
                                          result("C", ("yellow", 1, 9), ("red", 0, 0))])
    assert [(s.colour, s.points, s.rank) for s in level] == [("yellow", 4, 1), ("red", 2, 2)]


def test_the_score_variant_pb31_game03() -> None:
    """PB-31: A finishes on its 20th turn, B on its 23rd: A gets 3 more; if B sinks, A is the
    last finisher (+0) and gets 5 for the sunk boat."""
    both = result("A", ("yellow", 1, 20), ("red", 2, 23))
    assert variant_points(both) == {"yellow": 3, "red": 0}
    assert [s.points for s in standings(("yellow", "red"), [both], Scoring.VARIANT)] == [4, 0]
    sunk = result("A", ("yellow", 1, 20), ("red", 0, 0))
    assert variant_points(sunk) == {"yellow": 5, "red": 0}


# -- seats, start player and placement order (reference, "Start Positions"; GAME-04) -------------


@pytest.mark.parametrize("players", range(2, 7))
def test_start_player_rotates_left_and_placement_runs_right_game04(players: int) -> None:
    colours = COLOURS[:players]
    setup = GameSetup(colours, colours[1], races())
    assert [setup.start_seat(k) for k in range(3)] == [(1 + k) % players for k in range(3)]
    for k in range(3):
        order = setup.placement_order(k)
        start = colours[setup.start_seat(k)]
        assert order[-1] == start  # the start player places last
        assert order[0] == colours[(setup.start_seat(k) - 1) % players]  # right-hand neighbour
        assert sorted(order) == sorted(colours)
        # counter-clockwise: each next placer sits to the right of the one before
        seats = [colours.index(c) for c in order]
        assert all((a - b) % players == 1 for a, b in itertools.pairwise(seats))


def test_a_game_needs_two_to_six_known_boats_game04() -> None:
    with pytest.raises(GameError, match="2 to 6 boats"):
        GameSetup(("red",), "red", races())
    with pytest.raises(GameError, match="no boat is 'pink'"):
        GameSetup(("red", "pink"), "red", races())
    with pytest.raises(GameError, match="start player"):
        GameSetup(("red", "yellow"), "green", races())


def test_placement_is_checked_and_the_start_player_moves_first_game04() -> None:
    game = new_game(("yellow", "red", "orange"), "red", races())
    assert game.to_act == "yellow"  # red's right-hand neighbour
    with pytest.raises(GameError, match="yellow places its boat now, not red"):
        game.place("red", game.free_start_hexes()[0], Direction.E)
    with pytest.raises(GameError, match="on or behind the start/finish tile"):
        game.place("yellow", from_offset(1, 1), Direction.E)
    first = game.free_start_hexes()[0]
    game = game.place("yellow", first, Direction.E)
    with pytest.raises(GameError, match="another boat is there"):
        game.place("orange", first, Direction.E)
    game = game.place("orange", game.free_start_hexes()[0], Direction.NE)
    game = game.place("red", game.free_start_hexes()[0], Direction.SE)
    assert game.position is not None and game.to_act == "red" and game.position.turn == 1


def test_turn_number_grows_at_the_start_player_move08() -> None:
    """MOVE-08: a race's position lists the boats clockwise from its start player, so the turn
    number grows when play comes round to the start player, in every race: the boats seated
    before the start player make their first move on turn 1 too (issue: "turn 2: yellow")."""
    for race in range(3):
        game = new_game(("yellow", "red", "orange"), "red", races())
        game = Game(game.setup, race)
        for colour in game.setup.placement_order(race):
            game = game.place(colour, game.free_start_hexes()[0], Direction.E)
        position = game.position
        assert position is not None
        start = (("red", "orange", "yellow"), ("orange", "yellow", "red"),
                 ("yellow", "red", "orange"))[race]
        assert [b.colour for b in position.boats] == list(start)
        seen = []
        for _ in range(6):  # two rounds of keeping no dice and going straight on
            seen.append((position.turn, position.boat.colour))
            game = game.move(parse_move("S"))[0]
            position = game.position
            assert position is not None
        assert seen == [(t, c) for t in (1, 2) for c in start]


def test_the_score_variant_counts_turns_from_the_start_player_move08_game03() -> None:
    """GAME-03 with MOVE-08's numbering: 3 boats, red (seat 2) starts; red finishes in round 15,
    orange sinks, yellow (seat 1, before the start player) finishes in round 16: red is 1 turn
    ahead, 2 + 1 + 5 = 8 (counting from seat 1 made yellow's round 16 'turn 17': 9)."""
    setup = GameSetup(("yellow", "red", "orange"), "red", races(), Scoring.VARIANT)
    game = Game(setup)
    for colour in setup.placement_order(0):
        game = game.place(colour, game.free_start_hexes()[0], Direction.E)
    assert game.position is not None
    ready = {"red": dict(hex=from_offset(8, 11), heading=Direction.E, next_buoy=4),
             "orange": dict(hex=from_offset(6, 13), heading=Direction.SW, damage=3),
             "yellow": dict(hex=from_offset(5, 13), heading=Direction.E, next_buoy=4)}
    position = game.position
    boats = tuple(replace(b, **ready[b.colour]) for b in position.boats)
    game = replace(game, position=position.derive(boats, position.to_move, 15))
    for expected, move in [((15, "red"), "+/1S"), ((15, "orange"), "+/3S"),
                           ((15, "yellow"), "S"), ((16, "yellow"), "+/1S")]:
        assert game.position is not None
        assert (game.position.turn, game.position.boat.colour) == expected
        game = game.move(parse_move(move))[0]
    assert game.results[0].order() == ["red", "yellow", "orange"]
    assert [(b.colour, b.finish_turn) for b in game.results[0].boats] == [
        ("yellow", 16), ("red", 15), ("orange", 0)]  # by seat
    assert {s.colour: s.points for s in game.standings()} == {"red": 8, "yellow": 6, "orange": 0}


# -- damage carried over (reference, "Damage"; MOVE-09) -----------------------------------------


def test_carried_damage_between_races_move09() -> None:
    game = Game(GameSetup(("yellow", "red"), "red", races()),
                results=(result("A", ("yellow", 1, 20), ("red", 2, 23)),))
    game = Game(game.setup, 1, results=(RaceResult("A", (BoatResult("yellow", 1, 20, 3),
                                                          BoatResult("red", 0, 0, 6))),))
    assert game.carried_damage("yellow") == 1 and game.carried_damage("red") == 1
    into_c = Game(game.setup, 2, results=(*game.results, RaceResult("B", (
        BoatResult("yellow", 1, 30, 0), BoatResult("red", 2, 31, 2)))))
    assert into_c.carried_damage("yellow") == 1 and into_c.carried_damage("red") == 2
    one_per_race = GameSetup(("yellow", "red"), "red", races(Rules(damage_carry="one-per-race")))
    assert Game(one_per_race, 2, results=into_c.results).carried_damage("yellow") == 2


# -- a whole game, its record and replay (GAME-05, GAME-06) --------------------------------------


def test_the_recorded_four_boat_game_replays_to_its_standings_game05() -> None:
    record = read_record(GAME.read_text(), str(GAME))
    done = replay(record)
    assert done.ok, done.error
    game = done.game
    assert game.over and len(game.results) == 3
    assert [(s.colour, s.points) for s in game.standings()] == [
        ("yellow", 13), ("red", 9), ("purple", 6), ("orange", 3)]
    # boats sank, finished and carried damage into the next race
    assert any(not b.finished for r in game.results for b in r.boats)
    assert game.results[0].order() == ["orange", "purple", "yellow", "red"]


def test_a_record_round_trips_game05() -> None:
    text = GAME.read_text()
    game = replay(read_record(text)).game
    tags = {"Event": "course_builder test game, played by one-turn lookahead bots", "Seed": "7"}
    assert write_record(game, tags) == text


def _with_line(text: str, number: int, new: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = new
    return "\n".join(lines) + "\n"


def test_an_illegal_move_in_the_middle_is_rejected_there_with_the_reason_game06() -> None:
    text = GAME.read_text()
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("10 orange "))
    bad = _with_line(text, number, "10 orange +/333S")  # adds one die but rolls three
    done = replay(read_record(bad))
    assert not done.ok and done.error is not None
    assert done.error.line == number
    moves_before = sum(1 for line in lines[:number - 1]
                       if line[:1].isdigit() or line.startswith("place "))
    assert done.error.number == moves_before + 1
    assert str(done.error).startswith(f"line {number}, move {moves_before + 1} (10 orange "
                                      "+/333S): illegal: ")
    assert "3 dice values given, but 1 die is rolled" in done.error.reason


@pytest.mark.parametrize(("edit", "reason"), [
    (lambda line: line.replace("orange", "purple", 1), "move, not purple's (MOVE-08)"),
    (lambda line: "11" + line[2:], "this is turn 10, not 11"),
])
def test_an_inconsistent_entry_is_rejected_game06(edit, reason) -> None:
    text = GAME.read_text()
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("10 orange "))
    done = replay(read_record(_with_line(text, number, edit(lines[number - 1]))))
    assert done.error is not None and done.error.line == number and reason in done.error.reason


def test_a_wrong_stated_result_or_standing_is_caught_game06() -> None:
    text = GAME.read_text()
    bad = text.replace("standings: yellow 13,", "standings: yellow 14,")
    done = replay(read_record(bad))
    assert done.error is not None and "the standings are yellow 13" in done.error.reason
    bad = text.replace("result A: orange 1, purple 2", "result A: purple 1, orange 2")
    assert "race A's result is orange 1, purple 2" in replay(read_record(bad)).error.reason


def test_replay_reports_the_first_line_that_does_not_match_in_file_order_game06() -> None:
    """GAME-06 and `replay`'s help: the first entry that does not match, in file order. A wrong
    result of race A is reported before an illegal move of race B further down, and a result
    given before its race is over is wrong there."""
    text = GAME.read_text()
    lines = text.splitlines()
    result_line = next(i for i, line in enumerate(lines, start=1) if line.startswith("result A"))
    later = next(i for i, line in enumerate(lines, start=1)
                 if i > result_line + 20 and line[:1].isdigit())
    turn, colour, _ = lines[later - 1].split()
    bad = _with_line(text, later, f"{turn} {colour} +/333S")
    bad = bad.replace("result A: orange 1, purple 2", "result A: purple 1, orange 2")
    error = replay(read_record(bad)).error
    assert error is not None and error.line == result_line
    assert "race A's result is orange 1, purple 2" in error.reason
    swapped = list(lines)  # the result now stands before race A's last move
    swapped[result_line - 2], swapped[result_line - 1] = lines[result_line - 1], lines[
        result_line - 2]
    error = replay(read_record("\n".join(swapped) + "\n")).error
    assert error is not None and error.line == result_line - 1
    assert "race A is not over here, yet the record gives its result" in error.reason
    standings_first = text.replace("standings: yellow 13,", "standings: yellow 14,")
    standings_first = _with_line(standings_first, later, f"{turn} {colour} +/333S")
    error = replay(read_record(standings_first)).error
    assert error is not None and error.line == later  # the move comes first in the file


@pytest.mark.parametrize(("text", "message"), [
    ("[Players yellow]\n", "rec:1:1: a tag is [Name \"value\"]"),
    ('[Players "yellow red"]\n[StartPlayer "red"]\n', "rec: the header lacks the tag(s) RaceA"),
    ('[Players "a"]\nplace red 1,1 E\n', "rec:2:1: a 'race A' line comes before"),
    ('[Players "a"]\nrace A\n1 red +/7S\n', "rec:3:1: move '+/7S'"),
    ('[Players "a"]\nrace A\nplace red 1,1 Q\n', "rec:3:1: unknown heading 'Q'"),
    ('[Players "a"]\nrace D\n', "rec:2:1: races are A, B and C"),
])
def test_record_syntax_errors_name_the_line_and_column(text: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_record(text, "rec")
    assert str(caught.value).startswith(message)


# -- the command line ----------------------------------------------------------------------------


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(cli, ["powerboats", *args], input=stdin)


def test_replay_command_text_and_json(tmp_path) -> None:
    ok = run("replay", str(GAME))
    assert ok.exit_code == 0 and ok.stdout.startswith(f"{GAME}: ok: 403 entries, 3 race(s)")
    assert "1. yellow   1  6  6  13" in ok.stdout
    data = json.loads(run("replay", "--format", "json", str(GAME)).stdout)
    assert data["ok"] and data["standings"][0] == {"colour": "yellow", "points": 13,
                                                    "by_race": [1, 6, 6], "rank": 1}
    bad = tmp_path / "bad.pbr"
    bad.write_text(GAME.read_text().replace("\n10 orange ", "\n10 purple ", 1))
    failed = run("replay", str(bad))
    assert failed.exit_code == 1 and "it is orange's move, not purple's" in failed.stdout


def test_the_whole_game_played_at_the_table_through_standard_input(tmp_path) -> None:
    """The recorded game's placements and moves typed into `play`: the saved record is the
    same game, and `replay` accepts it."""
    record = read_record(GAME.read_text())
    typed = []
    for line in record.lines:
        entry = line.entry
        if isinstance(entry, Placement):
            r, c = entry.hex.offset
            typed.append(f"{r},{c} {entry.heading.name}")
        else:
            typed.append(entry.move.notation())
    saved = tmp_path / "game.pbr"
    result = run("play", "--players", "yellow,red,orange,purple", "--start-player", "red",
                 "--seed", "7", "--save", str(saved), stdin="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    assert "The game is over." in result.stdout
    original = GAME.read_text().split("\n", 3)[3]  # without Game, Event, Seed tags
    assert saved.read_text().split("\n", 2)[2] == original
    assert run("replay", str(saved)).exit_code == 0


def test_play_steps_undo_and_resume(tmp_path) -> None:
    saved = tmp_path / "g.pbr"
    script = "8,12 E\n7,13 E\n+\n1\nS\nL\nundo\n+/1R\nshow\nquit\n"
    first = run("play", "--players", "yellow,red", "--start-player", "red", "--seed", "7",
                "--save", str(saved), stdin=script)
    assert first.exit_code == 0, first.output
    assert "'S' is not a legal heading here: L, R" in first.stdout
    assert "took back: turn 1 red +/1L" in first.stdout
    assert saved.read_text().rstrip().endswith("1 red +/1R")
    resumed = run("play", str(saved), stdin="show\n")
    assert resumed.exit_code == 0
    assert "; yellow 8,12 E - d0 n1 | yellow 1" in resumed.stdout  # yellow's turn 1 (MOVE-08)
    assert f"carry on with: course-builder powerboats play {saved}" in resumed.stdout


def test_play_never_overwrites_a_record_and_resume_keeps_its_game(tmp_path) -> None:
    """A record may hold a game in progress: a new game refuses its path (carry on with
    ``play RECORD``), and carrying on refuses options that would set up another game."""
    saved = tmp_path / "g.pbr"
    first = run("play", "--players", "yellow,red", "--seed", "7", "--save", str(saved),
                stdin="8,12 E\nquit\n")
    assert first.exit_code == 0, first.output
    kept = saved.read_text()
    again = run("play", "--players", "yellow,red", "--seed", "7", "--save", str(saved),
                stdin="quit\n")
    assert again.exit_code == 2 and f"'play {saved}'" in again.stderr
    assert saved.read_text() == kept
    mixed = run("play", str(saved), "--players", "yellow,blue", stdin="quit\n")
    assert mixed.exit_code == 2 and "--players cannot change a resumed game" in mixed.stderr


def test_play_checks_the_seats_before_rolling_for_the_start_player(tmp_path) -> None:
    bad = run("play", "--players", "yellow,pink", "--seed", "3", "--save", str(tmp_path / "x.pbr"))
    assert bad.exit_code == 2 and "no boat is 'pink'" in bad.stderr
    assert "rolled" not in bad.output and not (tmp_path / "x.pbr").exists()
    names = run("play", "--players", "yellow,red", "--names", "Ann", "--seed", "3",
                "--save", str(tmp_path / "y.pbr"))
    assert names.exit_code == 2 and "'--names'" in names.stderr


def test_replay_names_the_file_and_tag_line_of_a_bad_header(tmp_path) -> None:
    bad = tmp_path / "bad.pbr"
    lines = GAME.read_text().splitlines()
    number = next(k for k, line in enumerate(lines, start=1) if line.startswith("[Players "))
    lines[number - 1] = '[Players "yellow red orange pink"]'
    bad.write_text("\n".join(lines) + "\n")
    result = run("replay", str(bad))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {bad}:{number}:1: tag Players: no boat is 'pink'")


def test_replay_of_a_file_that_is_not_a_record_says_so(tmp_path) -> None:
    course = tmp_path / "course.json"
    course.write_text(run("course", "--race", "A", "--seed", "1", "--format", "json").stdout)
    result = run("replay", str(course))
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {course}:1:1: not a game record: a record starts with its "
                             "tags, [Name \"value\"] lines (docs/game-records.md)\n")


def test_resume_never_overwrites_another_record_and_devices_are_not_records(tmp_path) -> None:
    first = tmp_path / "g1.pbr"
    run("play", "--players", "yellow,red", "--seed", "7", "--save", str(first), stdin="quit\n")
    precious = tmp_path / "precious.pbr"
    precious.write_text("kept\n")
    resumed = run("play", str(first), "--save", str(precious), stdin="quit\n")
    assert resumed.exit_code == 2 and "holds a record already" in resumed.stderr
    assert precious.read_text() == "kept\n"
    to_null = run("play", "--players", "yellow,red", "--seed", "7", "--save", "/dev/null",
                  stdin="quit\n")
    assert to_null.exit_code == 0, to_null.output


def test_play_numbers_turns_from_the_start_player_and_show_lists_boats_from_it_move08(
        tmp_path) -> None:
    """The issue's table: red starts, yellow sits before it; after red's first move it is
    yellow's turn 1, `show` lists red first, and `replay` accepts the record so numbered."""
    saved = tmp_path / "x.pbr"
    played = run("play", "--players", "yellow,red", "--start-player", "red", "--seed", "5",
                 "--save", str(saved), stdin="8,12 E\n7,13 E\n+/1L\nshow\nquit\n")
    assert played.exit_code == 0, played.output
    assert "Race A, turn 1: yellow at (8, 12)" in played.stdout
    assert "turn 2: yellow" not in played.stdout
    assert "| red 6,13 NE 1 d0 n1 ; yellow 8,12 E - d0 n1 | yellow 1" in played.stdout
    with_yellow = saved.read_text() + "1 yellow +/1S\n2 red =S\n"
    saved.write_text(with_yellow)
    checked = run("replay", str(saved))
    assert checked.exit_code == 0, checked.output
    assert "note:" not in checked.stderr
    saved.write_text(with_yellow.replace("1 yellow +/1S", "3 yellow +/1S"))
    refused = run("replay", str(saved))
    assert refused.exit_code == 1 and "this is turn 1, not 3" in refused.stdout


def test_a_record_numbered_from_the_first_seat_is_accepted_with_a_note_move08(tmp_path) -> None:
    """Records the program wrote before it followed MOVE-08 count the turns from the first
    seat (docs/game-records.md): `replay` accepts them with a note, holds the record to the
    numbering its first telling move shows, and `play RECORD` writes them from the start
    player."""
    old = GAME.with_name("game-4-boats-first-seat.pbr")
    done = replay(read_record(old.read_text()))
    assert done.ok and done.numbering is TurnNumbering.FIRST_SEAT and done.notes
    assert done.game.history == replay(read_record(GAME.read_text())).game.history
    checked = run("replay", str(old))
    assert checked.exit_code == 0 and "numbered from the first seat" in checked.stderr
    assert json.loads(run("replay", "--format", "json", str(old)).stdout)["notes"] == list(
        done.notes)
    lines = old.read_text().splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("2 yellow "))
    later = next(i for i, line in enumerate(lines, start=1) if line.startswith("3 yellow "))
    mixed = _with_line(old.read_text(), later, "2" + lines[later - 1][1:])
    error = replay(read_record(mixed)).error
    assert error is not None and error.line == later and number < later
    assert "this is turn 3, not 2 (the record numbers its turns from the first seat" in (
        error.reason)
    copy = tmp_path / "old.pbr"
    copy.write_text(old.read_text())
    resumed = run("play", str(copy), stdin="quit\n")
    assert resumed.exit_code == 0 and "numbered from the first seat" in resumed.stderr
    assert copy.read_text() == GAME.read_text()


def test_resuming_a_bots_record_adds_no_seed_tag_game05(tmp_path) -> None:
    """GAME-05: a record round-trips exactly, also through `play RECORD`: a bot's record has
    no Seed tag, and resuming it (here mid-race) writes it back as it was."""
    from course_builder.powerboats.study.simulate import simulate_game

    setup = GameSetup(("yellow", "red", "orange"), "orange", races())
    record = simulate_game(setup, ["greedy"] * 3, 4, 0, keep_record=True).record
    assert record is not None and "[Seed " not in record
    lines = record.splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("5 "))
    in_progress = "\n".join(lines[:cut]) + "\n"
    saved = tmp_path / "bots.pbr"
    saved.write_text(in_progress)
    resumed = run("play", str(saved), stdin="quit\n")
    assert resumed.exit_code == 0, resumed.output
    assert saved.read_text() == in_progress
    tagged = tmp_path / "tagged.pbr"
    tagged.write_text(in_progress.replace("[Players ", '[Event "club night"]\n[Players '))
    run("play", str(tagged), stdin="quit\n")
    assert '[Event "club night"]' in tagged.read_text() and "[Seed " not in tagged.read_text()


def test_play_gives_the_games_reason_for_a_start_hex_that_is_not_free_game04(tmp_path) -> None:
    """Reference, "Start Positions" (GAME-04): a hex off the lake, in front of the tile, a buoy
    or land is refused with the game's reason, as `replay` gives it, not as a bad heading."""
    game = new_game(("yellow", "red"), "red", races())
    buoy = game.race.course.buoy(1).hex.offset
    typed = [f"{r},{c} E" for r, c in [(99, 99), (19, 9), buoy, (0, 0)]]
    result = run("play", "--players", "yellow,red", "--start-player", "red", "--seed", "7",
                 "--save", str(tmp_path / "g.pbr"), stdin="\n".join([*typed, "8,12 Q", "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("not allowed: yellow at (") == 4
    assert result.stdout.count("boats start on or behind the start/finish tile") == 4
    assert result.stdout.count("unknown heading") == 1 and "unknown heading 'Q'" in result.stdout


def test_play_keeps_a_roll_and_asks_only_the_heading_again_after_an_illegal_whole_move(
        tmp_path) -> None:
    """Reference, "Rolling Dice" then "Turning Your Speedboat": dice rolled by the table stand
    (`back` does not throw them away), and a whole move that is illegal only by its heading
    keeps its dice: the player chooses the heading again, without typing the values."""
    script = "8,12 E\n7,13 E\n+/1S\nL\n+\nroll\nback\nR\nquit\n"
    saved = tmp_path / "g.pbr"
    result = run("play", "--players", "yellow,red", "--start-player", "red", "--seed", "5",
                 "--save", str(saved), stdin=script)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "illegal: red may not go straight" in out
    assert "the dice stand (1): choose a heading" in out  # no values asked for again
    assert out.count("roll 1 die") == 1  # asked for yellow's step-by-step move only
    assert "rolled 1" in out and "heading: L or S or R > back" in out
    assert "the dice are rolled (1) and stand: choose L or S or R" in out
    assert "no move made" not in out
    assert saved.read_text().rstrip().endswith("1 red +/1L\n1 yellow +/1R")


def test_play_prints_a_races_standings_before_the_next_race_is_set_up(tmp_path) -> None:
    """Reference, "Scoring": race A's standings come right after race A, before race B's
    placements are asked for."""
    record = read_record(GAME.read_text())
    typed = []
    for line in record.lines:
        entry = line.entry
        if isinstance(entry, Placement):
            r, c = entry.hex.offset
            typed.append(f"{r},{c} {entry.heading.name}")
        else:
            typed.append(entry.move.notation())
    result = run("play", "--players", "yellow,red,orange,purple", "--start-player", "red",
                 "--seed", "7", "--save", str(tmp_path / "g.pbr"), stdin="\n".join(typed) + "\n")
    out = result.stdout
    assert out.index("Standings after race A:") < out.index("Race B on ")
    assert out.index("Standings after race B:") < out.index("Race C on ")
    assert "Standings:\n" not in out


def test_play_interrupted_with_ctrl_c_says_how_to_carry_on(tmp_path) -> None:
    """Ctrl-C at the table (a real process and a real SIGINT): the record is saved and the table
    says how to carry on, as at the end of the input; exit 130, not a bare 'Aborted!'."""
    import os
    import signal
    import subprocess
    import sys
    import time

    saved = tmp_path / "g.pbr"
    proc = subprocess.Popen(
        [sys.executable, "-m", "course_builder", "powerboats", "play", "--players", "yellow,red",
         "--start-player", "red", "--seed", "5", "--save", str(saved)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None
    proc.stdin.write("8,12 E\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while "place yellow 8,12 E" not in (saved.read_text() if saved.exists() else ""):
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert ("interrupted; the record is saved: carry on with: course-builder powerboats play "
            f"{saved}") in out
    assert "Aborted!" not in out + err
    assert saved.read_text().rstrip().endswith("place yellow 8,12 E")


@pytest.mark.parametrize(("seed", "entries", "count", "rolled"), [
    (7, 0, 3, (1, 1, 3)), (7, 5, 2, (3, 3)), (123456789, 40, 1, (3,)),
])
def test_the_tables_dice_come_from_the_seed_and_the_entries_so_far(
        seed: int, entries: int, count: int, rolled: tuple[int, ...]) -> None:
    """``play`` and the web page roll a game's dice in one place (game seeding): the values
    are those both rolled before they shared it, so a recorded game rolls as it did."""
    assert table_roll(seed, entries, count) == rolled


def test_the_web_page_rolls_a_games_dice_as_play_does() -> None:
    from course_builder.web import actions
    from course_builder.web.state import game_table

    record = (Path(__file__).resolve().parents[1] / "data/examples/game.pbr").read_text()
    table = replace(game_table(record), seed=7)
    assert table.game is not None
    assert actions._rolled({"roll": True}, table, 3) == table_roll(7, len(table.game.history), 3)
