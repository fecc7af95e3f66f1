"""Vanuatu: The Rising Waters (Krok Nik Douil, 2012): the archipelago and a referee for floods,
dikes, huts and the final penalty.

One room per job, all pure (plain data in, plain data out; randomness only from a seeded
``random.Random``), importing only :mod:`course_builder.core`:

* :mod:`~course_builder.vanuatu.archipelago`: the 16-space footprint on the shared hex board;
  :mod:`~course_builder.vanuatu.tiles`: the tile catalogue (both read from ``data/vanuatu/``).
* :mod:`~course_builder.vanuatu.state`: the board state; :mod:`~course_builder.vanuatu.statejson`
  its JSON form; :mod:`~course_builder.vanuatu.textview` its text form.
* The referee: :mod:`~course_builder.vanuatu.placement` (tiles), :mod:`~course_builder.vanuatu.build`
  (huts and dikes), :mod:`~course_builder.vanuatu.countdown` (when the waters rise),
  :mod:`~course_builder.vanuatu.flood` (the Rising Waters phase), :mod:`~course_builder.vanuatu.score`
  (the end-game penalty).
* Beyond the rule sheet: :mod:`~course_builder.vanuatu.forecast` and
  :mod:`~course_builder.vanuatu.planner` (the fewest dikes).
* :mod:`~course_builder.vanuatu.setup`: a seeded setup.

Every decision names the rule it applied (:mod:`~course_builder.vanuatu.refs`); the open points
are the rulings VAN-01 to VAN-11 of ``docs/rulings.md``, changeable through
:class:`~course_builder.vanuatu.options.Rules`.
"""

from __future__ import annotations

from course_builder.vanuatu.archipelago import Archipelago, archipelago
from course_builder.vanuatu.build import BuildRequest, build, judge_build
from course_builder.vanuatu.countdown import Turn, countdown
from course_builder.vanuatu.flood import resolve_flood, rising_waters
from course_builder.vanuatu.forecast import forecast
from course_builder.vanuatu.options import Rules
from course_builder.vanuatu.placement import judge_placement, legal_spaces, place
from course_builder.vanuatu.planner import plan_dikes, plan_survival
from course_builder.vanuatu.score import water_penalty
from course_builder.vanuatu.setup import make_setup
from course_builder.vanuatu.state import Placed, Player, State
from course_builder.vanuatu.statejson import state_from_json
from course_builder.vanuatu.tiles import catalogue

__all__ = [
    "Archipelago", "BuildRequest", "Placed", "Player", "Rules", "State", "Turn", "archipelago",
    "build", "catalogue", "countdown", "forecast", "judge_build", "judge_placement",
    "legal_spaces", "make_setup", "place", "plan_dikes", "plan_survival", "resolve_flood",
    "rising_waters", "state_from_json", "water_penalty",
]
