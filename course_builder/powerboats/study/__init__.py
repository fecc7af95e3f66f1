"""Studying courses and play: bots, simulation and statistics, the course atlas, and exact par.

* Bots and simulation (docs/simulation.md; SIM-01..SIM-07): :mod:`.bots` (random, greedy,
  cautious, lookahead), :mod:`.guide` (the fewest moves home the greedy bots steer by),
  :mod:`.strong` (the default bot) and its plan (:mod:`.plan`, :mod:`.plan_model`,
  :mod:`.plan_sweep`),
  :mod:`.watch` (no bot stalls), :mod:`.simulate` (seeded races and games), :mod:`.stats` and
  :mod:`.intervals` (every figure with its 95% interval), :mod:`.runner` (local processes or a
  Dask cluster), :mod:`.atlas`.
* Exact par (docs/par.md; PAR-01..PAR-05): :mod:`.dice` (the dice steps and rolls as small
  matrices, read off the kernel), :mod:`.space` (the states of one boat alone), :mod:`.transitions`
  (what every move does, precomputed from the kernel's ``apply``), :mod:`.distance` (the lower
  bound the solver starts from), :mod:`.solve` and :mod:`.sweep` (value iteration, compiled, on
  both cores), :mod:`.par` (the public API: :func:`~.par.par_for`), :mod:`.perfect` (the
  perfect bot and single-boat races).
"""
