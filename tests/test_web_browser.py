"""The web page in a real headless browser (issue 18): Playwright drives Debian's chromium
(/usr/bin/chromium; no browser is ever downloaded) against the server on a free local port.

A person's clicks: start a game, place two boats on the start by clicking the board and turning
them, add a die and roll, look at the three headings, take one, read the ruling step by step and
the new position; paste a bad position and read its error; a second tab starts empty.

Without a usable chromium the tests are skipped with the reason, unless
``COURSE_BUILDER_REQUIRE_BROWSER`` is set (CI sets it: there they must run). With
``COURSE_BUILDER_SCREENSHOTS=DIR`` they save screenshots of the page there.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.webserver import running_server

POSITION = ("classic:A:A1,A2cw,A4cw,A3cw:E,E | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | "
            "yellow 2")


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture
def page(browser: Any, base: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + "/")
    yield page
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("COURSE_BUILDER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def test_a_new_game_shows_the_seed_it_drew(page: Any) -> None:
    page.fill("#seed", "")
    page.click("#new-game")
    page.wait_for_selector("#overlay .free")
    assert page.input_value("#seed").isdigit()  # the seed drawn is shown, as for a course


def test_place_two_boats_roll_pick_a_heading_and_read_the_ruling(page: Any) -> None:
    page.fill("#seed", "7")
    page.click("#new-game")
    page.wait_for_selector("#overlay .free")
    assert "red places its boat" in page.text_content("#place-title")
    for colour in ("red", "yellow"):
        assert page.text_content("#place-title").endswith(f"{colour} places its boat")
        page.locator("#overlay .free").first.click(force=True)
        page.click("#turn-left")
        page.click("#place")
        page.wait_for_selector(f"#overlay .boat:not(.pending)[data-colour='{colour}']")
    shot(page, "placed")
    assert page.locator("#overlay .boat").count() == 2
    assert page.text_content("#move-title") == "Turn 1: yellow moves"
    page.click("#steps button[data-step='+']")
    page.click("#roll")
    page.wait_for_selector(".heading-card")
    rolled = page.input_value("#dice")
    assert rolled in ("1", "2", "3")
    cards = page.locator(".heading-card")
    assert cards.count() == 3
    assert [cards.nth(k).get_attribute("data-turn") for k in range(3)] == ["L", "S", "R"]
    legal = page.locator(".heading-card.legal")
    legal.first.hover()
    page.wait_for_selector("#overlay .preview-path")
    shot(page, "headings")
    before = page.input_value("#notation")
    legal.first.locator(".take").click()
    page.wait_for_selector("#trace li")
    assert page.locator("#trace li").first.text_content().startswith(
        f"dice: yellow holds none, adds a die, rolls {rolled}")
    assert page.locator("#overlay .trace-path").count() == 1
    after = page.input_value("#notation")
    assert after != before and after.endswith("| red 1")
    assert page.text_content("#move-title") == "Turn 1: red moves"
    assert "1 yellow +/" in page.text_content("#record")
    page.click("#trace-next")
    assert page.locator("#trace li.current").count() == 1
    assert page.text_content("#trace-count").startswith("step 1 of")
    shot(page, "ruling")


def test_a_bad_position_code_shows_its_error(page: Any) -> None:
    page.fill("#paste", POSITION.replace("8,12 E", "8,12 Q"))
    page.click("#open")
    page.wait_for_selector("#error:not([hidden])")
    assert "unknown heading 'Q'" in page.text_content("#error")
    page.fill("#paste", POSITION)
    page.click("#open")
    page.wait_for_selector("#error", state="hidden")
    page.wait_for_selector("#overlay .boat[data-colour='red']")
    assert page.input_value("#notation") == POSITION
    shot(page, "position")


def test_each_tab_keeps_its_own_game(page: Any, browser: Any, base: str) -> None:
    page.fill("#paste", POSITION)
    page.click("#open")
    page.wait_for_selector("#overlay .boat")
    other = page.context.new_page()
    other.goto(base + "/")
    other.wait_for_load_state("networkidle")
    assert other.locator("#overlay").count() == 0
    assert other.is_hidden("#keep-box")
    page.reload()
    page.wait_for_selector("#overlay .boat")
    assert page.input_value("#notation") == POSITION


GAME = Path(__file__).parent / "data" / "game-4-boats.pbr"


def downloaded(page: Any, button: str) -> tuple[str, bytes]:
    """Click ``button`` and catch the file it downloads: its suggested name and its bytes."""
    with page.expect_download() as caught:
        page.click(button)
    download = caught.value
    return download.suggested_filename, Path(download.path()).read_bytes()


def test_the_last_moves_trace_is_not_drawn_on_the_next_races_map(page: Any) -> None:
    lines = GAME.read_text(encoding="utf-8").splitlines()
    last = lines.index("62 purple +r1/23L")  # the move that ends race B
    page.fill("#paste", "\n".join(lines[:last]))
    page.click("#open")
    page.wait_for_selector("#move-box:not([hidden])")
    assert page.text_content("#move-title").endswith("purple moves")
    page.fill("#move-text", "+r1/23L")
    page.click("#notation-move button")
    page.wait_for_selector("#place-box:not([hidden])")
    assert page.text_content("#place-title").startswith("Race C:")
    assert page.text_content("#trace-title").startswith("Last move of race B: purple +r1/23L")
    assert page.locator("#trace li").count() > 1
    for mark in (".trace-path", ".crash-mark", ".step-hex"):
        assert page.locator(f"#overlay {mark}").count() == 0, mark
    assert page.is_hidden("#trace-next")
    assert page.text_content("#over-title") == "Standings after race B"
    shot(page, "next-race")


def test_a_game_starts_on_the_course_in_view(page: Any) -> None:
    page.select_option("#lake", "random")
    page.fill("#seed", "12")
    page.select_option("#race", "B")
    page.click("#show-course")
    page.wait_for_selector("#game-on-course:not([hidden])")
    shown = page.input_value("#code")
    assert shown.startswith("random@12,12x8,0.12:B:")
    page.click("#game-on-course")
    page.wait_for_selector("#overlay .free")
    assert page.input_value("#code").startswith("random@12,12x8,0.12:A:")
    assert f'[RaceB "{shown}"]' in page.text_content("#record")


def test_the_game_over_view_has_each_races_order_and_points_and_the_downloads(page: Any) -> None:
    page.fill("#paste", GAME.read_text(encoding="utf-8"))
    page.click("#open")
    page.wait_for_selector("#over-box:not([hidden])")
    assert page.text_content("#over-title") == "The game is over: final standings"
    rows = [r.split("\t") for r in page.locator("#final tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent).join('\\t'))")]
    assert rows[0] == ["1. yellow", "3rd · 1", "1st · 6", "2nd · 6", "13"]
    assert [r[0] for r in rows] == ["1. yellow", "2. red", "3. purple", "4. orange"]
    assert page.locator("#orders li").first.text_content() == (
        "Race A: 1. orange, 2. purple, 3. yellow, 4. red")
    shot(page, "game-over")
    assert page.locator("#download-record").is_hidden()  # offered once, in the standings
    name, record = downloaded(page, "#over-record")
    assert name == "powerboats-game-7.pbr" and record.startswith(b'[Game "Powerboats"]')
    assert record.decode("utf-8").strip() == page.text_content("#record").strip()
    name, pdf = downloaded(page, "#download-sheet")
    assert name == "powerboats-game.pdf" and pdf.startswith(b"%PDF-")


COURSE_A = "classic:A:A1,A2cw,A4cw,A3cw:E,E"
ON_THE_TILE = f"{COURSE_A} | red 6,13 E 32 d0 n1 ; yellow 8,12 E - d0 n1 | red 2"
"""Red to move on the dark hex of the start/finish tile that the red finish arrow crosses."""
BY_C3 = f"{COURSE_A} | yellow 9,13 E 32 d0 n1 ; red 10,14 NE - d0 n1 | yellow 2"
"""Yellow to move on the hex beside spot C3 (row 10, col 13), whose label sits below it."""


def _boxes_overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_a_boat_shows_above_its_move_preview_and_its_ring_stays_off_the_labels(
        browser: Any, base: str, size: tuple[int, int]) -> None:
    """A boat on a dark start-tile hex was hidden under the dashed preview of its own move
    (drawn over it, red for an illegal heading); the ring of the boat to move reached into the
    next hex and sat on the "C3" label. Now the preview runs under the boats, the hull is cased
    in white, and the ring is its own hex's outline."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  device_scale_factor=2 if size[0] < 500 else 1)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(base + "/")
    page.fill("#paste", ON_THE_TILE)
    page.click("#open")
    page.wait_for_selector("#overlay .boat-to-move[data-colour='red']")
    page.click("#steps button[data-step='+']")
    page.fill("#dice", "3")
    page.click("#show-headings")
    page.wait_for_selector(".heading-card")
    for k in range(3):
        page.locator(".heading-card").nth(k).hover()
        page.wait_for_selector("#overlay .preview-path", state="attached")
        order = page.locator("#overlay > *").evaluate_all(
            "nodes => nodes.map(n => n.classList.contains('preview-path') ? 'path'"
            " : n.matches('.crash-mark') ? 'crash' : n.matches('.boat-to-move') ? 'mover' : '')")
        assert order.index("path") < order.index("mover"), order
        if page.locator(".heading-card").nth(k).text_content().count("crashes at (6, 13)"):
            assert order.index("crash") < order.index("mover"), order  # a crash where it stands
    assert page.locator("#overlay .boat-to-move .boat-casing").count() == 1
    shot(page, f"boat-on-the-tile-{size[0]}")
    page = context.new_page()  # a new tab: nothing kept from the first
    page.goto(base + "/")
    page.fill("#paste", BY_C3)
    page.click("#open")
    page.wait_for_selector("#overlay .boat-to-move[data-colour='yellow']")
    ring = page.locator("#overlay .boat-to-move .boat-ring-casing").bounding_box()
    labels = page.locator("#board svg text").evaluate_all(
        "nodes => nodes.filter(n => n.textContent.trim() === 'C3')"
        ".map(n => { const r = n.getBoundingClientRect();"
        " return {x: r.x, y: r.y, width: r.width, height: r.height}; })")
    assert ring is not None and len(labels) == 1
    assert not _boxes_overlap(ring, labels[0]), (ring, labels[0])
    reach = page.evaluate(  # the ring's farthest corner from its hex's centre, in hex sizes
        "() => { const [x, y] = S.map.centres['9,13'];"
        " const ring = document.querySelector('#overlay .boat-to-move .boat-ring');"
        " return Math.max(...ring.getAttribute('points').split(' ').map(p => p.split(',')"
        ".map(Number)).map(([px, py]) => Math.hypot(px - x, py - y))) / S.map.size; }")
    assert reach < 0.9  # inside its own hex (corners at 1.0)
    shot(page, f"boat-by-c3-{size[0]}")
    context.close()
