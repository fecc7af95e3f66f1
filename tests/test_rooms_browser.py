"""The rooms page in a real headless browser (Playwright driving Debian's chromium, as
tests/test_web_browser.py): a laptop makes a room and hands out the links; two players on
phone-sized screens and a spectator play a 2-boat race to its end, each page following every
move live; a phone's page is closed mid-race and, opened again, shows the race as it is; a seat
is handed to a bot and back; names are shown as text, never as markup.

``COURSE_BUILDER_SCREENSHOTS=DIR`` saves screenshots of the pages (390x844 and 1280x800) there.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from course_builder.powerboats.game.record import read_record, replay
from course_builder.web.state import BOOK
from tests.roomclient import RoomClient
from tests.webserver import running_server

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
NAMES = "Ann <b>&amp;</b>, Bob"
"""User text that would be markup if put on the page as HTML."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: Any) -> Iterator[str]:
    from course_builder.web.app import create_app
    from course_builder.web.rooms.database import open_store
    from course_builder.web.rooms.routes import RoomsConfig

    folder = tmp_path_factory.mktemp("rooms")
    app = create_app(rooms=RoomsConfig(open_store(str(folder), None), rate=0, bot_pause=0.1,
                                       bot_process=False))
    with running_server(app) as url:
        yield url


class Pages:
    """Browser contexts opened by a test, closed after it; script errors fail the test."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def open(self, url: str, device: dict[str, Any], context: Any = None) -> Any:
        if context is None:
            context = self.browser.new_context(**device)
            context.set_default_timeout(15_000)
            self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.goto(url)
        return page


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    opened = Pages(browser)
    yield opened
    for context in opened.contexts:
        context.close()
    assert not opened.errors, f"script errors on the pages: {opened.errors}"


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("COURSE_BUILDER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"rooms-{name}.png"))


def make_room(pages: Pages, base: str, seed: int = 1) -> tuple[Any, dict[str, str]]:
    """The laptop makes a room on the page; its join links as the creator's page shows them."""
    laptop = pages.open(f"{base}/rooms", LAPTOP)
    laptop.fill("#names", NAMES)
    laptop.fill("#seed", str(seed))
    laptop.click("#make")
    laptop.wait_for_selector("#seats img.qr")
    links = {}
    for seat in laptop.locator("#seats li").all():
        colour = seat.locator(".swatch").evaluate("e => e.nextSibling.textContent.split(' ')[0]")
        links[colour] = seat.locator("input.link").input_value()
    links["spectator"] = laptop.locator("#spectator input.link").input_value()
    return laptop, links


def shows(page: Any, entries: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.entries) >= {entries}")


def take_turn(page: Any, screenshot: str = "") -> None:
    """What a player does on their turn: place the boat on a free start hex, or pick a dice step
    (adding a die), roll, and take a legal heading (one that crashes if there is one: the race
    ends sooner)."""
    page.wait_for_selector("body.my-turn #act-box:not([hidden])")
    if page.locator("#place-controls:not([hidden])").count():
        page.locator("#overlay .free").first.click(force=True)
        page.click("#turn-left")
        page.click("#place")
        return
    steps = page.locator("#steps button[data-step='+']")
    (steps if steps.count() else page.locator("#steps button")).first.click()
    page.click("#roll")
    page.wait_for_selector("#headings .take")
    if screenshot:
        page.locator(".heading-card.legal").first.hover()
        shot(page, screenshot)
    crash = page.locator(".heading-card.legal:has-text('crashes') .take")
    (crash if crash.count() else page.locator(".heading-card.legal .take")).first.click()


def test_two_phones_and_a_spectator_play_a_race_to_its_end(pages: Pages, base: str) -> None:
    laptop, links = make_room(pages, base)
    shot(laptop, "creator-1280x800")
    assert laptop.locator("#seats img.qr").count() == 2
    phones = {c: pages.open(links[c], PHONE) for c in ("yellow", "red")}
    red_phone = phones["red"].context
    watcher = pages.open(links["spectator"], LAPTOP)
    for page in (*phones.values(), watcher):
        page.wait_for_selector("#live.live")
    assert phones["yellow"].text_content("#you") == "You sail yellow (Ann <b>&amp;</b>)."
    assert watcher.text_content("#you") == "You are watching."
    assert watcher.locator("#act-box:not([hidden])").count() == 0
    room = RoomClient(base, links["spectator"].split("/room/")[1].split("#")[0],
                      laptop.evaluate("location.hash.slice(1)"))
    shot(phones["red"], "placing-390x844")
    entries = 0
    reopened = False
    while True:
        state = room.state()
        if state["view"].get("race_name") != "A":
            break
        colour = room.to_act(state) or ""
        if entries == 4 and not reopened:  # red's phone sleeps through yellow's move ...
            phones["red"].close()
        if colour == "red" and phones["red"].is_closed():  # ... and wakes on its own turn
            phones["red"] = pages.open(links["red"], PHONE, red_phone)
            shows(phones["red"], entries)
            assert phones["red"].text_content("#turn") == "Your turn."
            reopened = True
        take_turn(phones[colour], "headings-390x844" if entries == 3 else "")
        entries += 1
        for page in (*(p for p in phones.values() if not p.is_closed()), watcher):
            shows(page, entries)  # every open page sees the move, live
        if entries == 4:
            shot(watcher, "spectator-1280x800")
            # boats are drawn as on the table page (board.js): cased in white, the boat to move
            # ringed by its own hex's outline, not a circle over the next hex's label
            assert watcher.locator("#board .boat .boat-casing").count() == 2
            assert watcher.locator("#board .boat circle").count() == 0
    assert reopened and entries >= 6
    for page in (*phones.values(), watcher):
        page.wait_for_selector("#standings-box:not([hidden])")
        assert page.text_content("#standings-title") == "Standings after race A"
    shot(phones["yellow"], "standings-390x844")
    assert watcher.text_content("#trace-title").startswith("Last move of race A")
    record = room.call("GET", "record", room.creator)[1].decode()
    replayed = replay(read_record(record), BOOK)  # every click was one entry, refereed
    assert replayed.ok and len(replayed.game.history) == entries and "result A:" in record
    assert "[Names \"Ann <b>&amp;</b>, Bob\"]" in record


def test_a_seat_is_handed_to_a_bot_and_taken_back(pages: Pages, base: str) -> None:
    laptop, links = make_room(pages, base, seed=5)
    phone = pages.open(links["yellow"], PHONE)
    phone.wait_for_selector("#live.live")
    red = laptop.locator("#seats li[data-seat='1'] select.bot")
    red.select_option("random")
    laptop.wait_for_selector("#seats li[data-seat='1'] >> text=bot random")
    # the bot places red (first to place), yellow places, the bot moves when it is red's turn
    for _ in range(3):
        phone.wait_for_function("document.body.classList.contains('my-turn') || "
                                "document.querySelector('#standings-box:not([hidden])')")
        before = int(phone.evaluate("document.body.dataset.entries"))
        take_turn(phone)
        shows(phone, before + 1)  # the page has its own entry back before it looks again
    assert "bot random" in phone.text_content("#seats")
    lines = phone.locator("#log li").all_text_contents()
    assert any("place red" in ln for ln in lines)  # the bot placed red ...
    assert any(ln.split()[2] == "red" for ln in lines if ln.split()[1].isdigit())  # ... and moved
    laptop.locator("#seats li[data-seat='1'] select.bot").select_option("")
    laptop.wait_for_selector("#seats li[data-seat='1'] input.link")
    assert "bot" not in phone.text_content("#seats li[data-seat='1']")
    shot(phone, "bot-390x844")
