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

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
POSITION = ("classic:A:A1,A2cw,A4cw,A3cw:E,E | yellow 8,12 E 32 d0 n1 ; red 7,13 E - d0 n1 | "
            "yellow 2")


def _unavailable(reason: str) -> None:
    if os.environ.get("COURSE_BUILDER_REQUIRE_BROWSER"):
        pytest.fail(f"the browser tests must run here, but {reason}")
    pytest.skip(f"browser tests skipped: {reason} (apt-get install chromium)")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the Python package playwright is not installed")
    if not os.access(CHROMIUM, os.X_OK):
        _unavailable(f"there is no {CHROMIUM}")
    with sync_playwright() as p:
        try:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=30_000)
        except Exception as exc:
            _unavailable(f"chromium cannot start ({str(exc).splitlines()[0][:200]})")
        yield browser
        browser.close()


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
