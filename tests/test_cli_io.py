"""Input and output that never surprise (issue: safe -o, no internal error for a user's mistake,
one consistent CLI). Each test is one point of the issue, run through the real command line
in-process (click's runner); tests/test_cli_fuzz.py runs the installed program as a subprocess.
"""

from __future__ import annotations

import json
import os
import re
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from course_builder.cli import cli
from course_builder.cli.common import ILLEGAL_MOVE, INTERRUPTED, STDOUT_CLOSED
from course_builder.core.resources import data_path
from tests.cli_checks import one_line_error

COURSE = "classic:A:A3,A4ccw,A1cw,A2cw:E,SW"
POSITION = f"{COURSE} | yellow 18,8 E 32 d0 n1 ; red 19,8 E 2 d0 n1 | yellow 3"
README = Path(__file__).resolve().parents[1] / "README.md"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(cli, ["powerboats", *args], input=stdin)




@pytest.fixture(scope="module")
def course_json(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("course") / "course.json"
    assert run("course", "--race", "A", "--seed", "1", "--format", "json",
               "-o", str(path)).exit_code == 0
    return path


def edited(course_json: Path, tmp_path: Path, edit) -> Path:
    data = json.loads(course_json.read_text())
    edit(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    return path


# -- output ------------------------------------------------------------------------------------


def test_a_full_device_is_a_failed_write_not_success() -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    result = run("course", "--race", "A", "--seed", "1", "-o", "/dev/full")
    assert one_line_error(result) == "Error: cannot write /dev/full: no space left on device\n"
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_a_symlink_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "real.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target.name)
    assert run("course", "--race", "A", "--seed", "1", "-o", str(link)).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == "real.txt"
    assert target.read_text().startswith("Powerboats race A")


def test_a_fifo_gets_the_output_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    result = run("course", "--race", "A", "--seed", "1", "-o", str(fifo))
    reader.join(timeout=20)
    assert result.exit_code == 0
    assert received and received[0].startswith(b"Powerboats race A")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_new_file_follows_the_umask_and_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        assert run("course", "--race", "A", "--seed", "1", "-o", str(tmp_path / "new.txt")
                   ).exit_code == 0
        kept = tmp_path / "kept.txt"
        kept.write_text("old")
        kept.chmod(0o604)
        assert run("course", "--race", "A", "--seed", "1", "-o", str(kept)).exit_code == 0
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.txt").st_mode) == 0o640
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o604


def test_a_path_that_cannot_be_written_is_exit_1_naming_it(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    target = blocker / "out.txt"
    result = run("course", "--race", "A", "--seed", "1", "-o", str(target))
    assert one_line_error(result) == f"Error: cannot write {target}: not a directory\n"
    folder = tmp_path / "folder"
    folder.mkdir()
    result = run("course", "--race", "A", "--seed", "1", "-o", str(folder))
    assert result.exit_code in (1, 2) and "Traceback" not in result.output


def test_several_pages_are_written_all_or_nothing(tmp_path: Path) -> None:
    (tmp_path / "game-C.svg").mkdir()  # the third page cannot be written
    result = run("sheet", "--race", "game", "--seed", "1", "--format", "svg",
                 "-o", str(tmp_path / "game.svg"))
    assert one_line_error(result).startswith(f"Error: cannot write {tmp_path / 'game-C.svg'}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-C.svg"]


def test_dash_writes_text_to_stdout_and_refuses_binary(tmp_path: Path) -> None:
    text = run("course", "--race", "A", "--seed", "1", "-o", "-")
    assert text.exit_code == 0 and text.stdout.startswith("Powerboats race A")
    for fmt in ("pdf", "png"):
        binary = run("sheet", "--race", "A", "--seed", "1", "--format", fmt, "-o", "-")
        assert binary.exit_code == 2 and "binary" in binary.stderr
    assert not Path("-").exists()


def test_help_says_what_output_does() -> None:
    for command in ("course", "board", "sheet"):
        help_text = " ".join(run(command, "--help").stdout.split())
        assert "Missing folders are created" in help_text or "missing folders are created" in \
            help_text, command


# -- input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(seed=-5), "seed: expected a whole number from 0 to"),
    (lambda d: d["options"].update(finish_buoy_on_water="yes"),
     "options.finish_buoy_on_water: expected true or false, got 'yes'"),
    (lambda d: d.update(options=["finish_buoy_on_water"]), "options: expected an object"),
    (lambda d: d.update(board={"board": "random", "seed": 1, "tile_size": [2000, 2000],
                               "density": 0.1}), "tile rows must be even, 6 to 48, got 2000"),
])
def test_course_files_with_bad_values_are_refused(course_json, tmp_path, edit, message) -> None:
    result = run("validate", str(edited(course_json, tmp_path, edit)))
    assert result.exit_code == 1
    assert message in result.stdout and result.stdout.count("\n") == 1


@pytest.mark.parametrize("text", ["9" * 5000, "NaN", "[" * 100_000 + "]" * 100_000])
def test_unusable_json_is_one_problem(course_json, tmp_path, text) -> None:
    raw = course_json.read_text()
    path = tmp_path / "odd.json"
    path.write_text(raw.replace('"seed": 1', f'"seed": {text}') if "[" not in text else text)
    result = run("validate", str(path))
    assert result.exit_code == 1 and result.stdout.count("\n") == 1
    assert result.stdout.startswith(f"{path}")


def test_a_byte_order_mark_is_accepted_everywhere(course_json, tmp_path) -> None:
    course = tmp_path / "bom.json"
    course.write_text(course_json.read_text(), encoding="utf-8-sig")
    assert run("validate", str(course)).exit_code == 0
    board = tmp_path / "bom.board"
    board.write_text(data_path("boards", "classic.board").read_text(), encoding="utf-8-sig")
    assert run("check-board", str(board)).exit_code == 0
    position = tmp_path / "bom.pos"
    position.write_text(POSITION, encoding="utf-8-sig")
    assert run("moves", str(position), "--dice", "3").exit_code == 0


def test_position_files_comments_stdin_missing_and_binary(tmp_path) -> None:
    commented = tmp_path / "p.txt"
    commented.write_text(f"# a study\n\n{POSITION}\n# the end\n")
    assert run("moves", str(commented), "--dice", "3").exit_code == 0
    piped = run("moves", "-", "--dice", "3", stdin=POSITION + "\n")
    assert piped.exit_code == 0 and piped.stdout.startswith("yellow at (18, 8)")
    missing = run("moves", str(tmp_path / "none.txt"), "--dice", "3")
    assert one_line_error(missing) == f"Error: {tmp_path / 'none.txt'}: no such file\n"
    binary = tmp_path / "bin.pos"
    binary.write_bytes(b"\x00\xff\xfe\x80 position")
    result = run("moves", str(binary), "--dice", "3")
    assert one_line_error(result) == f"Error: {binary}: not UTF-8 text (byte 2)\n"


@pytest.mark.parametrize(("position", "message"), [
    (POSITION.replace("red 19,8", "pink 19,8"), "no boat is 'pink'"),
    (POSITION.replace("E 32 d0", "E 3333333333 d0"), "yellow holds 10 dice at turn 3"),
    (POSITION.replace("d0 n1 ;", "d0 nF f1 x ;"), "both finished (f1) and sunk (x)"),
    (POSITION.replace("| yellow 3", "| yellow 0"), "the turn number must be 1 or more"),
])
def test_impossible_positions_are_refused_with_the_reason(position, message) -> None:
    assert message in one_line_error(run("moves", position, "--dice", "3"))


def test_position_json_is_strict(tmp_path) -> None:
    result = run("adjudicate", POSITION, "--move", "S", "--format", "json")
    assert result.exit_code in (0, ILLEGAL_MOVE)
    data = json.loads(result.stdout)["position"]
    good = {"notation": data} if isinstance(data, str) else data
    path = tmp_path / "p.json"
    path.write_text(json.dumps(good))
    assert run("moves", str(path), "--dice", "3").exit_code == 0
    if "boats" in good:
        good["boats"][0]["damage"] = "1"
        path.write_text(json.dumps(good))
        assert "damage: expected a whole number" in one_line_error(
            run("moves", str(path), "--dice", "3"))


@pytest.mark.parametrize(("dice", "message"), [
    ("3,,1", "empty value between commas"),
    ("3 1 3", "separate the dice with commas"),
    ("4", "dice show 1, 2 or 3"),
])
def test_dice_values_are_refused_with_the_expected_form(dice, message) -> None:
    result = run("moves", POSITION, "--dice", dice)
    assert result.exit_code == 2 and message in result.stderr


def test_check_board_says_what_races_need(tmp_path) -> None:
    text = data_path("boards", "classic.board").read_text()
    head, border = text.split("[border]", 1)
    dry = tmp_path / "dry.board"
    dry.write_text(head + "[border]" + border.replace(" . ", " # "))
    result = run("check-board", str(dry))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{dry}: race {r}: its spots {r}1, {r}2, {r}3, {r}4 do not all lie on one body of open "
        "water, so no boat can reach every buoy" for r in "ABC"]
    report = json.loads(run("check-board", "--format", "json", str(dry)).stdout)
    assert report["ok"] is False and len(report["problems"]) == 3
    assert any("bodies" in note for note in report["notes"])


# -- one consistent CLI ------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--race", "--board", "--shuffle-tiles", "--seed",
                                    "--expansion", "--tile-size"])
def test_sheet_course_refuses_options_it_would_ignore(course_json, option) -> None:
    values = {"--race": ["B"], "--board": ["random"], "--seed": ["3"], "--tile-size": ["12x8"]}
    result = run("sheet", str(course_json), option, *values.get(option, []))
    assert result.exit_code == 2 and "not used with a course file" in result.stderr


def test_dpi_is_refused_where_it_does_nothing() -> None:
    result = run("sheet", "--race", "A", "--seed", "1", "--format", "svg", "--dpi", "100")
    assert result.exit_code == 2 and "--dpi only applies to --format png" in result.stderr


def test_validate_puts_every_problem_on_stdout_with_the_file_name(course_json, tmp_path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"race": "A",\n')
    result = run("validate", str(broken))
    assert result.exit_code == 1 and result.stderr == ""
    assert result.stdout.startswith(f"{broken}:2:1: not valid JSON")
    report = json.loads(run("validate", "--format", "json", str(course_json)).stdout)
    assert report == {"file": str(course_json), "ok": True, "race": "A",
                      "route_length": report["route_length"], "problems": []}


@pytest.mark.parametrize("args", [
    ["--tile-size", "0x0"], ["--tile-size", "axb"], ["--tile-size", "50x50"],
    ["--density", "nan"], ["--density", "inf"], ["--density", "-1"],
])
def test_bad_option_values_are_all_usage_errors(args) -> None:
    result = run("board", "--board", "random", "--seed", "1", *args)
    assert result.exit_code == 2, result.output


def test_density_zero_says_to_raise_it() -> None:
    result = run("board", "--board", "random", "--seed", "1", "--density", "0")
    assert "raise it" in one_line_error(result)


def test_shuffled_board_text_names_each_slot_and_turn() -> None:
    text = run("board", "--shuffle-tiles", "--rotate-tiles", "--seed", "3").stdout
    lines = text.splitlines()
    assert lines[0] == "Lake: classic, seed 3"
    assert re.fullmatch(r"Tiles: (T\d\d=\dd?r? ?){6}", lines[1].strip() + " ")
    assert "turned" in lines[2]


def test_race_choices_read_as_the_game_names_them() -> None:
    assert "--race A|B|C|game" in run("sheet", "--help").stdout
    assert "--race A|B|C " in run("course", "--help").stdout


# -- the README's promises ---------------------------------------------------------------------


def test_the_readme_exit_code_table_matches_the_program() -> None:
    rows = re.findall(r"^\| (\d+) \| ", README.read_text(), re.MULTILINE)
    assert [int(r) for r in rows] == [0, 1, 2, 3, ILLEGAL_MOVE, INTERRUPTED, STDOUT_CLOSED]


def test_the_readme_position_file_example_works(tmp_path) -> None:
    block = README.read_text().split("# position.txt", 1)[1].split("```", 1)[0]
    path = tmp_path / "position.txt"
    path.write_text("# position.txt" + block)
    assert run("moves", str(path), "--dice", "3,2").exit_code == 0


def test_an_illegal_move_exits_4_as_the_readme_says() -> None:
    result = run("adjudicate", POSITION, "--move", "L")
    assert result.exit_code == ILLEGAL_MOVE and "illegal:" in result.stdout


def test_a_one_page_svg_sheet_goes_to_stdout() -> None:
    result = run("sheet", "--race", "A", "--seed", "1", "--format", "svg", "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<svg") and result.stdout.rstrip().endswith("</svg>")


def test_the_sheet_format_follows_the_file_name(tmp_path: Path) -> None:
    png = run("sheet", "--race", "A", "--seed", "1", "--dpi", "50", "-o", str(tmp_path / "a.png"))
    assert png.exit_code == 0 and (tmp_path / "a.png").read_bytes()[:4] == b"\x89PNG"
    svg = run("sheet", "--race", "A", "--seed", "1", "-o", str(tmp_path / "a.SVG"))
    assert svg.exit_code == 0 and (tmp_path / "a.SVG").read_text().startswith("<svg")
    clash = run("sheet", "--race", "A", "--seed", "1", "--format", "svg",
                "-o", str(tmp_path / "b.pdf"))
    assert clash.exit_code == 2 and "--format svg does not match" in clash.stderr
    assert not (tmp_path / "b.pdf").exists()
    plain = run("sheet", "--race", "A", "--seed", "1", "-o", str(tmp_path / "sheet"))
    assert plain.exit_code == 0 and (tmp_path / "sheet").read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize(("position", "dice", "message"), [
    (POSITION.replace("yellow 18,8 E 32 d0 n1", "yellow 18,8 E - d4 n1 x"), "3",
     "yellow has sunk and does not move any more"),
    (POSITION.replace("yellow 18,8 E 32 d0 n1", "yellow 18,8 E - d0 nF f1"), "3",
     "yellow has finished 1 and does not move any more"),
    (POSITION.replace("yellow 18,8 E 32", "yellow 18,8 E -").replace("| yellow 3", "| yellow 1"),
     "3,3", "yellow holds 0 dice: after its dice step it holds 0 to 1, not 2"),
    (POSITION, "3,1,3,1,1,1", "yellow holds 2 dice: after its dice step it holds 1 to 3, not 6"),
])
def test_moves_refuses_a_boat_that_cannot_move_or_hold_those_dice(position, dice, message
                                                                   ) -> None:
    """Rulebook "Rolling Dice": one dice step changes the count by one at most, from none at the
    start; a finished or sunk boat does not move (MOVE-11)."""
    result = run("moves", position, "--dice", dice)
    assert result.exit_code == 1 and message in one_line_error(result)


def test_an_adjudicated_move_is_the_next_position_file(tmp_path: Path) -> None:
    """README: `adjudicate --format json` prints the position after the move, and that output
    is a position file for the next question."""
    out = run("adjudicate", POSITION, "--move", "+/2S", "--format", "json")
    assert out.exit_code == 0, out.output
    path = tmp_path / "after.json"
    path.write_text(out.stdout)
    result = run("moves", str(path), "--dice", "2,2")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("red at (19, 8)")


def test_a_course_file_finds_its_board_file_beside_it(tmp_path: Path, monkeypatch) -> None:
    """A course made with --board my-lake.board records that name; the course file keeps
    working from any folder (the board is looked for beside the course file first)."""
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "my-lake.board").write_text(data_path("boards", "classic.board").read_text())
    monkeypatch.chdir(folder)
    made = run("course", "--race", "A", "--seed", "3", "--board", "my-lake.board",
               "--format", "json", "-o", "course.json")
    assert made.exit_code == 0, made.output
    monkeypatch.chdir(tmp_path)
    checked = run("validate", str(folder / "course.json"))
    assert checked.exit_code == 0 and checked.stdout.endswith("ok: race A course, shortest legal "
                                                              "route 73 hexes\n")


def test_a_misspelt_board_name_is_an_unknown_board(tmp_path: Path) -> None:
    made = run("course", "--race", "A", "--seed", "3", "--format", "json")
    path = tmp_path / "typo.json"
    path.write_text(made.stdout.replace('"classic"', '"clasic"'))
    result = run("validate", str(path))
    assert result.exit_code == 1
    assert result.stdout == (f"{path}: unknown board 'clasic': the built-in boards are classic; "
                             "a board file's name ends in .board\n")
    option = run("course", "--race", "A", "--seed", "3", "--board", "clasic")
    assert option.exit_code == 2 and "no such board: 'clasic'" in option.stderr


def test_a_reader_that_stops_early_is_exit_141_through_dev_stdout_too() -> None:
    """`-o /dev/stdout | head` is the same as `| head`: quiet, exit 141 (README)."""
    import subprocess
    import sys

    code = ("import sys; from course_builder.cli import script; sys.argv[0] = 'course-builder'; "
            "script()")
    process = subprocess.Popen(
        [sys.executable, "-c", code, "powerboats", "sheet", "--race", "A", "--seed", "1",
         "--format", "svg", "-o", "/dev/stdout"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(5) == b"<svg "
    process.stdout.close()
    assert process.wait(timeout=60) == STDOUT_CLOSED
    assert process.stderr.read() == b""


def test_several_pages_are_not_named_after_a_device() -> None:
    result = run("sheet", "--race", "game", "--seed", "1", "--format", "svg", "-o", "/dev/null")
    assert result.exit_code == 2 and "/dev/null is not a file: the 3 pages need a file name" in (
        result.stderr)
    assert not Path("/dev/null-A.svg").exists()


@pytest.mark.parametrize(("seed", "message"), [
    ("abc", "'abc' is not a whole number (a seed is 0 to 2**63-1)"),
    ("-1", "-1 is out of range (a seed is 0 to 2**63-1)"),
    (str(2**63), f"{2**63} is out of range (a seed is 0 to 2**63-1)"),
])
def test_a_bad_seed_says_what_a_seed_is(seed, message) -> None:
    result = run("course", "--seed", seed)
    assert result.exit_code == 2 and message in result.stderr


def test_a_course_file_in_a_position_finds_its_board_beside_it(tmp_path: Path, monkeypatch
                                                                 ) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "my-lake.board").write_text(data_path("boards", "classic.board").read_text())
    monkeypatch.chdir(folder)
    assert run("course", "--race", "A", "--seed", "3", "--board", "my-lake.board",
               "--format", "json", "-o", "course.json").exit_code == 0
    monkeypatch.chdir(tmp_path)
    result = run("moves", "@club/course.json | yellow 12,4 NW - d0 n1 | yellow 1",
                 "--dice", "2")
    assert result.exit_code == 0, result.output


def test_no_dice_kept_under_zero_dice_turn_false_is_refused() -> None:
    """MOVE-02 with zero_dice_turn=False: a boat holding none must add a die."""
    position = f"{COURSE} | yellow 18,8 E - d0 n1 ; red 19,8 E 2 d0 n1 | yellow 3"
    refused = run("moves", "--no-zero-dice-turn", position, "--dice", "")
    assert refused.exit_code == 1 and "must add one" in one_line_error(refused)
    assert run("moves", position, "--dice", "").exit_code == 0


@pytest.mark.parametrize(("args", "status"), [
    (["--help"], 0),
    (["powerboats", "course", "--race", "A", "--seed", "3"], 0),
    (["powerboats", "course", "--race", "Z"], 2),
    (["powerboats", "validate", "/no/such/course.json"], 1),
])
def test_the_script_ends_at_once_keeping_exit_codes_atexit_and_output(args: list[str],
                                                                      status: int) -> None:
    """The script ends the process without tearing the interpreter down (cli.exit_now): the
    documented exit codes stand, functions registered with ``atexit`` still run, and all that
    was printed arrives (the course's last line is its route)."""
    import subprocess
    import sys

    code = ("import atexit, sys; atexit.register(lambda: print('atexit ran', file=sys.stderr)); "
            "from course_builder.cli import script; sys.argv[0] = 'course-builder'; script()")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == status
    assert done.stderr.endswith("atexit ran\n")
    if status == 0:
        assert done.stdout.endswith("\n") and len(done.stdout) > 200


def test_the_script_keeps_exit_codes_with_stdout_or_stderr_closed_from_the_start() -> None:
    """A process started with its standard output or error closed (cron, daemons) has no
    ``sys.stdout``/``sys.stderr``: the script still ends with the command's exit code (a course
    written to a file: 0) rather than failing on the missing stream."""
    import subprocess
    import sys

    code = "from course_builder.cli import script; script()"
    for closed in ("stdout", "stderr"):
        fd = 1 if closed == "stdout" else 2
        done = subprocess.run(
            ["sh", "-c", f'"$0" -c "$1" powerboats course --race A --seed 3 {fd}>&-',
             sys.executable, code], capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, (closed, done.stderr)


def test_main_returns_to_its_caller_for_profilers_and_python_m() -> None:
    """``main()`` (``python -m course_builder``) ends with SystemExit like any click command, so
    a profiler or debugger running it gets control back; only the installed script ends the
    process at once."""
    import subprocess
    import sys

    code = ("import sys; from course_builder.cli import main; sys.argv[0] = 'course-builder'\n"
            "try:\n    main()\nexcept SystemExit as done:\n    print('back', done.code)")
    done = subprocess.run([sys.executable, "-c", code, "--help"], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.endswith("back 0\n")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
@pytest.mark.parametrize("program", ["from course_builder.cli import script; script()",
                                     "from course_builder.cli import main; main()"])
def test_standard_output_on_a_full_disk_is_exit_1_with_one_line(program: str) -> None:
    """``> /dev/full``: the machine's error, not a bug: exit 1 and one line saying why (README,
    exit codes), never "internal error", through the script and through ``main()``."""
    import subprocess
    import sys

    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-c", program, "powerboats", "board"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr == "Error: cannot write the output: No space left on device\n"
