"""The state a page holds, read back into the game's own objects on every request.

The server keeps no one's game: each request brings what its page shows, as plain text the
program already reads elsewhere, and gets the next state back:

* a **course**: its one-line course code (docs/notation.md);
* a **position**: its one-line notation, for a ruling;
* a **game**: its game record (docs/game-records.md), replayed through the rules on each request.

So two browser tabs never see each other's boats, a reload loses nothing the page kept, and
nothing is written to disk. What is shared is only what is pure and rebuilt from a code: the
races of course codes (boards, courses and the kernel's tables, a few milliseconds each to build)
are kept in a small cache, as a compiled regular expression would be.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from course_builder.core.errors import CourseBuilderError
from course_builder.core.jsonread import Value
from course_builder.core.values import Frozen
from course_builder.powerboats.game.game import Game
from course_builder.powerboats.game.record import read_record, replay, write_record
from course_builder.powerboats.lake.catalog import Catalog
from course_builder.powerboats.play.notation import RaceBook, parse_position
from course_builder.powerboats.play.position import Position
from course_builder.powerboats.play.race import Race
from course_builder.powerboats.play.rules import Rules

KINDS = ("course", "position", "game")

MAX_TEXT = 200_000
"""Characters of a course code, position or game record a request may carry."""


class WebError(CourseBuilderError):
    """A request the page should not have sent (a missing field, a wrong type): answered 400
    with this one-line reason."""


# ------------------------------------------------------------------------------------------------
# races, built once per code
# ------------------------------------------------------------------------------------------------

_CATALOG = Catalog()
"""Built-in lakes only: the web page reads no files (a ``.board`` path in a code is refused)."""


@lru_cache(maxsize=48)
def _race(code: str, rules: Rules) -> Race:
    return RaceBook(_CATALOG).race(code, rules)


class CachedBook(RaceBook):
    """A race book whose races come from the process-wide cache of pure races."""

    def __init__(self) -> None:
        super().__init__(_CATALOG)

    def race(self, code: str, rules: Rules | None = None) -> Race:
        return _race(code.strip(), rules or Rules())


BOOK = CachedBook()


# ------------------------------------------------------------------------------------------------
# what a request carries
# ------------------------------------------------------------------------------------------------


class Table(Frozen):
    """What the page shows: a course, a position or a game, with the race in view."""

    kind: str
    race: Race
    position: Position | None = None
    game: Game | None = None
    seed: int | None = None
    """A game's seed (its record's Seed tag): dice rolled here are drawn from it, as in
    ``play``."""

    def state(self) -> dict[str, Any]:
        """The state to send back with the next request."""
        if self.game is not None:
            return {"kind": "game", "record": write_record(self.game, _seed_tag(self.seed))}
        if self.position is not None:
            return {"kind": "position", "position": self.position.notation()}
        return {"kind": "course", "code": self.race.code}


def _seed_tag(seed: int | None) -> dict[str, str]:
    return {} if seed is None else {"Seed": str(seed)}


def text_field(data: dict[str, Any], name: str, limit: int = MAX_TEXT) -> str:
    """A string field of a request, present and not too long."""
    return Value(data.get(name), (name,), WebError).string(longest=limit, what="text")


def table_of(state: Any) -> Table:
    """The course, position or game a request's ``state`` stands for; one-line errors as the
    command line gives them."""
    fields = Value(state, ("state",), WebError).fields(
        None, what=f"an object whose kind is {', '.join(KINDS)}")
    kind = fields["kind"].choice(KINDS)
    if kind == "course":
        return Table("course", BOOK.race(text_field(state, "code")))
    if kind == "position":
        position = parse_position(text_field(state, "position"), None, BOOK)
        return Table("position", position.race, position=position)
    return game_table(text_field(state, "record"))


def game_table(text: str) -> Table:
    """A game from its record, every entry replayed through the rules."""
    record = read_record(text, "record")
    done = replay(record, BOOK)
    if done.error is not None:
        raise done.error
    seed = record.tags.get("Seed", "")
    game = done.game
    race = game.race if not game.over else game.setup.races[-1]
    return Table("game", race, position=game.position, game=game,
                 seed=int(seed) if seed.isdigit() else None)


_RECORD_LINE = re.compile(r"(\[\w+ |race [A-Za-z]\b|place [a-z]+ |result |standings:|"
                          r"\d+ [a-z]+ \S+$)")
"""The start of a line only a game record has: a tag, ``race A``, ``place ...``, a result, the
standings, or a move ``TURN COLOUR MOVE`` (docs/game-records.md)."""
_BOAT = re.compile(r"\b[a-z]+ \d+,\d+ (?:NE|NW|SE|SW|E|W)\b")
"""A boat as a position writes it: ``yellow 8,12 E`` (docs/notation.md)."""


def pasted_kind(text: str) -> tuple[str, str]:
    """What pasted text looks like, ``("game record" | "position" | "course code", why)``:
    record lines make a record, a ``|`` or a boat a position, anything else a course code."""
    lines = [ln.split("#", 1)[0].strip() for ln in text.splitlines()]
    record = next((ln for ln in lines if _RECORD_LINE.match(ln)), None)
    if record is not None:
        return "game record", f"it has the record line {_quoted(record)}"
    one_line = " ".join(ln for ln in lines if ln)
    if "|" in one_line:
        return "position", "it has '|'"
    boat = _BOAT.search(one_line)
    if boat is not None:
        return "position", f"it names a boat, {_quoted(boat.group())}"
    return "course code", "it has no '|' and no record lines"


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 30 else text[:29] + "…")


def guess_table(text: str) -> Table:
    """Whatever the user pasted: a game record, a position or a course code (:func:`pasted_kind`);
    when it cannot be read, the reason says what it was read as and why."""
    text = text.strip().removeprefix("\ufeff")
    if not text:
        raise WebError("paste a course code, a position or a game record")
    if text.startswith(("{", "[{")):
        raise WebError("read as JSON (it starts with '{'): paste a course code, a position or a "
                       "game record as text; a course file opens with the course file button")
    kind, why = pasted_kind(text)
    one_line = " ".join(ln for ln in (ln.split("#", 1)[0].strip() for ln in text.splitlines())
                        if ln)
    try:
        if kind == "game record":
            return game_table(text)
        if kind == "position":
            return table_of({"kind": "position", "position": one_line})
        return table_of({"kind": "course", "code": one_line})
    except CourseBuilderError as exc:
        reason = str(exc).removeprefix(f"{kind.split()[-1]}: ")
        raise WebError(f"read as a {kind} ({why}): {reason}") from None
