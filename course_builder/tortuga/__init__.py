"""Tortuga 2199 with its Shipwreck Bay expansion: the sector map, setup and a referee.

Rooms, each with one job (rules from ``tortuga2199-shipwreck-bay.txt`` and what
``other-games-research.md`` section 3 reports of the base game; rulings TOR-nn in
``docs/rulings.md``):

* :mod:`~course_builder.tortuga.sectors`: the sector map on the shared hex core, with its queries;
* :mod:`~course_builder.tortuga.layouts`: the editable, unverified layout files per player count;
* :mod:`~course_builder.tortuga.setup` and :mod:`~course_builder.tortuga.checklist`: seeded setup;
* :mod:`~course_builder.tortuga.state` and :mod:`~course_builder.tortuga.statejson`: the game
  state and its JSON form;
* :mod:`~course_builder.tortuga.rules` and :mod:`~course_builder.tortuga.outcome`: the rules
  cited and what the referee answers;
* the referee: :mod:`~course_builder.tortuga.movement`, :mod:`~course_builder.tortuga.mines`,
  :mod:`~course_builder.tortuga.hunt`, :mod:`~course_builder.tortuga.control`,
  :mod:`~course_builder.tortuga.faults`, :mod:`~course_builder.tortuga.scoring`.

Imports only :mod:`course_builder.core`, the standard library and networkx.
"""
