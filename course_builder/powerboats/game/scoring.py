"""Victory points: the three races' points by finishing place, the score variant, standings.

Rules: reference, "Scoring / Victory Conditions" and "2-Player Variant"; narrative, "Earning
Victory Points". Rulings GAME-01..GAME-03 in docs/rulings.md.
Everything here is plain arithmetic on race results: no board, no movement.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from course_builder.core.errors import CourseBuilderError
from course_builder.core.values import Frozen

RACE_NAMES = ("A", "B", "C")
"""The three races of a game, in order (reference, "Building a Course")."""

SINK_BONUS = 5
"""Score variant: points a finished boat scores for each sunk opponent (reference, "2-Player
Variant")."""


class ScoringError(CourseBuilderError):
    """Results that cannot be scored (a place given twice, an unknown boat, ...)."""


class Scoring(StrEnum):
    """GAME-03: which points count."""

    STANDARD = "standard"
    """Points by finishing place only (reference, "Victory Points per Race")."""
    VARIANT = "variant"
    """Also the turns finished ahead of the last finisher and 5 per sunk opponent (reference,
    "2-Player Variant"; for 2 players, optional with more)."""


class BoatResult(Frozen):
    """How one boat's race ended."""

    colour: str
    place: int
    """Finishing place, 1 = first; 0 if it did not finish (it sank)."""
    finish_turn: int = 0
    """The turn number of the race on which it finished (0 if it did not)."""
    damage_taken: int = 0
    """Damage counters it received in this race (for the carry-over, MOVE-09)."""

    @property
    def finished(self) -> bool:
        return self.place > 0


class RaceResult(Frozen):
    """A finished race: every boat's result, in seat order."""

    race: str
    boats: tuple[BoatResult, ...]

    def __post_init__(self) -> None:
        places = sorted(b.place for b in self.boats if b.place)
        if places != list(range(1, len(places) + 1)):
            raise ScoringError(f"race {self.race}: finishing places must run 1, 2, 3, ... once "
                               f"each, got {places}")

    def of(self, colour: str) -> BoatResult:
        for b in self.boats:
            if b.colour == colour:
                return b
        raise ScoringError(f"race {self.race}: no {colour} boat")

    def order(self) -> list[str]:
        """Colours by finishing place; boats that did not finish last, in seat order."""
        return [b.colour for b in sorted(self.boats, key=lambda b: (not b.place, b.place))]


def place_points(players: int, place: int, race: str) -> int:
    """Victory points for a finishing place (GAME-01): race A gives N-1 to the first, one less
    for each place after, 0 to the last; race B doubles and race C triples them. A boat that did
    not finish (place 0) scores nothing; places count over all N players even when some sank
    (GAME-01)."""
    if place <= 0:
        return 0
    multiplier = RACE_NAMES.index(race) + 1
    return max(players - place, 0) * multiplier


def variant_points(result: RaceResult) -> dict[str, int]:
    """The score variant's extra points for one race (GAME-03): a finished boat scores the turns
    it finished ahead of the last finisher, and 5 for each boat that sank."""
    finishers = [b for b in result.boats if b.finished]
    if not finishers:
        return {b.colour: 0 for b in result.boats}
    last = max(b.finish_turn for b in finishers)
    sunk = sum(1 for b in result.boats if not b.finished)
    return {b.colour: (last - b.finish_turn + SINK_BONUS * sunk) if b.finished else 0
            for b in result.boats}


class Standing(Frozen):
    """One boat's score after the races played so far."""

    colour: str
    points: int
    by_race: tuple[int, ...]
    rank: int
    """1 = leading; boats level on points and on the last race's order share a rank."""


def standings(colours: Sequence[str], results: Sequence[RaceResult],
              scoring: Scoring = Scoring.STANDARD) -> list[Standing]:
    """Points per boat after the races in ``results``, best first. Ties are broken by the
    finishing order of the last race played (GAME-02: reference, "the positions in the final
    race will break the tie")."""
    players = len(colours)
    by_race: dict[str, list[int]] = {c: [] for c in colours}
    for result in results:
        extra = variant_points(result) if scoring is Scoring.VARIANT else {}
        for c in colours:
            b = result.of(c)
            by_race[c].append(place_points(players, b.place, result.race) + extra.get(c, 0))
    last_order = results[-1].order() if results else list(colours)

    def key(c: str) -> tuple[int, int]:
        return (-sum(by_race[c]), last_order.index(c))

    ranked = sorted(colours, key=key)
    out: list[Standing] = []
    for i, c in enumerate(ranked):
        tied = i > 0 and key(ranked[i - 1])[0] == key(c)[0] and not _told_apart(
            results, ranked[i - 1], c)
        rank = out[-1].rank if tied else i + 1
        out.append(Standing(c, sum(by_race[c]), tuple(by_race[c]), rank))
    return out


def _told_apart(results: Sequence[RaceResult], a: str, b: str) -> bool:
    """Does the last race's order separate two boats level on points? Two boats that both
    failed to finish it are not separated."""
    if not results:
        return False
    last = results[-1]
    return last.of(a).finished or last.of(b).finished
