"""The docs' screenshots of the web page and the rooms, taken again from the real pages.

Run: python tools/screenshots.py [--out docs] [--check /tmp/shots]

It starts ``course-builder serve`` on a free port of 127.0.0.1 (rooms in a temporary folder),
drives Debian's chromium (/usr/bin/chromium) through Playwright as the browser tests do, and
stops both at the end:

* ``web-example.png`` (1280x800): a game with Expansion 1 on seed 7; both boats placed, each has
  moved once, red's move is listed rule by rule; yellow adds a die, types the 3 rolled at the
  table, asks for the headings and points at the left one (its path drawn on the board);
* ``rooms-example.png`` (a 390x844 phone): a room of two named players, both boats placed and
  each moved once; the phone of the player to move after the roll, the three headings shown.

``--check DIR`` also saves the table page at phone size there (not for the docs: to look at).
The PNGs are reduced to 256 colours, so each stays around 100 KB.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(folder: str) -> tuple[subprocess.Popen[bytes], str]:
    """``serve`` on a free port, without a rate limit (one browser makes every request)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "course_builder", "serve", "--port",
                             str(port), "--data", folder, "--rate-limit", "0"],
                            cwd=ROOT, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/", timeout=2):
                return proc, base
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise SystemExit("screenshots: the server did not start") from None
            time.sleep(0.1)


def save(page: Any, path: Path) -> None:
    """The page as a PNG of at most 256 colours (the screenshots' flat colours survive it)."""
    from PIL import Image

    raw = path.with_suffix(".raw.png")
    page.screenshot(path=str(raw))
    with Image.open(raw) as image:
        image.convert("RGB").quantize(256, dither=Image.Dither.NONE).save(path, optimize=True)
    raw.unlink()
    print(f"{path} ({path.stat().st_size // 1024} KB)")


def place(page: Any) -> None:
    """Put the boat to place on the first free start hex, turned left once, as a player does."""
    page.locator("#overlay .free").first.click(force=True)
    page.click("#turn-left")
    page.click("#place")


def table_game(page: Any, base: str, point: bool = True) -> None:
    """The README's scene on the table page (see the module's docstring); without ``point``,
    the top of the page once the headings are shown (a phone has nothing to point with)."""
    page.goto(base + "/")
    page.fill("#seed", "7")
    page.check("#expansion")
    page.click("#new-game")
    for colour in ("red", "yellow"):
        page.wait_for_selector("#overlay .free")
        place(page)
        page.wait_for_selector(f"#overlay .boat:not(.pending)[data-colour='{colour}']")
    for step in ("+", "+"):  # yellow, then red: add a die, roll, take the first legal heading
        title = page.text_content("#move-title")
        page.click(f"#steps button[data-step='{step}']")
        page.click("#roll")
        page.wait_for_selector(".heading-card")
        page.locator(".heading-card.legal .take").first.click()
        page.wait_for_function("t => document.querySelector('#move-title').textContent != t",
                               arg=title)
    page.click("#steps button[data-step='+']")
    page.fill("#dice", "3")
    page.click("#show-headings")
    page.wait_for_selector(".heading-card")
    if point:
        page.locator(".heading-card.legal").first.hover()
        page.wait_for_selector("#overlay .preview-path")
    else:
        page.evaluate("window.scrollTo(0, 0)")


def to_act(phones: dict[str, Any], entries: int) -> str:
    """The colour whose phone offers an action once every phone shows ``entries`` entries."""
    for phone in phones.values():
        phone.wait_for_function(f"Number(document.body.dataset.entries) >= {entries}")
    for colour, phone in phones.items():
        if phone.locator("body.my-turn #act-box:not([hidden])").count():
            return colour
    raise SystemExit(f"screenshots: no phone may act after {entries} entries")


def room_game(browser: Any, base: str) -> Any:
    """A room of two players, each on a phone; the phone of the one to move, once it rolled."""
    laptop = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    laptop.goto(base + "/rooms")
    laptop.fill("#names", "Ann, Bob")
    laptop.fill("#seed", "3")
    laptop.click("#make")
    laptop.wait_for_selector("#seats img.qr")
    links = {}
    for seat in laptop.locator("#seats li").all():
        colour = seat.locator(".swatch").evaluate("e => e.nextSibling.textContent.split(' ')[0]")
        links[colour] = seat.locator("input.link").input_value()
    phones = {}
    for colour in ("yellow", "red"):
        phones[colour] = browser.new_context(**PHONE).new_page()
        phones[colour].goto(links[colour])
        phones[colour].wait_for_selector("#live.live")
    for entries in range(4):  # both place, then each moves once
        colour = to_act(phones, entries)
        phone = phones[colour]
        if phone.locator("#place-controls:not([hidden])").count():
            place(phone)
        else:
            phone.locator("#steps button[data-step='+']").first.click()
            phone.click("#roll")
            phone.locator("#headings .heading-card.legal .take").first.click()
    phone = phones[to_act(phones, 4)]
    phone.locator("#steps button[data-step='+']").first.click()
    phone.click("#roll")
    phone.wait_for_selector("#headings .take")
    phone.evaluate("window.scrollTo(0, 0)")
    return phone


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs"), help="where the PNGs go")
    parser.add_argument("--check", help="also save the table page at phone size here")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    with tempfile.TemporaryDirectory(prefix="screenshots-") as folder:
        proc, base = start_server(folder)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                try:
                    page = browser.new_context(**DESKTOP).new_page()
                    table_game(page, base)
                    save(page, out / "web-example.png")
                    if args.check:
                        Path(args.check).mkdir(parents=True, exist_ok=True)
                        phone = browser.new_context(**PHONE).new_page()
                        table_game(phone, base, point=False)
                        save(phone, Path(args.check) / "web-390x844.png")
                    save(room_game(browser, base), out / "rooms-example.png")
                finally:
                    browser.close()
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
